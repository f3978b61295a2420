/**
 * 填值规则 (fill rules): declarative patterns instead of JeecgBoot's Java classes. A pattern is literal text with
 * variables in braces:
 *   {yyyy} {yy} {MM} {dd} {HH} {mm} {ss} and runs of them such as {yyyyMMdd} or {yyMM} — the time in Asia/Shanghai;
 *   {seq:N} — the rule's sequence, zero-padded to N digits (1–12; a larger number keeps all its digits);
 *   {field:name} — a value of the submitted form (name: letters, digits, _; the value keeps letters, digits,
 *                  Chinese characters, - and _ only, at most FILL_LIMITS.field characters);
 *   {category} or {category:父级ID} — the next 分类字典 code among the children of the form's `pid` (JeecgBoot's
 *                  CategoryCodeRule: the root without one; with an empty form, the given parent). The server looks it up.
 * A sequence restarts per period (none / yearly / monthly / daily); the period key comes from the same clock. The
 * pattern must show the period it restarts in, or numbers would repeat. Pure: the server (sys_fill_rule_seq takes
 * the next value atomically) and the form's preview share it; `now` is always passed in.
 */

export type ResetPeriod = 'none' | 'yearly' | 'monthly' | 'daily';

export const RESET_PERIOD_OPTIONS: { value: ResetPeriod; text: string }[] = [
  { value: 'none', text: '不重置' },
  { value: 'yearly', text: '每年' },
  { value: 'monthly', text: '每月' },
  { value: 'daily', text: '每天' },
];

export const FILL_LIMITS = { pattern: 100, seqDigits: 12, field: 32, result: 200 } as const;

export type FillToken =
  | { kind: 'text'; text: string }
  | { kind: 'date'; format: string }
  | { kind: 'seq'; digits: number }
  | { kind: 'field'; name: string }
  | { kind: 'category'; pid: string | null };

export const FILL_VARIABLES_HELP = '{yyyy} {yy} {MM} {dd} {HH} {mm} {ss}（可连写，如 {yyyyMMdd}）、{seq:位数}、{field:字段名}、{category}（分类字典编码）';

export const FILL_RULE_MESSAGES = {
  empty: '请输入规则',
  tooLong: `规则不能超过${FILL_LIMITS.pattern}个字符`,
  unclosed: '规则中的 { 没有对应的 }',
  stray: '规则中的 } 没有对应的 {',
  unknown: (v: string) => `未知的变量：{${v}}；可用的变量：${FILL_VARIABLES_HELP}`,
  seqDigits: `{seq:位数} 的位数须为 1 到 ${FILL_LIMITS.seqDigits}`,
  twoSeq: '规则中只能有一个 {seq:位数}',
  fieldName: (v: string) => `字段名不正确：{${v}}（只能包含字母、数字和下划线，以字母开头）`,
  categoryPid: (v: string) => `父级ID不正确：{${v}}（只能包含字母、数字、- 和 _）`,
  resetNeedsSeq: '按周期重置需要规则中有 {seq:位数}',
  resetNeedsDate: (p: ResetPeriod) => `${PERIOD_LABEL[p]}重置的规则须包含${PERIOD_PARTS_LABEL[p]}，否则不同周期的编号会重复`,
  period: '重置周期不正确',
} as const;

const PERIOD_LABEL: Record<ResetPeriod, string> = { none: '不', yearly: '每年', monthly: '每月', daily: '每天' };
const PERIOD_PARTS_LABEL: Record<ResetPeriod, string> = { none: '', yearly: '年份（{yyyy} 或 {yy}）', monthly: '年份和月份（如 {yyyyMM}）', daily: '年、月、日（如 {yyyyMMdd}）' };

/** Date letters and the runs each accepts. */
const DATE_RUNS = new Set(['yyyy', 'yy', 'MM', 'dd', 'HH', 'mm', 'ss']);

/** Splits a date format such as yyyyMMdd into its runs; null when a run is not one of DATE_RUNS. */
function dateRuns(format: string): string[] | null {
  const runs = format.match(/(.)\1*/g) ?? [];
  return runs.length && runs.every((r) => DATE_RUNS.has(r)) ? runs : null;
}

export type ParseResult = { ok: true; tokens: FillToken[] } | { ok: false; message: string };

/** Parses a pattern; every variable must be known. */
export function parseFillPattern(pattern: string): ParseResult {
  if (!pattern.trim()) return { ok: false, message: FILL_RULE_MESSAGES.empty };
  if (pattern.length > FILL_LIMITS.pattern) return { ok: false, message: FILL_RULE_MESSAGES.tooLong };
  const tokens: FillToken[] = [];
  let i = 0;
  let seqs = 0;
  while (i < pattern.length) {
    const open = pattern.indexOf('{', i);
    const close = pattern.indexOf('}', i);
    if (close !== -1 && (open === -1 || close < open)) return { ok: false, message: FILL_RULE_MESSAGES.stray };
    if (open === -1) {
      tokens.push({ kind: 'text', text: pattern.slice(i) });
      break;
    }
    if (open > i) tokens.push({ kind: 'text', text: pattern.slice(i, open) });
    const end = pattern.indexOf('}', open);
    if (end === -1) return { ok: false, message: FILL_RULE_MESSAGES.unclosed };
    const inner = pattern.slice(open + 1, end);
    if (inner.includes('{')) return { ok: false, message: FILL_RULE_MESSAGES.unclosed };
    const colon = inner.indexOf(':');
    const head = colon === -1 ? inner : inner.slice(0, colon);
    const arg = colon === -1 ? null : inner.slice(colon + 1);
    if (head === 'seq' && arg !== null) {
      if (!/^\d{1,2}$/.test(arg) || Number(arg) < 1 || Number(arg) > FILL_LIMITS.seqDigits) return { ok: false, message: FILL_RULE_MESSAGES.seqDigits };
      if (++seqs > 1) return { ok: false, message: FILL_RULE_MESSAGES.twoSeq };
      tokens.push({ kind: 'seq', digits: Number(arg) });
    } else if (head === 'field' && arg !== null) {
      if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(arg)) return { ok: false, message: FILL_RULE_MESSAGES.fieldName(arg) };
      tokens.push({ kind: 'field', name: arg });
    } else if (head === 'category') {
      if (arg !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(arg)) return { ok: false, message: FILL_RULE_MESSAGES.categoryPid(arg) };
      tokens.push({ kind: 'category', pid: arg });
    } else if (arg === null && dateRuns(inner)) {
      tokens.push({ kind: 'date', format: inner });
    } else return { ok: false, message: FILL_RULE_MESSAGES.unknown(inner) };
    i = end + 1;
  }
  return { ok: true, tokens };
}

