/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Database } from '../../db';
import {
  DICT_CODE_FORMAT,
  DictError,
  getDictItems,
  loadDict,
  loadDictItem,
  loadTreeData,
  pageSizeOf,
  TREE_CONDITION_FIELD,
  TREE_CONDITION_INVALID,
  UNKNOWN_TABLE_DICT,
} from '../../resources/dicts';

let be: TestBackend;
let token: string;
beforeAll(async () => {
  be = await startTestBackend();
  token = await be.login('teacher');
});
afterAll(() => be.close());

const get = (path: string) => be.call(path, { token });
const enc = encodeURIComponent;

/** A database that fails the test if any query is even built against it. */
const noSql = new Proxy({}, {
  get() {
    throw new Error('SQL was attempted');
  },
}) as unknown as Database;

const HOSTILE_TABLE_DICTS = [
  "sys_user,realname,id,username!='admin' order by create_time", // JeecgBoot's raw 4th part
  'sys_user,realname,id,1=1',
  'sys_user,password_hash,id',
  "sys_user,realname,id'--",
  'information_schema.tables,table_name,table_name',
  'pg_catalog.pg_user,usename,passwd',
  'sys_user_session,token_hash,user_id',
  '__proto__,a,b',
  'sys_user,realname',
];

describe('table dictionaries refuse anything outside the registry, before any SQL', () => {
  it.each(HOSTILE_TABLE_DICTS)('getDictItems / loadDict / loadDictItem refuse %s', async (code) => {
    for (const run of [() => getDictItems(noSql, code), () => loadDict(noSql, code, 'x', 10), () => loadDictItem(noSql, code, 'a', true)]) {
      const err = await run().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DictError);
      expect([UNKNOWN_TABLE_DICT, DICT_CODE_FORMAT]).toContain((err as Error).message);
    }
    for (const path of [`/sys/dict/getDictItems/${enc(code)}`, `/sys/dict/loadDict/${enc(code)}?keyword=a`, `/sys/dict/loadDictItem/${enc(code)}?key=a`]) {
      const r = await get(path);
      expect(r.body).toMatchObject({ success: false, code: 500 });
      expect(r.body.result).toBeNull();
    }
  });

  it('plain codes with quotes or SQL are refused as a bad format', async () => {
    const r = await get(`/sys/dict/getDictItems/${enc("sex' or '1'='1")}`);
    expect(r.body).toMatchObject({ success: false, message: DICT_CODE_FORMAT });
    await expect(getDictItems(noSql, 'sex;drop table sys_dict')).rejects.toThrow(DICT_CODE_FORMAT);
  });

  it('every dictionary call needs a session', async () => {
    const r = await be.call('/sys/dict/loadDict/sys_user,realname,id?keyword=a');
    expect(r.status).toBe(401);
  });
});

