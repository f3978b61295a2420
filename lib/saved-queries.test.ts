/** @jest-environment jsdom */
import type { FieldDef } from './resources/types';
import {
  addRow,
  builderFromQuery,
  checkSave,
  checkSaveName,
  DELETE_CONFIRM,
  EMPTY_QUERY,
  EMPTY_SAVE,
  EMPTY_SAVE_NAME,
  findByTitle,
  initialBuilder,
  isOfflineStatus,
  MAX_SAVE_NAME,
  mergeSaved,
  overwriteConfirm,
  pendingOf,
  readSavedQueries,
  removeRow,
  removeSaved,
  resetQuery,
  RULE_OPTIONS,
  runQuery,
  savedQueryKey,
  setMatchType,
  setRowField,
  setRowRule,
  setRowValue,
  toQueryFields,
  toSaveBody,
  toSavedList,
  upsertSaved,
  writeSavedQueries,
  type BuilderState,
  type SavedQuery,
} from './saved-queries';

const FIELDS: FieldDef[] = [
  { name: 'username', label: '用户账号', kind: 'input' },
  { name: 'password', label: '密码', kind: 'password', writeOnly: true },
  { name: 'sex', label: '性别', kind: 'select', type: 'int', dictCode: 'sex' },
  { name: 'status', label: '状态', kind: 'select', options: [{ value: '1', text: '启用' }, { value: '0', text: '停用' }] },
  { name: 'roleIds', label: '角色', kind: 'list_multi', dictCode: 'sys_role,role_name,id', virtual: true },
  { name: 'secret', label: '内部', kind: 'input', query: false },
  { name: 'birthday', label: '生日', kind: 'date' },
  { name: 'createTime', label: '创建时间', kind: 'datetime' },
  { name: 'age', label: '年龄', kind: 'inputNumber' },
  { name: 'enabled', label: '启用', kind: 'switch' },
];
const fields = toQueryFields(FIELDS);

/** A builder with one row on `field` under `rule` holding `val`. */
function oneRow(field: string, rule: 'eq' | 'in' | 'like', val?: string | string[]): BuilderState {
  let s = initialBuilder();
  const key = s.rows[0].key;
  s = setRowRule(s, key, rule, fields);
  s = setRowField(s, key, field, fields);
  return val === undefined ? s : setRowValue(s, key, val);
}

describe('fields offered', () => {
  it('leaves out writeOnly, virtual and query:false fields; carries type, dictionary and options', () => {
    expect(fields.map((f) => f.name)).toEqual(['username', 'sex', 'status', 'birthday', 'createTime', 'age', 'enabled']);
    expect(fields.find((f) => f.name === 'sex')).toMatchObject({ type: 'int', dictCode: 'sex' });
    expect(fields.find((f) => f.name === 'birthday')).toMatchObject({ type: 'date' });
    expect(fields.find((f) => f.name === 'age')).toMatchObject({ type: 'number' });
  });

  it('switch fields choose between Y 是 and N 否; a resolver can add table dictionaries', () => {
    expect(fields.find((f) => f.name === 'enabled')?.options).toEqual([
      { value: 'Y', text: '是' },
      { value: 'N', text: '否' },
    ]);
    const withUser = toQueryFields([{ name: 'owner', label: '负责人', kind: 'sel_user' }], (f) => (f.kind === 'sel_user' ? 'sys_user,realname,username' : f.dictCode));
    expect(withUser[0].dictCode).toBe('sys_user,realname,username');
  });

  it('offers the ten rules of spec 02 §9 in its order', () => {
    expect(RULE_OPTIONS.map((r) => r.value)).toEqual(['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le']);
  });
});

