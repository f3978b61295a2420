import { EDIT_CONFLICT_MESSAGE, editConflictMessage, recordVersion, refreshedValues, saveOptions, versionOf } from './row-version';

describe('row versions (issue #39)', () => {
  it('the refusal keeps its fixed text first, then who and when', () => {
    expect(editConflictMessage('赵立新', '2026-12-07 21:03')).toBe('该记录已被他人修改，请刷新后再编辑（赵立新 于 2026-12-07 21:03 修改）');
    expect(editConflictMessage(null, '2026-12-07 21:03')).toBe('该记录已被他人修改，请刷新后再编辑（于 2026-12-07 21:03 修改）');
    expect(editConflictMessage(' ', null)).toBe(EDIT_CONFLICT_MESSAGE);
  });

  it('reads the version from If-Match only (JeecgBoot\'s client sends none); a record gives its _version', () => {
    expect(versionOf(undefined)).toBeUndefined();
    expect(versionOf(null)).toBeUndefined();
    expect(versionOf('1765112580000000')).toBe('1765112580000000');
    expect(versionOf(' "1765112580000000" ')).toBe('1765112580000000');
    expect(versionOf('W/"7"')).toBe('7');
    expect(versionOf('')).toBe('');
    expect(recordVersion({ id: 'a', updateTime: '2026-12-07 21:03:00' })).toBeUndefined();
    expect(recordVersion({ id: 'a', _version: 'v1' })).toBe('v1');
    expect(saveOptions({ id: 'a', _version: 'v1' })).toEqual([{ ifMatch: 'v1' }]);
    expect(saveOptions({ id: 'a' })).toEqual([]);
  });

  it('刷新 takes the stored values except the fields the user changed', () => {
    const read = { id: 'c1', name: '数学', price: 100, totalLessons: 10, tags: ['a'] };
    const values = { id: 'c1', name: '数学', price: 100, totalLessons: 20, tags: ['a'] };
    const fresh = { id: 'c1', name: '数学（新）', price: 150, totalLessons: 10, tags: ['b'], _version: 'v2' };
    expect(refreshedValues(read, values, fresh)).toEqual({ id: 'c1', name: '数学（新）', price: 150, totalLessons: 20, tags: ['b'], _version: 'v2' });
  });
});
