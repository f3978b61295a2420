'use client';

import { useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Col, Form, Input, Modal, Row as GridLayoutRow, Select, Skeleton, Table, Tabs, Typography, type ButtonProps } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { CodeEditor, type CodeEditorCommands } from '@/components/code-editor';
import { DictCodePicker } from '@/features/online/cgform/design/dict-code-picker';
import { EditableGrid, type EditableGridRef } from '@/components/grid/editable-grid';
import { FIX_CELLS_FIRST } from '@/lib/grid/rules';
import { isTempId, newRow } from '@/lib/grid/rows';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { http } from '@/lib/http';
import { REPORT_CODE_RE, validateReportDefinition } from '@/lib/online/report-rules';
import type { CgreportHead, CgreportParseResult, CgreportSaveBody } from '@/lib/online/wire';
import {
  asRows,
  axisChoices,
  CHART_TYPE_OPTIONS,
  DATA_SOURCE_API,
  FIELD_TYPE_OPTIONS,
  HEAD_API,
  ITEM_LIST_URL,
  mergeByName,
  OWN_DATABASE,
  PARAM_LIST_URL,
  PARAM_TYPE_OPTIONS,
  PARSE_SQL_URL,
  splitList,
  toItem,
  toParam,
  type ChartType,
  type Row,
} from './report-data';
import { TableBrowser } from './table-browser';

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** Preview rows are keyed by their place (any SELECT: no key column of their own). */
const PREVIEW_KEY = '__previewKey';
const maxLen = (label: string, max: number) => ({ handler: (v: unknown) => String(v ?? '').length <= max || `${label}最多${max}个字符` });

/** A 字典 cell: chosen from 数据字典 by name or code (the form designer's picker). */
function dictColumn(): GridColumn {
  return {
    key: 'dictCode',
    title: '字典',
    type: 'popup',
    width: 150,
    placeholder: '选择字典',
    renderPopup: ({ open, value, onOk, onCancel }) => (open ? <DictCodePicker open value={value} onOk={onOk} onCancel={onCancel} /> : null),
  };
}

export const ITEM_COLUMNS: GridColumn[] = [
  { key: 'fieldName', title: '字段名', type: 'input', width: 150, validateRules: [{ required: true, message: '请输入字段名' }, { unique: true, message: '字段名不能重复' }] },
  { key: 'fieldTxt', title: '显示名', type: 'input', width: 150, validateRules: [{ required: true, message: '请输入显示名' }, maxLen('显示名', 100)] },
  { key: 'fieldType', title: '类型', type: 'select', width: 110, options: FIELD_TYPE_OPTIONS, defaultValue: 'String' },
  { key: 'fieldWidth', title: '宽度', type: 'inputNumber', width: 90, props: { min: 20, max: 2000, precision: 0 } },
  { key: 'isShow', title: '显示', type: 'checkbox', width: 70, customValue: [1, 0], defaultChecked: true },
  { key: 'isOrder', title: '排序', type: 'checkbox', width: 70, customValue: [1, 0] },
  { key: 'isSearch', title: '查询', type: 'checkbox', width: 70, customValue: [1, 0] },
  {
    key: 'searchMode',
    title: '查询方式',
    type: 'select',
    width: 110,
    options: [
      { value: 'single', text: '单条件' },
      { value: 'group', text: '范围' },
    ],
  },
  dictColumn(),
];

export const PARAM_COLUMNS: GridColumn[] = [
  { key: 'paramName', title: '参数名', type: 'input', width: 160, validateRules: [{ required: true, message: '请输入参数名' }, { unique: true, message: '参数名不能重复' }] },
  { key: 'paramTxt', title: '参数说明', type: 'input', width: 200, validateRules: [maxLen('参数说明', 100)] },
  { key: 'paramValue', title: '默认值', type: 'input', width: 200, validateRules: [maxLen('默认值', 200)] },
  { key: 'paramType', title: '输入方式', type: 'select', width: 110, options: PARAM_TYPE_OPTIONS, defaultValue: 'String' },
  dictColumn(),
];

interface HeadValues {
  code: string;
  name: string;
  dbSource: string;
  cgrSql: string;
  chartType: ChartType;
  chartX?: string | null;
  chartY?: string[];
}