describe('row editing', () => {
  it('adds after a row, removes, and never leaves zero rows', () => {
    let s = initialBuilder();
    expect(s.rows).toHaveLength(1);
    expect(s.rows[0].rule).toBe('eq');
    const first = s.rows[0].key;
    s = addRow(s);
    s = addRow(s, first);
    expect(s.rows).toHaveLength(3);
    expect(new Set(s.rows.map((r) => r.key)).size).toBe(3);
    const inserted = s.rows[1].key;
    s = removeRow(s, inserted);
    expect(s.rows.map((r) => r.key)).not.toContain(inserted);
    s = removeRow(removeRow(s, s.rows[0].key), s.rows[1].key);
    expect(s.rows).toHaveLength(1);
    s = removeRow(s, s.rows[0].key);
    expect(s.rows).toHaveLength(1);
    expect(s.rows[0]).toMatchObject({ rule: 'eq' });
    expect(s.rows[0].field).toBeUndefined();
  });

  it('a new field brings its type and dictionary and drops the old value', () => {
    let s = oneRow('username', 'eq', 'abc');
    s = setRowField(s, s.rows[0].key, 'sex', fields);
    expect(s.rows[0]).toMatchObject({ field: 'sex', type: 'int', dictCode: 'sex', rule: 'eq' });
    expect(s.rows[0].val).toBeUndefined();
  });

  it('in on a dictionary field is multi-value; switching away keeps only the first value', () => {
    let s = oneRow('sex', 'in');
    expect(s.rows[0].val).toEqual([]);
    s = setRowValue(s, s.rows[0].key, ['2', '1']);
    s = setRowRule(s, s.rows[0].key, 'ne', fields);
    expect(s.rows[0]).toMatchObject({ rule: 'ne', val: '2' });
    s = setRowRule(s, s.rows[0].key, 'in', fields);
    expect(s.rows[0].val).toEqual(['2']);
  });

  it('option fields behave the same; a comma string from a saved query keeps its first item', () => {
    let s = builderFromQuery({ matchType: 'and', rules: [{ field: 'status', rule: 'in', val: '0,1' }] }, fields);
    expect(s.rows[0].val).toEqual(['0', '1']);
    s = setRowRule(s, s.rows[0].key, 'eq', fields);
    expect(s.rows[0].val).toBe('0');
  });

  it('plain text fields keep their whole value across rule changes', () => {
    let s = oneRow('username', 'in', 'a,b');
    s = setRowRule(s, s.rows[0].key, 'eq', fields);
    expect(s.rows[0].val).toBe('a,b');
  });

  it('sets the match type', () => {
    expect(setMatchType(initialBuilder(), 'or').matchType).toBe('or');
  });
});

describe('running a query', () => {
  it('refuses no conditions or one incomplete row with 不能查询空条件', () => {
    expect(EMPTY_QUERY).toBe('不能查询空条件');
    expect(runQuery({ matchType: 'and', rows: [] })).toEqual({ ok: false, error: EMPTY_QUERY });
    expect(runQuery(initialBuilder())).toEqual({ ok: false, error: EMPTY_QUERY });
    expect(runQuery(oneRow('username', 'like'))).toEqual({ ok: false, error: EMPTY_QUERY });
    expect(runQuery(oneRow('username', 'like', '   '))).toEqual({ ok: false, error: EMPTY_QUERY });
    expect(runQuery(oneRow('sex', 'in', []))).toEqual({ ok: false, error: EMPTY_QUERY });
    let noField = initialBuilder();
    noField = setRowValue(noField, noField.rows[0].key, 'x');
    expect(runQuery(noField)).toEqual({ ok: false, error: EMPTY_QUERY });
  });

  it('emits complete rows with arrays joined by commas and sets the active flag', () => {
    let s = oneRow('sex', 'in', ['1', '2']);
    s = addRow(s);
    const k = s.rows[1].key;
    s = setRowField(s, k, 'username', fields);
    s = setRowRule(s, k, 'like', fields);
    s = setRowValue(s, k, 'adm');
    s = addRow(s); // left incomplete: ignored
    s = setMatchType(s, 'or');
    expect(runQuery(s)).toEqual({
      ok: true,
      active: true,
      query: {
        matchType: 'or',
        rules: [
          { field: 'sex', rule: 'in', val: '1,2', type: 'int' },
          { field: 'username', rule: 'like', val: 'adm', type: 'string' },
        ],
      },
    });
  });

  it('reset gives one blank row, keeps the match type, and clears the active flag', () => {
    const r = resetQuery(setMatchType(oneRow('username', 'eq', 'a'), 'or'));
    expect(r.query).toBeNull();
    expect(r.active).toBe(false);
    expect(r.state.matchType).toBe('or');
    expect(r.state.rows).toHaveLength(1);
    expect(r.state.rows[0].val).toBeUndefined();
  });

  it('rebuilds the editor from a query, dropping fields the page does not offer', () => {
    const s = builderFromQuery(
      {
        matchType: 'OR',
        rules: [
          { field: 'password', rule: 'eq', val: 'x' },
          { field: 'sex', rule: 'in', val: '1,2' },
          { field: 'username', rule: '=', val: 'admin' },
          { field: 'age', rule: 'ext', val: '1' },
        ],
      },
      fields,
    );
    expect(s.matchType).toBe('or');
    expect(s.rows.map(({ field, rule, val }) => ({ field, rule, val }))).toEqual([
      { field: 'sex', rule: 'in', val: ['1', '2'] },
      { field: 'username', rule: 'eq', val: 'admin' },
    ]);
    expect(builderFromQuery(null, fields).rows).toHaveLength(1);
  });
});

