'use client';

import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Flex, Input, Pagination, Spin, Typography } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import type { ReportTableInfo } from '@/lib/online/wire';
import { TABLES_URL } from './report-data';

const PAGE_SIZE = 20;
/** The allowlist's tables, 20 a page in the server's order. */
const TABLES_SOURCE: ListSource = { rowKey: 'tableName', defaultSort: null, pageSize: PAGE_SIZE };
const TABLES_URLS = { list: TABLES_URL };

const matches = (s: string, kw: string) => Boolean(kw) && s.toLowerCase().includes(kw);

const toTable = (r: Record<string, unknown>): ReportTableInfo => ({
  tableName: String(r.tableName ?? ''),
  tableTxt: String(r.tableTxt ?? ''),
  columns: (Array.isArray(r.columns) ? r.columns : []).map((c: Record<string, unknown>) => ({ columnName: String(c.columnName ?? ''), columnTxt: String(c.columnTxt ?? ''), dataType: String(c.dataType ?? '') })),
});

/**
 * Beside the report SQL (issue #39, point 10): the tables and columns a report may read (the server lists exactly the
 * SQL check's allowlist), with their Chinese names, searched by name or text, 20 tables a page. A click on a name hands
 * it to `onInsert` (the editor puts it at the cursor). `external`: the report runs on another 数据源, whose tables are
 * not listed here.
 */
export function TableBrowser({ onInsert, external, height = 240 }: { onInsert: (text: string) => void; external?: boolean; height?: number }) {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const extraParams = useMemo(() => ({ keyword }), [keyword]);
  // A load failure is shown in the panel (below), not as a toast.
  const list = useListPage<Record<string, unknown>>({ source: TABLES_SOURCE, urls: TABLES_URLS, extraParams, enabled: !external, notifyErrors: false });
  const tables = useMemo(() => list.records.map(toTable), [list.records]);
  const kw = keyword.trim().toLowerCase();
  const hit = (s: string) => matches(s, kw);
  /** With a keyword, a table found through its columns opens, showing them. */
  const openByKeyword = new Set(tables.filter((t) => t.columns.some((c) => matches(c.columnName, kw) || matches(c.columnTxt, kw))).map((t) => t.tableName));

  if (external) return <Alert type="info" showIcon title="外部数据源的表不在此列出" data-testid="cgreport-tables-external" />;
  const isOpen = (t: string) => open[t] ?? openByKeyword.has(t);

  return (
    <Flex vertical gap={6} data-testid="cgreport-tables">
      <Input.Search
        allowClear
        size="small"
        placeholder="搜索表名、字段名或中文名"
        onSearch={(v) => {
          setKeyword(v.trim());
          list.goToPage(1);
          setOpen({});
        }}
        data-testid="cgreport-tables-search"
      />
      <div style={{ height, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 4 }}>
        {list.error ? <Alert type="error" showIcon title="表清单加载失败" description={list.error instanceof Error ? list.error.message : String(list.error)} /> : null}
        {!list.hasData && !list.error ? <Spin size="small" /> : null}
        {list.hasData && !tables.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的表" /> : null}
        {tables.map((t) => (
          <div key={t.tableName} data-testid={`cgreport-table-${t.tableName}`}>
            <Flex align="center" gap={2}>
              <Button type="text" size="small" aria-label={isOpen(t.tableName) ? `收起${t.tableName}` : `展开${t.tableName}`} icon={isOpen(t.tableName) ? <DownOutlined /> : <RightOutlined />} onClick={() => setOpen((o) => ({ ...o, [t.tableName]: !isOpen(t.tableName) }))} />
              <Button type="link" size="small" style={{ padding: 0 }} title="插入表名" onClick={() => onInsert(t.tableName)} data-testid={`cgreport-insert-${t.tableName}`}>
                {t.tableName}
              </Button>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {t.tableTxt}
              </Typography.Text>
            </Flex>
            {isOpen(t.tableName)
              ? t.columns.map((c) => (
                  <Flex key={c.columnName} align="center" gap={4} style={{ paddingLeft: 28 }}>
                    <Button type="link" size="small" style={{ padding: 0, fontWeight: hit(c.columnName) || hit(c.columnTxt) ? 600 : undefined }} title="插入字段名" onClick={() => onInsert(c.columnName)} data-testid={`cgreport-insert-${t.tableName}-${c.columnName}`}>
                      {c.columnName}
                    </Button>
                    <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }} title={c.dataType}>
                      {c.columnTxt}
                    </Typography.Text>
                  </Flex>
                ))
              : null}
          </div>
        ))}
      </div>
      {list.hasData && list.total > PAGE_SIZE ? <Pagination simple size="small" current={list.state.pageNo} pageSize={PAGE_SIZE} total={list.total} onChange={list.goToPage} /> : null}
    </Flex>
  );
}
