/** @jest-environment node */
import { CATEGORY_CODE_RULE_CLASS, classOfRule, FILL_CLASS_MESSAGES, ORDER_NUMBER_RULE_CLASS, PATTERN_RULE_CLASS, ruleFromClass } from './fill-rule-class';
import { categoryParent, FILL_RULE_MESSAGES, formatFillValue, parseFillPattern } from './fill-rule';

describe('JeecgBoot rule classes as patterns', () => {
  it('OrderNumberRule: prefix (default CN), the time to the second, a daily sequence, the form’s name', () => {
    expect(ruleFromClass(ORDER_NUMBER_RULE_CLASS, '{"prefix":"SO"}')).toEqual({ ok: true, pattern: 'SO{yyyyMMddHHmmss}{seq:2}{field:name}', reset: 'daily' });
    expect(ruleFromClass(` ${ORDER_NUMBER_RULE_CLASS} `, '')).toEqual({ ok: true, pattern: 'CN{yyyyMMddHHmmss}{seq:2}{field:name}', reset: 'daily' });
    expect(ruleFromClass(ORDER_NUMBER_RULE_CLASS, { prefix: 'X}' })).toEqual({ ok: false, message: FILL_CLASS_MESSAGES.prefix });
    expect(ruleFromClass(ORDER_NUMBER_RULE_CLASS, JSON.stringify({ prefix: 'x'.repeat(80) }))).toEqual({ ok: false, message: FILL_CLASS_MESSAGES.prefix });
  });

  it('CategoryCodeRule: {category}, under the given parent with an empty form', () => {
    expect(ruleFromClass(CATEGORY_CODE_RULE_CLASS, '{"pid":""}')).toEqual({ ok: true, pattern: '{category}', reset: 'none' });
    expect(ruleFromClass(CATEGORY_CODE_RULE_CLASS, '{"pid":"0"}')).toEqual({ ok: true, pattern: '{category}', reset: 'none' });
    expect(ruleFromClass(CATEGORY_CODE_RULE_CLASS, '{"pid":"cat_1"}')).toEqual({ ok: true, pattern: '{category:cat_1}', reset: 'none' });
    expect(ruleFromClass(CATEGORY_CODE_RULE_CLASS, '{"pid":"a}b"}')).toEqual({ ok: false, message: FILL_CLASS_MESSAGES.pid });
    const parsed = parseFillPattern('{category:cat_1}');
    expect(parsed).toEqual({ ok: true, tokens: [{ kind: 'category', pid: 'cat_1' }] });
    expect(parseFillPattern('{category:a b}')).toEqual({ ok: false, message: FILL_RULE_MESSAGES.categoryPid('a b') });
    // JeecgBoot's choice of parent: the form's pid (root when it has none), the rule's only with an empty form.
    expect(categoryParent({ pid: 'cat_1' }, {})).toBe('cat_1');
    expect(categoryParent({ pid: 'cat_1' }, null)).toBe('cat_1');
    expect(categoryParent({ pid: 'cat_1' }, { pid: 'cat_2' })).toBe('cat_2');
    expect(categoryParent({ pid: 'cat_1' }, { name: 'x' })).toBe('0');
    expect(categoryParent({ pid: null }, {})).toBe('0');
    if (parsed.ok) expect(formatFillValue(parsed.tokens, { now: new Date(), category: 'A01A02' })).toBe('A01A02');
  });

  it('pattern: any valid pattern and reset period; the pattern rules’ own messages otherwise', () => {
    expect(ruleFromClass(PATTERN_RULE_CLASS, '{"pattern":"XS{yyyy}{seq:5}","resetPeriod":"yearly"}')).toEqual({ ok: true, pattern: 'XS{yyyy}{seq:5}', reset: 'yearly' });
    expect(ruleFromClass(PATTERN_RULE_CLASS, '{"pattern":"XS{seq:5}"}')).toEqual({ ok: true, pattern: 'XS{seq:5}', reset: 'none' });
    expect(ruleFromClass(PATTERN_RULE_CLASS, '{"pattern":"XS{seq:5}","resetPeriod":"monthly"}')).toMatchObject({ ok: false });
    expect(ruleFromClass(PATTERN_RULE_CLASS, '{}')).toEqual({ ok: false, message: FILL_RULE_MESSAGES.empty });
  });

  it('refuses parameters that are not a JSON object, the self-numbered classes and unknown ones', () => {
    for (const p of ['[1]', 'abc', '1', 7]) expect(ruleFromClass(ORDER_NUMBER_RULE_CLASS, p)).toEqual({ ok: false, message: FILL_CLASS_MESSAGES.params });
    expect(ruleFromClass('org.jeecg.modules.system.rule.OrgCodeRule', '{}')).toEqual({ ok: false, message: FILL_CLASS_MESSAGES.selfNumbered('部门') });
    expect(ruleFromClass('java.lang.Runtime', '{}')).toEqual({ ok: false, message: FILL_CLASS_MESSAGES.unknown('java.lang.Runtime') });
  });

  it('classOfRule is the inverse: an order-number pattern is OrderNumberRule, anything else the class pattern', () => {
    expect(classOfRule('SO{yyyyMMddHHmmss}{seq:2}{field:name}', 'daily')).toEqual({ ruleClass: ORDER_NUMBER_RULE_CLASS, ruleParams: '{"prefix":"SO"}' });
    expect(classOfRule('SO{yyyyMMddHHmmss}{seq:2}{field:name}', 'none')).toEqual({ ruleClass: PATTERN_RULE_CLASS, ruleParams: '{"pattern":"SO{yyyyMMddHHmmss}{seq:2}{field:name}","resetPeriod":"none"}' });
    expect(classOfRule('{category:cat_1}', 'none')).toEqual({ ruleClass: CATEGORY_CODE_RULE_CLASS, ruleParams: '{"pid":"cat_1"}' });
    expect(classOfRule('{category}', 'none')).toEqual({ ruleClass: CATEGORY_CODE_RULE_CLASS, ruleParams: '{"pid":""}' });
    for (const [pattern, reset] of [['XS{yyyy}{seq:5}', 'yearly'], ['CN{yyyyMMddHHmmss}{seq:2}{field:name}', 'daily'], ['{category:c1}', 'none'], ['{category}', 'none']] as const) {
      const c = classOfRule(pattern, reset);
      expect(ruleFromClass(c.ruleClass, c.ruleParams)).toEqual({ ok: true, pattern, reset });
    }
  });
});
