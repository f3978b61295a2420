/** @jest-environment node */
import { FILL_RULE_MESSAGES, fieldPiece, fillRuleProblem, formatFillValue, parseFillPattern, periodKey, previewFill } from './fill-rule';

// 2026-03-31 23:30 UTC is already 2026-04-01 07:30 in Asia/Shanghai.
const NOW = new Date('2026-03-31T23:30:05Z');

const value = (pattern: string, seq?: number, form?: Record<string, unknown>) => {
  const p = parseFillPattern(pattern);
  if (!p.ok) throw new Error(p.message);
  return formatFillValue(p.tokens, { now: NOW, seq, form });
};

describe('parseFillPattern / formatFillValue on a fixed clock (Asia/Shanghai)', () => {
  it('formats prefix, dates and a zero-padded sequence', () => {
    expect(value('XS{yyyyMMdd}{seq:4}', 7)).toBe('XS202604010007');
    expect(value('XS{yyyy}{seq:5}', 12)).toBe('XS202600012');
    expect(value('BJ{yyMM}{seq:3}', 1)).toBe('BJ2604001');
    expect(value('{yyyy}-{MM}-{dd} {HH}:{mm}:{ss}')).toBe('2026-04-01 07:30:05');
    // A sequence past its width keeps every digit (never a duplicate).
    expect(value('N{seq:2}', 123)).toBe('N123');
  });

  it('takes whitelisted form values, stripped to letters, digits, Chinese, - and _', () => {
    expect(value('{field:campus}-{seq:3}', 5, { campus: 'BJ' })).toBe('BJ-005');
    expect(value('{field:campus}{seq:2}', 1, { campus: "a'; drop/../{x}" })).toBe('adropx01');
    expect(value('{field:missing}{seq:2}', 1, {})).toBe('01');
    expect(fieldPiece({ toString: () => 'x' })).toBe('');
    expect(fieldPiece('北京校区-01_a')).toBe('北京校区-01_a');
  });

  it.each([
    ['XS{foo}', FILL_RULE_MESSAGES.unknown('foo')],
    ['XS{yyy}', FILL_RULE_MESSAGES.unknown('yyy')],
    ['XS{date:yyyy}', FILL_RULE_MESSAGES.unknown('date:yyyy')],
    ['XS{seq}', FILL_RULE_MESSAGES.unknown('seq')],
    ['XS{seq:0}', FILL_RULE_MESSAGES.seqDigits],
    ['XS{seq:13}', FILL_RULE_MESSAGES.seqDigits],
    ['{seq:2}{seq:3}', FILL_RULE_MESSAGES.twoSeq],
    ['{field:1a}', FILL_RULE_MESSAGES.fieldName('1a')],
    ['XS{yyyy', FILL_RULE_MESSAGES.unclosed],
    ['XS}', FILL_RULE_MESSAGES.stray],
    ['', FILL_RULE_MESSAGES.empty],
    ['X'.repeat(101), FILL_RULE_MESSAGES.tooLong],
  ])('refuses %j: %s', (pattern, message) => {
    const p = parseFillPattern(pattern);
    expect(p.ok ? null : p.message).toBe(message);
  });
});

describe('reset periods', () => {
  it('derives the period key in Asia/Shanghai', () => {
    expect(periodKey('none', NOW)).toBe('-');
    expect(periodKey('yearly', NOW)).toBe('2026');
    expect(periodKey('monthly', NOW)).toBe('2026-04');
    expect(periodKey('daily', NOW)).toBe('2026-04-01');
    expect(periodKey('monthly', new Date('2026-03-31T15:59:59Z'))).toBe('2026-03');
  });

  it('needs the pattern to show the period it restarts in', () => {
    expect(fillRuleProblem('XS{yyyy}{seq:5}', 'yearly')).toBeNull();
    expect(fillRuleProblem('BJ{yyMM}{seq:3}', 'monthly')).toBeNull();
    expect(fillRuleProblem('D{yyyyMMdd}{seq:3}', 'daily')).toBeNull();
    expect(fillRuleProblem('XS{seq:5}', 'none')).toBeNull();
    expect(fillRuleProblem('XS{seq:5}', 'yearly')).toBe(FILL_RULE_MESSAGES.resetNeedsDate('yearly'));
    expect(fillRuleProblem('XS{yyyy}{seq:5}', 'monthly')).toBe(FILL_RULE_MESSAGES.resetNeedsDate('monthly'));
    expect(fillRuleProblem('XS{yyyyMM}{seq:5}', 'daily')).toBe(FILL_RULE_MESSAGES.resetNeedsDate('daily'));
    expect(fillRuleProblem('XS{yyyy}', 'yearly')).toBe(FILL_RULE_MESSAGES.resetNeedsSeq);
    expect(fillRuleProblem('XS{seq:5}', 'weekly')).toBe(FILL_RULE_MESSAGES.period);
  });

  it('previews the first number of the period, or the problem', () => {
    expect(previewFill('XS{yyyy}{seq:5}', 'yearly', NOW)).toEqual({ ok: true, value: 'XS202600001' });
    expect(previewFill('XS{nope}', 'none', NOW)).toEqual({ ok: false, message: FILL_RULE_MESSAGES.unknown('nope') });
  });
});
