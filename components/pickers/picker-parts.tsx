'use client';

import { useState, type ReactNode } from 'react';
import type { ButtonProps } from 'antd';
import { Button, Col, Flex, Form, Row, Table, Tag, Typography, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { ellipsis } from '@/lib/format';
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

/** 查询 / 重置 of a picker's search form. */
export function SearchButtons({ testId, onReset }: { testId: string; onReset: () => void }) {
  return (
    <Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-search`}>
          查询
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset} data-testid={`${testId}-reset`}>
          重置
        </Button>
      </Flex>
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


/** What a picker table needs from usePickerList. */
interface PickerRows<R> {
  records: R[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onTableChange: TableProps<R>['onChange'];
}

export interface PickerTableProps<R extends { id: string }> {
  selection: { keys: string[]; setKeys: (k: string[]) => void; remember: (rows: R[]) => void };
  /** Rows known by id (the preselection and everything seen), for the tags. */
  rowsById: Record<string, R>;
  labelOf: (row: R) => ReactNode;
  multiple: boolean;
  list: PickerRows<R>;
  columns: TableColumnsType<R>;
  testId: string;
}

/**
 * The chosen rows as tags above the server-paged table: checkbox or radio selection kept across pages,
 * and a click anywhere on a row toggles it (shared by the user, user-by-department and role pickers).
 */
export function PickerTable<R extends { id: string }>({ selection, rowsById, labelOf, multiple, list, columns, testId }: PickerTableProps<R>) {
  const { keys, setKeys, remember } = selection;
  return (
    <>
      <SelectedTags keys={keys} labelOf={(k) => (rowsById[k] ? labelOf(rowsById[k]) || k : k)} onRemove={(k) => setKeys(keys.filter((x) => x !== k))} />
      <Table<R>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={list.records}
        loading={list.loading}
        pagination={list.pagination}
        onChange={list.onTableChange}
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
        data-testid={testId}
      />
    </>
  );
}
