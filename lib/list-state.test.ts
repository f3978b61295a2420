/** @jest-environment node */
import { memoryStorage } from './__tests__/helpers';
import {
  DEFAULT_PAGE_SIZE,
  encodeSearchValue,
  initListState,
  isSuperQueryActive,
  rowNumber,
  savedStateFits,
  lastPageWithRows,
  listReducer,
  loadListState,
  pageAfterDelete,
  PAGE_SIZE_OPTIONS,
  queryField,
  saveListState,
  toExportParams,
  toListParams,
  toPageData,
  type ListAction,
  type ListState,
} from './list-state';

const def = {
  defaultSort: { column: 'createTime', order: 'desc' as const },
  fields: [
    { name: 'name', search: 'like' as const, sortable: true },
    { name: 'status', search: 'eq' as const },
    { name: 'createTime', search: 'range' as const },
    { name: 'tags', search: 'in' as const },
    { name: 'remark' },
    { name: 'password', search: 'eq' as const, writeOnly: true },
  ],
};

const start = () => initListState<{ id: string }>(def);
const run = (s: ListState<{ id: string }>, ...actions: ListAction<{ id: string }>[]) => actions.reduce(listReducer, s);

describe('paging', () => {
  it('starts at page 1 with 10 rows and options 10/20/30', () => {
    const s = start();
    expect([s.pageNo, s.pageSize]).toEqual([1, 10]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect([...PAGE_SIZE_OPTIONS]).toEqual([10, 20, 30]);
  });

  it('a new search resets to page 1 and clears the selection', () => {
    const s = run(start(), { type: 'page', pageNo: 3, pageSize: 10 }, { type: 'select', keys: ['a'], rows: [{ id: 'a' }] }, { type: 'search', values: { name: 'x' } });
    expect(s.pageNo).toBe(1);
    expect(s.selectedRowKeys).toEqual([]);
    expect(s.search).toEqual({ name: 'x' });
  });

  it('reset clears the search and goes to page 1', () => {
    const s = run(start(), { type: 'search', values: { name: 'x' } }, { type: 'page', pageNo: 2, pageSize: 10 }, { type: 'reset' });
    expect(s.pageNo).toBe(1);
    expect(s.search).toEqual({});
  });

  it('a page change clears the selection; a new page size restarts at page 1', () => {
    let s = run(start(), { type: 'select', keys: [1, 2], rows: [{ id: '1' }, { id: '2' }] });
    expect(s.selectedRowKeys).toEqual(['1', '2']);
    s = run(s, { type: 'page', pageNo: 4, pageSize: 10 });
    expect(s.pageNo).toBe(4);
    expect(s.selectedRowKeys).toEqual([]);
    s = run(s, { type: 'page', pageNo: 4, pageSize: 20 });
    expect([s.pageNo, s.pageSize]).toEqual([1, 20]);
  });

  it('after deleting the last row(s) of a page it goes back one page, never below 1', () => {
    const on3 = run(start(), { type: 'page', pageNo: 3, pageSize: 10 });
    expect(run(on3, { type: 'deleted', count: 1, pageRows: 1 }).pageNo).toBe(2);
    expect(run(on3, { type: 'deleted', count: 2, pageRows: 2 }).pageNo).toBe(2);
    expect(run(on3, { type: 'deleted', count: 1, pageRows: 5 }).pageNo).toBe(3);
    expect(run(start(), { type: 'deleted', count: 1, pageRows: 1 }).pageNo).toBe(1);
    expect([pageAfterDelete(3, 1, 1), pageAfterDelete(3, 1, 2), pageAfterDelete(1, 3, 3)]).toEqual([2, 3, 1]);
  });
});

describe('sorting', () => {
  it('defaults to createTime desc, or the def default', () => {
    expect(start().sort).toEqual({ column: 'createTime', order: 'desc' });
    expect(initListState({ ...def, defaultSort: { column: 'sortNo', order: 'asc' } }).sort).toEqual({ column: 'sortNo', order: 'asc' });
  });

  it('a table sort sets column + asc/desc; clearing returns to the default', () => {
    let s = run(start(), { type: 'sort', column: 'name', order: 'ascend' });
    expect(s.sort).toEqual({ column: 'name', order: 'asc' });
    s = run(s, { type: 'sort', column: 'name', order: 'descend' });
    expect(s.sort).toEqual({ column: 'name', order: 'desc' });
    s = run(s, { type: 'sort', column: 'name', order: null });
    expect(s.sort).toEqual({ column: 'createTime', order: 'desc' });
  });
});

describe('advanced query', () => {
  it('sets the active flag with rules and clears it on null or no rules', () => {
    let s = run(start(), { type: 'page', pageNo: 2, pageSize: 10 }, { type: 'superQuery', query: { matchType: 'or', rules: [{ field: 'name', rule: 'eq', val: 'a' }] } });
    expect(isSuperQueryActive(s)).toBe(true);
    expect(s.pageNo).toBe(1);
    s = run(s, { type: 'superQuery', query: null });
    expect(isSuperQueryActive(s)).toBe(false);
    s = run(s, { type: 'superQuery', query: { matchType: 'and', rules: [] } });
    expect(isSuperQueryActive(s)).toBe(false);
  });
});

describe('wire params', () => {
  it('encodes each search mode', () => {
    expect(encodeSearchValue('name', 'like', ' 张 ')).toEqual({ name: '*张*' });
    expect(encodeSearchValue('status', 'eq', '1')).toEqual({ status: '1' });
    expect(encodeSearchValue('tags', 'in', ['a', 'b'])).toEqual({ tags: 'a,b' });
    expect(encodeSearchValue('t', 'range', ['2024-01-01', '2024-02-01'])).toEqual({ t_begin: '2024-01-01', t_end: '2024-02-01' });
    expect(encodeSearchValue('t', 'range', [null, '2024-02-01'])).toEqual({ t_end: '2024-02-01' });
    expect(encodeSearchValue('name', 'like', '')).toEqual({});
    expect(encodeSearchValue('tags', 'in', [])).toEqual({});
  });

  it('gives pageNo, pageSize, column, order, search params and the advanced query', () => {
    const s = run(
      start(),
      { type: 'search', values: { name: 'li', status: '1', createTime: ['2024-01-01', ''], tags: ['x', 'y'], remark: 'ignored' } },
      { type: 'sort', column: 'name', order: 'ascend' },
      { type: 'page', pageNo: 2, pageSize: 10 },
      { type: 'superQuery', query: { matchType: 'or', rules: [{ field: 'name', rule: 'like', val: '张' }] } },
      { type: 'page', pageNo: 2, pageSize: 10 },
    );
    const p = toListParams(s);
    expect(p).toMatchObject({
      pageNo: 2,
      pageSize: 10,
      column: 'name',
      order: 'asc',
      name: '*li*',
      status: '1',
      createTime_begin: '2024-01-01',
      tags: 'x,y',
      superQueryMatchType: 'or',
      superQueryParams: encodeURI(JSON.stringify([{ field: 'name', rule: 'like', val: '张' }])),
    });
    expect(p).not.toHaveProperty('remark');
    expect(toListParams(run(start(), { type: 'search', values: { password: 'x' } }))).not.toHaveProperty('password');
    expect(p).not.toHaveProperty('createTime_end');
  });

  it('sends no advanced-query params when inactive, and column filters comma-joined', () => {
    const s = run(start(), { type: 'filters', filters: { sex: ['1', '2'], empty: [] } });
    const p = toListParams(s);
    expect(p).not.toHaveProperty('superQueryParams');
    expect(p.sex).toBe('1,2');
    expect(p).not.toHaveProperty('empty');
  });

  it('keeps the mixin field param', () => {
    expect(queryField(['a', 'b'])).toBe('id,,a,b');
    expect(toListParams(initListState(def, null, ['name'])).field).toBe('id,,name');
  });

  it('export params drop paging and add the selected ids', () => {
    const s = run(start(), { type: 'search', values: { name: 'a' } }, { type: 'select', keys: ['1', '2'], rows: [{ id: '1' }, { id: '2' }] });
    const p = toExportParams(s);
    expect(p).not.toHaveProperty('pageNo');
    expect(p).not.toHaveProperty('pageSize');
    expect(p.selections).toBe('1,2');
    expect(p.name).toBe('*a*');
  });

  it('reads records or a bare array', () => {
    expect(toPageData({ records: [{ id: 1 }], total: 7 })).toEqual({ records: [{ id: 1 }], total: 7 });
    expect(toPageData([{ id: 1 }, { id: 2 }])).toEqual({ records: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(toPageData(null)).toEqual({ records: [], total: 0 });
  });
});

describe('a minimal source (no fields, no sort)', () => {
  const bare = initListState<{ id: string }>({ defaultSort: null });

  it('sends only the page when nothing is searched: no column, order or field', () => {
    expect(toListParams(bare)).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('sends every search value under its own name, trimmed, blanks dropped, numbers as numbers', () => {
    const s = run(bare, { type: 'search', values: { titile: ' 考试 ', sender: '', kind: 2, birthday_begin: '2001-02-03' } });
    expect(toListParams(s)).toEqual({ pageNo: 1, pageSize: 10, titile: '考试', kind: 2, birthday_begin: '2001-02-03' });
    expect(encodeSearchValue('kind', 'eq', 2)).toEqual({ kind: 2 });
  });

  it('a cleared sort returns to no sort; a page size of its own', () => {
    const s = run(initListState<{ id: string }>({ defaultSort: null, pageSize: 20 }), { type: 'sort', column: 'name', order: 'ascend' });
    expect(toListParams(s)).toMatchObject({ column: 'name', order: 'asc', pageSize: 20 });
    expect(toListParams(run(s, { type: 'sort', column: 'name', order: null }))).toEqual({ pageNo: 1, pageSize: 20 });
  });

  it('after a removal, a reload stays on the last page that still has rows', () => {
    const on3 = run(bare, { type: 'page', pageNo: 3, pageSize: 10 });
    expect(run(on3, { type: 'clamp', total: 20 }).pageNo).toBe(2);
    expect(run(on3, { type: 'clamp', total: 21 })).toBe(on3);
    expect(run(on3, { type: 'clamp', total: 0 }).pageNo).toBe(1);
    expect([lastPageWithRows(3, 10, 20), lastPageWithRows(2, 10, 35), lastPageWithRows(5, 20, 41)]).toEqual([2, 2, 3]);
  });
});

describe('saved list state', () => {
  it('round-trips pageNo, pageSize, column, order, field and search per route', () => {
    const storage = memoryStorage();
    const s = run(initListState(def, null, ['name']), { type: 'search', values: { name: 'a' } }, { type: 'page', pageNo: 1, pageSize: 20 }, { type: 'page', pageNo: 3, pageSize: 20 }, { type: 'sort', column: 'name', order: 'ascend' });
    saveListState(storage, '/edu/location', s);
    expect(Object.keys(storage.dump())).toEqual(['pro__/edu/location:liststate']);
    const saved = loadListState(storage, '/edu/location');
    expect(saved).toEqual({ pageNo: 3, pageSize: 20, column: 'name', order: 'asc', field: 'id,,name', search: { name: 'a' } });
    const restored = initListState(def, saved);
    expect([restored.pageNo, restored.pageSize, restored.sort, restored.search]).toEqual([3, 20, { column: 'name', order: 'asc' }, { name: 'a' }]);
    expect(loadListState(storage, '/other')).toBeNull();
  });

  it('ignores a saved page size outside 10/20/30 and unknown search fields', () => {
    const r = initListState(def, { pageNo: 2, pageSize: 999, column: 'name', order: 'asc', field: '', search: { nope: 'x', name: 'y' } });
    expect(r.pageSize).toBe(10);
    expect(r.search).toEqual({ name: 'y' });
  });

  // Issue #21: a page that mounted after the user had clicked on saved its state under the next page's route;
  // 课表 then replayed another list's sort on every load (请注意，将要排序的列字段不存在：createTime).
  it("drops a saved state that is another list's: other columns, or a sort this list does not offer", () => {
    const schedule = { defaultSort: { column: 'clazzStartTime', order: 'asc' as const }, fields: [{ name: 'clazzStartTime', search: 'range' as const }, { name: 'clazzName', search: 'like' as const }] };
    const columns = ['clazzStartTime', 'clazzName'];
    const foreign = { pageNo: 2, pageSize: 20, column: 'createTime', order: 'desc' as const, field: queryField(['username', 'realname']), search: { clazzName: 'x' } };
    expect(savedStateFits(schedule, foreign, columns)).toBe(false);
    const restored = initListState(schedule, foreign, columns);
    expect([restored.pageNo, restored.pageSize, restored.sort, restored.search]).toEqual([1, 10, { column: 'clazzStartTime', order: 'asc' }, {}]);
    // The same columns but a sort column the list does not have (or cannot sort by): dropped too.
    expect(savedStateFits(schedule, { ...foreign, field: queryField(columns) }, columns)).toBe(false);
    expect(savedStateFits(schedule, { ...foreign, field: queryField(columns), column: 'clazzName' }, columns)).toBe(false);
    // Its own state fits: the default sort's column, a sortable field, or no sort at all.
    expect(savedStateFits(schedule, { ...foreign, field: queryField(columns), column: 'clazzStartTime' }, columns)).toBe(true);
    expect(savedStateFits(def, { ...foreign, field: '', column: 'name' })).toBe(true);
    expect(savedStateFits(def, { ...foreign, field: '', column: '' })).toBe(true);
    // A source that names no fields cannot tell a foreign sort: it keeps what it saved (unless the columns differ).
    expect(savedStateFits({}, { ...foreign, field: '' })).toBe(true);
    expect(savedStateFits({}, foreign, columns)).toBe(false);
  });
});

describe('row numbers', () => {
  it('the # column goes on across pages', () => {
    expect(rowNumber({ pageNo: 1, pageSize: 10 }, 0)).toBe(1);
    expect(rowNumber({ pageNo: 3, pageSize: 10 }, 0)).toBe(21);
    expect(rowNumber({ pageNo: 2, pageSize: 30 }, 4)).toBe(35);
  });
});
