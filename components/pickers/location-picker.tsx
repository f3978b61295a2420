'use client';

import { useState, type CSSProperties } from 'react';
import useSWR from 'swr';
import { App, Button, Form, Input, Modal, Popconfirm, Switch, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ListTable } from '@/components/data/list/list-table';
import { useAuth, useShell } from '@/components/shell/shell-context';
import { ellipsis } from '@/lib/format';
import { http } from '@/lib/http';
import { canEdit } from '@/lib/permissions';
import { PERMS } from '@/lib/permissions/codes';
import { regionNames, type RegionIndex } from '@/lib/region';
import { LOCATION_PICKER_WIDTH, MODAL_BODY_STYLE } from './picker-constants';
import { PickerField } from './picker-field';
import { SearchButtons, testIdButton, usePickerRows } from './picker-parts';
import { useRegionIndex } from './use-regions';

export const LOCATION_EDIT_URL = '/location/tblLocation/edit';
export const LOCATION_QUERY_BY_ID_URL = '/location/tblLocation/queryById';
/** Spec 02 §9: the detailed address is shown cut to 11 characters. */
export const LOCATION_DETAIL_LENGTH = 11;

/** A venue row (spec 02 §3): status 1 enabled / 0 disabled, isDoubleTeacher 1 / 0. */
export interface LocationRow {
  id: string;
  /** 场地名称 (issue #21): how the venue is known; the address alone was all a picker showed before. */
  name?: string | null;
  province?: string | null;
  city?: string | null;
  detailLocation?: string | null;
  status?: string | number | null;
  isDoubleTeacher?: string | number | null;
  ownBy?: string | null;
  createBy?: string | null;
  [key: string]: unknown;
}

const isOn = (v: unknown) => String(v ?? '') === '1';
/** A contains search (contract §7 `*v*`), or no filter for a blank box. */
const like = (v: string | undefined) => (v?.trim() ? `*${v.trim()}*` : undefined);

/**
 * '中关村校区（北京市/北京市）' — the venue's name and its region; a row without a name (an older answer)
 * falls back to '广东省/深圳市 南山区科技园…', the region then the address cut to 11 characters.
 */
export function locationText(row: Pick<LocationRow, 'name' | 'province' | 'city' | 'detailLocation'>, index?: RegionIndex): string {
  const region = index ? regionNames(index, [row.province, row.city]) : [row.province, row.city].filter(Boolean).join('/');
  const name = (row.name ?? '').trim();
  if (name) return region ? `${name}（${region}）` : name;
  const detail = ellipsis(row.detailLocation ?? '', LOCATION_DETAIL_LENGTH);
  return [region, detail].filter(Boolean).join(' ');
}

type ToggleField = 'status' | 'isDoubleTeacher';
const CONFIRM: Record<ToggleField, (on: boolean) => string> = {
  status: (on) => (on ? '确定启用该场地吗?' : '确定停用该场地吗?'),
  isDoubleTeacher: (on) => (on ? '确定将该场地设为双师吗?' : '确定取消该场地的双师吗?'),
};