describe('GET /sys/dict/loadDict/{dictCode}', () => {
  it('answers items whose text contains the keyword', async () => {
    const r = await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=${enc('李')}`);
    expect(r.body.success).toBe(true);
    expect(r.body.result).toEqual([{ value: 'teacher', text: '李文静', title: '李文静', label: '李文静' }]);
  });

  it('treats % and _ in the keyword literally', async () => {
    expect((await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=${enc('%')}`)).body.result).toEqual([]);
    expect((await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=_`)).body.result).toEqual([]);
  });

  it('honours pageSize and caps it', async () => {
    expect((await get('/sys/dict/loadDict/sys_user,realname,id?pageSize=2')).body.result).toHaveLength(2);
    expect(pageSizeOf('100000')).toBe(100);
    expect(pageSizeOf('abc')).toBe(10);
    expect(pageSizeOf(undefined)).toBe(10);
  });

  it('accepts only table dictionaries (a comma is required)', async () => {
    expect((await get('/sys/dict/loadDict/sex?keyword=a')).body).toMatchObject({ success: false, message: DICT_CODE_FORMAT });
  });
});

describe('GET /sys/dict/loadDictOrderByValue/{dictCode}', () => {
  it('puts the selected values first, then the first page without duplicates', async () => {
    const r = await get('/sys/dict/loadDictOrderByValue/sys_user,realname,id?keyword=u_frozen,u_teacher2');
    const values = (r.body.result as { value: string }[]).map((x) => x.value);
    expect(values.slice(0, 2).sort()).toEqual(['u_frozen', 'u_teacher2']);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toContain('u_admin');
  });
});

describe('GET /sys/dict/loadDictItem/{table,text,code}', () => {
  it('answers the texts in key order, dropping unknown keys by default', async () => {
    expect((await get('/sys/dict/loadDictItem/sys_user,realname,id?key=u_teacher,nope,u_admin')).body.result).toEqual(['李文静', '管理员']);
  });

  it('keeps unknown keys as themselves with delNotExist=false', async () => {
    expect((await get('/sys/dict/loadDictItem/sys_user,realname,id?key=u_teacher,nope&delNotExist=false')).body.result).toEqual(['李文静', 'nope']);
  });

  it('needs a comma in the code', async () => {
    expect((await get('/sys/dict/loadDictItem/sex?key=1')).body).toMatchObject({ success: false, code: 500, message: DICT_CODE_FORMAT });
  });

  it('keys with quotes are plain values, not SQL', async () => {
    expect((await get(`/sys/dict/loadDictItem/sys_user,realname,id?key=${enc("' or '1'='1")}`)).body.result).toEqual([]);
  });
});

describe('GET /sys/dict/getDictText/{dictCode}/{key}', () => {
  it('translates plain and table dictionaries; unknown values answer null', async () => {
    expect((await get('/sys/dict/getDictText/sex/2')).body.result).toBe('女');
    expect((await get('/sys/dict/getDictText/sys_user,realname,username/teacher')).body.result).toBe('李文静');
    expect((await get('/sys/dict/getDictText/sex/9')).body.result).toBeNull();
    expect((await get(`/sys/dict/getDictText/${enc('information_schema.tables,table_name,table_name')}/x`)).body.success).toBe(false);
  });
});

describe('GET /sys/dict/loadTreeData', () => {
  const tree = (params: Record<string, string>) => get(`/sys/dict/loadTreeData?${new URLSearchParams(params)}`);
  const CATEGORY = { pidField: 'pid', tableName: 'sys_category', text: 'name', code: 'id', hasChildField: 'has_child' };

  it('answers one level of the category tree as TreeSelectModel', async () => {
    const roots = (await tree({ ...CATEGORY, pid: '0', condition: '' })).body.result as Record<string, unknown>[];
    expect(roots.map((n) => n.title)).toEqual(['课程分类', '学段']);
    expect(roots[0]).toEqual({ key: 'cat_course', title: '课程分类', leaf: false, parentId: '0', value: 'cat_course', code: 'A01' });
    const kids = (await tree({ ...CATEGORY, pid: 'cat_course' })).body.result as Record<string, unknown>[];
    expect(kids.map((n) => n.title)).toEqual(['语文', '数学', '英语', '科学']);
    expect(kids.every((n) => n.leaf === true && n.parentId === 'cat_course')).toBe(true);
  });

  it('reads departments (leaf computed) and accepts camelCase names', async () => {
    const roots = (await tree({ pid: '', pidField: 'parentId', tableName: 'sys_depart', text: 'departName', code: 'id', hasChildField: '' })).body.result as Record<string, unknown>[];
    expect(roots).toEqual([{ key: 'dep_root', title: '星辰教育集团', leaf: false, parentId: null, value: 'dep_root', code: 'A01' }]);
    const bj = (await tree({ pid: 'dep_bj', pidField: 'parent_id', tableName: 'sys_depart', text: 'depart_name', code: 'id' })).body.result as Record<string, unknown>[];
    // The teaching groups hold the seeded 岗位 (数学教师, 英语教师), which are leaves.
    expect(bj.map((n) => [n.title, n.leaf])).toEqual([['数学教研组', false], ['英语教研组', false]]);
    const math = (await tree({ pid: 'dep_bj_math', pidField: 'parent_id', tableName: 'sys_depart', text: 'depart_name', code: 'id' })).body.result as Record<string, unknown>[];
    expect(math.map((n) => [n.title, n.leaf])).toEqual([['数学教师', true]]);
  });

  it('filters with a JSON condition on whitelisted fields (LIKE)', async () => {
    const r = await tree({ ...CATEGORY, pid: 'cat_course', condition: JSON.stringify({ name: '%数%' }) });
    expect((r.body.result as { title: string }[]).map((n) => n.title)).toEqual(['数学']);
    const byCode = await tree({ ...CATEGORY, pid: 'cat_course', condition: JSON.stringify({ code: 'A01A03' }) });
    expect((byCode.body.result as { title: string }[]).map((n) => n.title)).toEqual(['英语']);
  });

  it.each([
    ['not JSON', '{name:', TREE_CONDITION_INVALID],
    ['an array', '[1]', TREE_CONDITION_INVALID],
    ['a nested value', JSON.stringify({ name: { $ne: 1 } }), TREE_CONDITION_INVALID],
    ['a non-whitelisted field', JSON.stringify({ pid: '0' }), TREE_CONDITION_FIELD],
    ['an SQL fragment as field', JSON.stringify({ "name like '%' or 1=1 --": 'x' }), TREE_CONDITION_FIELD],
    ['a password column', JSON.stringify({ password_hash: '%' }), TREE_CONDITION_FIELD],
  ])('refuses a condition that is %s', async (_label, condition, message) => {
    expect((await tree({ ...CATEGORY, pid: '0', condition })).body).toMatchObject({ success: false, code: 500, message });
    await expect(loadTreeData(noSql, { ...CATEGORY, pid: '0', condition })).rejects.toThrow(message);
  });

  it.each([
    { tableName: 'sys_user' },
    { tableName: 'information_schema.tables' },
    { tableName: 'sys_category;drop table sys_category' },
    { text: 'password_hash' },
    { text: "name'||(select 1)||'" },
    { code: 'code' },
    { pidField: 'create_by' },
    { hasChildField: 'name' },
  ])('refuses tables and columns outside the registry: %o', async (override) => {
    const params = { ...CATEGORY, pid: '0', condition: '', ...override };
    expect((await tree(params)).body).toMatchObject({ success: false, message: UNKNOWN_TABLE_DICT });
    await expect(loadTreeData(noSql, params)).rejects.toThrow(UNKNOWN_TABLE_DICT);
  });

  it('needs the table and column parameters', async () => {
    expect((await tree({ pid: '0', tableName: 'sys_category' })).body.success).toBe(false);
  });
});

describe('refleshCache (sic)', () => {
  it('answers success', async () => {
    expect((await get('/sys/dict/refleshCache')).body.success).toBe(true);
  });
});
