/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

let be: TestBackend;
let admin: string;
let teacher: string;
let teacher2: string;
const notify = jest.fn();
beforeAll(async () => {
  be = await startTestBackend();
  be.setNotifier(notify);
  [admin, teacher, teacher2] = await Promise.all([be.login('admin'), be.login('teacher'), be.login('teacher2')]);
});
afterAll(() => be.close());
beforeEach(() => notify.mockReset());

type Annt = { id: string; titile: string; msgContent: string; sender: string | null; sendStatus: string; sendTime: string | null; cancelTime: string | null; userIds: string | null; priority_dictText: string };
type ByUser = { anntMsgList: Annt[]; anntMsgTotal: number; sysMsgList: Annt[]; sysMsgTotal: number };
type Page<T> = { records: T[]; total: number };
type Send = { id: string; anntId: string; titile: string; readFlag: string; sendTime: string; msgCategory: string; sender: string };

const get = (path: string, token: string) => be.call(path, { token });
const send = (method: string, path: string, token: string, json?: unknown) => be.call(path, { method, token, json });
const byUser = async (token: string, q = '') => (await get(`/sys/annountCement/listByUser${q}`, token)).body.result as ByUser;
const add = (json: Record<string, unknown>, token = admin) => send('POST', '/sys/annountCement/add', token, json);
const release = (id: string, token = admin) => get(`/sys/annountCement/doReleaseData?id=${id}`, token);
const revoke = (id: string, token = admin) => get(`/sys/annountCement/doReovkeData?id=${id}`, token);
/** Adds and publishes; answers the id. */
async function publish(json: Record<string, unknown>) {
  const r = await add({ msgContent: '<p>内容</p>', ...json });
  expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
  const id = (r.body.result as Annt).id;
  expect((await release(id)).body).toMatchObject({ success: true, message: '该系统通知发布成功' });
  return id;
}

describe('seeded demo announcements (listByUser)', () => {
  it('teacher: three notices newest first (incl. the one sent to her only) and one system message; no draft', async () => {
    const r = await get('/sys/annountCement/listByUser', teacher);
    expect(r.body).toMatchObject({ success: true });
    const res = r.body.result as ByUser;
    expect(res.anntMsgList.map((a) => a.titile)).toEqual(['期中考试监考安排', '本学期教学质量评估工作启动', '关于2026年寒假放假安排的通知']);
    expect(res.anntMsgTotal).toBe(3);
    expect(res.sysMsgList.map((a) => a.titile)).toEqual(['账户安全提醒：请及时修改初始密码']);
    expect(res.sysMsgTotal).toBe(1);
    expect(res.anntMsgList[0]).toMatchObject({ priority_dictText: '重要', userIds: null, sender: 'jiaowu', sender_dictText: '赵立新' });
  });

  it('teacher2 does not get the teacher-only notice; pageSize limits the list, not the total', async () => {
    const res = await byUser(teacher2, '?pageSize=1');
    expect(res.anntMsgList.map((a) => a.titile)).toEqual(['本学期教学质量评估工作启动']);
    expect(res.anntMsgTotal).toBe(2);
    expect((await byUser(teacher2, '?pageSize=abc')).anntMsgList).toHaveLength(2);
  });

  it('the lazy insert is idempotent', async () => {
    await byUser(teacher);
    await byUser(teacher);
    const rows = await be.db.selectFrom('sys_announcement_send').select('annt_id').where('user_id', '=', 'u_teacher').execute();
    expect(rows.map((r) => r.annt_id).sort()).toEqual(['annt_demo_evaluation', 'annt_demo_invigilate', 'annt_demo_security', 'annt_demo_winter']);
  });
});

