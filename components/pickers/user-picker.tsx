'use client';

import { useState, type CSSProperties } from 'react';
import useSWR from 'swr';
import type { Dayjs } from 'dayjs';
import { App, DatePicker, Form, Input, Modal, type TableColumnsType } from 'antd';
import { DictSelect } from '@/components/data/dict/dict-select';
import { useApiError } from '@/components/feedback/use-api-error';
import { DATE_FORMAT } from '@/lib/format';
import { queryField, type ListParams } from '@/lib/list-state';
import { MODAL_BODY_STYLE, USER_PICKER_WIDTH } from './picker-constants';
import { PickerField } from './picker-field';
import { usePickedLabels } from './use-picked-labels';
import { ellipsisCell as cell, PickerTable, SearchButtons, testIdButton, toPickedUser, USER_LIST_URL, usePickerRows, useSelection, type PickedUser, type UserRow } from './picker-parts';
import { fetchRowsBy } from './selected-rows';
import { UserByDepartPickerModal } from './user-by-depart-picker';

export type { PickedUser, UserRow } from './picker-parts';

export interface UserPickerModalProps {
  open: boolean;
  /** Checkboxes (default) or a single radio choice. */
  multiple?: boolean;
  /** Ids selected when the modal opens; their rows are fetched by id. */
  selectedIds?: string[];
  /** Only the users of this department (`/sys/user/list?departId=`). */
  departId?: string;
  title?: string;
  onOk: (users: PickedUser[]) => void;
  onCancel: () => void;
}

/** Columns of spec 02 §2: realname, username, phone, birthday and id. */
export const USER_COLUMNS: TableColumnsType<UserRow> = [
  { title: '用户姓名', dataIndex: 'realname', sorter: true, render: cell },
  { title: '用户账号', dataIndex: 'username', sorter: true, render: cell },
  { title: '手机号码', dataIndex: 'phone', render: cell },
  { title: '生日', dataIndex: 'birthday', sorter: true, render: cell },
  { title: 'ID', dataIndex: 'id', render: cell },
];

/** The fixed params of the user list (spec 02 §7): ordinary, active users and the field list. */
export const USER_PICKER_PARAMS: ListParams = { userType: 0, status: 1, field: queryField(['realname', 'username', 'phone', 'birthday']) };

interface UserSearch {
  realname?: string;
  phone?: string;
  sex?: string;
  birthday?: [Dayjs | null, Dayjs | null] | null;
}

/** The search form values as list params: realname / phone contain, sex equals, birthday a range. */
export function userSearchParams(v: UserSearch): Record<string, string | undefined> {
  const like = (s?: string) => (s && s.trim() ? `*${s.trim()}*` : undefined);
  return {
    realname: like(v.realname),
    phone: like(v.phone),
    sex: v.sex || undefined,
    birthday_begin: v.birthday?.[0]?.format(DATE_FORMAT),
    birthday_end: v.birthday?.[1]?.format(DATE_FORMAT),
  };
}

/** The user picker (JSelectUserModal): server-paged users, filters, keeps the selection across pages. */
export function UserPickerModal(props: UserPickerModalProps) {
  if (!props.open) return null;
  return <UserPickerDialog {...props} />;
}

function UserPickerDialog({ multiple = true, selectedIds = [], departId, title = '选择用户', onOk, onCancel }: UserPickerModalProps) {
  const showError = useApiError();
  const { keys, setKeys, known, remember } = useSelection<UserRow>(selectedIds);
  const list = usePickerRows<UserRow>(USER_LIST_URL, { ...USER_PICKER_PARAMS, ...(departId ? { departId } : {}) });
  const [form] = Form.useForm<UserSearch>();

  // Rows of the ids selected on opening, by id (eq rules joined by or): their names show as tags at once.
  const preselected = useSWR(selectedIds.length ? ['picker-user-selected', selectedIds.join(',')] : null, () => fetchRowsBy<UserRow>(USER_LIST_URL, 'id', selectedIds), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });
  // Rows seen on pages win over the preselection's copies.
  const rowsById: Record<string, UserRow> = { ...Object.fromEntries((preselected.data ?? []).map((r) => [String(r.id), r])), ...known };

  const ok = () => onOk(keys.map((k) => (rowsById[k] ? toPickedUser(rowsById[k]) : { id: k, username: '', realname: '' })));

  return (
    <Modal
      open
      title={title}
      width={USER_PICKER_WIDTH}
      styles={{ body: MODAL_BODY_STYLE }}
      okText="确定"
      cancelText="取消"
      onOk={ok}
      onCancel={onCancel}
      okButtonProps={testIdButton('user-picker-ok')}
    >
      <div data-testid="user-picker">
        <Form form={form} layout="inline" onFinish={(v) => list.search(userSearchParams(v))} style={{ marginBottom: 12, rowGap: 8 }}>
          <Form.Item name="realname" label="用户姓名">
            <Input placeholder="请输入用户姓名" allowClear data-testid="user-picker-realname" />
          </Form.Item>
          <Form.Item name="phone" label="手机号码">
            <Input placeholder="请输入手机号码" allowClear />
          </Form.Item>
          <Form.Item name="sex" label="性别">
            <DictSelect dictCode="sex" allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="birthday" label="生日">
            <DatePicker.RangePicker format={DATE_FORMAT} />
          </Form.Item>
          <SearchButtons
            testId="user-picker"
            onReset={() => {
              form.resetFields();
              list.search({});
            }}
          />
        </Form>
        <PickerTable<UserRow> selection={{ keys, setKeys, remember }} rowsById={rowsById} labelOf={(r) => r.realname} multiple={multiple} list={list} columns={USER_COLUMNS} testId="user-picker-table" />
      </div>
    </Modal>
  );
}

