/** @jest-environment node */
import { CHECK_RULE_MESSAGES, checkRuleValue, compileCheckPattern, kindOf, needsRuleCheck, parseRuleJson, ruleJsonOf, segmentsProblem, shorthandPattern, type CheckRuleSegment } from './check-rule';

const seg = (digits: string, pattern: string, message = 'm'): CheckRuleSegment => ({ digits, pattern, message });

describe('checkRuleValue (JeecgBoot checkValue)', () => {
  const rules = [seg('2', '^[A-Z]{2}$', '前两位'), seg('4', '^\\d{4}$', '数字'), seg('*', '^.{6}$', '6位')];

  it('passes a good value and a blank one', () => {
    expect(checkRuleValue(rules, 'BJ0001')).toBeNull();
    expect(checkRuleValue(rules, '  ')).toBeNull();
  });

  it('reports the first failing segment with its range and piece', () => {
    expect(checkRuleValue(rules, 'bj0001')).toEqual({ digits: '2', pattern: '^[A-Z]{2}$', message: '前两位', beginIndex: 0, endIndex: 2, checkValue: 'bj', passed: false });
    expect(checkRuleValue(rules, 'BJ00x1')).toMatchObject({ message: '数字', beginIndex: 2, endIndex: 6, checkValue: '00x1' });
    expect(checkRuleValue(rules, 'BJ00011')).toMatchObject({ message: '6位', checkValue: 'BJ00011' });
  });

  it('checks the empty piece past the value like JeecgBoot (not yet typed that far)', () => {
    expect(checkRuleValue([seg('2', '^[A-Z]*$'), seg('3', '^\\d{3}$', '三位数字')], 'A')).toMatchObject({ message: '三位数字', beginIndex: 2, endIndex: 1, checkValue: '' });
  });

  it('translates \\u escapes (Java and JavaScript spell Chinese ranges so)', () => {
    expect(checkRuleValue([seg('*', '^[\\u4e00-\\u9fa5]+$', '只能是汉字')], '中文')).toBeNull();
    expect(checkRuleValue([seg('*', '^[\\u4e00-\\u9fa5]+$', '只能是汉字')], '中a')).toMatchObject({ message: '只能是汉字' });
  });

  it('runs a catastrophic pattern in linear time (RE2): (a+)+$ on 1,000 characters answers at once', () => {
    // A backtracking engine takes 2^n steps here and would not return within the test's timeout.
    expect(checkRuleValue([seg('*', '^(a+)+$', '只能是a')], `${'a'.repeat(999)}!`)).toMatchObject({ message: '只能是a' });
    expect(checkRuleValue([seg('*', '(x+x+)+y', 'no')], 'x'.repeat(1000))).toMatchObject({ message: 'no' });
  });
});

describe('segmentsProblem (refused on save with a clear message)', () => {
  it('accepts good segments', () => {
    expect(segmentsProblem([seg('1', '^[a-zA-Z]$'), seg('*', '^[0-9a-zA-Z_]*$')])).toBeNull();
  });

  it.each([
    [[], CHECK_RULE_MESSAGES.empty],
    [[seg('0', 'a')], CHECK_RULE_MESSAGES.digits(1)],
    [[seg('x', 'a')], CHECK_RULE_MESSAGES.digits(1)],
    [[seg('1', '')], CHECK_RULE_MESSAGES.patternRequired(1)],
    [[seg('1', 'a', ' ')], CHECK_RULE_MESSAGES.messageRequired(1)],
    [[seg('1', 'a'), seg('*', 'a'.repeat(501))], CHECK_RULE_MESSAGES.patternTooLong(2)],
    [Array.from({ length: 21 }, () => seg('1', 'a')), CHECK_RULE_MESSAGES.tooMany],
  ])('%j → %s', (segments, message) => {
    expect(segmentsProblem(segments)).toBe(message);
  });

  it('refuses a regex that does not compile, naming the segment', () => {
    expect(segmentsProblem([seg('1', 'a'), seg('2', '[a-')])).toMatch(/^第2条规则：正则表达式不正确（/);
    expect(segmentsProblem([seg('*', '(')])).toMatch(/^第1条规则：正则表达式不正确/);
  });

  it('refuses backtracking-only syntax (backreferences, lookaround) that RE2 cannot bound', () => {
    for (const p of ['(a)\\1', '(?=a)a', '(?!a)b', '(?<=a)b']) expect(segmentsProblem([seg('*', p)])).toBe(CHECK_RULE_MESSAGES.unsupported(1));
  });

  it('refuses an over-large repetition', () => {
    expect(segmentsProblem([seg('*', '((a{100}){100}){100}')])).toMatch(/^第1条规则：正则表达式不正确/);
    expect(compileCheckPattern('a{2,5}').ok).toBe(true);
  });
});

describe('rule_json and the editor shorthands', () => {
  it('parses JeecgBoot rule_json and refuses other shapes', () => {
    expect(parseRuleJson('[{"digits":"2","pattern":"^[A-Z]{2}$","message":"x"}]')).toEqual([seg('2', '^[A-Z]{2}$', 'x')]);
    expect(parseRuleJson('{"digits":"*"}')).toBeNull();
    expect(parseRuleJson('[{"digits":"x","pattern":".","message":"m"}]')).toBeNull();
    expect(parseRuleJson('not json')).toBeNull();
    expect(parseRuleJson(null)).toBeNull();
    expect(JSON.parse(ruleJsonOf([{ ...seg('1', 'a'), extra: 1 } as CheckRuleSegment]))).toEqual([seg('1', 'a')]);
  });

  it('stores shorthands as plain regexes and recognises them again', () => {
    expect(shorthandPattern('digit', '4')).toBe('^[0-9]{4}$');
    expect(shorthandPattern('upper', '*')).toBe('^[A-Z]+$');
    expect(kindOf(seg('4', '^[0-9]{4}$'))).toBe('digit');
    expect(kindOf(seg('*', '^[a-zA-Z]+$'))).toBe('letter');
    expect(kindOf(seg('4', '^\\d{4}$'))).toBe('regex');
    expect(checkRuleValue([seg('2', shorthandPattern('han', '2'), '汉字')], '中国')).toBeNull();
  });
});

describe('needsRuleCheck (JeecgBoot’s validateCheckRule gate)', () => {
  it('asks the server only with both a rule code and a value', () => {
    expect(needsRuleCheck('stu_card', 'AB12')).toBe(true);
    expect(needsRuleCheck('stu_card', 0)).toBe(true);
    for (const [code, value] of [['', 'AB12'], ['  ', 'AB12'], [null, 'AB12'], [undefined, 'AB12'], ['stu_card', ''], ['stu_card', null], ['stu_card', undefined]] as const) {
      expect(needsRuleCheck(code, value)).toBe(false);
    }
  });
});
