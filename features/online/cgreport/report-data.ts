/**
 * The report screens' endpoints and the pure shaping of their answers (issue #25; contract §10). Answers are
 * read tolerantly: a JeecgBoot server sends the same envelopes without our extras (`chart`).
 */
import type { CgreportItem, CgreportParam, CgreportParamType } from '@/lib/online/wire';
import { REPORT_PARAM_TYPES } from '@/lib/online/report-rules';
import { normalizeDictItems, type DictOption } from '@/lib/dict-cache';

import { CHART_TYPE_OPTIONS, HEAD_API, type ChartType } from './cgreport-head-resource';

export { CHART_TYPE_OPTIONS, HEAD_API, type ChartType };
export const ITEM_LIST_URL = '/online/cgreport/item/listByHeadId';
export const PARAM_LIST_URL = '/online/cgreport/param/listByHeadId';
export const PARSE_SQL_URL = `${HEAD_API}/parseSql`;
/** The designer's table and column browser (issue #39): `keyword`, `pageNo`, `pageSize`. */
export const TABLES_URL = `${HEAD_API}/tables`;
export const addMenuUrl = (headId: string) => `${HEAD_API}/addMenu/${encodeURIComponent(headId)}`;

const API = '/online/cgreport/api';
export const rpColumnsUrl = (code: string) => `${API}/getRpColumns/${encodeURIComponent(code)}`;
export const queryInfoUrl = (code: string) => `${API}/getQueryInfo/${encodeURIComponent(code)}`;
export const paramsInfoUrl = (code: string) => `${API}/getParamsInfo/${encodeURIComponent(code)}`;
export const dataUrl = (code: string) => `${API}/getData/${encodeURIComponent(code)}`;
export const exportUrl = (code: string) => `${API}/exportXls/${encodeURIComponent(code)}`;
export const TEST_CONNECTION_URL = `${API}/testConnection`;

export const DATA_SOURCE_API = '/sys/dataSource';
/** The report's own database (dbSource null). */
export const OWN_DATABASE = '本系统数据库';

export const chartTypeText = (t: unknown) => CHART_TYPE_OPTIONS.find((o) => o.value === t)?.text ?? '无';

export const FIELD_TYPE_OPTIONS: { value: CgreportItem['fieldType']; text: string }[] = [
  { value: 'String', text: '文本' },
  { value: 'Integer', text: '整数' },
  { value: 'Double', text: '小数' },
  { value: 'Date', text: '日期' },
  { value: 'Datetime', text: '日期时间' },
];

/** A param's query-form input (issue #39). */
export const PARAM_TYPE_OPTIONS: { value: CgreportParamType; text: string }[] = [
  { value: 'String', text: '文本' },
  { value: 'Date', text: '日期' },
  { value: 'Datetime', text: '日期时间' },
];

export type Row = Record<string, unknown>;
const obj = (v: unknown): Row => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {});
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const flag = (v: unknown): 0 | 1 => (v === 1 || v === '1' || v === true ? 1 : 0);

/** An array answer, or a page's records (the designer's list endpoints may answer either). */
export function asRows(result: unknown): Row[] {
  if (Array.isArray(result)) return result.map(obj);
  const r = obj(result);
  return Array.isArray(r.records) ? r.records.map(obj) : [];
}

/** A chart as getRpColumns describes it; null when the report has none. */
export interface ReportChartSpec {
  type: Exclude<ChartType, 'none'>;
  x: string;
  y: string[];
}

/** `a,b` or ['a','b'] → ['a','b']. */
export const splitList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(str) : str(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean);

export function toChartSpec(raw: unknown): ReportChartSpec | null {
  const c = obj(raw);
  const type = c.type ?? c.chartType;
  const x = str(c.x ?? c.chartX).trim();
  const y = splitList(c.y ?? c.chartY);
  if ((type !== 'bar' && type !== 'line' && type !== 'pie') || !x || !y.length) return null;
  return { type, x, y };
}

export interface RpColumn {
  title: string;
  dataIndex: string;
  sorter: boolean;
  width?: number;
  /** The dictOptions key of a dictionary column. */
  dict?: string;
}

export interface RpConfig {
  columns: RpColumn[];
  dictOptions: Record<string, DictOption[]>;
  /** The code getQueryInfo / getData / exportXls take. */
  id: string;
  name: string;
  chart: ReportChartSpec | null;
}