interface Loaded {
  head: CgreportHead | null;
  items: Row[];
  params: Row[];
}

/** Grid rows of loaded / parsed rows: a stored row keeps its id, a new one gets a temporary id. */
const toGridRows = (rows: readonly Row[], cols: GridColumn[]): GridRow[] => rows.map((r) => (typeof r.id === 'string' && r.id && !isTempId(r.id) ? ({ ...r, id: r.id } as GridRow) : newRow(cols, r)));
/** The save body's rows: the grid's temporary ids dropped. */
const stripTemp = (rows: readonly GridRow[]): Row[] => rows.map(({ id, ...rest }) => (isTempId(id) ? rest : { id, ...rest }));

export interface ReportDesignerProps {
  open: boolean;
  /** null: a new report. */
  headId: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 报表配置's designer: the head, the SQL with 解析SQL, the items and params grids, the preview and the chart. */
export function ReportDesigner({ open, headId, onClose, onSaved }: ReportDesignerProps) {
  const loaded = useSWR(open && headId ? ['cgreport-design', headId] : null, async (): Promise<Loaded> => {
    const [head, items, params] = await Promise.all([
      http.get<CgreportHead>(`${HEAD_API}/queryById`, { id: headId! }),
      http.get<unknown>(ITEM_LIST_URL, { headId: headId! }),
      http.get<unknown>(PARAM_LIST_URL, { headId: headId! }),
    ]);
    return { head: head.result, items: asRows(items.result), params: asRows(params.result) };
  }, SWR_OPTIONS);
  const body = !headId ? <DesignerBody key="new" loaded={{ head: null, items: [], params: [] }} onClose={onClose} onSaved={onSaved} /> : loaded.error ? <Alert type="error" showIcon title="报表加载失败" description={errorText(loaded.error)} /> : loaded.data ? <DesignerBody key={headId} loaded={loaded.data} onClose={onClose} onSaved={onSaved} /> : <Skeleton active />;
  if (!open) return null;
  return body;
}

function DesignerBody({ loaded, onClose, onSaved }: { loaded: Loaded; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<HeadValues>();
  const head = loaded.head;
  const itemsRef = useRef<EditableGridRef>(null);
  const paramsRef = useRef<EditableGridRef>(null);
  const [itemRows, setItemRows] = useState<GridRow[]>(() => toGridRows(loaded.items, ITEM_COLUMNS));
  const [paramRows, setParamRows] = useState<GridRow[]>(() => toGridRows(loaded.params, PARAM_COLUMNS));
  const [fields, setFields] = useState(() => axisChoices(loaded.items));
  const editorRef = useRef<CodeEditorCommands | null>(null);
  const [preview, setPreview] = useState<Row[] | null>(null);
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const [parsing, setParsing] = useState(false);
  const [saving, setSaving] = useState(false);
  const chartType = Form.useWatch('chartType', form) ?? head?.chartType ?? 'none';
  const dbSource = Form.useWatch('dbSource', form) ?? head?.dbSource ?? '';

  const sources = useSWR([DATA_SOURCE_API, 'options'], async () => asRows((await http.get<unknown>(`${DATA_SOURCE_API}/list`, { pageNo: 1, pageSize: 200 })).result), SWR_OPTIONS);
  const sourceOptions = useMemo(() => {
    const opts = [{ value: '', label: OWN_DATABASE }, ...(sources.data ?? []).map((s) => ({ value: String(s.code), label: `${String(s.name)}（${String(s.code)}）` }))];
    // A stored source the list does not show (no permission to list data sources) stays selectable.
    if (head?.dbSource && !opts.some((o) => o.value === head.dbSource)) opts.push({ value: head.dbSource, label: head.dbSource });
    return opts;
  }, [sources.data, head]);

  const initial: HeadValues = {
    code: head?.code ?? '',
    name: head?.name ?? '',
    dbSource: head?.dbSource ?? '',
    cgrSql: head?.cgrSql ?? '',
    chartType: head?.chartType ?? 'none',
    chartX: head?.chartX ?? null,
    chartY: splitList(head?.chartY),
  };

  const currentParams = () => (paramsRef.current?.getValues() ?? paramRows).map((r, i) => toParam(r, i));

  const parse = async () => {
    const sql = String(form.getFieldValue('cgrSql') ?? '').trim();
    if (!sql) {
      setProblem({ title: '请先输入SQL', text: '报表SQL不能为空' });
      return;
    }
    const params = Object.fromEntries(currentParams().filter((p) => p.paramName).map((p) => [p.paramName, p.paramValue ?? '']));
    setParsing(true);
    try {
      const r = await http.post<CgreportParseResult>(PARSE_SQL_URL, { sql, dbSource: form.getFieldValue('dbSource') || null, params });
      const items = mergeByName(r.result.items.map((it, i) => toItem(it as unknown as Row, i) as unknown as Row), (itemsRef.current?.getValues() ?? itemRows) as Row[], 'fieldName');
      const prm = mergeByName(r.result.params.map((p, i) => toParam(p as unknown as Row, i) as unknown as Row), (paramsRef.current?.getValues() ?? paramRows) as Row[], 'paramName');
      setItemRows(toGridRows(items, ITEM_COLUMNS));
      setParamRows(toGridRows(prm, PARAM_COLUMNS));
      setFields(axisChoices(items));
      setPreview(Array.isArray(r.result.preview) ? r.result.preview : []);
      setProblem(null);
      message.success(`解析成功：${items.length} 个字段，${prm.length} 个参数`);
    } catch (e) {
      // The server names what it refuses (a table, a function, a second statement …): shown as it says it.
      setProblem({ title: 'SQL解析失败', text: errorText(e) });
      setPreview(null);
    } finally {
      setParsing(false);
    }
  };

  const save = async () => {
    let v: HeadValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const [a, b] = await Promise.all([itemsRef.current?.validate(), paramsRef.current?.validate()]);
    if ((a && !a.ok) || (b && !b.ok)) {
      message.warning(FIX_CELLS_FIRST);
      return;
    }
    const items = stripTemp(itemsRef.current?.getValues() ?? itemRows).map(toItem);
    const params = stripTemp(paramsRef.current?.getValues() ?? paramRows).map(toParam);
    const chart = v.chartType ?? 'none';
    const body: CgreportSaveBody = {
      head: {
        ...(head ? { id: head.id } : {}),
        code: v.code.trim(),
        name: v.name.trim(),
        cgrSql: v.cgrSql.trim(),
        dbSource: v.dbSource || null,
        chartType: chart,
        chartX: chart === 'none' ? null : (v.chartX ?? null),
        chartY: chart === 'none' ? null : (v.chartY ?? []).join(',') || null,
      },
      items,
      params,
    };
    // The rules the server applies too (lib/online/report-rules.ts), shown before anything is sent.
    const errors = validateReportDefinition(body);
    if (errors.length) {
      setProblem({ title: '请修正以下问题', text: errors.join('；') });
      return;
    }
    setSaving(true);
    try {
      const r = head ? await http.put(`${HEAD_API}/edit`, body) : await http.post(`${HEAD_API}/add`, body);
      message.success(r.message || '保存成功！');
      onSaved();
    } catch (e) {
      setProblem({ title: '保存失败', text: errorText(e) });
    } finally {
      setSaving(false);
    }
  };

  const previewColumns = useMemo(() => Object.keys(preview?.[0] ?? {}).map((k) => ({ key: k, dataIndex: k, title: k, render: (x: unknown) => (x === null || x === undefined ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x)) })), [preview]);
  const previewRows = useMemo(() => (preview ?? []).map((r, i) => ({ ...r, [PREVIEW_KEY]: i })), [preview]);
  // The axis choices by their 显示名, the field name beside it (issue #39).
  const fieldOptions = fields.map((f) => ({
    value: f.value,
    search: `${f.text} ${f.value}`,
    label: (
      <span>
        {f.text}
        {f.text !== f.value ? <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>{f.value}</Typography.Text> : null}
      </span>
    ),
  }));
  /** A name from the table browser at the editor's cursor (appended while the editor is still loading). */
  const insertName = (text: string) => {
    if (editorRef.current) editorRef.current.insert(text);
    else form.setFieldValue('cgrSql', `${String(form.getFieldValue('cgrSql') ?? '')}${text}`);
  };

  return (
    <Modal
      open
      title={head ? `编辑报表：${head.name}` : '新增报表'}
      width={1200}
      onCancel={onClose}
      onOk={() => void save()}
      okText="保存"
      confirmLoading={saving}
      okButtonProps={testId('cgreport-save')}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="cgreport-form">
        <GridLayoutRow gutter={16}>
          <Col span={8}>
            <Form.Item
              name="code"
              label="报表编码"
              extra="字母开头，字母、数字或下划线；菜单路径 /online/cgreport/编码"
              rules={[
                { required: true, whitespace: true, message: '请输入报表编码' },
                { pattern: REPORT_CODE_RE, message: '报表编码只能用字母、数字和下划线，以字母开头，最长64个字符' },
              ]}
            >
              <Input disabled={Boolean(head)} data-testid="cgreport-code" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="name" label="报表名称" rules={[{ required: true, whitespace: true, message: '请输入报表名称' }, { max: 100, message: '报表名称最多100个字符' }]}>
              <Input data-testid="cgreport-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="dbSource" label="数据源">
              <Select options={sourceOptions} data-testid="cgreport-dbsource" />
            </Form.Item>
          </Col>
        </GridLayoutRow>
        <GridLayoutRow gutter={16}>
          <Col span={16}>
            <Form.Item
              name="cgrSql"
              label="报表SQL"
              extra="只允许一条 SELECT 查询；参数写作 ${参数名}（作为绑定参数传入，不会拼接进SQL）"
              rules={[{ required: true, whitespace: true, message: '请输入报表SQL' }]}
            >
              <CodeEditor language="sql" height={240} data-testid="cgreport-sql" commandsRef={editorRef} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="可查询的表和字段（点击插入）">
              <TableBrowser onInsert={insertName} external={Boolean(dbSource)} height={210} />
            </Form.Item>
          </Col>
        </GridLayoutRow>
        <Button icon={<ThunderboltOutlined />} loading={parsing} onClick={() => void parse()} data-testid="cgreport-parse" style={{ marginBottom: 12 }}>
          解析SQL
        </Button>
        {problem ? <Alert type="error" showIcon title={problem.title} description={<span data-testid="cgreport-sql-error">{problem.text}</span>} style={{ marginBottom: 12 }} /> : null}
        {preview ? (
          <div style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">预览（最多 10 行）</Typography.Text>
            <Table size="small" bordered rowKey={PREVIEW_KEY} columns={previewColumns} dataSource={previewRows} pagination={false} scroll={{ x: 'max-content' }} data-testid="cgreport-preview" />
          </div>
        ) : null}
        <Tabs
          items={[
            {
              key: 'items',
              label: '报表字段',
              forceRender: true,
              children: <EditableGrid ref={itemsRef} columns={ITEM_COLUMNS} dataSource={itemRows} dragSort dragSortKey="orderNum" maxHeight={320} onValuesChange={(rows) => setFields(axisChoices(rows))} testId="cgreport-items-grid" />,
            },
            {
              key: 'params',
              label: '报表参数',
              forceRender: true,
              children: <EditableGrid ref={paramsRef} columns={PARAM_COLUMNS} dataSource={paramRows} dragSortKey="orderNum" maxHeight={240} testId="cgreport-params-grid" />,
            },
          ]}
        />
        <GridLayoutRow gutter={16}>
          <Col span={6}>
            <Form.Item name="chartType" label="图表">
              <Select options={CHART_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} data-testid="cgreport-chart-type" />
            </Form.Item>
          </Col>
          {chartType !== 'none' ? (
            <>
              <Col span={8}>
                <Form.Item name="chartX" label={chartType === 'pie' ? '分类字段' : 'X 字段'} rules={[{ required: true, message: '请选择X字段' }]}>
                  <Select options={fieldOptions} showSearch={{ optionFilterProp: 'search' }} data-testid="cgreport-chart-x" />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="chartY" label={chartType === 'pie' ? '数值字段（取第一个）' : 'Y 字段'} rules={[{ required: true, type: 'array', min: 1, message: '请选择Y字段' }]}>
                  <Select mode="multiple" options={fieldOptions} showSearch={{ optionFilterProp: 'search' }} data-testid="cgreport-chart-y" />
                </Form.Item>
              </Col>
            </>
          ) : null}
        </GridLayoutRow>
      </Form>
    </Modal>
  );
}
