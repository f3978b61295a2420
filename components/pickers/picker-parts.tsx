'use client';

import { useMemo, useState, type ReactNode } from 'react';
import type { ButtonProps } from 'antd';
import { Col, Form, Row, Tag, Typography, type TableColumnsType } from 'antd';
import { ListTable, type ListTableProps } from '@/components/data/list/list-table';
import { QueryButtons } from '@/components/data/list/query-buttons';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { ellipsis } from '@/lib/format';
import type { ListParams } from '@/lib/list-state';
import { PICKER_ELLIPSIS } from './picker-constants';

/** Shared parts of the list pickers (user, user-by-department, role). */

export const USER_LIST_URL = '/sys/user/list';

/** What a user picker returns (spec 02 §2: id and username; realname is shown). */
export interface PickedUser {
  id: string;
  username: string;
  realname: string;
}

/** A row of /sys/user/list as the pickers read it. */
export interface UserRow {
  id: string;
  username?: string;
  realname?: string;
  phone?: string | null;
  birthday?: string | null;
  [key: string]: unknown;
}

export const toPickedUser = (r: UserRow): PickedUser => ({ id: String(r.id), username: String(r.username ?? ''), realname: String(r.realname ?? '') });

/** A text cell with the ellipsis filter (25); the full text is the hover title when cut. */
export const ellipsisCell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : String(v);
  const shown = ellipsis(text, PICKER_ELLIPSIS);
  return <span title={shown !== text ? text : undefined}>{shown}</span>;
};

/** antd's ButtonProps has no data-* keys; test ids still reach the DOM. */
export const testIdButton = (testId: string) => ({ 'data-testid': testId }) as ButtonProps;

/**
 * Selection that survives paging: keys plus every row seen (pages and the fetched preselection),
 * so OK can return rows that are not on the current page.
 */
export function useSelection<R extends { id: string }>(initial: readonly string[]) {
  const [keys, setKeys] = useState<string[]>(() => [...initial]);
  const [known, setKnown] = useState<Record<string, R>>({});
  const remember = (rows: readonly R[]) =>
    setKnown((k) => {
      const next = { ...k };
      for (const r of rows) if (r && r.id !== undefined) next[String(r.id)] = r;
      return next;
    });
  return { keys, setKeys, known, remember };
}

/**
 * `onRow` of a picker table: a click on a row toggles it (single mode: it becomes the only choice).
 * Clicks on the selection cell itself are left to rowSelection, so they do not toggle twice.
 */
export function rowToggler<R extends { id: string }>(multiple: boolean, keys: string[], setKeys: (k: string[]) => void, remember: (rows: R[]) => void) {
  return (r: R) => ({
    onClick: (e: { target: EventTarget | null }) => {
      if (e.target instanceof Element && e.target.closest('.ant-table-selection-column')) return;
      const id = String(r.id);
      remember([r]);
      if (!multiple) return setKeys([id]);
      setKeys(keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]);
    },
  });
}

/** 查询 / 重置 of a picker's search form (test ids `${testId}-search|reset`). */
export function SearchButtons({ testId, onReset }: { testId: string; onReset: () => void }) {
  return (
    <Form.Item>
      <QueryButtons onReset={onReset} submitTestId={`${testId}-search`} resetTestId={`${testId}-reset`} />
    </Form.Item>
  );
}

/** "已选择" with one closable tag per chosen key. */
export function SelectedTags({ keys, labelOf, onRemove }: { keys: string[]; labelOf: (k: string) => ReactNode; onRemove: (k: string) => void }) {
  return (
    <Row style={{ marginBottom: 12 }} data-testid="picker-selected">
      <Col flex="none">
        <Typography.Text type="secondary">已选择（{keys.length}）：</Typography.Text>
      </Col>
      <Col flex="auto">
        {keys.map((k) => (
          <Tag
            key={k}
            closable
            onClose={(e) => {
              e.preventDefault();
              onRemove(k);
            }}
          >
            {labelOf(k)}
          </Tag>
        ))}
      </Col>
    </Row>
  );
}


/** Picker rows are keyed by id and sorted createTime desc (spec 02 §9) until a column sort. */
const PICKER_SOURCE: ListSource = { rowKey: 'id' };

/**
 * A picker's server-paged rows (spec 02 §9: 10 a page, options 10/20/30, quick jumper): the list
 * engine (useListPage) with the pickers' ways: nothing remembered, a new sort goes back to page 1,
 * search values sent as given (`search({ realname: '*张*' })`, blanks dropped), `fixedParams` on
 * every call.
 */
export function usePickerRows<R extends { id: string; [key: string]: unknown }>(url: string, fixedParams?: ListParams) {
  const urls = useMemo(() => ({ list: url }), [url]);
  return useListPage<R>({ source: PICKER_SOURCE, urls, extraParams: fixedParams, sortResetsPage: true });
}

export interface PickerTableProps<R extends { id: string; [key: string]: unknown }> {
  selection: { keys: string[]; setKeys: (k: string[]) => void; remember: (rows: R[]) => void };
  /** Rows known by id (the preselection and everything seen), for the tags. */
  rowsById: Record<string, R>;
  labelOf: (row: R) => ReactNode;
  multiple: boolean;
  list: ListTableProps<R>['page'];
  columns: TableColumnsType<R>;
  testId: string;
}

/**
 * The chosen rows as tags above the server-paged table: checkbox or radio selection kept across pages,
 * and a click anywhere on a row toggles it (shared by the user, user-by-department and role pickers).
 */
export function PickerTable<R extends { id: string; [key: string]: unknown }>({ selection, rowsById, labelOf, multiple, list, columns, testId }: PickerTableProps<R>) {
  const { keys, setKeys, remember } = selection;
  return (
    <>
      <SelectedTags keys={keys} labelOf={(k) => (rowsById[k] ? labelOf(rowsById[k]) || k : k)} onRemove={(k) => setKeys(keys.filter((x) => x !== k))} />
      <ListTable<R>
        page={list}
        columns={columns}
        emptyText={null}
        scroll={undefined}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: keys,
          preserveSelectedRowKeys: true,
          onChange: (next, rows) => {
            remember(rows.filter(Boolean));
            setKeys(next.map(String));
          },
        }}
        onRow={rowToggler(multiple, keys, setKeys, remember)}
        testId={testId}
      />
    </>
  );
}
