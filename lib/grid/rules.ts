import type { GridColumn, GridPatternName, GridRow, GridRule } from './types';

/** What a screen says when 保存 meets cells the grid has marked invalid. */
export const FIX_CELLS_FIRST = '请先修正表格中标红的单元格';

/**
 * Cell validation (spec 02 §5). Named patterns are JeecgBoot's fieldValidType set; a rule's own
 * `message` wins, otherwise `<title>校验未通过` (JVxeTable's default wording). `${title}` in a message
 * is replaced by the column title.
 */
export const GRID_PATTERNS: Record<GridPatternName, { title: string; re: RegExp }> = {
  '*': { title: '非空', re: /^[\s\S]*\S[\s\S]*$/ },
  'n6-16': { title: '6到16位数字', re: /^\d{6,16}$/ },
  '*6-16': { title: '6到16位任意字符', re: /^[\s\S]{6,16}$/ },
  's6-18': { title: '6到18位字母', re: /^[A-Za-z]{6,18}$/ },
  url: { title: '网址', re: /^(?:https?|ftp):\/\/[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:[/?#][^\s]*)?$/ },
  e: { title: '电子邮件', re: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/ },
  m: { title: '手机号码', re: /^1[3-9]\d{9}$/ },
  p: { title: '邮政编码', re: /^[1-9]\d{5}$/ },
  s: { title: '字母', re: /^[A-Za-z]+$/ },
  n: { title: '数字', re: /^-?\d+(?:\.\d+)?$/ },
  z: { title: '整数', re: /^-?\d+$/ },
  money: { title: '金额', re: /^-?\d+(?:\.\d{1,2})?$/ },
};

export const patternMessage = (name: GridPatternName) => `${GRID_PATTERNS[name].title}校验未通过`;

export const isEmptyValue = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const fill = (message: string, col: GridColumn) => message.replace(/\$\{title\}/g, col.title);

function regexOf(pattern: GridRule['pattern']): { re: RegExp; fallback: string } | null {
  if (!pattern) return null;
  if (pattern instanceof RegExp) return { re: pattern, fallback: '${title}校验未通过' };
  if (pattern in GRID_PATTERNS) return { re: GRID_PATTERNS[pattern as GridPatternName].re, fallback: patternMessage(pattern as GridPatternName) };
  try {
    return { re: new RegExp(pattern), fallback: '${title}校验未通过' };
  } catch {
    return null;
  }
}

/** The first failing rule's message for one cell, or null. `rows` are all rows (for `unique`). */
export async function validateCell(col: GridColumn, row: GridRow, rows: GridRow[]): Promise<string | null> {
  const value = row[col.key];
  for (const rule of col.validateRules ?? []) {
    if (rule.required && isEmptyValue(value)) return fill(rule.message ?? '${title}不能为空', col);
    if (rule.unique) {
      if (isEmptyValue(value)) continue;
      const key = String(value);
      const count = rows.reduce((n, r) => (!isEmptyValue(r[col.key]) && String(r[col.key]) === key ? n + 1 : n), 0);
      if (count >= 2) return fill(rule.message ?? '${title}不能重复', col);
    }
    const rx = regexOf(rule.pattern);
    // A pattern checks a filled value; emptiness is the required rule's business (except '*').
    if (rx && (!isEmptyValue(value) || rule.pattern === '*') && !rx.re.test(isEmptyValue(value) ? '' : String(value))) return fill(rule.message ?? rx.fallback, col);
    if (rule.handler) {
      const r = await rule.handler(value, row, rows);
      if (r !== true) return fill(typeof r === 'string' && r ? r : (rule.message ?? '${title}校验未通过'), col);
    }
  }
  return null;
}

export interface CellError {
  rowId: string;
  key: string;
  message: string;
}

/** Every cell of every row, in row then column order (the first one is where the grid scrolls to). */
export async function validateRows(cols: GridColumn[], rows: GridRow[]): Promise<CellError[]> {
  const errors: CellError[] = [];
  const checked = cols.filter((c) => c.validateRules?.length);
  for (const row of rows) {
    for (const col of checked) {
      const message = await validateCell(col, row, rows);
      if (message) errors.push({ rowId: row.id, key: col.key, message });
    }
  }
  return errors;
}
