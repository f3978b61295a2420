import type { CgreportHead, CgreportItem, CgreportParam, CgreportParamType, CgreportSaveBody } from './wire';

/**
 * Pure rules of the online report designer (issue #25): what a report definition may hold, and how its SQL's
 * `${param}` placeholders are found. The server (server/online/report-*.ts) applies them before any SQL runs; the
 * designer screen may import them for instant messages. The SQL's own checks need the PostgreSQL parser and live in
 * server/online/report-sql.ts.
 */

/** Report codes (also the menu path's last segment and the permission codes' middle): plain identifiers. */
export const REPORT_CODE_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** An output column of the report's SELECT, as named in filters and the sort: a plain identifier. */
export const REPORT_FIELD_RE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** A `${name}` of the SQL. */
export const REPORT_PARAM_RE = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

export const REPORT_FIELD_TYPES: readonly CgreportItem['fieldType'][] = ['String', 'Integer', 'Double', 'Date', 'Datetime'];
/** A param's input: text, a date picker, a date-and-time picker (issue #39). */
export const REPORT_PARAM_TYPES: readonly CgreportParamType[] = ['String', 'Date', 'Datetime'];
/** A dictionary code as a report item or param names it: a plain code or a table dictionary `table,text,code`. */
export const REPORT_DICT_RE = /^[A-Za-z0-9_,]{1,100}$/;
/** Date params' values: yyyy-MM-dd, and for Datetime optionally HH:mm[:ss]. */
const PARAM_VALUE_RE: Record<CgreportParamType, RegExp | null> = { String: null, Date: /^\d{4}-\d{2}-\d{2}$/, Datetime: /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/ };

/** The problem of a param's value for its type (a date param given something else), or null. */
export function paramValueProblem(p: Pick<CgreportParam, 'paramName' | 'paramTxt' | 'paramType'>, value: string): string | null {
  const re = PARAM_VALUE_RE[p.paramType ?? 'String'] ?? null;
  if (!re || re.test(value)) return null;
  return `参数 ${p.paramTxt || p.paramName} 应为${p.paramType === 'Datetime' ? '日期时间（yyyy-MM-dd HH:mm:ss）' : '日期（yyyy-MM-dd）'}`;
}

export const REPORT_CHART_TYPES: readonly CgreportHead['chartType'][] = ['none', 'bar', 'line', 'pie'];

export const MAX_REPORT_SQL = 20_000;
const MAX_ITEMS = 100;
const MAX_PARAMS = 20;
const MAX_CHART_Y = 10;

/** Rows a report answers at most in one request (a page is at most 200; an export stops here). */
export const REPORT_ROW_LIMIT = 10_000;
/** Seconds a report's statement may run. */
export const REPORT_TIMEOUT_SECONDS = 5;
export const REPORT_TIMEOUT_MESSAGE = `报表执行超时（${REPORT_TIMEOUT_SECONDS} 秒），请缩小查询范围或增加条件`;

/** The SQL with its comments dropped, cut at its `${name}` placeholders (outside quotes), trailing `;` removed. */
export type SqlPart = string | { param: string };

export class ReportSqlError extends Error {}

/**
 * Splits report SQL at its `${name}` placeholders. Quotes ('…', E'…', "…", $tag$…$tag$) and comments are honoured:
 * a placeholder inside quotes is refused (it would be text, not a bound value: the designer writes
 * `'%' || ${kw} || '%'` instead), comments are dropped, and a bare `$1` is refused (the server numbers the parameters).
 */
