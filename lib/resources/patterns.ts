/**
 * Named validation patterns of spec 02 §5 (the grid's and the form's rules). Keys are JeecgBoot's rule
 * values (`fieldValidType` of the online form: `m`, `e`, `n6-16` …) plus readable aliases. Messages
 * are JeecgBoot's code-generator texts (validatorRulesTemplate.ftl); the regexes follow the spec's
 * wording where JeecgBoot's differ (6-18 *letters*, e-mail with any TLD, money that accepts 0).
 */

export interface NamedPattern {
  /** Chinese name shown by the rule picker. */
  title: string;
  regex: RegExp;
  message: string;
}

export const NAMED_PATTERNS = {
  '*': { title: '非空', regex: /^[\s\S]+$/, message: '该项不能为空!' },
  'n6-16': { title: '6到16位数字', regex: /^\d{6,16}$/, message: '请输入6到16位数字!' },
  '*6-16': { title: '6到16位任意字符', regex: /^[\s\S]{6,16}$/, message: '请输入6到16位任意字符!' },
  's6-18': { title: '6到18位字母', regex: /^[A-Za-z]{6,18}$/, message: '请输入6到18位字母!' },
  url: {
    title: '网址',
    regex: /^((ht|f)tps?):\/\/[\w-]+(\.[\w-]+)+([\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/,
    message: '请输入正确的网址!',
  },
  e: { title: '电子邮件', regex: /^[A-Za-z0-9_.+-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/, message: '请输入正确的电子邮件!' },
  m: { title: '手机号码', regex: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码!' },
  p: { title: '邮政编码', regex: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码!' },
  s: { title: '字母', regex: /^[A-Za-z]+$/, message: '请输入字母!' },
  n: { title: '数字', regex: /^-?\d+(\.\d+)?$/, message: '请输入数字!' },
  z: { title: '整数', regex: /^-?\d+$/, message: '请输入整数!' },
  money: { title: '金额', regex: /^(0|[1-9]\d*)(\.\d{1,2})?$/, message: '请输入正确的金额!' },
} as const satisfies Record<string, NamedPattern>;

export type PatternName = keyof typeof NAMED_PATTERNS;

/** Readable names accepted in resource definitions. */
export const PATTERN_ALIASES: Readonly<Record<string, PatternName>> = {
  required: '*',
  mobile: 'm',
  phone: 'm',
  email: 'e',
  postcode: 'p',
  zip: 'p',
  letters: 's',
  alpha: 's',
  number: 'n',
  integer: 'z',
  int: 'z',
};

/** A named pattern by JeecgBoot code or alias; undefined when unknown. */
export function namedPattern(name: string): NamedPattern | undefined {
  const key = (Object.hasOwn(NAMED_PATTERNS, name) ? name : PATTERN_ALIASES[name]) as PatternName | undefined;
  return key && Object.hasOwn(NAMED_PATTERNS, key) ? NAMED_PATTERNS[key] : undefined;
}

/**
 * Resolves a field's `pattern` (a name or `{regex, message}`) to a tester. An unknown name or an
 * invalid regex is a programming error in the definition and throws.
 */
export function resolvePattern(p: string | { regex: string; message: string }): { test(v: string): boolean; message: string } {
  if (typeof p === 'string') {
    const named = namedPattern(p);
    if (!named) throw new Error(`unknown validation pattern "${p}"`);
    return { test: (v) => named.regex.test(v), message: named.message };
  }
  const re = new RegExp(p.regex);
  return { test: (v) => re.test(v), message: p.message };
}

/** Rule picker options (value + title), in the order of spec 02 §5. */
export const PATTERN_OPTIONS = (Object.keys(NAMED_PATTERNS) as PatternName[]).map((value) => ({ value, title: NAMED_PATTERNS[value].title }));
