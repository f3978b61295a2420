'use client';

import { useMemo, useState, useSyncExternalStore } from 'react';
import { App, Card, Col, Form, Input, Popconfirm, Row as GridRow, Select, Skeleton, Switch, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { RowLinks, rowIndexColumn } from '@/components/data/list/list-columns';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { QueryButtons } from '@/components/data/list/query-buttons';
import { ListToolbar, type ToolbarAction } from '@/components/data/list/list-toolbar';
import { CONFIRM_DELETE } from '@/components/data/list/use-list-actions';
import { useExport } from '@/components/data/list/use-export';
import { useListPage, type ListPage } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { TextFilterInput } from '@/components/inputs/text-filter-input';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { LOCATION_DETAIL_LENGTH } from '@/components/pickers/location-picker';
import { useRegionIndex } from '@/components/pickers/use-regions';
import { useAuth, useShell } from '@/components/shell/shell-context';
import { useScreenRoute } from '@/components/shell/screen-route';
import { ellipsis } from '@/lib/format';
import { ApiError, http } from '@/lib/http';
import type { SearchValues } from '@/lib/list-state';
import type { AuthMode } from '@/lib/permissions';
import { regionChildren, toRegionCode, type RegionIndex } from '@/lib/region';
import { LocationFormModal, READ_ONLY_REASON } from './location-form-modal';
import { LOCATION_EDIT_URL } from './location-form';
import { locationResource } from './location-resource';
import { canEditLocation, isFlagOn, toggleBody, toggledValue, toggleQuestion, type LocationRecord, type LocationToggle } from './location-rules';
import { PERMS } from '@/lib/permissions/codes';

type LocationRow = LocationRecord & { id: string };

/** The table's columns that name a field (the list mixin's `field` param). */
const COLUMN_NAMES = ['name', 'province', 'city', 'detailLocation', 'maxMember', 'inCharge', 'status', 'isDoubleTeacher'] as const;
const STATUS_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];

const noopSubscribe = () => () => undefined;

/** 场地管理 (location/TblLocationList): venues with region, capacity, person in charge and the two flags. */
export default function LocationListScreen() {
  return (
    <PageWrapper description="培训与授课场地：地区、详细地址、容纳人数与负责人。场地只能由其所属人、管理员或市场人员编辑、删除与启停。">
      <LocationList />
    </PageWrapper>
  );
}

function LocationList() {
  // The saved list state lives in sessionStorage: render the list on the client only.
  const client = useSyncExternalStore(noopSubscribe, () => true, () => false);
  // The shell's route of this page, not the address bar's at first render (components/shell/screen-route.tsx).
  const route = useScreenRoute(locationResource.name);
  if (!client) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return <LocationListBody route={route} />;
}

/**
 * 详细地址 is searched through the text filter input (包含 / 不等于), whose value already carries the
 * operator (`*v*`, `!v`): the list state must pass it through instead of wrapping it in `*…*` again.
 */
const LIST_DEF = { ...locationResource, fields: locationResource.fields.map((f) => (f.name === 'detailLocation' ? { ...f, search: 'eq' as const } : f)) };

function LocationListBody({ route }: { route: string }) {
  const { has, mode } = useAuth();
  const user = useShell().account?.userInfo ?? null;
  const regions = useRegionIndex();
  const page = useListPage<LocationRow>({ source: LIST_DEF, stateKey: route, columnNames: COLUMN_NAMES });
  const { exportXls, exporting } = useExport({ urls: page.urls, state: page.state, title: locationResource.title });
  const [form, setForm] = useState<{ open: boolean; record: LocationRow | null; readOnly?: boolean }>({ open: false, record: null });

  // Spec 01 §6: 新增 needs edu:location:add itself (the strict directive: a code nobody granted hides it).
  const addMode: AuthMode = has(PERMS.location.add) ? mode(PERMS.location.add) : 'hide';
  const toolbarMode = (a: ToolbarAction): AuthMode => (a === 'add' ? addMode : mode(`${locationResource.perm}:${a}`));
  const editMode = mode(PERMS.location.edit);
  const deleteMode = mode(PERMS.location.delete);
  /** Owner, isAdmin or isMarketing (spec 01 §6); the server refuses everyone else too. */
  const owns = (r: LocationRow) => canEditLocation(r, user);

  const onToolbar = (a: ToolbarAction) => {
    if (a === 'add') setForm({ open: true, record: null });
    else if (a === 'exportXls') void exportXls();
    else if (a === 'deleteBatch') page.removeBatch();
  };

  const columns = locationColumns({ page, regions: regions.data, owns, editMode, deleteMode, onEdit: (r) => setForm({ open: true, record: r }), onDetail: (r) => setForm({ open: true, record: r, readOnly: true }) });

  return (
    <ListFrame
      page={page}
      testId="list-page"
      errorTitle="场地加载失败"
      search={<LocationSearch initial={page.state.search} index={regions.data} onSearch={page.search} onReset={page.reset} />}
      toolbar={<ListToolbar actions={locationResource.actions} modeOf={toolbarMode} onAction={onToolbar} busy={{ exportXls: exporting }} />}
    >
      {/* Only rows the user may delete can be chosen for 批量删除. */}
      <ListTable<LocationRow> page={page} columns={columns} selectable={(r) => ({ disabled: !owns(r) })} testId="list-table" />
      <LocationFormModal open={form.open} record={form.record} readOnly={form.readOnly} onClose={() => setForm((f) => ({ ...f, open: false }))} onSaved={() => void page.reload()} />
    </ListFrame>
  );
}

