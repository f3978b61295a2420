'use client';

import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, DatePicker, Flex, Form, Input, Segmented, Skeleton, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { DictSelect } from '@/components/data/dict/dict-select';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { SearchActions } from '@/components/data/list/query-buttons';
import { useExport } from '@/components/data/list/use-export';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { toQueryInfo, toQueryParams, type QueryInfoItem, type QueryValue } from '@/components/pickers/report-popup-data';
import { queryEditor } from '@/components/pickers/report-popup-query';
import { useAuth } from '@/components/shell/shell-context';
import { DATE_FORMAT, DATETIME_FORMAT, dictTexts } from '@/lib/format';
import { http } from '@/lib/http';
import { rowNumber } from '@/lib/list-state';
import { PERMS, onlineReportCodes } from '@/lib/permissions/codes';
import type { CgreportParam } from '@/lib/online/wire';
import { chartRows, dataUrl, exportUrl, paramsInfoUrl, queryInfoUrl, rpColumnsUrl, selfParamValues, toParams, toRpConfig, type Row } from './report-data';
import { LazyDataChart } from '@/components/charts/lazy-data-chart';

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;
/** Records carry no row key of their own (a report is any SELECT): the table keys rows by their place. */
const ROW_KEY = '__rowKey';
const SOURCE: ListSource = { rowKey: ROW_KEY, defaultSort: null };

type View = 'both' | 'table' | 'chart';
type FormValue = string | Dayjs | null | undefined | [Dayjs | null, Dayjs | null] | [string?, string?];
const PARAM_PREFIX = 'param__';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * An online report (contract §10): its query fields and `${…}` params, the rows paged and sorted on the server,
 * 导出 with the same filters, and its chart (drawn from the rows of the current page). Used by the report's own
 * menu page and by 预览 in 报表配置.
 */
export function ReportView({ code, bare }: { code: string; bare?: boolean }) {
  const showError = useApiError();
  const { has } = useAuth();
  const config = useSWR(code ? ['cgreport-columns', code] : null, async () => toRpConfig((await http.get<unknown>(rpColumnsUrl(code))).result, code), SWR_OPTIONS);
  const id = config.data?.id;
  const info = useSWR(id ? ['cgreport-query-info', id] : null, async () => toQueryInfo((await http.get<unknown>(queryInfoUrl(id!))).result), { ...SWR_OPTIONS, onError: showError });
  const params = useSWR(id ? ['cgreport-params', id] : null, async () => toParams((await http.get<unknown>(paramsInfoUrl(id!))).result), { ...SWR_OPTIONS, onError: showError });

  const urls = useMemo(() => (id ? { list: dataUrl(id), exportXlsUrl: exportUrl(id) } : {}), [id]);
  // Rows wait for the params (their defaults shape the first answer); a server without getParamsInfo still shows rows.
  const paramsSettled = params.data !== undefined || params.error !== undefined;
  const infoSettled = info.data !== undefined || info.error !== undefined;
  const page = useListPage<Row>({ source: SOURCE, urls, enabled: Boolean(id) && paramsSettled });
  const { exportXls, exporting } = useExport({ urls: page.urls, state: page.state, title: config.data?.name });
  const [view, setView] = useState<View>('both');

  const offset = (page.state.pageNo - 1) * page.state.pageSize;
  const keyed = useMemo(() => page.records.map((r, i) => ({ ...r, [ROW_KEY]: String(offset + i) })), [page.records, offset]);
  const titles = useMemo(() => Object.fromEntries((config.data?.columns ?? []).map((c) => [c.dataIndex, c.title])), [config.data]);
  const chart = config.data?.chart ?? null;
  const chartData = useMemo(() => (chart ? chartRows(page.records, chart) : null), [chart, page.records]);

  if (config.error) return <Alert type="error" showIcon title="报表加载失败" description={errorText(config.error)} data-testid="report-load-error" />;
  if (!config.data) return <Skeleton active />;
  const cfg = config.data;

  const sort = page.state.sort;
  const columns: TableColumnsType<Row> = [
    { key: 'rowIndex', title: '#', width: 60, align: 'center', render: (_v, _r, i) => rowNumber(page.state, i) },
    ...cfg.columns.map((c) => ({
      key: c.dataIndex,
      dataIndex: c.dataIndex,
      title: c.title,
      align: 'center' as const,
      width: c.width,
      sorter: c.sorter,
      sortOrder: c.sorter && sort?.column === c.dataIndex ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (v: unknown, r: Row) => {
        if (!c.dict) return v === null || v === undefined ? '' : String(v);
        const text = r[`${c.dataIndex}_dictText`];
        return typeof text === 'string' ? text : dictTexts(v, cfg.dictOptions[c.dict] ?? []);
      },
    })),
  ];

  const codes = onlineReportCodes(code);
  const canExport = has(codes.exportXls) || has(PERMS.cgreport.list);
  const showChart = Boolean(chart && chartData) && view !== 'table';
  const showTable = view !== 'chart' || !chart;

  return (
    <ListFrame
      page={page}
      bare={bare}
      title={cfg.name}
      testId="report-view"
      errorTitle={`${cfg.name}加载失败`}
      selection={false}
      search={infoSettled && paramsSettled ? <ReportQueryForm key={id} items={info.data ?? []} params={params.data ?? []} onSearch={page.search} onReset={page.reset} /> : null}
      toolbar={
        <Flex gap={8} style={{ marginBottom: 12 }} align="center">
          {canExport ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXls()} data-testid="report-export">
              导出
            </Button>
          ) : null}
          {chart ? (
            <Segmented<View>
              value={view}
              onChange={setView}
              options={[
                { value: 'both', label: '图表和表格' },
                { value: 'table', label: '表格' },
                { value: 'chart', label: '图表' },
              ]}
              data-testid="report-view-switch"
            />
          ) : null}
        </Flex>
      }
    >
      {showChart && chart && chartData ? (
        <div data-testid="report-chart" data-chart-type={chart.type} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            {cfg.name}：{chartData.y.map((f) => titles[f] ?? f).join('、')}（按{titles[chart.x] ?? chart.x}，当前页 {page.records.length} 行）
          </Typography.Text>
          <LazyDataChart type={chart.type} rows={chartData.rows} x={chart.x} y={chartData.y} labels={titles} height={320} />
        </div>
      ) : null}
      {showTable ? <ListTable<Row> page={{ ...page, records: keyed }} selectable={false} columns={columns} testId="report-table" /> : null}
    </ListFrame>
  );
}

