/** @jest-environment node */
import { attended, checkIsOpen, checkOpensAt, DEDUCT_RANGE_MESSAGE, deductHours, isValidDeduct, makeupStatusAfterCheck } from './deduction';
import type { ArrivalStatus, MakeupStatus, MemberType } from './types';

const rules = (leaveCharge: boolean, absentCharge: boolean) => ({ leaveCharge, absentCharge });

describe('deductHours', () => {
  it.each<[string, ArrivalStatus, boolean, boolean, number | null | undefined, number]>([
    ['到课 deducts', 1, false, false, undefined, 2],
    ['迟到 deducts', 2, false, false, undefined, 2],
    ['请假 without leaveCharge', 3, false, true, undefined, 0],
    ['请假 with leaveCharge', 3, true, false, undefined, 2],
    ['缺席 without absentCharge', 4, true, false, undefined, 0],
    ['缺席 with absentCharge', 4, false, true, undefined, 2],
    ['待签 never', 0, true, true, undefined, 0],
    ['null override follows the rules', 1, false, false, null, 2],
    ['override lowers 到课', 1, false, false, 1.5, 1.5],
    ['override zero', 2, true, true, 0, 0],
    ['override charges an uncharged 请假', 3, false, false, 1, 1],
    ['override at the top of the range', 4, false, false, 24, 24],
  ])('%s', (_name, arrivalStatus, leave, absent, override, expected) => {
    expect(deductHours({ arrivalStatus, classRules: rules(leave, absent), lessonHours: 2, override })).toBe(expected);
  });

  it.each([-0.5, 24.5, 1.25, 0.3, Number.NaN, Number.POSITIVE_INFINITY])('refuses override %p', (override) => {
    expect(isValidDeduct(override)).toBe(false);
    expect(() => deductHours({ arrivalStatus: 1, classRules: rules(false, true), lessonHours: 2, override })).toThrow(DEDUCT_RANGE_MESSAGE);
  });
});

describe('makeupStatusAfterCheck', () => {
  it.each<[ArrivalStatus, MemberType, MakeupStatus]>([
    [1, 0, 0],
    [2, 0, 0],
    [3, 0, 1],
    [4, 0, 1],
    [4, 1, 1],
    [3, 3, 0],
    [4, 3, 0],
    [1, 3, 0],
  ])('arrival %p member %p → %p', (arrival, member, expected) => {
    expect(makeupStatusAfterCheck(arrival, member)).toBe(expected);
  });

  it('defaults to a 正式 row', () => expect(makeupStatusAfterCheck(4)).toBe(1));

  it('counts 到课 and 迟到 as attended', () => expect([0, 1, 2, 3, 4].map((s) => attended(s as ArrivalStatus))).toEqual([false, true, true, false, false]));
});

describe('when 点名 opens (issue #21: said up front)', () => {
  it('opens 30 minutes before the start, not a millisecond earlier', () => {
    const start = new Date('2026-11-23T02:00:00Z');
    expect(checkOpensAt(start).toISOString()).toBe('2026-11-23T01:30:00.000Z');
    expect(checkIsOpen(start, new Date('2026-11-23T01:29:59.999Z'))).toBe(false);
    expect(checkIsOpen(start, new Date('2026-11-23T01:30:00Z'))).toBe(true);
    expect(checkIsOpen(start, new Date('2026-11-24T00:00:00Z'))).toBe(true);
  });
});
