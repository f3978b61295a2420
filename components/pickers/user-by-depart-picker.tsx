'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Col, Form, Input, Modal, Row, type TableColumnsType } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { DepartTree } from './depart-picker';
import type { DepartNode } from './depart-tree';
import { MODAL_BODY_STYLE, USER_BY_DEPART_PICKER_WIDTH } from './picker-constants';
import { ellipsisCell as cell, PickerTable, SearchButtons, testIdButton, toPickedUser, USER_LIST_URL, usePickerRows, useSelection, type PickedUser, type UserRow } from './picker-parts';
import { fetchRowsBy } from './selected-rows';

export interface UserByDepartPickerModalProps {
  open: boolean;
  /** Default true. */
  multiple?: boolean;
  selectedIds?: string[];
  title?: string;
  /** Accepted for the same shape as UserPickerModal; the department comes from the tree. */
  departId?: string;
  onOk: (users: PickedUser[]) => void;
  onCancel: () => void;
}

const COLUMNS: TableColumnsType<UserRow> = [
  { title: '用户账号', dataIndex: 'username', sorter: true, render: cell },
  { title: '用户姓名', dataIndex: 'realname', sorter: true, render: cell },
  { title: '手机号码', dataIndex: 'phone', render: cell },
];

/**
 * JSelectUserByDepModal (1250 wide): the department tree on the left, that department's users on the
 * right (`/sys/user/list?orgCode=<code>*`, spec 02 §7: the department and those under it; paged); without a department, all users.
 */
export function UserByDepartPickerModal(props: UserByDepartPickerModalProps) {
  if (!props.open) return null;
  return <UserByDepartDialog {...props} />;
}

function UserByDepartDialog({ multiple = true, selectedIds = [], title = '选择用户', onOk, onCancel }: UserByDepartPickerModalProps) {
  const showError = useApiError();
  const [depart, setDepart] = useState<DepartNode | null>(null);
  const { keys, setKeys, known, remember } = useSelection<UserRow>(selectedIds);
  const list = usePickerRows<UserRow>(USER_LIST_URL, { status: 1, ...(depart ? (depart.orgCode ? { orgCode: `${depart.orgCode}*` } : { departId: depart.key }) : {}) });
  const [form] = Form.useForm<{ username?: string; realname?: string }>();
  const preselected = useSWR(selectedIds.length ? ['picker-user-selected', selectedIds.join(',')] : null, () => fetchRowsBy<UserRow>(USER_LIST_URL, 'id', selectedIds), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });
  const rowsById: Record<string, UserRow> = { ...Object.fromEntries((preselected.data ?? []).map((r) => [String(r.id), r])), ...known };
  const like = (s?: string) => (s && s.trim() ? `*${s.trim()}*` : undefined);

  return (
    <Modal
      open
      title={title}
      width={USER_BY_DEPART_PICKER_WIDTH}
      styles={{ body: MODAL_BODY_STYLE }}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => onOk(keys.map((k) => (rowsById[k] ? toPickedUser(rowsById[k]) : { id: k, username: '', realname: '' })))}
      okButtonProps={testIdButton('user-by-depart-ok')}
    >
      <Row gutter={10} data-testid="user-by-depart-picker">
        <Col md={7} sm={24}>
          <DepartTree selectedKey={depart?.key ?? null} onSelectNode={setDepart} height={500} />
        </Col>
        <Col md={17} sm={24}>
          <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => list.search({ username: like(v.username), realname: like(v.realname) })}>
            <Form.Item name="username" label="用户账号">
              <Input placeholder="请输入用户账号" allowClear />
            </Form.Item>
            <Form.Item name="realname" label="用户姓名">
              <Input placeholder="请输入用户姓名" allowClear />
            </Form.Item>
            <SearchButtons
              testId="user-by-depart"
              onReset={() => {
                form.resetFields();
                list.search({});
              }}
            />
          </Form>
          <PickerTable<UserRow> selection={{ keys, setKeys, remember }} rowsById={rowsById} labelOf={(r) => r.realname} multiple={multiple} list={list} columns={COLUMNS} testId="user-by-depart-table" />
        </Col>
      </Row>
    </Modal>
  );
}
