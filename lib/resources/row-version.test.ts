import { EDIT_CONFLICT_MESSAGE, editConflictMessage, refreshedValues, versionOf } from './row-version';

describe('row versions (issue #39)', () => {
  it('the refusal keeps its fixed text first, then who and when', () => {
    expect(editConflictMessage('赵立新', '2026-12-07 21:03')).toBe('该记录已被他人修改，请刷新后再编辑（赵立新 于 2026-12-07 21:03 修改）');
    expect(editConflictMessage(null, '2026-12-07 21:03')).toBe('该记录已被他人修改，请刷新后再编辑（于 2026-12-07 21:03 修改）');
    expect(editConflictMessage(' ', null)).toBe(EDIT_CONFLICT_MESSAGE);
  });

  it('reads _version only: absent (JeecgBoot\'s client, updateTime included) is undefined', () => {
    expect(versionOf({ id: 'a', updateTime: '2026-12-07 21:03:00' })).toBeUndefined();
    expect(versionOf({ _version: '1765112580000000' })).toBe('1765112580000000');
    expect(versionOf({ _version: 12 })).toBe('12');
    expect(versionOf({ _version: '' })).toBe('');
    expect(versionOf({ _version: { a: 1 } })).toBeUndefined();
  });

  it('刷新 takes the stored values except the fields the user changed', () => {
    const read = { id: 'c1', name: '数学', price: 100, totalLessons: 10, tags: ['a'] };
    const values = { id: 'c1', name: '数学', price: 100, totalLessons: 20, tags: ['a'] };
    const fresh = { id: 'c1', name: '数学（新）', price: 150, totalLessons: 10, tags: ['b'], _version: 'v2' };
    expect(refreshedValues(read, values, fresh)).toEqual({ id: 'c1', name: '数学（新）', price: 150, totalLessons: 20, tags: ['b'], _version: 'v2' });
  });
});