/**
 * The report's query form: its params first (inputs starting at their defaults, sent as `self_<name>`), then its
 * query fields (`<field>` or `<field>_begin` / `<field>_end`). 重置 returns to the defaults.
 */
function ReportQueryForm({ items, params, onSearch, onReset }: { items: QueryInfoItem[]; params: CgreportParam[]; onSearch: (values: Record<string, string>) => void; onReset: () => void }) {
  const [form] = Form.useForm<Record<string, FormValue>>();
  const defaults = useMemo(() => Object.fromEntries(params.map((p) => [`${PARAM_PREFIX}${p.paramName}`, paramInitial(p)])), [params]);
  useEffect(() => form.setFieldsValue(defaults), [form, defaults]);
  if (!items.length && !params.length) return null;

  const submit = (values: Record<string, FormValue>) => {
    const plain: Record<string, QueryValue> = {};
    for (const q of items) {
      const v = values[q.field];
      const fmt = q.view === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
      const text = (x: unknown) => (dayjs.isDayjs(x) ? x.format(fmt) : x === null || x === undefined ? undefined : String(x));
      plain[q.field] = Array.isArray(v) ? ([text(v[0]), text(v[1])] as const) : text(v);
    }
    const own = Object.fromEntries(
      params.map((p) => {
        const v = values[`${PARAM_PREFIX}${p.paramName}`];
        return [p.paramName, dayjs.isDayjs(v) ? v.format(p.paramType === 'Datetime' ? DATETIME_FORMAT : DATE_FORMAT) : v];
      }),
    );
    onSearch({ ...toQueryParams(items, plain), ...selfParamValues(own) });
  };

  return (
    <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={submit} initialValues={defaults} data-testid="report-query">
      {params.map((p) => (
        <Form.Item key={p.paramName} name={`${PARAM_PREFIX}${p.paramName}`} label={p.paramTxt}>
          {paramEditor(p)}
        </Form.Item>
      ))}
      {items.map((q) => (
        <Form.Item key={q.field} name={q.field} label={q.label}>
          {queryEditor(q, `report-query-${q.field}`)}
        </Form.Item>
      ))}
      <SearchActions
        testIdPrefix="report"
        onReset={() => {
          form.resetFields();
          form.setFieldsValue(defaults);
          onReset();
        }}
      />
    </Form>
  );
}

/** A param's start value: a date param's default as a date, a pick list's as its value (none: the placeholder), text as given. */
function paramInitial(p: CgreportParam): FormValue {
  if (p.dictCode) return p.paramValue ?? undefined;
  if (p.paramType !== 'Date' && p.paramType !== 'Datetime') return p.paramValue ?? '';
  const d = p.paramValue ? dayjs(p.paramValue) : null;
  return d?.isValid() ? d : null;
}

/** A param's input (issue #39): a dictionary's pick list, a date picker, or text. */
function paramEditor(p: CgreportParam) {
  const testId = `report-param-${p.paramName}`;
  if (p.dictCode) return <DictSelect dictCode={p.dictCode} allowClear style={{ width: 160 }} placeholder={`请选择${p.paramTxt}`} />;
  if (p.paramType === 'Date' || p.paramType === 'Datetime') return <DatePicker showTime={p.paramType === 'Datetime'} data-testid={testId} />;
  return <Input allowClear style={{ width: 140 }} placeholder={p.paramValue ?? ''} data-testid={testId} />;
}
