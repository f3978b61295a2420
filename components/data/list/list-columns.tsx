'use client';

import type { ReactNode } from 'react';
import { Divider, Popconfirm, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { renderCell } from '@/components/fields/field-registry';
import { rowNumber, type ListSort, type ListState } from '@/lib/list-state';
import { isListed, isSortable } from '@/lib/resources/field-kinds';
import type { FieldDef, ResourceDef } from '@/lib/resources/types';

type Row = Record<string, unknown>;

/** Screen-specific cells by field name (functions stay in client files, DESIGN §3). */
export type CellRenderers<R extends Row = Row> = Record<string, (value: unknown, record: R, index: number) => ReactNode>;

export type ListColumn<R extends Row = Row> = ColumnType<R> & { key: string };

/** The list's data fields: listed ones, not write-only, not hidden. */
export const listFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => isListed(f) && f.kind !== 'hidden' && f.kind !== 'password');

/** Never cancel the default sort column's order (a cancelled sort would return to that same order). */
const TOGGLE_ONLY: ColumnType<Row>['sortDirections'] = ['ascend', 'descend', 'ascend'];

/** The # column; given the list's paging, the numbering goes on across pages (page 2 of 10 starts at 11). */
export function rowIndexColumn<R extends object>(paging?: Pick<ListState<unknown>, 'pageNo' | 'pageSize'>): ColumnType<R> & { key: 'rowIndex' } {
  return { key: 'rowIndex', title: '#', width: 60, align: 'center', render: (_v, _r, i) => (paging ? rowNumber(paging, i) : i + 1) };
}

export function dataColumns<R extends Row>(def: ResourceDef, sort: ListSort | null, renderers: CellRenderers<R> = {}, paging?: Pick<ListState<unknown>, 'pageNo' | 'pageSize'>): ListColumn<R>[] {
  const rowIndex: ListColumn<R> = rowIndexColumn<R>(paging);
  const cols = listFields(def).map((f): ListColumn<R> => {
    const custom = renderers[f.name];
    const sortable = isSortable(def, f);
    return {
      key: f.name,
      dataIndex: f.name,
      title: f.label,
      width: f.width,
      align: 'center',
      sorter: sortable,
      sortOrder: sortable && sort?.column === f.name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      sortDirections: sortable && f.name === def.defaultSort.column ? (TOGGLE_ONLY as ColumnType<R>['sortDirections']) : undefined,
      render: (value: unknown, record: R, index: number) => (custom ? custom(value, record, index) : renderCell(f, record)),
    };
  });
  return [rowIndex, ...cols];
}

/** One link of the row's 操作 column. */
export interface RowAction<R extends Row = Row> {
  key: string;
  label: string;
  onClick: (record: R) => void;
  /** Ask first (Popconfirm) with this text. */
  confirm?: string;
  disabled?: boolean;
}

export function actionColumn<R extends Row>(rowKey: string, actions: RowAction<R>[], extra?: (record: R) => ReactNode, width = 180): ListColumn<R> {
  return {
    key: 'action',
    title: '操作',
    align: 'center',
    fixed: 'right',
    width,
    render: (_v: unknown, record: R) => {
      const id = String(record[rowKey] ?? '');
      const links = actions.map((a) => {
        const link = (
          <Typography.Link disabled={a.disabled} onClick={a.confirm ? undefined : () => a.onClick(record)} data-testid={`row-${a.key}-${id}`}>
            {a.label}
          </Typography.Link>
        );
        return a.confirm && !a.disabled ? (
          <Popconfirm key={a.key} title={a.confirm} okText="确定" cancelText="取消" onConfirm={() => a.onClick(record)}>
            {link}
          </Popconfirm>
        ) : (
          <span key={a.key}>{link}</span>
        );
      });
      const extraNode = extra?.(record);
      const all = extraNode ? [...links, <span key="extra">{extraNode}</span>] : links;
      return <RowLinks links={all} />;
    },
  };
}

/** A row's links on one line, a vertical divider between two. */
export function RowLinks({ links }: { links: readonly ReactNode[] }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {links.map((node, i) => (
        <span key={i}>
          {i > 0 && <Divider orientation="vertical" />}
          {node}
        </span>
      ))}
    </span>
  );
}