interface ColumnDeps {
  page: ListPage<LocationRow>;
  regions: RegionIndex | undefined;
  owns: (r: LocationRow) => boolean;
  editMode: AuthMode;
  deleteMode: AuthMode;
  onEdit: (r: LocationRow) => void;
  onDetail: (r: LocationRow) => void;
}

const regionName = (index: RegionIndex | undefined, code: unknown) => {
  if (code === null || code === undefined || code === '') return '';
  return index?.byId.get(toRegionCode(String(code)))?.text ?? String(code);
};

function locationColumns({ page, regions, owns, editMode, deleteMode, onEdit, onDetail }: ColumnDeps): ColumnType<LocationRow>[] {
  const { sort } = page.state;
  const sortable = (name: string): Partial<ColumnType<LocationRow>> => ({
    sorter: true,
    sortOrder: sort?.column === name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
  });
  return [
    rowIndexColumn<LocationRow>(page.state),
    { key: 'name', dataIndex: 'name', title: '场地名称', width: 160, align: 'center', ...sortable('name'), render: (v: unknown, r) => <span data-testid={`location-name-${r.id}`}>{v == null ? '' : String(v)}</span> },
    { key: 'province', dataIndex: 'province', title: '省份', width: 110, align: 'center', ...sortable('province'), render: (v: unknown) => regionName(regions, v) },
    { key: 'city', dataIndex: 'city', title: '城市', width: 110, align: 'center', ...sortable('city'), render: (v: unknown) => regionName(regions, v) },
    { key: 'detailLocation', dataIndex: 'detailLocation', title: '详细地址', width: 200, align: 'center', render: (v: unknown, r) => <DetailCell text={v} id={r.id} /> },
    { key: 'maxMember', dataIndex: 'maxMember', title: '最多容纳人数', width: 120, align: 'center', ...sortable('maxMember') },
    { key: 'inCharge', dataIndex: 'inCharge', title: '负责人', width: 110, align: 'center', render: (_v, r) => (r.inCharge_dictText ?? r.inCharge ?? '') as string },
    {
      key: 'status',
      dataIndex: 'status',
      title: '状态',
      width: 90,
      align: 'center',
      ...sortable('status'),
      render: (_v, r) => <ToggleCell row={r} field="status" allowed={owns(r) && editMode === 'show'} onDone={page.reload} />,
    },
    {
      key: 'isDoubleTeacher',
      dataIndex: 'isDoubleTeacher',
      title: '双师',
      width: 90,
      align: 'center',
      render: (_v, r) => <ToggleCell row={r} field="isDoubleTeacher" allowed={owns(r) && editMode === 'show'} onDone={page.reload} />,
    },
    {
      key: 'action',
      title: '操作',
      width: 140,
      align: 'center',
      fixed: 'right',
      render: (_v, r) => {
        // A venue the user may not change opens read-only, saying why (not an empty 操作 cell).
        if (!owns(r)) {
          return (
            <Tooltip title={READ_ONLY_REASON}>
              <Typography.Link onClick={() => onDetail(r)} data-testid={`row-detail-${r.id}`}>
                详情
              </Typography.Link>
            </Tooltip>
          );
        }
        const links = [];
        if (editMode !== 'hide') {
          links.push(
            <Typography.Link key="edit" disabled={editMode === 'disable'} onClick={() => onEdit(r)} data-testid={`row-edit-${r.id}`}>
              编辑
            </Typography.Link>,
          );
        }
        if (deleteMode !== 'hide') {
          const link = (
            <Typography.Link key="delete" disabled={deleteMode === 'disable'} data-testid={`row-delete-${r.id}`}>
              删除
            </Typography.Link>
          );
          links.push(
            deleteMode === 'disable' ? (
              link
            ) : (
              <Popconfirm key="delete" title={CONFIRM_DELETE} okText="确定" cancelText="取消" onConfirm={() => void page.remove(r)}>
                {link}
              </Popconfirm>
            ),
          );
        }
        return <RowLinks links={links} />;
      },
    },
  ];
}

/** Spec 02 §9: the address cut to 11 characters + '...', the whole text on hover. */
function DetailCell({ text, id }: { text: unknown; id: string }) {
  const full = text === null || text === undefined ? '' : String(text);
  const shown = ellipsis(full, LOCATION_DETAIL_LENGTH);
  if (shown === full) return <span data-testid={`location-detail-${id}`}>{full}</span>;
  return (
    <Tooltip title={full}>
      <span data-testid={`location-detail-${id}`}>{shown}</span>
    </Tooltip>
  );
}

