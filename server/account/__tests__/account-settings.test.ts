/** @jest-environment node */
import type { OAuthProviderConfig } from '../../config';
import { newId } from '../../core/ids';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/** 账户设置 (issue #26): self-edit rules, phone change by SMS, avatar checks, unbinding, and the bell's switches. */

const oauth: OAuthProviderConfig = {
  name: 'campus',
  authorizeUrl: 'https://idp.example.test/oauth/authorize',
  tokenUrl: 'https://idp.example.test/oauth/token',
  userInfoUrl: 'https://idp.example.test/oauth/userinfo',
  clientId: 'jiaowu-client',
  clientSecret: '',
  scope: 'openid',
};
let providerSub = 'idp-someone';
const stubFetch = (async (input: RequestInfo | URL) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
  if (url === oauth.tokenUrl) return Response.json({ access_token: 'at-1', token_type: 'Bearer' });
  if (url === oauth.userInfoUrl) return Response.json({ sub: providerSub, name: '校园账号' });
  return new Response('not found', { status: 404 });
}) as typeof fetch;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex');

let be: TestBackend;
let teacher2: string;
let marketing: string;
let jiaowu: string;
beforeAll(async () => {
  be = await startTestBackend({ oauth }, stubFetch);
  [teacher2, marketing, jiaowu] = await Promise.all([be.login('teacher2'), be.login('marketing'), be.login('jiaowu')]);
});
afterAll(() => be.close());

const edit = (token: string, json: Record<string, unknown>) => be.call('/sys/user/login/setting/userEdit', { method: 'POST', token, json });
const userRow = (id: string) => be.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('基本设置: /sys/user/login/setting/userEdit', () => {
  it('saves realname, email, birthday and sex of the token user; the sign-in name and other users stay untouched', async () => {
    const r = await edit(teacher2, { realname: '周明明', email: 'zm@example.edu.cn', birthday: '1990-05-06', sex: '2', username: 'hacker' });
    expect(r.body).toMatchObject({ success: true, message: '更新个人信息成功' });
    expect(await userRow('u_teacher2')).toMatchObject({ username: 'teacher2', realname: '周明明', email: 'zm@example.edu.cn', birthday: '1990-05-06', sex: 2 });
    const data = await be.call('/sys/user/login/setting/getUserData', { token: teacher2 });
    expect(data.body.result).toMatchObject({ username: 'teacher2', realname: '周明明' });
    expect(data.body.result).not.toHaveProperty('password_hash');
    expect((await edit(teacher2, { id: 'u_admin', realname: 'x' })).body.message).toBe('只能修改自己的数据');
    expect((await userRow('u_admin')).realname).toBe('管理员');
  });

  it.each([
    ['a blank name', { realname: ' ' }, '请输入姓名'],
    ['a name over 100 characters', { realname: '长'.repeat(101) }, '姓名不能超过100个字符'],
    ['a malformed e-mail', { email: 'not-an-email' }, '请输入正确的邮箱地址'],
    ['an e-mail over 45 characters', { email: `${'a'.repeat(40)}@ex.cn` }, '邮箱不能超过45个字符'],
    ['a day that does not exist', { birthday: '1990-02-30' }, '请输入正确的生日（yyyy-MM-dd）'],
    ['a birthday in the future', { birthday: '2999-01-01' }, '生日不能晚于今天'],
    ['a phone change without a code', { phone: '13900000009' }, '修改手机号请通过短信验证码确认'],
  ])('refuses %s with a clear message and changes nothing', async (_label, body, message) => {
    const before = await userRow('u_teacher2');
    expect((await edit(teacher2, body)).body).toMatchObject({ success: false, message });
    expect(await userRow('u_teacher2')).toEqual(before);
  });
});

