/**
 * The advanced query (spec 02 query builder; contract §7 `superQueryParams` + `superQueryMatchType`),
 * typed, with the wire encoding both sides share. The server re-checks every field against the
 * resource definition; this module only guarantees the shape and a closed set of rules.
 */

export const SUPER_QUERY_RULES = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'like', 'left_like', 'right_like'] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];
export type MatchType = 'and' | 'or';

export interface SuperQueryCondition {
  /** camelCase field name of the resource. */
  field: string;
  rule: SuperQueryRule;
  /** Always a string on the wire; `in` values are comma-joined. */
  val: string;
  /** The builder's field type (date, datetime, int …); informational, the server uses its own definition. */
  type?: string;
  dbType?: string;
}

export interface SuperQuery {
  matchType: MatchType;
  rules: SuperQueryCondition[];
}

export const MAX_SUPER_QUERY_RULES = 50;
export const MAX_SUPER_QUERY_LENGTH = 20_000;
export const MAX_SUPER_QUERY_VALUE = 2_000;

export const SUPER_QUERY_FORMAT_ERROR = '高级查询条件格式不正确';

/** Symbols and names of contract §7, case-insensitive; `ext` / `USE_SQL_RULES` and the rest are refused. */
const RULE_ALIASES: Readonly<Record<string, SuperQueryRule>> = {
  eq: 'eq',
  '=': 'eq',
  ne: 'ne',
  '!=': 'ne',
  gt: 'gt',
  '>': 'gt',
  ge: 'ge',
  '>=': 'ge',
  lt: 'lt',
  '<': 'lt',
  le: 'le',
  '<=': 'le',
  in: 'in',
  like: 'like',
  left_like: 'left_like',
  right_like: 'right_like',
};

/** The canonical rule for a symbol or name, or null when it is not one of the ten allowed. */
export function normaliseRule(raw: unknown): SuperQueryRule | null {
  if (typeof raw !== 'string') return null;
  const key = raw.trim().toLowerCase();
  return Object.hasOwn(RULE_ALIASES, key) ? RULE_ALIASES[key] : null;
}

/** `or` (any case) is or; anything else, including nothing, is and (JeecgBoot's default). */
export const parseMatchType = (raw: unknown): MatchType => (typeof raw === 'string' && raw.trim().toLowerCase() === 'or' ? 'or' : 'and');

/** The Vue way: `encodeURI(JSON.stringify(rules))`; the HTTP client then URL-encodes the parameter once more. */
export function encodeSuperQuery(rules: SuperQueryCondition[]): string {
  return encodeURI(JSON.stringify(rules.map(({ field, rule, val, type, dbType }) => ({ field, rule, val, ...(type ? { type } : {}), ...(dbType ? { dbType } : {}) }))));
}

/** Wire params for a list request; empty when there is nothing to ask. */
export function toSuperQueryParams(q: SuperQuery | null | undefined): { superQueryParams?: string; superQueryMatchType?: MatchType } {
  if (!q || !q.rules.length) return {};
  return { superQueryParams: encodeSuperQuery(q.rules), superQueryMatchType: q.matchType };
}

export type SuperQueryParse = { ok: true; query: SuperQuery | null } | { ok: false; error: string };

const FIELD_RE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const TYPE_RE = /^[A-Za-z_][A-Za-z0-9_-]{0,31}$/;

/** Undoes the client's encodeURI (once or twice); a string that is already JSON is left alone. */
function decodeLayers(raw: string): string | null {
  let s = raw.trim();
  for (let i = 0; i < 3 && !/^[[{]/.test(s); i++) {
    if (!/%[0-9A-Fa-f]{2}/.test(s)) break;
    try {
      s = decodeURIComponent(s).trim();
    } catch {
      return null;
    }
  }
  return s;
}

function toVal(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  // The builder emits multi-select values as arrays; they are comma-joined (spec 02 §5).
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x)))) return v.join(',');
  return null;
}

/**
 * Parses `superQueryParams` as the server receives it (URL-decoded once by the framework, so still
 * `encodeURI`-encoded; a plain JSON string or a doubly encoded one is accepted too). Rules with an
 * empty value are dropped, as JeecgBoot does; no rules at all gives `query: null`.
 */
export function parseSuperQuery(raw: string | null | undefined, matchType?: string | null): SuperQueryParse {
  if (raw == null || !raw.trim()) return { ok: true, query: null };
  if (raw.length > MAX_SUPER_QUERY_LENGTH * 3) return { ok: false, error: '高级查询条件过长' };
  const text = decodeLayers(raw);
  if (text === null) return { ok: false, error: SUPER_QUERY_FORMAT_ERROR };
  if (text.length > MAX_SUPER_QUERY_LENGTH) return { ok: false, error: '高级查询条件过长' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: SUPER_QUERY_FORMAT_ERROR };
  }
  if (!Array.isArray(parsed)) return { ok: false, error: SUPER_QUERY_FORMAT_ERROR };
  if (parsed.length > MAX_SUPER_QUERY_RULES) return { ok: false, error: `高级查询条件不能超过${MAX_SUPER_QUERY_RULES}个` };
  const rules: SuperQueryCondition[] = [];
  for (const item of parsed) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return { ok: false, error: SUPER_QUERY_FORMAT_ERROR };
    const r = item as Record<string, unknown>;
    if (typeof r.field !== 'string' || !FIELD_RE.test(r.field)) return { ok: false, error: SUPER_QUERY_FORMAT_ERROR };
    const rule = normaliseRule(r.rule);
    if (!rule) return { ok: false, error: `不支持的查询规则：${String(r.rule).slice(0, 30)}` };
    const val = r.val == null ? '' : toVal(r.val);
    if (val === null) return { ok: false, error: SUPER_QUERY_FORMAT_ERROR };
    if (val.length > MAX_SUPER_QUERY_VALUE) return { ok: false, error: '高级查询条件过长' };
    for (const k of ['type', 'dbType'] as const) {
      if (r[k] != null && r[k] !== '' && (typeof r[k] !== 'string' || !TYPE_RE.test(r[k]))) return { ok: false, error: SUPER_QUERY_FORMAT_ERROR };
    }
    if (val.trim() === '') continue;
    rules.push({
      field: r.field,
      rule,
      val,
      ...(typeof r.type === 'string' && r.type ? { type: r.type } : {}),
      ...(typeof r.dbType === 'string' && r.dbType ? { dbType: r.dbType } : {}),
    });
  }
  return { ok: true, query: rules.length ? { matchType: parseMatchType(matchType), rules } : null };
}
