/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { toAnnouncement, withSenderNames } from '../announcements';

/*
 * 通告管理's CRUD on the resource engine (issue #40, catalog-announcements.ts): the records are the ones the
 * hand-written routes served (toAnnouncement), the form cannot write what only 发布 / 撤销 set, and a deleted
 * published announcement is pushed to its audience.
 */

let be: TestBackend;
let admin: string;
const notify = jest.fn();
beforeAll(async () => {
  be = await startTestBackend();
  be.setNotifier(notify);
  admin = await be.login('admin');
});
afterAll(() => be.close());
beforeEach(() => notify.mockReset());

type Rec = Record<string, unknown> & { id: string; titile: string; sendStatus: string };
const call = (path: string, method = 'GET', json?: unknown) => be.call(path, { method, token: admin, json });
const listed = async (qs: string) => {
  const r = await call(`/sys/annountCement/list?pageSize=100&${qs}`);
  expect(r.body.success).toBe(true);
  return (r.body.result as { records: Rec[] }).records;
};
/** What the hand-written routes answered for the stored row (the version aside: the engine's token). */
async function handWritten(id: string) {
  const row = await be.db.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const [dto] = await withSenderNames(be.db, [toAnnouncement(row, { showUserIds: true })]);
  return { ...dto, _version: expect.any(String) };
}

it('list, queryById and a save answer toAnnouncement’s record, with sender_dictText', async () => {
  const [winter] = await listed('titile=寒假');
  expect(winter).toEqual(await handWritten('annt_demo_winter'));
  expect((await call('/sys/annountCement/queryById?id=annt_demo_invigilate')).body.result).toEqual(await handWritten('annt_demo_invigilate'));
  const made = await call('/sys/annountCement/add', 'POST', { titile: '形状', msgType: 'USER', userIds: 'u_teacher,', msgContent: '<p>x</p>' });
  const rec = made.body.result as Rec;
  expect(rec).toEqual(await handWritten(rec.id));
  const edited = await call('/sys/annountCement/edit', 'PUT', { id: rec.id, titile: '形状二', msgType: 'ALL' });
  expect(edited.body).toMatchObject({ success: true, message: '修改成功!' });
  expect(edited.body.result).toEqual(await handWritten(rec.id));
  expect(edited.body.result).toMatchObject({ titile: '形状二', msgType: 'ALL', userIds: null, msgContent: '' });
});

it('the form cannot publish, name a sender or a send time: only 发布 sets them', async () => {
  const r = await call('/sys/annountCement/add', 'POST', { titile: '偷发布', sendStatus: '1', sender: 'mallory', sendTime: '2026-01-01 00:00:00', delFlag: '1' });
  expect(r.body).toMatchObject({ success: true, result: { sendStatus: '0', sender: null, sendTime: null, delFlag: '0' } });
  expect(notify).not.toHaveBeenCalled();
});

it('list: an unknown sort column sorts by creation time; `order` applies to it', async () => {
  const asc = await listed('column=nosuch&order=asc');
  const times = asc.map((r) => String(r.createTime));
  expect(times).toEqual([...times].sort());
  const desc = await listed('order=desc');
  expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
});

it('deleting a published USER announcement tells its users; a draft tells nobody', async () => {
  const made = await call('/sys/annountCement/add', 'POST', { titile: '将删除', msgType: 'USER', userIds: 'u_teacher2,' });
  const id = (made.body.result as Rec).id;
  const draft = (await call('/sys/annountCement/add', 'POST', { titile: '草稿删除' })).body.result as Rec;
  expect((await call(`/sys/annountCement/doReleaseData?id=${id}`)).body.success).toBe(true);
  notify.mockReset();
  expect((await call(`/sys/annountCement/deleteBatch?ids=${id},${draft.id}`, 'DELETE')).body).toMatchObject({ success: true, message: '删除成功!' });
  expect(notify).toHaveBeenCalledTimes(1);
  expect(notify).toHaveBeenCalledWith(['u_teacher2'], { cmd: 'user', msgId: id, msgTxt: '该系统通知已删除' });
  expect((await call(`/sys/annountCement/deleteBatch?ids=${id}`, 'DELETE')).body).toMatchObject({ success: false, message: '未找到对应实体' });
});