describe('who may do what', () => {
  it('a teacher gets 510 from every administrator endpoint', async () => {
    const answers = [
      await get('/sys/annountCement/list', teacher),
      await add({ titile: 'x' }, teacher),
      await send('PUT', '/sys/annountCement/edit', teacher, { id: 'annt_demo_draft', titile: 'x' }),
      await send('DELETE', '/sys/annountCement/delete?id=annt_demo_draft', teacher),
      await send('DELETE', '/sys/annountCement/deleteBatch?ids=annt_demo_draft', teacher),
      await release('annt_demo_draft', teacher),
      await revoke('annt_demo_winter', teacher),
      await send('POST', '/sys/message/sysMessage/sendByTemplate', teacher, { templateCode: 'homework_remind', userIds: 'u_teacher' }),
      await get('/sys/message/sysMessageTemplate/list', teacher),
    ];
    for (const r of answers) expect(r.body).toMatchObject({ success: false, code: 510 });
    expect(notify).not.toHaveBeenCalled();
  });

  it('queryById: not-targeted and unpublished ones are 未找到对应实体 for users; an administrator sees any', async () => {
    expect((await get('/sys/annountCement/queryById?id=annt_demo_invigilate', teacher2)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await get('/sys/annountCement/queryById?id=annt_demo_draft', teacher)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    const mine = await get('/sys/annountCement/queryById?id=annt_demo_invigilate', teacher);
    // 发布人 by real name beside the stored login name (issue #21).
    expect(mine.body.result).toMatchObject({ titile: '期中考试监考安排', sender: 'jiaowu', sender_dictText: '赵立新', userIds: null });
    expect((await get('/sys/annountCement/queryById?id=annt_demo_draft', admin)).body.result).toMatchObject({ sendStatus: '0', sendStatus_dictText: '未发布' });
    expect((await get('/sys/annountCement/queryById?id=annt_demo_invigilate', admin)).body.result).toMatchObject({ userIds: 'u_teacher,' });
  });

  it('a user cannot mark read what was not sent to them', async () => {
    const r = await send('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', teacher2, { anntId: 'annt_demo_invigilate' });
    expect(r.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await be.db.selectFrom('sys_announcement_send').select('id').where('user_id', '=', 'u_teacher2').where('annt_id', '=', 'annt_demo_invigilate').execute()).toEqual([]);
  });
});

describe('add / edit validation', () => {
  it.each([
    [{}, '请输入标题'],
    [{ titile: '<script>alert(1)</script>' }, '请输入标题'],
    [{ titile: 'x'.repeat(101) }, '标题不能超过100个字符'],
    [{ titile: 'x', msgType: 'USER' }, '请选择指定用户'],
    [{ titile: 'x', msgType: 'USER', userIds: 'u_teacher,nobody,' }, '指定用户不存在'],
    [{ titile: 'x', priority: 'X' }, '优先级不正确'],
    [{ titile: 'x', startTime: '2026-02-30 10:00:00' }, '开始时间格式不正确'],
    [{ titile: 'x', startTime: '2026-03-02 10:00:00', endTime: '2026-03-01' }, '结束时间不能早于开始时间'],
    [{ titile: 'x', openType: 'url' }, '请填写跳转地址'],
    [{ titile: 'x', openType: 'url', openPage: 'https://evil.example/' }, '跳转地址必须是以 / 开头的站内路径'],
    [{ titile: 'x', openType: 'url', openPage: '//evil.example/' }, '跳转地址必须是以 / 开头的站内路径'],
  ])('%j → %s', async (json, message) => {
    expect((await add(json)).body).toMatchObject({ success: false, message });
  });

  it('strips tags from the title and sanitises the content on save', async () => {
    const r = await add({ titile: '<b>期末</b><script>x</script>安排', msgContent: '<p onclick="x()">好<script>alert(1)</script><a href="javascript:alert(1)">链</a></p>', startTime: '2026-01-01', endTime: '2026-01-31' });
    const a = r.body.result as Annt & { startTime: string; endTime: string };
    expect(a).toMatchObject({ titile: '期末安排', msgContent: '<p>好<a>链</a></p>', sendStatus: '0', startTime: '2026-01-01 00:00:00', endTime: '2026-01-31 23:59:59' });
  });

  it('edit (PUT and POST) keeps a USER list’s send rows exact; a published one must be revoked first', async () => {
    const r = await add({ titile: '教研会议', msgType: 'USER', userIds: 'u_teacher,u_teacher2,' });
    const id = (r.body.result as Annt).id;
    const users = async () => (await be.db.selectFrom('sys_announcement_send').select('user_id').where('annt_id', '=', id).execute()).map((x) => x.user_id).sort();
    expect(await users()).toEqual(['u_teacher', 'u_teacher2']);
    const e1 = await send('PUT', '/sys/annountCement/edit', admin, { id, titile: '教研会议（改）', msgType: 'USER', userIds: 'u_teacher2,u_academic' });
    expect(e1.body).toMatchObject({ success: true, message: '修改成功!', result: { titile: '教研会议（改）', userIds: 'u_teacher2,u_academic,' } });
    expect(await users()).toEqual(['u_academic', 'u_teacher2']);
    await release(id);
    expect((await send('POST', '/sys/annountCement/edit', admin, { id, titile: 'y' })).body).toMatchObject({ success: false, message: '已发布的通知不能编辑，请先撤销' });
    await revoke(id);
    expect((await send('POST', '/sys/annountCement/edit', admin, { id, titile: '全体会议' })).body).toMatchObject({ success: true });
    expect(await users()).toEqual([]);
    expect((await send('PUT', '/sys/annountCement/edit', admin, { id: 'nope', titile: 'y' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });
});

describe('release and revoke push to exactly the audience', () => {
  it('USER: {cmd:user} to the chosen users only; sender and sendTime set; a second release is refused', async () => {
    const r = await add({ titile: '英语组教研通知', msgType: 'USER', userIds: 'u_teacher2,' });
    const id = (r.body.result as Annt).id;
    const rel = await release(id);
    expect(rel.body).toMatchObject({ success: true, message: '该系统通知发布成功', result: { sender: 'admin', sendStatus: '1' } });
    expect((rel.body.result as Annt).sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(['u_teacher2'], { cmd: 'user', msgId: id, msgTxt: '英语组教研通知' });
    expect((await release(id)).body).toMatchObject({ success: false, message: '该系统通知已发布' });
    expect((await release('nope')).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await byUser(teacher2)).anntMsgList[0].titile).toBe('英语组教研通知');
    expect((await byUser(teacher)).anntMsgList.map((a) => a.id)).not.toContain(id);
  });

  it('ALL without a broadcaster: notify gets every active user', async () => {
    await publish({ titile: '全员大会' });
    const [ids, message] = notify.mock.calls[0] as [string[], object];
    expect([...ids].sort()).toEqual(['u_academic', 'u_admin', 'u_marketing', 'u_marketing2', 'u_teacher', 'u_teacher2']);
    expect(message).toMatchObject({ cmd: 'topic', msgTxt: '全员大会' });
  });

  it('ALL with a broadcaster: {cmd:topic} broadcast once; revoke removes it from unread lists', async () => {
    const broadcast = jest.fn();
    be.setBroadcaster(broadcast);
    const id = await publish({ titile: '国庆放假通知', priority: 'H' });
    expect(broadcast).toHaveBeenCalledWith({ cmd: 'topic', msgId: id, msgTxt: '国庆放假通知' });
    expect(notify).not.toHaveBeenCalled();
    expect((await byUser(teacher)).anntMsgList[0].id).toBe(id);

    const rv = await revoke(id);
    expect(rv.body).toMatchObject({ success: true, message: '该系统通知撤销成功', result: { sendStatus: '2' } });
    expect((rv.body.result as Annt).cancelTime).toBeTruthy();
    expect(broadcast).toHaveBeenLastCalledWith({ cmd: 'topic', msgId: id, msgTxt: '该系统通知已撤销' });
    expect((await byUser(teacher)).anntMsgList.map((a) => a.id)).not.toContain(id);
    expect((await revoke(id)).body).toMatchObject({ success: false, message: '只有已发布的通知才能撤销' });
  });

  it('an announcement that ended before the user joined is not theirs', async () => {
    const id = await publish({ titile: '往年通知', startTime: '2019-01-01 00:00:00', endTime: '2020-01-01 00:00:00' });
    expect((await byUser(teacher)).anntMsgList.map((a) => a.id)).not.toContain(id);
    expect((await get(`/sys/annountCement/queryById?id=${id}`, teacher)).body).toMatchObject({ success: false });
  });
});

describe('delete', () => {
  it('soft-deletes; a deleted one leaves lists; batch; unknown ids', async () => {
    const a = await publish({ titile: '待删除一' });
    const b = await publish({ titile: '待删除二' });
    expect((await send('DELETE', `/sys/annountCement/delete?id=${a}`, admin)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await send('DELETE', `/sys/annountCement/deleteBatch?ids=${b},nope,`, admin)).body).toMatchObject({ success: true });
    expect(await be.db.selectFrom('sys_announcement').select('del_flag').where('id', 'in', [a, b]).execute()).toEqual([{ del_flag: '1' }, { del_flag: '1' }]);
    expect((await byUser(teacher)).anntMsgList.map((x) => x.id)).not.toEqual(expect.arrayContaining([a]));
    expect((await send('DELETE', `/sys/annountCement/delete?id=${a}`, admin)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await send('DELETE', '/sys/annountCement/deleteBatch?ids=', admin)).body).toMatchObject({ success: false, message: '参数不识别！' });
  });
});

describe('administrator list', () => {
  it('filters by title (contains), category and status; dict texts; rejects bad filters', async () => {
    const r = await get('/sys/annountCement/list?titile=寒假&pageNo=1&pageSize=10', admin);
    const page = r.body.result as Page<Annt & { msgCategory_dictText: string; sendStatus_dictText: string }>;
    expect(page.records.map((x) => x.titile)).toEqual(['关于2026年寒假放假安排的通知']);
    expect(page.records[0]).toMatchObject({ msgCategory_dictText: '通知公告', sendStatus_dictText: '已发布', priority_dictText: '紧急', sender: 'admin', sender_dictText: '管理员' });
    const drafts = (await get('/sys/annountCement/list?sendStatus=0&titile=*草稿*', admin)).body.result as Page<Annt>;
    expect(drafts.records.map((x) => x.titile)).toEqual(['暑期教师培训报名通知（草稿）']);
    const sys = (await get('/sys/annountCement/list?msgCategory=2', admin)).body.result as Page<Annt>;
    expect(sys.records.length).toBeGreaterThan(0);
    expect((await get('/sys/annountCement/list?sendStatus=9', admin)).body).toMatchObject({ success: false, message: '查询条件不正确' });
    expect((await get('/sys/annountCement/list?titile=%25', admin)).body.result).toMatchObject({ total: 0 });
  });
});

describe('my messages: read state', () => {
  it('getMyAnnouncementSend: unread first, then newest; filters', async () => {
    await send('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', teacher, { anntId: 'annt_demo_winter' });
    const all = (await get('/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=50', teacher)).body.result as Page<Send>;
    const flags = all.records.map((x) => x.readFlag);
    expect(flags).toEqual([...flags].sort());
    const unread = all.records.filter((x) => x.readFlag === '0').map((x) => x.sendTime);
    expect(unread).toEqual([...unread].sort().reverse());
    expect(all.records.find((x) => x.anntId === 'annt_demo_winter')).toMatchObject({ readFlag: '1', sender: 'admin' });
    const read = (await get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1', teacher)).body.result as Page<Send>;
    expect(read.records.map((x) => x.anntId)).toEqual(['annt_demo_winter']);
    const sys = (await get('/sys/sysAnnouncementSend/getMyAnnouncementSend?msgCategory=2', teacher)).body.result as Page<Send>;
    expect(sys.records.every((x) => x.msgCategory === '2')).toBe(true);
    const bySender = (await get('/sys/sysAnnouncementSend/getMyAnnouncementSend?sender=jiaowu&titile=监考', teacher)).body.result as Page<Send>;
    expect(bySender.records.map((x) => x.anntId)).toEqual(['annt_demo_invigilate']);
    // The real name shown as 发布人 finds it too, and every row carries it.
    const byName = (await get(`/sys/sysAnnouncementSend/getMyAnnouncementSend?sender=${encodeURIComponent('赵立新')}`, teacher)).body.result as Page<Send & { sender_dictText: string }>;
    expect(byName.records.map((x) => [x.anntId, x.sender_dictText])).toEqual([['annt_demo_invigilate', '赵立新']]);
    expect(all.records.find((x) => x.anntId === 'annt_demo_winter')).toMatchObject({ sender_dictText: '管理员' });
    expect((await get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=x', teacher)).body).toMatchObject({ success: false });
  });

  it('marking read lowers the bell count; readAll reads every published one, pushes topic to the user, leaves drafts unread', async () => {
    const before = await byUser(teacher);
    const first = before.anntMsgList[0];
    expect((await send('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', teacher, { anntId: first.id })).body).toMatchObject({ success: true });
    expect((await byUser(teacher)).anntMsgTotal).toBe(before.anntMsgTotal - 1);

    const draft = (await add({ titile: '尚未发布的私信', msgType: 'USER', userIds: 'u_teacher' })).body.result as Annt;
    notify.mockReset();
    const r = await send('PUT', '/sys/sysAnnouncementSend/readAll', teacher);
    expect(r.body).toMatchObject({ success: true, message: '全部已读' });
    expect(notify).toHaveBeenCalledWith(['u_teacher'], { cmd: 'topic', msgTxt: '全部已读' });
    expect(await byUser(teacher)).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
    await release(draft.id);
    expect((await byUser(teacher)).anntMsgList.map((a) => a.id)).toEqual([draft.id]);
  });
});

describe('system messages from templates', () => {
  it('renders, escapes values, creates a published category-2 USER message and pushes it', async () => {
    notify.mockReset();
    const r = await send('POST', '/sys/message/sysMessage/sendByTemplate', admin, {
      templateCode: 'course_change_notice',
      userIds: 'u_teacher2,',
      data: { teacherName: '周明', courseName: '英语<script>', newTime: '周六 10:00', location: '302' },
    });
    expect(r.body).toMatchObject({ success: true, message: '消息发送成功！', result: { titile: '调课通知：英语', msgCategory: '2', msgType: 'USER', sendStatus: '1', sender: 'admin' } });
    const a = r.body.result as Annt;
    expect(a.msgContent).toContain('英语&lt;script&gt;');
    expect(notify).toHaveBeenCalledWith(['u_teacher2'], { cmd: 'user', msgId: a.id, msgTxt: '调课通知：英语' });
    expect((await byUser(teacher2)).sysMsgList[0].id).toBe(a.id);
  });

  it('JeecgBoot’s sendMsg (receiver usernames, testData JSON) and the errors', async () => {
    const ok = await send('POST', '/sys/message/sysMessageTemplate/sendMsg', admin, { templateCode: 'homework_remind', receiver: 'teacher', testData: '{"teacherName":"李","count":3,"deadline":"周五"}' });
    expect(ok.body).toMatchObject({ success: true, result: { titile: '作业待批改提醒', msgContent: '李老师，您有 3 份作业待批改，请于 周五 前完成。<br>批改完成后系统将自动通知学生。' } });
    const bad = [
      [{ templateCode: 'nope', userIds: 'u_teacher' }, '消息模板不存在'],
      [{ templateCode: 'homework_remind', userIds: '' }, '请选择接收人'],
      [{ templateCode: 'homework_remind', userIds: 'ghost' }, '接收人不存在'],
      [{ templateCode: 'homework_remind', userIds: 'u_teacher', data: { teacherName: 'x', count: 1 } }, '缺少模板参数：deadline'],
    ] as const;
    for (const [json, message] of bad) expect((await send('POST', '/sys/message/sysMessage/sendByTemplate', admin, json)).body).toMatchObject({ success: false, message });
    const list = (await get('/sys/message/sysMessageTemplate/list?templateName=调课', admin)).body.result as Page<{ templateCode: string; variables: string[] }>;
    expect(list.records).toEqual([expect.objectContaining({ templateCode: 'course_change_notice', variables: ['courseName', 'teacherName', 'newTime', 'location'] })]);
  });
});
