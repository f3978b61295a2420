import { RE2JS } from 're2js';

/**
 * 编码校验规则 (JeecgBoot's sys_check_rule.rule_json): an ordered array of segments `{digits, pattern, message}`.
 * `digits` is a count (the next that many characters, left to right) or `*` (the whole value); `pattern` must
 * match the whole piece (Java's Pattern.matches); the first failing segment is the answer. Pure and shared by
 * the form's live test box and the server (`/sys/checkRule/checkByCode`, the save checks).
 *
 * ReDoS: patterns run on RE2 (re2js, the JavaScript port of Google's RE2), whose automaton matches in time linear
 * in the input, so a "catastrophic" pattern such as `(a+)+$` is harmless rather than refused. What RE2 cannot run
 * in linear time — backreferences, lookahead, lookbehind — does not compile and is refused on save with a clear
 * message. Patterns, segments and values are also bounded in length (CHECK_RULE_LIMITS). JavaScript and Java
 * escapes such as `\u4e00` are translated to RE2's `\x{4e00}` first.
 */

export interface CheckRuleSegment {
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckRuleFailure extends CheckRuleSegment {
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
}

export const CHECK_ALL = '*';

export const CHECK_RULE_LIMITS = { segments: 20, digits: 999, pattern: 500, message: 100, value: 1000, program: 20_000 } as const;

export const CHECK_RULE_MESSAGES = {
  empty: '请至少添加一条规则',
  tooMany: `规则最多${CHECK_RULE_LIMITS.segments}条`,
  digits: (n: number) => `第${n}条规则：位数须为 1 到 ${CHECK_RULE_LIMITS.digits} 的整数，或 *（整个值）`,
  patternRequired: (n: number) => `第${n}条规则：规则（正则表达式）不能为空`,
  patternTooLong: (n: number) => `第${n}条规则：正则表达式不能超过${CHECK_RULE_LIMITS.pattern}个字符`,
  messageRequired: (n: number) => `第${n}条规则：提示文本不能为空`,
  messageTooLong: (n: number) => `第${n}条规则：提示文本不能超过${CHECK_RULE_LIMITS.message}个字符`,
  unsupported: (n: number) => `第${n}条规则：不支持反向引用和环视（(?=…)、(?!…)、(?<=…)、\\1）：规则以线性时间的 RE2 引擎执行，以防正则拒绝服务`,
  badRegex: (n: number, why: string) => `第${n}条规则：正则表达式不正确（${why}）`,
  tooComplex: (n: number) => `第${n}条规则：正则表达式过于复杂`,
  json: '规则格式不正确',
} as const;

/** The editor's shorthands: a segment of these kinds stores a plain regex (JeecgBoot's server knows no shorthands). */
export type SegmentKind = 'digit' | 'upper' | 'lower' | 'letter' | 'alnum' | 'han' | 'regex';

const KIND_CLASS: Record<Exclude<SegmentKind, 'regex'>, string> = {
  digit: '[0-9]',
  upper: '[A-Z]',
  lower: '[a-z]',
  letter: '[a-zA-Z]',
  alnum: '[a-zA-Z0-9]',
  han: '[\\u4e00-\\u9fa5]',
};

export const SEGMENT_KIND_OPTIONS: { value: SegmentKind; label: string }[] = [
  { value: 'digit', label: '数字' },
  { value: 'upper', label: '大写字母' },
  { value: 'lower', label: '小写字母' },
  { value: 'letter', label: '字母' },
  { value: 'alnum', label: '字母或数字' },
  { value: 'han', label: '汉字' },
  { value: 'regex', label: '正则表达式' },
];

/** The regex a shorthand stores: exactly `digits` such characters, or one or more for `*`. */
export function shorthandPattern(kind: Exclude<SegmentKind, 'regex'>, digits: string): string {
  const cls = KIND_CLASS[kind];
  return digits === CHECK_ALL ? `^${cls}+$` : `^${cls}{${digits}}$`;
}

/** Which shorthand a stored segment is (so the editor shows it as such), else 'regex'. */
export function kindOf(seg: Pick<CheckRuleSegment, 'digits' | 'pattern'>): SegmentKind {
  for (const k of Object.keys(KIND_CLASS) as Exclude<SegmentKind, 'regex'>[]) if (seg.pattern === shorthandPattern(k, seg.digits)) return k;
  return 'regex';
}

const digitsOk = (d: string) => d === CHECK_ALL || (/^[1-9]\d{0,2}$/.test(d) && Number(d) <= CHECK_RULE_LIMITS.digits);

/** Compiled patterns by source (bounded: rules are few, a client may send many). */
const compiled = new Map<string, RE2JS>();

export type CompileResult = { ok: true; re: RE2JS } | { ok: false; reason: 'unsupported' | 'syntax' | 'complex'; detail: string };

/** Compiles one pattern on RE2 (Java/JS `\uXXXX` escapes translated); never throws. */
export function compileCheckPattern(pattern: string): CompileResult {
  const hit = compiled.get(pattern);
  if (hit) return { ok: true, re: hit };
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (e) {
    const detail = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : String(e);
    const unsupported = /\(\?[=!<]|\\[1-9]/.test(pattern) && /Perl syntax|escape sequence|named capture/.test(detail);
    return { ok: false, reason: unsupported ? 'unsupported' : 'syntax', detail };
  }
  if (re.programSize() > CHECK_RULE_LIMITS.program) return { ok: false, reason: 'complex', detail: 'program too large' };
  if (compiled.size >= 500) compiled.clear();
  compiled.set(pattern, re);
  return { ok: true, re };
}

/** The first problem of a rule's segments as the message to show, or null when every segment is usable. */
export function segmentsProblem(segments: readonly CheckRuleSegment[]): string | null {
  if (!segments.length) return CHECK_RULE_MESSAGES.empty;
  if (segments.length > CHECK_RULE_LIMITS.segments) return CHECK_RULE_MESSAGES.tooMany;
  for (const [i, s] of segments.entries()) {
    const n = i + 1;
    if (!digitsOk(s.digits)) return CHECK_RULE_MESSAGES.digits(n);
    if (!s.pattern) return CHECK_RULE_MESSAGES.patternRequired(n);
    if (s.pattern.length > CHECK_RULE_LIMITS.pattern) return CHECK_RULE_MESSAGES.patternTooLong(n);
    if (!s.message.trim()) return CHECK_RULE_MESSAGES.messageRequired(n);
    if (s.message.length > CHECK_RULE_LIMITS.message) return CHECK_RULE_MESSAGES.messageTooLong(n);
    const c = compileCheckPattern(s.pattern);
    if (!c.ok) return c.reason === 'unsupported' ? CHECK_RULE_MESSAGES.unsupported(n) : c.reason === 'complex' ? CHECK_RULE_MESSAGES.tooComplex(n) : CHECK_RULE_MESSAGES.badRegex(n, c.detail);
  }
  return null;
}

/** A stored or sent rule_json as segments; null when it is not an array of {digits, pattern, message} with usable digits. */
export function parseRuleJson(json: string | null | undefined): CheckRuleSegment[] | null {
  if (!json) return null;
  try {
    const arr: unknown = JSON.parse(json);
    if (!Array.isArray(arr)) return null;
    const items = arr.map((x: unknown) => {
      const o = (x && typeof x === 'object' ? x : {}) as Record<string, unknown>;
      return { digits: String(o.digits ?? '').trim(), pattern: String(o.pattern ?? ''), message: String(o.message ?? '') };
    });
    return items.every((i) => digitsOk(i.digits)) ? items : null;
  } catch {
    return null;
  }
}

/** The JSON stored for segments: only the three keys JeecgBoot reads. */
export const ruleJsonOf = (segments: readonly CheckRuleSegment[]) => JSON.stringify(segments.map(({ digits, pattern, message }) => ({ digits, pattern, message })));

/**
 * JeecgBoot's SysCheckRuleServiceImpl.checkValue: a blank value passes; each segment in order checks the whole
 * value (`*`) or its next `digits` characters (cut at the value's end; past it the piece is '' and is checked
 * too). The first failure is returned, null = passed. Throws on a pattern that does not compile (callers save
 * only rules that passed segmentsProblem; a stored foreign rule answers 编码规则配置错误).
 */
export function checkRuleValue(segments: readonly CheckRuleSegment[], value: string): CheckRuleFailure | null {
  if (!value.trim()) return null;
  let beginIndex = 0;
  for (const seg of segments) {
    let checkValue: string;
    const range: { beginIndex?: number; endIndex?: number } = {};
    if (seg.digits === CHECK_ALL) checkValue = value;
    else {
      const num = Number(seg.digits);
      const endIndex = Math.min(beginIndex + num, value.length);
      checkValue = beginIndex > endIndex ? '' : value.substring(beginIndex, endIndex);
      Object.assign(range, { beginIndex, endIndex });
      beginIndex += num;
    }
    const c = compileCheckPattern(seg.pattern);
    if (!c.ok) throw new Error(`bad pattern: ${c.detail}`);
    if (!c.re.matches(checkValue)) return { digits: seg.digits, pattern: seg.pattern, message: seg.message, ...range, checkValue, passed: false };
  }
  return null;
}

/**
 * Whether a form value goes to `/sys/checkRule/checkByCode` at all: JeecgBoot's validateCheckRule asks only with
 * both a rule code and a value; without either the field passes (the server answers 该编码不存在 for an empty code,
 * as JeecgBoot's controller does, so a form must not ask).
 */
export const needsRuleCheck = (ruleCode: string | null | undefined, value: unknown): boolean =>
  !!ruleCode?.trim() && value !== undefined && value !== null && String(value) !== '';