/* ------------------------------------------------------------------ the form field */

export type UserValueField = 'username' | 'id';

export interface UserSelectProps {
  /** Comma-joined usernames (default) or ids, per `valueField`. */
  value?: string | null;
  /** The new comma-joined value ('' when cleared) and the chosen users. */
  onChange?: (value: string, users: PickedUser[]) => void;
  /** Default true. */
  multiple?: boolean;
  /**
   * What the value stores: `username` (default — JeecgBoot's sel_user / customReturnField) or `id`.
   * The picker returns both; the realname is shown.
   */
  valueField?: UserValueField;
  /** Pick through the department tree (UserByDepartPickerModal, 1250 wide) instead of the flat list. */
  byDepart?: boolean;
  /** Flat picker only: the users of this department. */
  departId?: string;
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  /** data-testid of the field (default `user-select`). */
  testId?: string;
}

/** The user dictionary behind the shown names. */
export const userDict = (valueField: UserValueField) => `sys_user,realname,${valueField}`;

/** JSelectMultiUser: shows realname tags (one in multiple mode), opens the user picker. */
export function UserSelect({ value, onChange, multiple = true, valueField = 'username', byDepart, departId, title, placeholder, disabled, id, style, testId = 'user-select' }: UserSelectProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const { values, labels: texts, remember } = usePickedLabels(value, userDict(valueField), 'user-select');
  /** The picker's preselection; in username mode also the resolved rows, so OK never loses a name. */
  const [open, setOpen] = useState<{ ids: string[]; rows: UserRow[] } | null>(null);
  const [resolving, setResolving] = useState(false);

  const openPicker = async () => {
    if (valueField === 'id' || !values.length) return setOpen({ ids: values, rows: [] });
    // The picker keeps ids; usernames are resolved to their users first.
    setResolving(true);
    try {
      const rows = await fetchRowsBy<UserRow>(USER_LIST_URL, 'username', values);
      setOpen({ ids: values.map((u) => rows.find((r) => r.username === u)?.id).filter((x): x is string => !!x), rows });
    } catch (e) {
      showError(e);
    } finally {
      setResolving(false);
    }
  };

  const emit = (users: PickedUser[]) => {
    remember(users.map((u) => [u[valueField], u.realname || u[valueField]]));
    onChange?.(users.map((u) => u[valueField]).filter(Boolean).join(','), users);
  };

  const Picker = byDepart ? UserByDepartPickerModal : UserPickerModal;
  return (
    <>
      <PickerField
        id={id}
        style={style}
        testId={testId}
        values={values}
        labels={texts}
        multiple={multiple}
        placeholder={placeholder}
        disabled={disabled}
        loading={resolving}
        onOpen={() => void openPicker()}
        onChange={(keys) => onChange?.(keys.join(','), [])}
      />
      <Picker
        open={!!open}
        multiple={multiple}
        selectedIds={open?.ids ?? []}
        departId={byDepart ? undefined : departId}
        title={title}
        onCancel={() => setOpen(null)}
        onOk={(chosen) => {
          if (!multiple && chosen.length > 1) return void message.warning('请选择一条记录');
          // A preselected user whose row the picker could not load keeps the row resolved on opening.
          const resolved = new Map((open?.rows ?? []).map((r) => [String(r.id), r]));
          const users = chosen.map((u) => (u.username || !resolved.has(u.id) ? u : toPickedUser(resolved.get(u.id)!)));
          setOpen(null);
          emit(users);
        }}
      />
    </>
  );
}