/** Status / 双师 switch: asks first, saves the row with the flag flipped, reports the server's message. */
function ToggleCell({ row, field, editUrl, editable, onDone }: { row: LocationRow; field: ToggleField; editUrl: string; editable: boolean; onDone: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const on = isOn(row[field]);
  const flip = async () => {
    setBusy(true);
    try {
      const r = await http.put(editUrl, { ...row, [field]: on ? '0' : '1' });
      message.success(r.message || '操作成功');
      onDone();
    } catch (e) {
      // spec 02 §8: a failing toggle shows the server message as a warning.
      message.warning(e instanceof Error ? e.message : '操作失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm title={CONFIRM[field](!on)} okText="确定" cancelText="取消" onConfirm={() => void flip()} disabled={!editable}>
      <Switch size="small" checked={on} loading={busy} disabled={!editable} data-testid={`location-${field}-${row.id}`} />
    </Popconfirm>
  );
}

export interface LocationPickerModalProps {
  open: boolean;
  /** The venue list url (paged rows or an array). */
  url: string;
  selectedId?: string;
  /** Where a status / 双师 toggle is saved (default /location/tblLocation/edit). */
  editUrl?: string;
  /** Shows 新增 (for users with edu:location:add), which calls this. */
  onAdd?: () => void;
  title?: string;
  onOk: (row: LocationRow) => void;
  onCancel: () => void;
}

export function LocationPickerModal(props: LocationPickerModalProps) {
  if (!props.open) return null;
  return <LocationDialog {...props} />;
}

function LocationDialog({ url, selectedId, editUrl = LOCATION_EDIT_URL, onAdd, title = '选择场地', onOk, onCancel }: LocationPickerModalProps) {
  const { message } = App.useApp();
  // Spec 02 §6: 新增 needs edu:location:add (the strict directive: a code nobody configured hides it).
  const canAdd = useAuth().has(PERMS.location.add);
  const user = useShell().account?.userInfo;
  const regions = useRegionIndex();
  const list = usePickerRows<LocationRow>(url);
  const [form] = Form.useForm<{ name?: string; detailLocation?: string }>();
  const [chosen, setChosen] = useState<LocationRow | null>(null);
  const chosenId = chosen?.id ?? selectedId;
  const editable = (r: LocationRow) => !!user && canEdit(r, user);

  const columns: TableColumnsType<LocationRow> = [
    { title: '场地名称', dataIndex: 'name', render: (v: unknown) => (v == null ? '' : String(v)) },
    { title: '地区', key: 'region', render: (_v, r) => (regions.data ? regionNames(regions.data, [r.province, r.city]) : [r.province, r.city].filter(Boolean).join('/')) },
    {
      title: '详细地址',
      dataIndex: 'detailLocation',
      render: (v: unknown) => {
        const text = v === null || v === undefined ? '' : String(v);
        const shown = ellipsis(text, LOCATION_DETAIL_LENGTH);
        return <span title={shown !== text ? text : undefined}>{shown}</span>;
      },
    },
    { title: '双师', dataIndex: 'isDoubleTeacher', render: (_v, r) => <ToggleCell row={r} field="isDoubleTeacher" editUrl={editUrl} editable={editable(r)} onDone={list.reload} /> },
    { title: '状态', dataIndex: 'status', render: (_v, r) => <ToggleCell row={r} field="status" editUrl={editUrl} editable={editable(r)} onDone={list.reload} /> },
  ];

  const ok = () => {
    const row = chosen ?? list.records.find((r) => String(r.id) === selectedId);
    if (!row) return void message.warning('请选择一条记录');
    onOk(row);
  };

  return (
    <Modal open title={title} width={LOCATION_PICKER_WIDTH} styles={{ body: MODAL_BODY_STYLE }} okText="确定" cancelText="取消" onOk={ok} onCancel={onCancel} okButtonProps={testIdButton('location-picker-ok')}>
      <div data-testid="location-picker">
        <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => list.search({ name: like(v.name), detailLocation: like(v.detailLocation) })}>
          <Form.Item name="name" label="场地名称">
            <Input placeholder="请输入场地名称" allowClear />
          </Form.Item>
          <Form.Item name="detailLocation" label="详细地址">
            <Input placeholder="请输入详细地址" allowClear />
          </Form.Item>
          <SearchButtons
            testId="location-picker"
            onReset={() => {
              form.resetFields();
              list.search({});
            }}
          />
          {onAdd && canAdd ? (
            <Form.Item>
              <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="location-picker-add">
                新增
              </Button>
            </Form.Item>
          ) : null}
        </Form>
        <ListTable<LocationRow>
          page={list}
          columns={columns}
          emptyText={null}
          scroll={undefined}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: chosenId ? [chosenId] : [],
            // A disabled venue cannot be chosen.
            getCheckboxProps: (r) => ({ disabled: !isOn(r.status) }),
            onChange: (_keys, rows) => setChosen(rows[0] ?? null),
          }}
          testId="location-picker-table"
        />
      </div>
    </Modal>
  );
}

export interface LocationPickerProps {
  /** The venue list url. */
  url: string;
  /** The chosen venue's id. */
  value?: string | null;
  /** The chosen id ('' when cleared) and its row. */
  onChange?: (value: string, row: LocationRow | null) => void;
  editUrl?: string;
  /** Loads the chosen venue's text (default /location/tblLocation/queryById). */
  queryByIdUrl?: string;
  onAdd?: () => void;
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  /** data-testid of the field (default `location-select`). */
  testId?: string;
}

/** A venue field: the chosen venue's name and region, and the venue picker. */
export function LocationPicker({ url, value, onChange, editUrl, queryByIdUrl = LOCATION_QUERY_BY_ID_URL, onAdd, title, placeholder, disabled, id, style, testId = 'location-select' }: LocationPickerProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<LocationRow | null>(null);
  const regions = useRegionIndex();
  const current = (value ?? '').trim();
  const needsRow = !!current && picked?.id !== current;
  const row = useSWR(needsRow ? ['picker-location', queryByIdUrl, current] : null, () => http.get<LocationRow>(queryByIdUrl, { id: current }).then((r) => r.result), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: (e: unknown) => console.error('[location-picker] lookup failed', e),
  });
  const shownRow = picked?.id === current ? picked : row.data;
  return (
    <>
      <PickerField
        id={id}
        style={style}
        testId={testId}
        values={current ? [current] : []}
        labels={shownRow ? { [current]: locationText(shownRow, regions.data) } : {}}
        multiple={false}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onChange={() => onChange?.('', null)}
      />
      <LocationPickerModal
        open={open}
        url={url}
        selectedId={current || undefined}
        editUrl={editUrl}
        onAdd={onAdd}
        title={title}
        onCancel={() => setOpen(false)}
        onOk={(r) => {
          setOpen(false);
          setPicked(r);
          onChange?.(String(r.id), r);
        }}
      />
    </>
  );
}