/** Failures shown as a notice or a re-login by useApiError; everything else is the server's message as a warning. */
const HANDLED_STATUSES = new Set([401, 403, 404, 504]);

/**
 * 状态 / 双师 switch (spec 02 location rules): asks first, then PUTs the row with the flag flipped. Success
 * shows the server's message and reloads; a refusal shows it as a warning and the switch stays as it was
 * (it always shows the row's stored value).
 */
function ToggleCell({ row, field, allowed, onDone }: { row: LocationRow; field: LocationToggle; allowed: boolean; onDone: () => Promise<unknown> }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const next = toggledValue(row[field]);
  const flip = async () => {
    setBusy(true);
    try {
      const r = await http.put(LOCATION_EDIT_URL, toggleBody(row, field));
      message.success(r.message || '操作成功');
      await onDone();
    } catch (e) {
      if (e instanceof ApiError && !HANDLED_STATUSES.has(e.status)) message.warning(e.message || '操作失败');
      else showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm title={toggleQuestion(field, next)} okText="确定" cancelText="取消" onConfirm={() => void flip()} disabled={!allowed || busy}>
      <Switch size="small" checked={isFlagOn(row[field])} loading={busy} disabled={!allowed} aria-label={field === 'status' ? '状态' : '双师'} data-testid={`location-${field}-${row.id}`} />
    </Popconfirm>
  );
}

interface SearchForm {
  name?: string;
  province?: string;
  city?: string;
  detailLocation?: string;
  status?: string;
}

/** 场地名称 (contains), 省份 → 城市 (the chosen province's cities), 详细地址 (contains / not equal), 状态. */
function LocationSearch({ initial, index, onSearch, onReset }: { initial: SearchValues; index: RegionIndex | undefined; onSearch: (v: SearchValues) => void; onReset: () => void }) {
  const [form] = Form.useForm<SearchForm>();
  const [start] = useState<SearchForm>(() => ({
    name: typeof initial.name === 'string' ? initial.name : undefined,
    province: typeof initial.province === 'string' ? initial.province : undefined,
    city: typeof initial.city === 'string' ? initial.city : undefined,
    detailLocation: typeof initial.detailLocation === 'string' ? initial.detailLocation : undefined,
    status: initial.status === undefined || initial.status === null ? undefined : String(initial.status),
  }));
  const province = Form.useWatch('province', form);
  const provinces = useMemo(() => (index ? index.tree.map((n) => ({ value: n.code, label: n.name })) : []), [index]);
  const cities = useMemo(() => (index && province ? regionChildren(index, province).map((n) => ({ value: n.code, label: n.name })) : []), [index, province]);
  return (
    <Form<SearchForm>
      form={form}
      name="tblLocation_search"
      layout="inline"
      initialValues={start}
      onFinish={(v) => onSearch({ name: v.name?.trim() || undefined, province: v.province, city: v.city, detailLocation: v.detailLocation || undefined, status: v.status })}
      style={{ marginBottom: 16 }}
      data-testid="list-search"
    >
      <GridRow gutter={[24, 12]} style={{ width: '100%' }}>
        <Col xl={6} lg={8} md={12} sm={24} data-testid="list-search-field-name">
          <Form.Item name="name" label="场地名称" style={{ width: '100%' }}>
            <Input allowClear placeholder="请输入场地名称" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xl={6} lg={8} md={12} sm={24} data-testid="list-search-field-province">
          <Form.Item name="province" label="省份" style={{ width: '100%' }}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="请选择省份" options={provinces} loading={!index} onChange={() => form.setFieldValue('city', undefined)} />
          </Form.Item>
        </Col>
        <Col xl={6} lg={8} md={12} sm={24} data-testid="list-search-field-city">
          <Form.Item name="city" label="城市" style={{ width: '100%' }}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="请选择城市" options={cities} disabled={!province} />
          </Form.Item>
        </Col>
        <Col xl={6} lg={8} md={12} sm={24} data-testid="list-search-field-detailLocation">
          <Form.Item name="detailLocation" label="详细地址" style={{ width: '100%' }}>
            <TextFilterInput operators={['like', 'ne']} placeholder="请输入详细地址" maxLength={200} data-testid="location-search-detail" />
          </Form.Item>
        </Col>
        <Col xl={6} lg={8} md={12} sm={24} data-testid="list-search-field-status">
          <Form.Item name="status" label="状态" style={{ width: '100%' }}>
            <Select allowClear placeholder="请选择状态" options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xl={6} lg={8} md={12} sm={24}>
          <QueryButtons
            onReset={() => {
              form.setFieldsValue({ name: undefined, province: undefined, city: undefined, detailLocation: undefined, status: undefined });
              onReset();
            }}
          />
        </Col>
      </GridRow>
    </Form>
  );
}
