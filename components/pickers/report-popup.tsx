'use client';

import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import useSWR from 'swr';
import { Alert, App, Input, Modal, Table, type FormInstance, type TableColumnsType, type TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { normalizeDictItems } from '@/lib/dict-cache';
import { dictTexts } from '@/lib/format';
import { http } from '@/lib/http';
import { MODAL_BODY_STYLE, PICKER_PAGE_SIZE, PICKER_PAGE_SIZE_OPTIONS, PICKER_PLACEHOLDER, pickerTotalText, REPORT_POPUP_WIDTH } from './picker-constants';
import { testIdButton } from './picker-parts';
import { QueryForm } from './report-popup-query';
import {
  checkPopupConfig,
  checkSelection,
  combineRowKey,
  createGroupCache,
  mapPopupFields,
  popupText,
  RP_COLUMNS_URL,
  RP_DATA_URL,
  RP_QUERY_INFO_URL,
  selfParams,
  toQueryInfo,
  type PopupRow,
} from './report-popup-data';

/** Column and query info (and, with a groupId, data pages) are shared for 30 s. */
export const popupCache = createGroupCache();

/** getRpColumns (contract §10). */
interface RpColumn {
  title?: string;
  dataIndex?: string;
  sorter?: string | boolean;
  customRender?: string;
  fieldWidth?: number | string | null;
}
interface RpConfig {
  columns: RpColumn[];
  dictOptions: Record<string, ReturnType<typeof normalizeDictItems>>;
  cgRpConfigId: string;
  cgRpConfigName: string;
}

function toRpConfig(result: unknown): RpConfig {
  const r = (result && typeof result === 'object' ? result : {}) as Record<string, unknown>;
  const dictOptions: RpConfig['dictOptions'] = {};
  if (r.dictOptions && typeof r.dictOptions === 'object') for (const [k, v] of Object.entries(r.dictOptions as Record<string, unknown>)) dictOptions[k] = normalizeDictItems(v);
  return {
    columns: Array.isArray(r.columns) ? (r.columns as RpColumn[]) : [],
    dictOptions,
    cgRpConfigId: String(r.cgRpConfigId ?? ''),
    cgRpConfigName: String(r.cgRpConfigName ?? ''),
  };
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const NO_RETRY = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

export interface ReportPopupModalProps {
  open: boolean;
  /** The online report's code. */
  code: string;
  /** Several rows may be chosen (default false). */
  multi?: boolean;
  /** Default 1200. */
  width?: number;
  /** Report params, sent as self_<name>. */
  param?: Record<string, string>;
  /** Also share identical data pages for 30 s under this group. */
  groupId?: string;
  /** The initial sort. */
  sorter?: { column: string; order: 'asc' | 'desc' };
  /** Default: the report's name. */
  title?: string;
  onOk: (rows: PopupRow[]) => void;
  onCancel: () => void;
}

/** JPopupOnlReport: an online report's rows to pick from, with its query fields, paged. */
export function ReportPopupModal(props: ReportPopupModalProps) {
  if (!props.open) return null;
  return <ReportPopupDialog {...props} />;
}

function ReportPopupDialog({ code, multi = false, width = REPORT_POPUP_WIDTH, param, groupId = '', sorter, title, onOk, onCancel }: ReportPopupModalProps) {
  const { message } = App.useApp();
  const group = (url: string) => `${groupId}${url}`;
  const configUrl = `${RP_COLUMNS_URL}${encodeURIComponent(code)}`;
  const config = useSWR(['popup-config', configUrl], () => popupCache.get(group(configUrl), () => http.get<unknown>(configUrl).then((r) => toRpConfig(r.result))), NO_RETRY);
  const configId = config.data?.cgRpConfigId;
  const infoUrl = configId ? `${RP_QUERY_INFO_URL}${encodeURIComponent(configId)}` : null;
  const info = useSWR(infoUrl ? ['popup-query-info', infoUrl] : null, () => popupCache.get(group(infoUrl!), () => http.get<unknown>(infoUrl!).then((r) => toQueryInfo(r.result))), {
    ...NO_RETRY,
    // spec 02 §8: a query info failure is a warning with the server message.
    onError: (e: unknown) => message.warning(errorText(e)),
  });

  const [query, setQuery] = useState<{ pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc'; search: Record<string, string> }>({ pageNo: 1, pageSize: PICKER_PAGE_SIZE, column: sorter?.column, order: sorter?.order, search: {} });
  const params: Record<string, string | number> = { ...selfParams(param), ...query.search, pageNo: query.pageNo, pageSize: query.pageSize, ...(query.column ? { column: query.column, order: query.order ?? 'asc' } : {}) };
  const dataUrl = configId ? `${RP_DATA_URL}${encodeURIComponent(configId)}` : null;
  // Data waits for the query fields, as the original does; a failed query info does not block it.
  const dataReady = !!dataUrl && (info.data !== undefined || info.error !== undefined);
  const data = useSWR(dataReady ? ['popup-data', dataUrl, JSON.stringify(params)] : null, () => {
    const load = () => http.get<unknown>(dataUrl!, params).then((r) => r.result as { total?: unknown; records?: unknown } | null);
    return groupId ? popupCache.get(group(`${dataUrl}${JSON.stringify(params)}`), load) : load();
  }, { ...NO_RETRY, keepPreviousData: true, onError: (e: unknown) => message.error(errorText(e)) });
  const records = useMemo(() => (Array.isArray(data.data?.records) ? (data.data.records as PopupRow[]) : []), [data.data]);
  const total = Number(data.data?.total ?? 0) || 0;

  const [selected, setSelected] = useState<Map<string, PopupRow>>(new Map());
  const choose = (r: PopupRow) => {
    const key = combineRowKey(r);
    setSelected((prev) => {
      if (!multi) return new Map([[key, r]]);
      const next = new Map(prev);
      if (next.has(key)) next.delete(key);
      else next.set(key, r);
      return next;
    });
  };

  const columns: TableColumnsType<PopupRow> = [
    { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
    ...(config.data?.columns ?? []).map((c) => ({
      title: c.title,
      dataIndex: c.dataIndex,
      key: c.dataIndex,
      align: 'center' as const,
      sorter: c.sorter === true || c.sorter === 'true',
      sortOrder: query.column && query.column === c.dataIndex ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      ...(c.fieldWidth ? { width: Number(c.fieldWidth) || undefined } : {}),
      render: c.customRender && config.data?.dictOptions[c.customRender] ? (v: unknown) => dictTexts(v, config.data!.dictOptions[c.customRender!]) : undefined,
    })),
  ];

  const onTableChange: TableProps<PopupRow>['onChange'] = (p, _f, s) => {
    const one = Array.isArray(s) ? s[0] : s;
    setQuery((q) => ({
      ...q,
      pageNo: p.pageSize !== q.pageSize ? 1 : (p.current ?? 1),
      pageSize: p.pageSize ?? q.pageSize,
      column: one?.order ? String(one.field) : sorter?.column,
      order: one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : sorter?.order,
    }));
  };

  const ok = () => {
    const rows = [...selected.values()];
    const problem = checkSelection(rows.length, multi);
    if (problem) return void message.warning(problem);
    onOk(rows);
  };

  return (
    <Modal open title={title ?? (config.data?.cgRpConfigName || '选择')} width={width} styles={{ body: MODAL_BODY_STYLE }} okText="确定" cancelText="取消" onOk={ok} onCancel={onCancel} okButtonProps={testIdButton('report-popup-ok')}>
      <div data-testid="report-popup">
        {config.error ? (
          <Alert type="error" showIcon title="Popup初始化失败，请检查你的配置或稍后重试！" description={`错误信息如下：${errorText(config.error)}`} data-testid="report-popup-error" />
        ) : null}
        {info.data?.length ? <QueryForm items={info.data} onSearch={(search) => setQuery((q) => ({ ...q, pageNo: 1, search }))} /> : null}
        <Table<PopupRow>
          rowKey={combineRowKey}
          size="middle"
          bordered
          columns={columns}
          dataSource={records}
          loading={config.isLoading || data.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={{ current: query.pageNo, pageSize: query.pageSize, total, showSizeChanger: true, showQuickJumper: true, pageSizeOptions: PICKER_PAGE_SIZE_OPTIONS, showTotal: pickerTotalText }}
          onChange={onTableChange}
          rowSelection={{
            type: multi ? 'checkbox' : 'radio',
            selectedRowKeys: [...selected.keys()],
            preserveSelectedRowKeys: true,
            onChange: (keys, rows) => {
              setSelected((prev) => {
                const next = new Map<string, PopupRow>();
                for (const k of keys) {
                  const key = String(k);
                  const row = prev.get(key) ?? rows.find((r) => r && combineRowKey(r) === key);
                  if (row) next.set(key, row);
                }
                return next;
              });
            },
          }}
          onRow={(r) => ({
            onClick: (e) => {
              if (e.target instanceof Element && e.target.closest('.ant-table-selection-column')) return;
              choose(r);
            },
          })}
          data-testid="report-popup-table"
        />
      </div>
    </Modal>
  );
}

/* ------------------------------------------------------------------ the input */

export interface ReportPopupProps {
  /** The online report's code. */
  code: string;
  /** Original (report) fields, comma-joined. */
  orgFields: string;
  /** Target (form) fields, comma-joined, one per original field. */
  destFields: string;
  /** The target field whose value the input shows (default: the first target). */
  field?: string;
  /** The shown text. */
  value?: string | null;
  /** The new shown text after a choice. */
  onChange?: (text: string) => void;
  /** Every target field's value (comma-joined over the chosen rows) and the rows. */
  onFields?: (values: Record<string, string>, rows: PopupRow[]) => void;
  /** When given, the target fields are written into this form. */
  form?: FormInstance;
  multi?: boolean;
  width?: number;
  param?: Record<string, string>;
  groupId?: string;
  sorter?: { column: string; order: 'asc' | 'desc' };
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  /** data-testid of the input (default `report-popup-input`). */
  testId?: string;
}

/** JPopup: a read-only input that opens the report popup and maps the chosen rows to form fields. */
export function ReportPopup({ code, orgFields, destFields, field, value, onChange, onFields, form, multi = false, width, param, groupId, sorter, title, placeholder = PICKER_PLACEHOLDER, disabled, id, style, testId = 'report-popup-input' }: ReportPopupProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const problem = checkPopupConfig(code, orgFields, destFields);
  useEffect(() => {
    if (problem) message.error(problem);
  }, [problem, message]);
  return (
    <>
      <Input
        id={id}
        style={style}
        readOnly
        value={value ?? ''}
        placeholder={placeholder}
        disabled={disabled}
        status={problem ? 'error' : undefined}
        suffix={<SearchOutlined />}
        onClick={() => {
          if (!disabled && !problem) setOpen(true);
        }}
        data-testid={testId}
      />
      <ReportPopupModal
        open={open}
        code={code}
        multi={multi}
        width={width}
        param={param}
        groupId={groupId}
        sorter={sorter}
        title={title}
        onCancel={() => setOpen(false)}
        onOk={(rows) => {
          setOpen(false);
          const mapped = mapPopupFields(rows, orgFields, destFields);
          form?.setFieldsValue(mapped);
          onFields?.(mapped, rows);
          onChange?.(popupText(mapped, destFields, field));
        }}
      />
    </>
  );
}
