/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { MAX_SAVED_PER_CODE, SAVED_LIMIT_REACHED } from '../../../lib/saved-queries';

let be: TestBackend;
let admin: string;
let teacher: string;

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  teacher = await be.login('teacher');
}, 120_000);
afterAll(() => be.close());

const CODE = '/isystem/user';
type Saved = { id: string; title: string; matchType: string; records: { field: string; rule: string; val: string; type?: string }[]; createTime: string };

const save = (token: string, json: unknown) => be.call('/sys/superQuery/save', { method: 'POST', token, json }).then((r) => r.body);
const list = async (token: string, code = CODE) => {
  const r = await be.call(`/sys/superQuery/list?code=${encodeURIComponent(code)}`, { token });
  expect(r.body.success).toBe(true);
  return r.body.result as Saved[];
};
const remove = (token: string, id: string) => be.call(`/sys/superQuery/delete?id=${encodeURIComponent(id)}`, { method: 'DELETE', token }).then((r) => r.body);

const maleQuery = { code: CODE, title: '男老师', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '1', type: 'int' }, { field: 'username', rule: 'like', val: 'teacher' }] };

describe('saved advanced queries', () => {
  it('needs a session', async () => {
    const r = await be.call(`/sys/superQuery/list?code=${CODE}`);
    expect(r.status).toBe(401);
    const s = await be.call('/sys/superQuery/save', { method: 'POST', json: maleQuery });
    expect(s.status).toBe(401);
  });

  it('saves, lists and overwrites by title; arrays are comma-joined and empty rules dropped', async () => {
    const r = await save(admin, { ...maleQuery, records: [...maleQuery.records, { field: 'status', rule: 'in', val: ['1', '2'] }, { field: 'phone', rule: 'eq', val: '' }] });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    const rec = r.result as Saved;
    expect(rec).toMatchObject({
      title: '男老师',
      matchType: 'and',
      records: [
        { field: 'sex', rule: 'eq', val: '1', type: 'int' },
        { field: 'username', rule: 'like', val: 'teacher' },
        { field: 'status', rule: 'in', val: '1,2' },
      ],
    });
    expect(rec.id).toMatch(/^[0-9a-f]{32}$/);
    expect(rec.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const over = await save(admin, { ...maleQuery, matchType: 'OR', records: [{ field: 'sex', rule: '=', val: '2' }] });
    expect(over.success).toBe(true);
    expect((over.result as Saved).id).toBe(rec.id);
    const rows = await list(admin);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: rec.id, title: '男老师', matchType: 'or', records: [{ field: 'sex', rule: 'eq', val: '2' }] });
    // Another page has its own list.
    expect(await list(admin, '/other/page')).toEqual([]);
  });

  it('keeps each user to their own rows: no reading, overwriting or deleting another user’s', async () => {
    const mine = (await list(admin)).find((q) => q.title === '男老师')!;
    expect(await list(teacher)).toEqual([]);
    // The same title is a separate row for another user, and does not touch the admin's.
    const t = await save(teacher, { ...maleQuery, records: [{ field: 'realname', rule: 'like', val: '李' }] });
    expect(t.success).toBe(true);
    expect((t.result as Saved).id).not.toBe(mine.id);
    expect((await list(admin)).find((q) => q.title === '男老师')).toEqual(mine);

    expect(await remove(teacher, mine.id)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await be.db.selectFrom('sys_saved_query').select('id').where('id', '=', mine.id).execute()).toHaveLength(1);
    // The client cannot name the owner: a user_id in the body is ignored.
    const forged = await save(teacher, { ...maleQuery, title: '伪造', user_id: 'u_admin', userId: 'u_admin' });
    expect(forged.success).toBe(true);
    expect((await list(admin)).map((q) => q.title)).toEqual(['男老师']);
    expect((await list(teacher)).map((q) => q.title)).toEqual(['男老师', '伪造']);
  });

  it('validates the name, the code and the rules with the shared parser', async () => {
    expect(await save(admin, { ...maleQuery, title: '   ' })).toMatchObject({ success: false, message: '保存名称不能为空' });
    expect(await save(admin, { ...maleQuery, title: undefined })).toMatchObject({ success: false, message: '保存名称不能为空' });
    expect(await save(admin, { ...maleQuery, title: 'x'.repeat(51) })).toMatchObject({ success: false, message: '保存名称不能超过50个字符' });
    expect(await save(admin, { ...maleQuery, code: '' })).toMatchObject({ success: false, message: '保存编码不能为空' });
    expect(await save(admin, { ...maleQuery, code: `/${'a'.repeat(200)}` })).toMatchObject({ success: false, message: '保存编码不能超过200个字符' });
    expect(await save(admin, { ...maleQuery, code: '/a\u0000b' })).toMatchObject({ success: false, message: '保存编码不能为空' });
    expect(await save(admin, { ...maleQuery, records: [] })).toMatchObject({ success: false, message: '空条件不能保存' });
    expect(await save(admin, { ...maleQuery, records: [{ field: 'sex', rule: 'eq', val: '  ' }] })).toMatchObject({ success: false, message: '空条件不能保存' });
    expect(await save(admin, { ...maleQuery, records: 'sex=1' })).toMatchObject({ success: false, message: '空条件不能保存' });
    expect(await save(admin, { ...maleQuery, records: [{ field: 'sex', rule: 'ext', val: '1=1' }] })).toMatchObject({ success: false, message: '不支持的查询规则：ext' });
    expect(await save(admin, { ...maleQuery, records: [{ field: 'sex; drop table sys_user', rule: 'eq', val: '1' }] })).toMatchObject({ success: false, message: '高级查询条件格式不正确' });
    expect(await save(admin, { ...maleQuery, records: [{ field: 'sex', rule: 'eq', val: { $ne: 1 } }] })).toMatchObject({ success: false, message: '高级查询条件格式不正确' });
    expect(await save(admin, { ...maleQuery, records: [{ field: 'sex', rule: 'eq', val: 'x'.repeat(2001) }] })).toMatchObject({ success: false, message: '高级查询条件过长' });
    const tooMany = Array.from({ length: 51 }, () => ({ field: 'sex', rule: 'eq', val: '1' }));
    expect(await save(admin, { ...maleQuery, records: tooMany })).toMatchObject({ success: false, message: '高级查询条件不能超过50个' });
    const list = await be.call('/sys/superQuery/list', { token: admin });
    expect(list.body).toMatchObject({ success: false, message: '保存编码不能为空' });
    // Nothing above was stored.
    expect((await be.db.selectFrom('sys_saved_query').select('title').where('user_id', '=', 'u_admin').execute()).map((r) => r.title)).toEqual(['男老师']);
  });

  it(`caps a user's page at ${MAX_SAVED_PER_CODE} queries; overwriting still works at the cap`, async () => {
    const code = '/capped';
    for (let i = 0; i < MAX_SAVED_PER_CODE; i++) {
      const r = await save(admin, { ...maleQuery, code, title: `q${i}` });
      expect(r.success).toBe(true);
    }
    expect(await save(admin, { ...maleQuery, code, title: 'one more' })).toMatchObject({ success: false, message: SAVED_LIMIT_REACHED });
    expect(SAVED_LIMIT_REACHED).toBe('每个页面最多保存50个查询，请先删除不用的查询');
    expect(await save(admin, { ...maleQuery, code, title: 'q3', matchType: 'or' })).toMatchObject({ success: true });
    expect(await list(admin, code)).toHaveLength(MAX_SAVED_PER_CODE);
    // The cap is per user: the teacher can still save on the same page.
    expect(await save(teacher, { ...maleQuery, code, title: 'mine' })).toMatchObject({ success: true });
  }, 60_000);

  it('deletes the user’s own row once', async () => {
    const [row] = await list(admin);
    expect(await remove(admin, row.id)).toMatchObject({ success: true, message: '删除成功' });
    expect(await list(admin)).toEqual([]);
    expect(await remove(admin, row.id)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await remove(admin, "x' or '1'='1")).toMatchObject({ success: false, message: '未找到对应数据' });
  });
});
