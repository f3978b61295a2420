import { fillRuleProblem, FILL_LIMITS, isResetPeriod, type ResetPeriod } from './fill-rule';

/**
 * JeecgBoot's 填值规则 name a Java class (`ruleClass`) and its JSON parameters (`ruleParams`); ours are declarative
 * patterns (./fill-rule.ts). Its stock client's modal sends the class: the classes we know are aliases of a pattern,
 * and every stored rule is answered as a class again, so the stock list shows one and its edit sends it back.
 *   - `org.jeecg.modules.system.rule.OrderNumberRule` {prefix (default CN)}: JeecgBoot's order number — prefix, the
 *     time to the second, two digits (random there; here a sequence restarting daily), then the form's `name`;
 *   - `org.jeecg.modules.system.rule.CategoryCodeRule` {pid}: the next 分类字典 code under the form's pid (with an
 *     empty form under `pid`), the pattern {category} / {category:pid};
 *   - `pattern` {pattern, resetPeriod}: any of our patterns, as the stock modal can type it.
 * JeecgBoot's OrgCodeRule (a code and a type, for its own depart service) is refused: 部门 number their codes on save.
 * Pure: the server's fill-rule hooks and tests share it.
 */

export const ORDER_NUMBER_RULE_CLASS = 'org.jeecg.modules.system.rule.OrderNumberRule';
export const CATEGORY_CODE_RULE_CLASS = 'org.jeecg.modules.system.rule.CategoryCodeRule';
export const PATTERN_RULE_CLASS = 'pattern';
const SELF_NUMBERED: Record<string, string> = {
  'org.jeecg.modules.system.rule.OrgCodeRule': '部门',
};
const CATEGORY_PATTERN = /^\{category(?::([A-Za-z0-9_-]{1,32}))?\}$/;
const ORDER_SUFFIX = '{yyyyMMddHHmmss}{seq:2}{field:name}';
const ORDER_DEFAULT_PREFIX = 'CN';

export const FILL_CLASS_MESSAGES = {
  params: '规则参数须为JSON对象',
  unknown: (cls: string) =>
    `不支持的规则实现类：${cls}；可用：${ORDER_NUMBER_RULE_CLASS}（参数 {"prefix":"CN"}）、${CATEGORY_CODE_RULE_CLASS}（参数 {"pid":""}）或 ${PATTERN_RULE_CLASS}（参数 {"pattern":"XS{yyyy}{seq:5}","resetPeriod":"yearly"}）`,
  pid: '分类父级ID只能包含字母、数字、- 和 _',
  selfNumbered: (what: string) => `${what}的编码在保存时自动生成，无需填值规则`,
  prefix: `订单号前缀不能包含 { 或 }，且不超过${FILL_LIMITS.pattern - ORDER_SUFFIX.length}个字符`,
} as const;

export type ClassRule = { ok: true; pattern: string; reset: ResetPeriod } | { ok: false; message: string };

function paramsObject(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) return {};
  if (typeof raw === 'object') return Array.isArray(raw) ? null : (raw as Record<string, unknown>);
  if (typeof raw !== 'string') return null;
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The pattern and reset period of a JeecgBoot rule class with its parameters, or why it cannot be one. */
export function ruleFromClass(ruleClass: string, ruleParams: unknown): ClassRule {
  const cls = ruleClass.trim();
  const params = paramsObject(ruleParams);
  if (!params) return { ok: false, message: FILL_CLASS_MESSAGES.params };
  if (Object.hasOwn(SELF_NUMBERED, cls)) return { ok: false, message: FILL_CLASS_MESSAGES.selfNumbered(SELF_NUMBERED[cls]) };
  if (cls === ORDER_NUMBER_RULE_CLASS) {
    const prefix = params.prefix === undefined || params.prefix === null ? ORDER_DEFAULT_PREFIX : String(params.prefix);
    if (/[{}]/.test(prefix) || prefix.length + ORDER_SUFFIX.length > FILL_LIMITS.pattern) return { ok: false, message: FILL_CLASS_MESSAGES.prefix };
    return { ok: true, pattern: `${prefix}${ORDER_SUFFIX}`, reset: 'daily' };
  }
  if (cls === CATEGORY_CODE_RULE_CLASS) {
    const pid = params.pid === undefined || params.pid === null ? '' : String(params.pid).trim();
    if (!/^[A-Za-z0-9_-]{0,32}$/.test(pid)) return { ok: false, message: FILL_CLASS_MESSAGES.pid };
    return { ok: true, pattern: pid && pid !== '0' ? `{category:${pid}}` : '{category}', reset: 'none' };
  }
  if (cls === PATTERN_RULE_CLASS) {
    const pattern = typeof params.pattern === 'string' ? params.pattern : '';
    const reset = params.resetPeriod === undefined ? 'none' : params.resetPeriod;
    const problem = fillRuleProblem(pattern, reset);
    if (problem) return { ok: false, message: problem };
    return { ok: true, pattern, reset: reset as ResetPeriod };
  }
  return { ok: false, message: FILL_CLASS_MESSAGES.unknown(cls.slice(0, 100)) };
}

/** A stored rule as JeecgBoot's class and JSON parameters (the inverse of ruleFromClass). */
export function classOfRule(pattern: string, reset: unknown): { ruleClass: string; ruleParams: string } {
  if (reset === 'daily' && pattern.endsWith(ORDER_SUFFIX)) {
    const prefix = pattern.slice(0, -ORDER_SUFFIX.length);
    if (!/[{}]/.test(prefix)) return { ruleClass: ORDER_NUMBER_RULE_CLASS, ruleParams: JSON.stringify({ prefix }) };
  }
  const category = reset === 'none' ? CATEGORY_PATTERN.exec(pattern) : null;
  if (category) return { ruleClass: CATEGORY_CODE_RULE_CLASS, ruleParams: JSON.stringify({ pid: category[1] ?? '' }) };
  return { ruleClass: PATTERN_RULE_CLASS, ruleParams: JSON.stringify({ pattern, resetPeriod: isResetPeriod(reset) ? reset : 'none' }) };
}
