'use client';

import type { ReactNode } from 'react';
import { Empty, Table, type TableProps } from 'antd';
import type { ListPage } from './use-list-page';

type Bound = 'rowKey' | 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'locale';

export interface ListTableProps<R extends object> extends Omit<TableProps<R>, Bound> {
  /** The list: rows, spinner, paging, sorting, filters and (with `selectable`) the selection. */
  page: Pick<ListPage<R>, 'rowKey' | 'records' | 'loading' | 'pagination' | 'onTableChange' | 'state' | 'select'>;
  /**
   * Checkboxes bound to the list's selection (default true); a function decides per row which ones
   * can be chosen. false: none, or a `rowSelection` of the screen's own.
   */
  selectable?: boolean | ((record: R) => { disabled?: boolean });
  /** The empty text (default 暂无数据); null: antd's own. */
  emptyText?: ReactNode;
  /** The list page's look: middle size and borders (default true). */
  compact?: boolean;
  testId?: string;
  /** Override the table's paging (e.g. without the size changer). */
  pagination?: TableProps<R>['pagination'];
}

/** A dialog's paging of a list: pages only (no size changer, jumper or total), hidden while one page holds everything. */
export const dialogPagination = (page: Pick<ListPage<object>, 'pagination'>): TableProps<object>['pagination'] => ({
  ...page.pagination,
  showSizeChanger: false,
  showQuickJumper: false,
  showTotal: undefined,
  hideOnSinglePage: true,
});

/**
 * A table bound to a list (useListPage): rows, spinner, server paging with 共N条, sort and filters,
 * the selection. Other Table props pass through; `scroll` defaults to max-content.
 */
export function ListTable<R extends object>({ page, selectable = true, emptyText, compact = true, testId, pagination, ...rest }: ListTableProps<R>) {
  const rowSelection: TableProps<R>['rowSelection'] = selectable
    ? {
        selectedRowKeys: page.state.selectedRowKeys,
        onChange: (keys, rows) => page.select(keys, rows),
        getCheckboxProps: typeof selectable === 'function' ? selectable : undefined,
      }
    : undefined;
  return (
    <Table<R>
      size={compact ? 'middle' : undefined}
      bordered={compact}
      rowSelection={rowSelection}
      scroll={{ x: 'max-content' }}
      {...rest}
      rowKey={page.rowKey}
      dataSource={page.records}
      loading={page.loading}
      pagination={pagination ?? page.pagination}
      onChange={page.onTableChange}
      locale={emptyText === null ? undefined : { emptyText: emptyText ?? <Empty description="暂无数据" /> }}
      data-testid={testId}
    />
  );
}
