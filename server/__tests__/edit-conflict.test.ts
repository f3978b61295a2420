/** @jest-environment node */
import { cgformField } from '../../lib/online/form-def';
import type { CgformHead, CgformSaveBody } from '../../lib/online/wire';
import { EDIT_CONFLICT_CODE, EDIT_CONFLICT_MESSAGE } from '../../lib/resources/row-version';
import { startTestBackend, type TestBackend } from './helpers';

/**
 * Optimistic concurrency of the resource engine's edits (issue #39), on 课程管理: a form's `_version` (sent in If-Match) is checked by
 * the UPDATE itself; without one (JeecgBoot's stock client) the last write wins as before.
 */

let be: TestBackend;
let admin: string;
/** 赵立新 (教务, 课程 write rights; owns the courses made here, admin may edit anyone's). */
let academic: string;

beforeAll(async () => {
  be = await startTestBackend();
  [admin, academic] = await Promise.all([be.login('admin'), be.login('jiaowu')]);
}, 120_000);
afterAll(() => be.close());

type Body = Record<string, unknown>;
const API = '/course/tblCourse';

async function newCourse(name: string): Promise<Body> {
  const r = await be.call(`${API}/add`, { method: 'POST', token: academic, json: { name, price: 100, totalLessons: 10 } });
  expect(r.body.success).toBe(true);
  return r.body.result as Body;
}
const read = async (id: string, token = admin) => (await be.call(`${API}/queryById?id=${id}`, { token })).body.result as Body;
/** A save as our form makes it: the record's `_version` in If-Match. */
const edit = async (json: Body, token = admin) => (await be.call(`${API}/edit`, { method: 'PUT', token, json, headers: { 'If-Match': String(json._version) } })).body;
/** A save as JeecgBoot's stock client makes it: the whole record read (updateTime, `_version` too) in the body, no If-Match. */
const stockEdit = async (json: Body, token = admin) => (await be.call(`${API}/edit`, { method: 'PUT', token, json })).body;

describe('edit with the version it was read at', () => {
  it('lists and queryById carry _version; a fresh version is accepted and moves it', async () => {
    const c = await newCourse('并发课程甲');
    expect(typeof c._version).toBe('string');
    const listed = (await be.call(`${API}/list?name=并发课程甲`, { token: admin })).body.result as { records: Body[] };
    expect(listed.records[0]._version).toBe(c._version);
    const r = await edit({ ...c, price: 120 });
    expect(r.success).toBe(true);
    expect(r.message).toBe('编辑成功!');
    const after = await read(String(c.id));
    expect(after.price).toBe(120);
    expect(after._version).not.toBe(c._version);
  });

  it('refuses a stale version with who and when, and keeps the other save', async () => {
    const c = await newCourse('并发课程乙');
    // Two forms opened on the same row: 赵立新 saves the price first.
    const first = await edit({ ...c, price: 150 }, academic);
    expect(first).toMatchObject({ success: true });
    const r = await edit({ ...c, totalLessons: 20 });
    expect(r.success).toBe(false);
    expect(r.code).toBe(EDIT_CONFLICT_CODE);
    expect(r.message).toMatch(new RegExp(`^${EDIT_CONFLICT_MESSAGE}（赵立新 于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} 修改）$`));
    const stored = await read(String(c.id));
    expect(stored.price).toBe(150);
    expect(stored.totalLessons).toBe(10);
    // 刷新: the form reads the row again and its save goes through.
    expect((await edit({ ...stored, totalLessons: 20 })).success).toBe(true);
    expect(await read(String(c.id))).toMatchObject({ price: 150, totalLessons: 20 });
  });

  it('without If-Match (JeecgBoot\'s client, echoing updateTime and _version in the body) the last write wins', async () => {
    const c = await newCourse('并发课程丙');
    const first = await edit({ ...c, price: 150 }, academic);
    expect(first).toMatchObject({ success: true });
    const r = await stockEdit({ ...c, totalLessons: 20, updateTime: '2020-01-01 00:00:00' });
    expect(r.success).toBe(true);
    expect(await read(String(c.id))).toMatchObject({ price: 100, totalLessons: 20 });
  });

  it('two concurrent saves read at the same version: exactly one wins', async () => {
    const c = await newCourse('并发课程丁');
    const results = await Promise.all([edit({ ...c, price: 111 }), edit({ ...c, price: 222 }, academic), edit({ ...c, price: 333 })]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success).every((r) => r.code === EDIT_CONFLICT_CODE)).toBe(true);
    const winner = [111, 222, 333][results.findIndex((r) => r.success)];
    expect((await read(String(c.id))).price).toBe(winner);
  });

  it('a row gone since it was read answers 未找到对应数据, not a conflict', async () => {
    const c = await newCourse('并发课程戊');
    expect((await be.call(`${API}/delete?id=${c.id}`, { method: 'DELETE', token: admin })).body.success).toBe(true);
    const r = await edit({ ...c, price: 1 });
    expect(r.success).toBe(false);
    expect(r.message).toBe('未找到对应数据');
  });
});