export function splitReportSql(text: string): SqlPart[] {
  const parts: SqlPart[] = [];
  let buf = '';
  let i = 0;
  const n = text.length;
  const inQuotes = (from: number, to: number, what: string) => {
    if (text.slice(from, to).includes('${')) throw new ReportSqlError(`参数 \${…} 不能写在${what}内（参数按值绑定，不拼接进SQL），请写成 '%' || \${参数} || '%' 这样的形式`);
  };
  while (i < n) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      buf += ' ';
      continue;
    }
    if (ch === '/' && next === '*') {
      // PostgreSQL's block comments nest.
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (text[j] === '/' && text[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (text[j] === '*' && text[j + 1] === '/') {
          depth--;
          j += 2;
        } else j++;
      }
      if (depth > 0) throw new ReportSqlError('SQL 注释 /* 没有结束');
      i = j;
      buf += ' ';
      continue;
    }
    if (ch === "'" || ch === '"') {
      const escapes = ch === "'" && /[eE]/.test(text[i - 1] ?? '') && !/[A-Za-z0-9_]/.test(text[i - 2] ?? '');
      let j = i + 1;
      for (;;) {
        if (j >= n) throw new ReportSqlError(ch === "'" ? 'SQL 中的字符串引号没有结束' : 'SQL 中的双引号没有结束');
        if (escapes && text[j] === '\\') {
          j += 2;
          continue;
        }
        if (text[j] === ch) {
          if (text[j + 1] === ch) {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      inQuotes(i, j + 1, ch === "'" ? '引号' : '双引号');
      buf += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '$') {
      const param = /^\$\{\s*([^}]*?)\s*\}/.exec(text.slice(i));
      if (param) {
        if (!REPORT_PARAM_RE.test(param[1])) throw new ReportSqlError(`参数名 "${param[1].slice(0, 40)}" 不合法：只能用字母、数字和下划线，且不以数字开头`);
        if (buf) parts.push(buf);
        buf = '';
        parts.push({ param: param[1] });
        i += param[0].length;
        continue;
      }
      if (/[0-9]/.test(next ?? '') && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) throw new ReportSqlError('请用 ${参数名} 写参数，不要直接写 $1');
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        if (close < 0) throw new ReportSqlError('SQL 中的 $$ 字符串没有结束');
        inQuotes(i, close, '$$ 字符串');
        buf += text.slice(i, close + tag[0].length);
        i = close + tag[0].length;
        continue;
      }
    }
    buf += ch;
    i++;
  }
  if (buf) parts.push(buf);
  // A trailing `;` (and blanks) is not part of the statement: the report is wrapped as a subquery.
  while (parts.length && typeof parts[parts.length - 1] === 'string') {
    const last = (parts[parts.length - 1] as string).replace(/[\s;]+$/, '');
    if (last) {
      parts[parts.length - 1] = last;
      break;
    }
    parts.pop();
  }
  return parts;
}

/** The distinct `${name}`s of report SQL, in order of first use; throws ReportSqlError on a malformed placeholder. */
export const reportSqlParams = (text: string): string[] => [...new Set(splitReportSql(text).flatMap((p) => (typeof p === 'string' ? [] : [p.param])))];

const blank = (s: unknown) => typeof s !== 'string' || !s.trim();

/**
 * Every problem of a report definition as a Chinese message (empty = valid). The SQL itself is checked by the
 * server's parser; here only its placeholders, which must match the declared params one to one.
 */