describe('phone change confirmed by an SMS code to the new number', () => {
  it('refuses a number another account uses, then sends to the new number and sets it with that code only', async () => {
    const send = (phone: string) => be.call('/sys/user/sendChangePhoneSms', { method: 'POST', token: teacher2, json: { phone } });
    expect((await send('13800000003')).body.message).toBe('该手机号已被其他账号使用');
    expect((await send('13800000002')).body.message).toBe('新手机号与当前手机号相同');
    expect((await send('12345')).body.message).toBe('请输入正确的手机号码');
    expect(be.sms).toHaveLength(0);

    expect((await send('13912345678')).body).toMatchObject({ success: true });
    const sent = be.sms.at(-1)!;
    expect(sent).toMatchObject({ mobile: '13912345678', mode: '4' });
    const update = (json: Record<string, unknown>) => be.call('/sys/user/updateMobile', { method: 'PUT', token: teacher2, json });
    const wrong = sent.code === '000000' ? '111111' : '000000';
    expect((await update({ phone: '13912345678', smscode: wrong })).body.message).toBe('短信验证码错误或已失效');
    // The code of one number does not confirm another.
    expect((await update({ phone: '13912340000', smscode: sent.code })).body.message).toBe('短信验证码错误或已失效');
    expect((await update({ phone: '13800000004', smscode: sent.code })).body.message).toBe('该手机号已被其他账号使用');
    expect((await update({ phone: '13912345678', smscode: sent.code })).body).toMatchObject({ success: true, message: '手机号设置成功!' });
    expect((await userRow('u_teacher2')).phone).toBe('13912345678');
    // The anonymous /sys/sms cannot issue change-phone codes.
    expect((await be.call('/sys/sms', { method: 'POST', json: { mobile: '13912345670', smsmode: '4' } })).body.success).toBe(false);
  });
});

describe('头像', () => {
  it('stores an image uploaded to the avatar folder; refuses a non-image or an oversized file by content', async () => {
    const form = new FormData();
    form.append('biz', 'avatar');
    form.append('kind', 'image');
    form.append('file', new Blob([PNG]), 'me.png');
    const up = await be.fetch(new Request('http://backend/sys/common/upload', { method: 'POST', body: form, headers: { 'X-Access-Token': teacher2 } }));
    const path = ((await up.json()) as { message: string }).message;
    expect(path).toMatch(/^avatar\/.+\.png$/);
    expect((await edit(teacher2, { avatar: path })).body.success).toBe(true);
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: teacher2 })).body.result).toMatchObject({ userInfo: { avatar: path } });

    const text = await be.storage.put(Buffer.from('just some text, not a picture'), { biz: 'avatar', originalName: 'fake.png' });
    expect((await edit(teacher2, { avatar: text.path })).body.message).toBe('头像必须是图片（png、jpg、jpeg、gif）');
    const big = await be.storage.put(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), { biz: 'avatar', originalName: 'big.png' });
    expect((await edit(teacher2, { avatar: big.path })).body.message).toBe('头像图片不能大于2MB');
    const elsewhere = await be.storage.put(PNG, { biz: 'temp', originalName: 'x.png' });
    expect((await edit(teacher2, { avatar: elsewhere.path })).body.message).toBe('头像文件不存在，请重新上传');
    expect((await edit(teacher2, { avatar: '../../etc/passwd' })).body.message).toBe('头像文件不存在，请重新上传');
    expect((await userRow('u_teacher2')).avatar).toBe(path);
  });
});

describe('账号绑定', () => {
  const bind = (token: string) =>
    be.call('/sys/user/thirdBinding/bind', { method: 'POST', token, json: { code: 'c1', codeVerifier: 'v'.repeat(43), redirectUri: 'http://app.test/oauth/callback', thirdType: 'campus' } });
  const unbind = (token: string) => be.call('/sys/user/thirdBinding/unbind?thirdType=campus', { method: 'DELETE', token });

  it('binds the provider account, refuses one bound to someone else, and refuses to unbind the only way to sign in', async () => {
    providerSub = 'idp-jiaowu';
    expect((await bind(jiaowu)).body).toMatchObject({ success: true, message: '绑定成功' });
    expect((await be.call('/sys/user/thirdBinding', { token: jiaowu })).body.result).toMatchObject({
      enabled: true,
      canUnbind: true,
      providers: [{ thirdType: 'campus', bound: true, realname: '校园账号' }],
    });
    expect((await bind(marketing)).body.message).toBe('该第三方账号已绑定其他用户');

    // A third-party-only account: no password, no phone.
    await be.db.updateTable('sys_user').set({ password_hash: '', phone: null }).where('id', '=', 'u_academic').execute();
    expect((await unbind(jiaowu)).body.message).toBe('这是您唯一的登录方式，请先设置密码或绑定手机号后再解绑');
    expect((await be.call('/sys/user/thirdBinding', { token: jiaowu })).body.result).toMatchObject({ canUnbind: false });
    expect(await be.db.selectFrom('sys_third_account').select('id').where('sys_user_id', '=', 'u_academic').execute()).toHaveLength(1);

    await be.db.updateTable('sys_user').set({ phone: '13800000004' }).where('id', '=', 'u_academic').execute();
    expect((await unbind(jiaowu)).body).toMatchObject({ success: true, message: '解绑成功' });
    expect((await unbind(jiaowu)).body.message).toBe('您未绑定该第三方账号');
  });
});