describe('saving', () => {
  it('empty conditions cannot be saved: 空条件不能保存', () => {
    expect(checkSave(initialBuilder())).toEqual({ ok: false, error: '空条件不能保存' });
    expect(EMPTY_SAVE).toBe('空条件不能保存');
    expect(checkSave(oneRow('sex', 'in', ['1', '2']))).toEqual({ ok: true, records: [{ field: 'sex', rule: 'in', val: '1,2', type: 'int' }] });
  });

  it('the name must not be empty (保存名称不能为空) nor too long', () => {
    expect(checkSaveName('')).toBe(EMPTY_SAVE_NAME);
    expect(checkSaveName('   ')).toBe('保存名称不能为空');
    expect(checkSaveName('x'.repeat(MAX_SAVE_NAME + 1))).toBe(`保存名称不能超过${MAX_SAVE_NAME}个字符`);
    expect(checkSaveName(' 男老师 ')).toBeNull();
  });

  it('confirmation texts are the spec’s', () => {
    expect(overwriteConfirm('男老师')).toBe('男老师 已存在，是否覆盖？');
    expect(DELETE_CONFIRM).toBe('是否删除当前查询？');
  });
});

describe('the saved-query store', () => {
  const a: SavedQuery = { id: 'id-a', title: '男', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '1' }] };
  const b: SavedQuery = { title: '女', matchType: 'or', records: [{ field: 'sex', rule: 'eq', val: '2' }] };

  beforeEach(() => localStorage.clear());

  it('lives under pro__JSuperQuerySaved_<code> as {title, matchType, records} without expiry', () => {
    expect(savedQueryKey('/isystem/user')).toBe('JSuperQuerySaved_/isystem/user');
    writeSavedQueries(localStorage, '/isystem/user', [a, b]);
    const raw = JSON.parse(localStorage.getItem('pro__JSuperQuerySaved_/isystem/user')!);
    expect(raw.expire).toBeNull();
    expect(raw.value[1]).toEqual({ title: '女', matchType: 'or', records: [{ field: 'sex', rule: 'eq', val: '2' }] });
    expect(readSavedQueries(localStorage, '/isystem/user')).toEqual([a, b]);
    expect(readSavedQueries(localStorage, '/other')).toEqual([]);
  });

  it('reads old or damaged entries defensively: arrays joined, bad rules and empty entries dropped', () => {
    localStorage.setItem(
      'pro__JSuperQuerySaved_/p',
      JSON.stringify({
        value: [
          { title: '旧', matchType: 'AND', records: [{ field: 'sex', rule: 'in', val: ['1', '2'], options: [{ value: '1' }], dictCode: 'sex' }, { field: 'x', rule: 'ext', val: '1' }] },
          { title: '', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '1' }] },
          { title: '空', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '' }] },
          'junk',
        ],
        expire: null,
      }),
    );
    expect(readSavedQueries(localStorage, '/p')).toEqual([{ title: '旧', matchType: 'and', records: [{ field: 'sex', rule: 'in', val: '1,2' }] }]);
    localStorage.setItem('pro__JSuperQuerySaved_/q', '{not json');
    expect(readSavedQueries(localStorage, '/q')).toEqual([]);
    expect(toSavedList({})).toEqual([]);
  });

  it('saves by title: a duplicate replaces in place, a new one is appended', () => {
    expect(findByTitle([a, b], ' 女 ')).toBe(b);
    expect(findByTitle([a, b], '其他')).toBeUndefined();
    const changed = { ...b, records: [{ field: 'sex', rule: 'ne' as const, val: '1' }] };
    expect(upsertSaved([a, b], changed)).toEqual([a, changed]);
    const c = { ...b, title: '新' };
    expect(upsertSaved([a, b], c)).toEqual([a, b, c]);
  });

  it('removes by id, or by title for entries not on the server yet', () => {
    expect(removeSaved([a, b], a)).toEqual([b]);
    expect(removeSaved([a, b], { title: '女' })).toEqual([a]);
    // A server entry is never removed by title alone.
    expect(removeSaved([a, b], { title: '男' })).toEqual([a, b]);
  });

  it('entries without a server id are pending; the server list wins over a pending entry of the same title', () => {
    expect(pendingOf([a, b])).toEqual([b]);
    const serverB = { ...b, id: 'id-b' };
    expect(mergeSaved([a], [b])).toEqual([a, b]);
    expect(mergeSaved([a, serverB], [b])).toEqual([a, serverB]);
    expect(toSaveBody('/p', b)).toEqual({ code: '/p', title: '女', matchType: 'or', records: b.records });
  });
});

describe('offline detection', () => {
  it('treats no answer, 502, 503 and 504 as unreachable, and server answers as answers', () => {
    expect([0, 502, 503, 504].map(isOfflineStatus)).toEqual([true, true, true, true]);
    expect([200, 401, 500, 510].map(isOfflineStatus)).toEqual([false, false, false, false]);
  });
});