export function validateReportDefinition(body: CgreportSaveBody): string[] {
  const errors: string[] = [];
  const head = body?.head;
  if (!head || typeof head !== 'object') return ['缺少报表信息'];
  if (blank(head.code)) errors.push('请填写报表编码');
  else if (!REPORT_CODE_RE.test(head.code)) errors.push('报表编码只能用字母、数字和下划线，以字母开头，最长64个字符');
  if (blank(head.name)) errors.push('请填写报表名称');
  else if (head.name.length > 100) errors.push('报表名称最长100个字符');
  if (blank(head.cgrSql)) errors.push('请填写报表SQL');
  else if (head.cgrSql.length > MAX_REPORT_SQL) errors.push(`报表SQL最长${MAX_REPORT_SQL}个字符`);

  const items: CgreportItem[] = Array.isArray(body.items) ? body.items : [];
  const params: CgreportParam[] = Array.isArray(body.params) ? body.params : [];
  if (!items.length) errors.push('请先解析SQL，生成报表字段');
  if (items.length > MAX_ITEMS) errors.push(`报表字段最多${MAX_ITEMS}个`);
  const seen = new Set<string>();
  for (const it of items) {
    const name = typeof it?.fieldName === 'string' ? it.fieldName : '';
    if (!REPORT_FIELD_RE.test(name)) {
      errors.push(`字段名 "${name.slice(0, 40)}" 不合法：请在SQL中用 as 起一个字母、数字和下划线组成的别名`);
      continue;
    }
    if (seen.has(name)) errors.push(`字段 ${name} 重复`);
    seen.add(name);
    if (blank(it.fieldTxt)) errors.push(`请填写字段 ${name} 的显示名`);
    else if (it.fieldTxt.length > 100) errors.push(`字段 ${name} 的显示名最长100个字符`);
    if (!REPORT_FIELD_TYPES.includes(it.fieldType)) errors.push(`字段 ${name} 的类型不正确`);
    if (it.isSearch && it.searchMode && !['single', 'group'].includes(it.searchMode)) errors.push(`字段 ${name} 的查询方式不正确`);
    if (it.fieldWidth != null && (!Number.isInteger(it.fieldWidth) || it.fieldWidth < 20 || it.fieldWidth > 2000)) errors.push(`字段 ${name} 的宽度应在20到2000之间`);
    if (it.dictCode != null && it.dictCode !== '' && !REPORT_DICT_RE.test(it.dictCode)) errors.push(`字段 ${name} 的字典编码不正确`);
  }

  if (params.length > MAX_PARAMS) errors.push(`报表参数最多${MAX_PARAMS}个`);
  const declared = new Set<string>();
  for (const p of params) {
    const name = typeof p?.paramName === 'string' ? p.paramName : '';
    if (!REPORT_PARAM_RE.test(name)) {
      errors.push(`参数名 "${name.slice(0, 40)}" 不合法：只能用字母、数字和下划线，且不以数字开头`);
      continue;
    }
    if (declared.has(name)) errors.push(`参数 ${name} 重复`);
    declared.add(name);
    if (blank(p.paramTxt)) errors.push(`请填写参数 ${name} 的说明`);
    if (p.paramValue != null && String(p.paramValue).length > 200) errors.push(`参数 ${name} 的默认值最长200个字符`);
    if (p.dictCode != null && p.dictCode !== '' && !REPORT_DICT_RE.test(p.dictCode)) errors.push(`参数 ${name} 的字典编码不正确`);
    if (p.paramType != null && !REPORT_PARAM_TYPES.includes(p.paramType)) errors.push(`参数 ${name} 的类型不正确`);
    else if (p.paramValue != null && p.paramValue !== '') {
      const problem = paramValueProblem({ paramName: name, paramTxt: p.paramTxt, paramType: p.paramType }, String(p.paramValue));
      if (problem) errors.push(`${problem}（默认值）`);
    }
  }
  if (!blank(head.cgrSql)) {
    try {
      const used = reportSqlParams(head.cgrSql);
      for (const u of used) if (!declared.has(u)) errors.push(`SQL 使用了参数 \${${u}}，请在参数中声明它`);
      for (const d of declared) if (!used.includes(d)) errors.push(`参数 ${d} 没有在SQL中使用`);
    } catch (e) {
      if (e instanceof ReportSqlError) errors.push(e.message);
      else throw e;
    }
  }

  const chart = head.chartType ?? 'none';
  if (!REPORT_CHART_TYPES.includes(chart)) errors.push('图表类型不正确');
  else if (chart !== 'none') {
    if (blank(head.chartX) || !seen.has(head.chartX!)) errors.push('请选择图表的X字段（报表字段之一）');
    const ys = (head.chartY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (!ys.length) errors.push('请选择图表的Y字段（报表字段之一）');
    if (ys.length > MAX_CHART_Y) errors.push(`图表的Y字段最多${MAX_CHART_Y}个`);
    for (const y of ys) if (!seen.has(y)) errors.push(`图表的Y字段 ${y.slice(0, 40)} 不是报表字段`);
  }
  return errors;
}