describe('新消息通知: the bell honours the switches', () => {
  const insertMessage = async (category: '1' | '2', busType: string | null, title: string) => {
    const id = newId();
    const now = new Date();
    await be.db
      .insertInto('sys_announcement')
      .values({
        id, titile: title, msg_content: title, start_time: now, end_time: null, sender: 'admin', priority: 'L', msg_category: category, msg_type: 'USER',
        send_status: '1', send_time: now, cancel_time: null, del_flag: '0', user_ids: 'u_marketing,', bus_type: busType, bus_id: null, open_type: null,
        open_page: null, msg_abstract: null, dt_task_id: null, create_by: 'admin', update_by: null, update_time: null,
      })
      .execute();
    await be.db.insertInto('sys_announcement_send').values({ id: newId(), annt_id: id, user_id: 'u_marketing', read_flag: '0', read_time: null, create_by: 'admin', update_by: null, update_time: null }).execute();
  };
  type Lists = { anntMsgTotal: number; sysMsgTotal: number; anntMsgList: { titile: string }[]; sysMsgList: { titile: string }[] };
  const bell = async () => (await be.call('/sys/annountCement/listByUser?pageSize=50', { token: marketing })).body.result as Lists;
  const todo = async () => (await be.call('/crm/task/myTodo', { token: marketing })).body.result as { total: number };
  const mine = async () => ((await be.call('/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100', { token: marketing })).body.result as { total: number }).total;

  it('a switched-off kind neither shows nor counts in the bell, while 我的消息 lists everything', async () => {
    await insertMessage('1', null, '公告A');
    await insertMessage('2', 'work_handover', '交接B');
    await insertMessage('2', 'msg_template', '模板C');
    const task = await be.call('/crm/task/add', { method: 'POST', token: jiaowu, json: { title: '回访D', assignee: 'u_marketing' } });
    expect(task.body.success).toBe(true);

    const before = await bell();
    const [todoBefore, mineBefore] = [await todo(), await mine()];
    expect(todoBefore.total).toBeGreaterThan(0);
    expect(before.anntMsgList.map((a) => a.titile)).toContain('公告A');
    expect(before.sysMsgList.map((a) => a.titile)).toEqual(expect.arrayContaining(['交接B', '模板C']));

    expect((await be.call('/sys/user/notifySetting', { token: marketing })).body.result).toEqual({ announcement: true, task: true, homework: true, approval: true });
    const save = await be.call('/sys/user/notifySetting', { method: 'PUT', token: marketing, json: { announcement: false, task: false, homework: true, approval: true } });
    expect(save.body.success).toBe(true);

    const after = await bell();
    expect(after.anntMsgTotal).toBe(0);
    expect(after.anntMsgList).toEqual([]);
    expect(after.sysMsgList.map((a) => a.titile)).not.toContain('交接B');
    expect(after.sysMsgList.map((a) => a.titile)).toContain('模板C');
    expect(after.sysMsgTotal).toBe(before.sysMsgTotal - 1);
    expect(await todo()).toEqual({ total: 0, records: [] });
    expect(await mine()).toBe(mineBefore);
    // Another user's bell is unaffected.
    expect(((await be.call('/sys/user/notifySetting', { token: jiaowu })).body.result as { task: boolean }).task).toBe(true);
    expect((await be.call('/sys/user/notifySetting', { method: 'PUT', token: marketing, json: { announcement: 'no' } })).body.success).toBe(false);
  });
});
