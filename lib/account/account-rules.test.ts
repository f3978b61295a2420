import { ALL_ON, bindOutcomeOf, birthdayProblem, canSignInWithout, kindOfMessage, mutedBusTypes } from './account-rules';

describe('birthdayProblem', () => {
  it.each([
    ['1990-05-06', null],
    ['2026-03-01', null],
    ['2026-03-02', '生日不能晚于今天'],
    ['1990-02-30', '请输入正确的生日（yyyy-MM-dd）'],
    ['1899-12-31', '请输入正确的生日（yyyy-MM-dd）'],
    ['1990-5-6', '请输入正确的生日（yyyy-MM-dd）'],
  ])('%s → %s', (value, expected) => expect(birthdayProblem(value, '2026-03-01')).toBe(expected));
});

describe('message kinds', () => {
  it('classifies announcements by category and system messages by bus_type; unknown ones have no kind', () => {
    expect(kindOfMessage('1', 'work_handover')).toBe('announcement');
    expect(kindOfMessage('2', 'work_handover')).toBe('task');
    expect(kindOfMessage('2', 'homework')).toBe('homework');
    expect(kindOfMessage('2', 'calendar_apply')).toBe('approval');
    expect(kindOfMessage('2', 'msg_template')).toBeNull();
    expect(kindOfMessage('2', null)).toBeNull();
  });

  it('mutes exactly the bus_types of the kinds switched off', () => {
    expect(mutedBusTypes(ALL_ON)).toEqual([]);
    expect(mutedBusTypes({ ...ALL_ON, announcement: false, homework: false })).toEqual(['homework']);
    expect(mutedBusTypes({ ...ALL_ON, task: false, approval: false })).toEqual(['task', 'lead_return', 'work_handover', 'calendar_apply']);
  });
});

describe('binding rules', () => {
  it('keeps at least one way to sign in', () => {
    expect(canSignInWithout({ hasPassword: true, phone: null, otherLinks: 0 })).toBe(true);
    expect(canSignInWithout({ hasPassword: false, phone: '13800000001', otherLinks: 0 })).toBe(true);
    expect(canSignInWithout({ hasPassword: false, phone: ' ', otherLinks: 1 })).toBe(true);
    expect(canSignInWithout({ hasPassword: false, phone: null, otherLinks: 0 })).toBe(false);
  });

  it('turns the backend answer into a fixed outcome key (unknown text never reaches the address)', () => {
    expect(bindOutcomeOf(true, 'whatever')).toBe('bound');
    expect(bindOutcomeOf(false, '该第三方账号已绑定其他用户')).toBe('taken');
    expect(bindOutcomeOf(false, '<script>')).toBe('failed');
    expect(bindOutcomeOf(false, null)).toBe('failed');
  });
});
