'use client';

import { Button, Card, Empty, Flex, Spin, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { OFFLINE_NOTE, PENDING_TAG, SAVED_EMPTY, SAVED_TITLE, type SavedQuery } from '@/lib/saved-queries';

export interface SavedListProps {
  list: readonly SavedQuery[];
  loading?: boolean;
  offline?: boolean;
  onLoad: (entry: SavedQuery) => void;
  onDelete: (entry: SavedQuery) => void;
}

/** 保存的查询: click a title to load it into the builder; the bin asks before deleting. */
export function SavedList({ list, loading, offline, onLoad, onDelete }: SavedListProps) {
  return (
    <Card size="small" title={SAVED_TITLE} data-testid="super-query-saved" styles={{ body: { padding: 8, maxHeight: 360, overflowY: 'auto' } }}>
      <Spin spinning={Boolean(loading)}>
        {offline && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 8 }} data-testid="super-query-offline">
            {OFFLINE_NOTE}
          </Typography.Text>
        )}
        {list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SAVED_EMPTY} />
        ) : (
          <Flex vertical gap={2}>
            {list.map((q) => (
              <Flex key={q.id ?? `local:${q.title}`} align="center" gap={4} data-testid="super-query-saved-item" data-title={q.title}>
                <Typography.Link ellipsis style={{ flex: 1, minWidth: 0 }} title={q.title} onClick={() => onLoad(q)} data-testid="super-query-saved-load">
                  {q.title}
                </Typography.Link>
                {!q.id && <Tag style={{ marginInlineEnd: 0 }}>{PENDING_TAG}</Tag>}
                <Tooltip title="删除">
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" onClick={() => onDelete(q)} data-testid="super-query-saved-delete" />
                </Tooltip>
              </Flex>
            ))}
          </Flex>
        )}
      </Spin>
    </Card>
  );
}
