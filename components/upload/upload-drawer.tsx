'use client';

import { Badge, Button, Drawer, Empty, Flex, Progress, Typography } from 'antd';
import { CloseOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { activeCount, UPLOAD_RETRY_TEXT, uploadStatusText, type UploadItem } from '@/lib/upload-list';
import { uploadList, useUploadList } from '@/lib/upload/upload-list-store';
import { formatFileSize } from '@/lib/format';

/** Spec 01 §2: the right drawer for the material-upload list is 360 px wide. */
export const UPLOAD_DRAWER_WIDTH = 360;

function UploadRow({ item }: { item: UploadItem }) {
  return (
    <div role="listitem" data-testid="upload-item" data-status={item.status} style={{ padding: '10px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
      <Flex vertical style={{ width: '100%' }} gap={2}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text ellipsis={{ tooltip: item.name }} style={{ maxWidth: 240 }}>
            {item.name}
          </Typography.Text>
          <Button type="text" size="small" aria-label="移除" icon={<CloseOutlined />} disabled={item.status === 'uploading'} onClick={() => uploadList.remove(item.id)} />
        </Flex>
        <Progress
          percent={Math.round(item.percent * 100)}
          size="small"
          status={item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : 'active'}
          showInfo={false}
        />
        <Flex justify="space-between" gap={8}>
          <Typography.Text type={item.status === 'error' ? 'danger' : 'secondary'} data-testid="upload-status">
            {uploadStatusText(item)}
            {item.status === 'error' && item.message ? `：${item.message}` : ''}
          </Typography.Text>
          <span>
            {item.status === 'error' && item.retryable && (
              <Typography.Link data-testid="upload-retry" onClick={() => uploadList.retry(item.id)}>
                {UPLOAD_RETRY_TEXT}
              </Typography.Link>
            )}
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {formatFileSize(item.size)}
            </Typography.Text>
          </span>
        </Flex>
      </Flex>
    </div>
  );
}

/** Header button (badge = uploads in progress) plus the 360 px drawer; shown once anything was uploaded. */
export function UploadDrawer() {
  const { items, open } = useUploadList();
  const active = activeCount(items);
  return (
    <>
      {items.length > 0 && (
        <Badge count={active} size="small" offset={[-4, 4]}>
          <Button type="text" aria-label="上传列表" data-testid="upload-list-open" icon={<CloudUploadOutlined />} onClick={() => uploadList.setOpen(true)} />
        </Badge>
      )}
      <Drawer
        title="上传列表"
        placement="right"
        size={UPLOAD_DRAWER_WIDTH}
        open={open}
        onClose={() => uploadList.setOpen(false)}
        extra={
          <Button size="small" data-testid="upload-clear" disabled={items.length === active} onClick={() => uploadList.clearFinished()}>
            清除已完成
          </Button>
        }
        data-testid="upload-drawer"
      >
        {items.length ? (
          <div role="list">
            {items.map((item) => (
              <UploadRow key={item.id} item={item} />
            ))}
          </div>
        ) : (
          <Empty description="暂无上传任务" />
        )}
      </Drawer>
    </>
  );
}