export const isResetPeriod = (v: unknown): v is ResetPeriod => v === 'none' || v === 'yearly' || v === 'monthly' || v === 'daily';

/** The first problem of a rule (pattern + reset period) as its message, or null. */
export function fillRuleProblem(pattern: string, reset: unknown): string | null {
  if (!isResetPeriod(reset)) return FILL_RULE_MESSAGES.period;
  const parsed = parseFillPattern(pattern);
  if (!parsed.ok) return parsed.message;
  if (reset === 'none') return null;
  if (!parsed.tokens.some((t) => t.kind === 'seq')) return FILL_RULE_MESSAGES.resetNeedsSeq;
  const runs = new Set(parsed.tokens.flatMap((t) => (t.kind === 'date' ? (dateRuns(t.format) ?? []) : [])));
  const year = runs.has('yyyy') || runs.has('yy');
  const ok = reset === 'yearly' ? year : reset === 'monthly' ? year && runs.has('MM') : year && runs.has('MM') && runs.has('dd');
  return ok ? null : FILL_RULE_MESSAGES.resetNeedsDate(reset);
}

/** Asia/Shanghai has kept UTC+8 without daylight saving since 1991: wall-clock parts by a fixed offset. */
export function shanghaiParts(now: Date) {
  const t = new Date(now.getTime() + 8 * 3600_000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const yyyy = String(t.getUTCFullYear());
  return { yyyy, yy: yyyy.slice(-2), MM: p2(t.getUTCMonth() + 1), dd: p2(t.getUTCDate()), HH: p2(t.getUTCHours()), mm: p2(t.getUTCMinutes()), ss: p2(t.getUTCSeconds()) };
}

/** The sequence's period for `reset` at `now` (Asia/Shanghai): '-' (never resets), 2026, 2026-03 or 2026-03-05. */
export function periodKey(reset: ResetPeriod, now: Date): string {
  const p = shanghaiParts(now);
  if (reset === 'yearly') return p.yyyy;
  if (reset === 'monthly') return `${p.yyyy}-${p.MM}`;
  if (reset === 'daily') return `${p.yyyy}-${p.MM}-${p.dd}`;
  return '-';
}

export function formatDate(format: string, now: Date): string {
  const p = shanghaiParts(now);
  return (dateRuns(format) ?? []).map((r) => p[r as keyof typeof p]).join('');
}

/** A form value as a {field:…} piece: letters, digits, Chinese, - and _ only, bounded. */
export function fieldPiece(v: unknown): string {
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  return String(v)
    .replace(/[^\p{L}\p{N}_-]/gu, '')
    .slice(0, FILL_LIMITS.field);
}

export const usesSequence = (tokens: readonly FillToken[]) => tokens.some((t) => t.kind === 'seq');

/** The value of parsed tokens for a sequence number, a clock and the form's data. */
/** The {category} token of a rule, if any (its value is looked up by the server and passed as `category`). */
export const categoryToken = (tokens: readonly FillToken[]) => tokens.find((t): t is Extract<FillToken, { kind: 'category' }> => t.kind === 'category');

/**
 * The parent whose next 分类字典 code {category} stands for, as JeecgBoot's CategoryCodeRule picks it: a form with data
 * gives its `pid` (the root '0' when empty); an empty form, the token's own parent (else the root).
 */
export function categoryParent(token: { pid: string | null }, form: Record<string, unknown> | null | undefined): string {
  if (form && Object.keys(form).length) return typeof form.pid === 'string' && form.pid.trim() ? form.pid.trim().slice(0, 64) : '0';
  return token.pid ?? '0';
}

export function formatFillValue(tokens: readonly FillToken[], input: { now: Date; seq?: number; form?: Record<string, unknown> | null; category?: string }): string {
  const out = tokens
    .map((t) => {
      switch (t.kind) {
        case 'text':
          return t.text;
        case 'date':
          return formatDate(t.format, input.now);
        case 'seq':
          return String(input.seq ?? 1).padStart(t.digits, '0');
        case 'field':
          return fieldPiece(input.form?.[t.name]);
        case 'category':
          return input.category ?? '';
      }
    })
    .join('');
  return out.slice(0, FILL_LIMITS.result);
}

/** The form's preview: the value the first number of the current period would have, or the problem. */
export function previewFill(pattern: string, reset: unknown, now: Date, seq = 1): { ok: true; value: string } | { ok: false; message: string } {
  const problem = fillRuleProblem(pattern, reset);
  if (problem) return { ok: false, message: problem };
  const parsed = parseFillPattern(pattern);
  // {category}: the first code under the root, as an example.
  return parsed.ok ? { ok: true, value: formatFillValue(parsed.tokens, { now, seq, category: 'A01' }) } : parsed;
}
