/** @jest-environment node */
import { countsText, handoverInputProblem, HANDOVER_MESSAGES, isDateText, leaveBlockedMessage, parseCounts, parseScopes, totalOf, ZERO_COUNTS } from './handover-rules';

describe('handover rules', () => {
  it('names the counts that block 离职, in scope order, zero counts left out', () => {
    expect(leaveBlockedMessage({ task: 2, lead: 3, student: 5, clazz: 1, session: 12 })).toBe('该员工还有线索3条、学员5名、班级1个、未上课次12节、未完成任务2个，请先进行工作交接');
    expect(leaveBlockedMessage({ ...ZERO_COUNTS, session: 1 })).toBe('该员工还有未上课次1节，请先进行工作交接');
    expect(leaveBlockedMessage(ZERO_COUNTS)).toBeNull();
    expect(leaveBlockedMessage({})).toBeNull();
  });

  it('limits the text to the chosen scopes and totals the counts', () => {
    expect(countsText({ lead: 2, task: 1, student: 4 }, ['lead', 'task'])).toBe('线索2条、未完成任务1个');
    expect(totalOf({ lead: 2, task: 1 })).toBe(3);
  });

  it('parses scopes: known values once, in scope order; an unknown one refuses the lot', () => {
    expect(parseScopes(['task', 'lead', 'task'])).toEqual(['lead', 'task']);
    expect(parseScopes('session, clazz')).toEqual(['clazz', 'session']);
    expect(parseScopes([])).toEqual([]);
    expect(parseScopes(undefined)).toEqual([]);
    expect(parseScopes(['lead', 'salary'])).toBeNull();
  });

  it('reads stored counts, zero for anything unreadable', () => {
    expect(parseCounts('{"lead":3,"task":1}')).toEqual({ ...ZERO_COUNTS, lead: 3, task: 1 });
    expect(parseCounts('{"lead":-1,"student":"2"}')).toEqual(ZERO_COUNTS);
    expect(parseCounts('not json')).toEqual(ZERO_COUNTS);
    expect(parseCounts(null)).toEqual(ZERO_COUNTS);
  });

  it('refuses a handover to oneself and one without scopes', () => {
    expect(handoverInputProblem({ fromUser: 'u1', toUser: 'u1', scopes: ['lead'] })).toBe(HANDOVER_MESSAGES.sameUser);
    expect(handoverInputProblem({ fromUser: 'u1', toUser: 'u2', scopes: [] })).toBe(HANDOVER_MESSAGES.noScopes);
    expect(handoverInputProblem({ fromUser: 'u1', toUser: 'u2', scopes: ['task'] })).toBeNull();
  });

  it('accepts real calendar days only', () => {
    expect(isDateText('2026-11-30')).toBe(true);
    expect(isDateText('2026-02-30')).toBe(false);
    expect(isDateText('2026-1-3')).toBe(false);
    expect(isDateText(20261130)).toBe(false);
  });
});