/** getRpColumns' answer. */
export function toRpConfig(result: unknown, code: string): RpConfig {
  const r = obj(result);
  const dictOptions: RpConfig['dictOptions'] = {};
  for (const [k, v] of Object.entries(obj(r.dictOptions))) dictOptions[k] = normalizeDictItems(v);
  const columns = (Array.isArray(r.columns) ? r.columns.map(obj) : [])
    .filter((c) => typeof c.dataIndex === 'string' && c.dataIndex)
    .map((c): RpColumn => {
      const width = Number(c.fieldWidth ?? c.width);
      const dict = typeof c.customRender === 'string' && dictOptions[c.customRender] ? c.customRender : undefined;
      return { title: str(c.title ?? c.dataIndex), dataIndex: String(c.dataIndex), sorter: c.sorter === true || c.sorter === 'true', ...(width > 0 ? { width } : {}), ...(dict ? { dict } : {}) };
    });
  return { columns, dictOptions, id: str(r.cgRpConfigId) || code, name: str(r.cgRpConfigName) || code, chart: toChartSpec(r.chart) };
}

const paramTypeOf = (v: unknown): CgreportParamType => REPORT_PARAM_TYPES.find((t) => t === v) ?? 'String';

/** getParamsInfo's answer: the report's `${…}` params with their defaults. */
export function toParams(result: unknown): CgreportParam[] {
  return asRows(result)
    .filter((p) => typeof p.paramName === 'string' && p.paramName)
    .map((p, i) => ({
      paramName: String(p.paramName),
      paramTxt: str(p.paramTxt) || String(p.paramName),
      paramValue: p.paramValue === null || p.paramValue === undefined ? null : String(p.paramValue),
      orderNum: Number(p.orderNum) || i + 1,
      dictCode: str(p.dictCode).trim() || null,
      paramType: paramTypeOf(p.paramType),
    }));
}

/** Params as getData / exportXls take them: `self_<name>`, empty values left out (the server then uses the default). */
export function selfParamValues(values: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    const s = str(v).trim();
    if (s) out[`self_${k}`] = s;
  }
  return out;
}

/**
 * The rows a report's chart is drawn from (components/charts/data-chart.tsx): the x field shows its dictionary text when
 * there is one, a pie draws only the first y field.
 */
export function chartRows(rows: readonly Row[], spec: ReportChartSpec): { rows: Row[]; y: string[] } {
  return {
    rows: rows.map((r) => ({ ...r, [spec.x]: str(r[`${spec.x}_dictText`] ?? r[spec.x]) })),
    y: spec.type === 'pie' ? spec.y.slice(0, 1) : [...spec.y],
  };
}

/** A loaded or parsed item with every key the save body needs. */
export function toItem(raw: Row, i: number): CgreportItem {
  const type = FIELD_TYPE_OPTIONS.some((o) => o.value === raw.fieldType) ? (raw.fieldType as CgreportItem['fieldType']) : 'String';
  const width = Number(raw.fieldWidth);
  return {
    ...(typeof raw.id === 'string' && raw.id ? { id: raw.id } : {}),
    fieldName: str(raw.fieldName).trim(),
    fieldTxt: str(raw.fieldTxt).trim() || str(raw.fieldName).trim(),
    fieldWidth: width > 0 ? Math.round(width) : null,
    fieldType: type,
    isShow: raw.isShow === undefined ? 1 : flag(raw.isShow),
    isOrder: flag(raw.isOrder),
    isSearch: flag(raw.isSearch),
    searchMode: raw.searchMode === 'group' ? 'group' : raw.searchMode === 'single' ? 'single' : null,
    dictCode: str(raw.dictCode).trim() || null,
    orderNum: i + 1,
  };
}

export function toParam(raw: Row, i: number): CgreportParam {
  return {
    ...(typeof raw.id === 'string' && raw.id ? { id: raw.id } : {}),
    paramName: str(raw.paramName).trim(),
    paramTxt: str(raw.paramTxt).trim() || str(raw.paramName).trim(),
    paramValue: str(raw.paramValue) === '' ? null : str(raw.paramValue),
    orderNum: i + 1,
    dictCode: str(raw.dictCode).trim() || null,
    paramType: paramTypeOf(raw.paramType),
  };
}

/** The chart's axis choices (issue #39): each report field by its 显示名, its name beside it. */
export function axisChoices(items: readonly Row[]): { value: string; text: string }[] {
  return items
    .map((r) => ({ value: str(r.fieldName).trim(), text: str(r.fieldTxt).trim() }))
    .filter((f) => f.value)
    .map((f) => ({ value: f.value, text: f.text || f.value }));
}

/**
 * After 解析SQL: the parsed list in the SQL's order, each keeping what the designer already set for the same
 * name (titles, widths, flags, ids) — a re-parse after a small SQL edit does not lose the settings.
 */
export function mergeByName<T extends Row>(parsed: readonly T[], current: readonly Row[], key: string): T[] {
  const byName = new Map(current.map((r) => [str(r[key]), r]));
  return parsed.map((p) => {
    const old = byName.get(str(p[key]));
    return old ? ({ ...p, ...old, [key]: p[key] } as T) : p;
  });
}