describe('Online表单开发: editAll with the formVersion the designer loaded', () => {
  const call = async (path: string, method: string, json: unknown, version?: number) =>
    (await be.call(path, { method, token: admin, json, headers: version === undefined ? {} : { 'If-Match': String(version) } })).body;
  const fields = [cgformField({ dbFieldName: 'title', dbFieldTxt: '标题', orderNum: 1 })];

  it('refuses a stale version with who and when; without If-Match the last write wins', async () => {
    const made = await call('/online/cgform/api/addAll', 'POST', { head: { tableName: 'lock_probe', tableTxt: '并发表单', tableType: 1 }, fields } satisfies CgformSaveBody);
    expect(made.success).toBe(true);
    const head = made.result as CgformHead;
    const body = (tableTxt: string): CgformSaveBody => ({ head: { id: head.id, tableName: 'lock_probe', tableTxt, tableType: 1 }, fields });
    expect((await call('/online/cgform/api/editAll', 'PUT', body('并发表单一'), head.formVersion)).success).toBe(true);
    const stale = await call('/online/cgform/api/editAll', 'PUT', body('并发表单二'), head.formVersion);
    expect(stale.success).toBe(false);
    expect(stale.code).toBe(EDIT_CONFLICT_CODE);
    expect(stale.message).toMatch(new RegExp(`^${EDIT_CONFLICT_MESSAGE}（管理员 于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} 修改）$`));
    expect((await be.db.selectFrom('onl_cgform_head').select('table_txt').where('id', '=', head.id).executeTakeFirstOrThrow()).table_txt).toBe('并发表单一');
    expect((await call('/online/cgform/api/editAll', 'PUT', body('并发表单三'))).success).toBe(true);
    expect((await call('/online/cgform/api/editAll', 'PUT', body('并发表单四'), head.formVersion + 2)).success).toBe(true);
  });
});

describe('通告管理: the hand-written edit checks the version its list served', () => {
  const call = async (path: string, method: string, json?: unknown, version?: unknown) =>
    (await be.call(path, { method, token: admin, json, headers: version === undefined ? {} : { 'If-Match': String(version) } })).body;
  const base = { msgCategory: '1', priority: 'L', msgType: 'ALL', msgContent: '<p>内容</p>' };

  it('refuses a stale version with who and when; without If-Match the last write wins', async () => {
    const made = await call('/sys/annountCement/add', 'POST', { ...base, titile: '并发通告' });
    expect(made.success).toBe(true);
    const read = made.result as Body;
    expect(typeof read._version).toBe('string');
    const first = await call('/sys/annountCement/edit', 'PUT', { ...base, id: read.id, titile: '并发通告一' }, read._version);
    expect(first.success).toBe(true);
    const stale = await call('/sys/annountCement/edit', 'PUT', { ...base, id: read.id, titile: '并发通告二' }, read._version);
    expect(stale.success).toBe(false);
    expect(stale.code).toBe(EDIT_CONFLICT_CODE);
    expect(stale.message).toMatch(new RegExp(`^${EDIT_CONFLICT_MESSAGE}（管理员 于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} 修改）$`));
    const fresh = (first.result as Body)._version;
    expect(fresh).not.toBe(read._version);
    expect((await call('/sys/annountCement/edit', 'PUT', { ...base, id: read.id, titile: '并发通告三' }, fresh)).success).toBe(true);
    // JeecgBoot's client: the record read, `_version` echoed in the body, no If-Match → last write wins.
    expect((await call('/sys/annountCement/edit', 'PUT', { ...base, id: read.id, titile: '并发通告四', _version: read._version })).success).toBe(true);
  });
});
