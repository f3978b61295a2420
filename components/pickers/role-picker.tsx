'use client';

import useSWR from 'swr';
import { Form, Input, Modal, type TableColumnsType } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { MODAL_BODY_STYLE, ROLE_PICKER_WIDTH } from './picker-constants';
import { IdPickerSelect, type IdPickerSelectProps } from './picker-field';
import { ellipsisCell as cell, PickerTable, SearchButtons, testIdButton, usePickerRows, useSelection } from './picker-parts';
import { fetchRowsBy } from './selected-rows';

export const ROLE_LIST_URL = '/sys/role/list';
export const ROLE_DICT = 'sys_role,role_name,id';

/** A row of /sys/role/list (spec 02 §3: roleName, roleCode, id). */
export interface RoleRow {
  id: string;
  roleName?: string;
  roleCode?: string;
  [key: string]: unknown;
}

/** What the role picker returns (spec 02 §3: id and roleCode; the name is shown). */
export interface PickedRole {
  id: string;
  roleCode: string;
  roleName: string;
}

const toPickedRole = (r: RoleRow): PickedRole => ({ id: String(r.id), roleCode: String(r.roleCode ?? ''), roleName: String(r.roleName ?? '') });

/** No column sorts: the role list's sortable fields belong to its resource definition; createTime desc is always accepted. */
const COLUMNS: TableColumnsType<RoleRow> = [
  { title: '角色名称', dataIndex: 'roleName', render: cell },
  { title: '角色编码', dataIndex: 'roleCode', render: cell },
];

export interface RolePickerModalProps {
  open: boolean;
  /** Default true. */
  multiple?: boolean;
  selectedIds?: string[];
  title?: string;
  onOk: (roles: PickedRole[]) => void;
  onCancel: () => void;
}

/** The role picker over /sys/role/list (paged, searchable by name). */
export function RolePickerModal(props: RolePickerModalProps) {
  if (!props.open) return null;
  return <RolePickerDialog {...props} />;
}

function RolePickerDialog({ multiple = true, selectedIds = [], title = '选择角色', onOk, onCancel }: RolePickerModalProps) {
  const showError = useApiError();
  const { keys, setKeys, known, remember } = useSelection<RoleRow>(selectedIds);
  const list = usePickerRows<RoleRow>(ROLE_LIST_URL);
  const [form] = Form.useForm<{ roleName?: string }>();
  const preselected = useSWR(selectedIds.length ? ['picker-role-selected', selectedIds.join(',')] : null, () => fetchRowsBy<RoleRow>(ROLE_LIST_URL, 'id', selectedIds), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });
  const rowsById: Record<string, RoleRow> = { ...Object.fromEntries((preselected.data ?? []).map((r) => [String(r.id), r])), ...known };
  return (
    <Modal
      open
      title={title}
      width={ROLE_PICKER_WIDTH}
      styles={{ body: MODAL_BODY_STYLE }}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => onOk(keys.map((k) => (rowsById[k] ? toPickedRole(rowsById[k]) : { id: k, roleCode: '', roleName: '' })))}
      okButtonProps={testIdButton('role-picker-ok')}
    >
      <div data-testid="role-picker">
        <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => list.search({ roleName: v.roleName?.trim() ? `*${v.roleName.trim()}*` : undefined })}>
          <Form.Item name="roleName" label="角色名称">
            <Input placeholder="请输入角色名称" allowClear />
          </Form.Item>
          <SearchButtons
            testId="role-picker"
            onReset={() => {
              form.resetFields();
              list.search({});
            }}
          />
        </Form>
        <PickerTable<RoleRow> selection={{ keys, setKeys, remember }} rowsById={rowsById} labelOf={(r) => r.roleName} multiple={multiple} list={list} columns={COLUMNS} testId="role-picker-table" />
      </div>
    </Modal>
  );
}

export type RoleSelectProps = IdPickerSelectProps<PickedRole>;

/** Role names (one tag in multiple mode; multiple by default); opens the role picker. */
export function RoleSelect({ multiple = true, testId = 'role-select', ...props }: RoleSelectProps) {
  return <IdPickerSelect<PickedRole> {...props} multiple={multiple} testId={testId} dict={ROLE_DICT} nameOf={(r) => r.roleName} renderModal={(m) => <RolePickerModal {...m} />} />;
}
