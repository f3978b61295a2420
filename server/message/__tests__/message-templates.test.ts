/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { renderTemplate } from '../announcements';
import { SEEDED_TEMPLATES } from '../../seed/announcements';
import { CONTENT_EMPTY, TEMPLATE_DELETED } from '../catalog-messages';
import { DUPLICATE_VALUE } from '../../resources/crud';
import { linkId } from '../../core/ids';
import { parseTestJson, renderPreview, TEST_JSON_NOT_OBJECT } from '../../../lib/system/template-vars';

let be: TestBackend;
let admin: string;
let teacher: string;
let teacher2: string;
let sender: string;
const notify = jest.fn();

const API = '/sys/message/sysMessageTemplate';
type Tpl = { id: string; templateCode: string; templateName: string; templateTitle: string; templateContent: string; templateType: string; templateType_dictText: string; templateTestJson: string | null; variables: string[] };
type Page<T> = { records: T[]; total: number };
type Msg = { id: string; titile: string; templateName: string; receiverCount: number; readCount: number; receiverNames: string; sender: string; priority_dictText: string; msgContent: string };

const get = (path: string, token: string) => be.call(path, { token });
const send = (method: string, path: string, token: string, json?: unknown) => be.call(path, { method, token, json });
const addTpl = (json: Record<string, unknown>, token = admin) => send('POST', `${API}/add`, token, json);
const base = (code: string) => ({ templateCode: code, templateName: `模板${code}`, templateTitle: '标题${name}', templateContent: '你好 ${name}', templateType: '1' });
async function created(json: Record<string, unknown>): Promise<Tpl> {
  const r = await addTpl(json);
  expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
  return r.body.result as Tpl;
}
const sysMsgs = async (token: string) => ((await get('/sys/annountCement/listByUser?pageSize=50', token)).body.result as { sysMsgList: { id: string }[] }).sysMsgList.map((a) => a.id);

beforeAll(async () => {
  be = await startTestBackend();
  be.setNotifier(notify);
  // jiaowu (教务) may send system messages, nothing more: the send dialog must still read templates.
  await be.db.insertInto('sys_role_permission').values({ id: linkId('role_academic', 'perm_btn_message_send'), role_id: 'role_academic', permission_id: 'perm_btn_message_send' }).execute();
  [admin, teacher, teacher2, sender] = await Promise.all([be.login('admin'), be.login('teacher'), be.login('teacher2'), be.login('jiaowu')]);
});
afterAll(() => be.close());
beforeEach(() => notify.mockReset());

describe('permissions', () => {
  it('a teacher gets 510 from every template and message-record action', async () => {
    const answers = [
      await get(`${API}/list`, teacher),
      await get(`${API}/queryById?id=tpl_course_change`, teacher),
      await addTpl(base('t510'), teacher),
      await send('PUT', `${API}/edit`, teacher, { id: 'tpl_course_change', templateName: 'x' }),
      await send('DELETE', `${API}/delete?id=tpl_course_change`, teacher),
      await send('DELETE', `${API}/deleteBatch?ids=tpl_course_change`, teacher),
      await get('/sys/message/sysMessage/list', teacher),
      await get('/sys/message/sysMessage/queryById?id=x', teacher),
    ];
    for (const r of answers) expect(r.body).toMatchObject({ success: false, code: 510 });
    expect(await be.db.selectFrom('sys_message_template').select('template_name').where('id', '=', 'tpl_course_change').executeTakeFirstOrThrow()).toEqual({ template_name: '调课通知' });
  });

  it('a sender (system:message:send only) lists templates with their variables, but cannot change them or read the records', async () => {
    const list = await get(`${API}/list?templateCode=course`, sender);
    expect(list.body).toMatchObject({ success: true });
    expect((list.body.result as Page<Tpl>).records).toEqual([expect.objectContaining({ templateCode: 'course_change_notice', templateType_dictText: '富文本', variables: ['courseName', 'teacherName', 'newTime', 'location'] })]);
    for (const r of [await addTpl(base('by_sender'), sender), await get(`${API}/queryById?id=tpl_course_change`, sender), await send('DELETE', `${API}/delete?id=tpl_course_change`, sender), await get('/sys/message/sysMessage/list', sender)]) {
      expect(r.body).toMatchObject({ success: false, code: 510 });
    }
    const sent = await send('POST', '/sys/message/sysMessage/sendByTemplate', sender, { templateCode: 'homework_remind', userIds: ['u_teacher'], data: { teacherName: '李', count: 1, deadline: '周五' } });
    expect(sent.body).toMatchObject({ success: true, message: '消息发送成功！', result: { sender: 'jiaowu' } });
  });
});

describe('template CRUD', () => {
  it('add, search (engine grammar and plain contains), queryById, edit, delete, deleteBatch', async () => {
    const t = await created({ ...base('exam_notice'), templateName: '考试通知', templateTestJson: '{"name":"周明"}' });
    expect(t).toMatchObject({ templateCode: 'exam_notice', variables: ['name'], templateTestJson: '{"name":"周明"}' });
    expect(await be.db.selectFrom('sys_message_template').select('create_by').where('id', '=', t.id).executeTakeFirstOrThrow()).toEqual({ create_by: 'admin' });

    for (const q of ['templateCode=*exam*', 'templateName=考试', 'templateType=1&templateCode=exam_notice']) {
      expect(((await get(`${API}/list?${q}`, admin)).body.result as Page<Tpl>).records.map((r) => [r.id, r.templateType_dictText])).toEqual([[t.id, '文本']]);
    }
    expect(((await get(`${API}/list?templateType=2&templateCode=exam_notice`, admin)).body.result as Page<Tpl>).total).toBe(0);
    expect((await get(`${API}/list?column=nope&order=asc`, admin)).body).toMatchObject({ success: false });
    expect((await get(`${API}/queryById?id=${t.id}`, admin)).body.result).toMatchObject({ templateName: '考试通知', variables: ['name'] });

    const edited = await send('PUT', `${API}/edit`, admin, { id: t.id, templateTitle: '${subject}考试安排', templateContent: '${name}同学：${subject}考试在${room}' });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!', result: { templateName: '考试通知', variables: ['subject', 'name', 'room'] } });

    const t2 = await created(base('batch_a'));
    const t3 = await created(base('batch_b'));
    expect((await send('DELETE', `${API}/delete?id=${t.id}`, admin)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await send('DELETE', `${API}/deleteBatch?ids=${t2.id},${t3.id}`, admin)).body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await be.db.selectFrom('sys_message_template').select('id').where('id', 'in', [t.id, t2.id, t3.id]).execute()).toEqual([]);
  });

  it('required fields, code pattern and a unique code (also on edit)', async () => {
    expect((await addTpl({ ...base('x'), templateCode: '' })).body).toMatchObject({ success: false, message: '请输入模板编码!' });
    expect((await addTpl({ ...base('x'), templateContent: '' })).body).toMatchObject({ success: false, message: '请输入模板内容!' });
    expect((await addTpl({ ...base('x'), templateType: '3' })).body).toMatchObject({ success: false });
    expect((await addTpl(base('bad-code'))).body).toMatchObject({ success: false, message: '模板编码只能包含字母、数字和下划线' });
    expect((await addTpl(base('course_change_notice'))).body).toMatchObject({ success: false, message: DUPLICATE_VALUE });
    const t = await created(base('unique_one'));
    expect((await send('PUT', `${API}/edit`, admin, { id: t.id, templateCode: 'homework_remind' })).body).toMatchObject({ success: false, message: DUPLICATE_VALUE });
    expect((await send('PUT', `${API}/edit`, admin, { id: t.id, templateCode: 'unique_one' })).body).toMatchObject({ success: true });
    expect((await get(`/sys/duplicate/check?tableName=sys_message_template&fieldName=template_code&fieldVal=homework_remind&dataId=${t.id}`, admin)).body).toMatchObject({ success: false });
  });

  it.each(['[1,2]', 'abc', 'null', '"text"', '12', '{"a":1'])('test data %s → 测试数据必须是JSON对象', async (json) => {
    expect((await addTpl({ ...base('json_bad'), templateTestJson: json })).body).toMatchObject({ success: false, message: TEST_JSON_NOT_OBJECT });
  });

  it('test data: an object or nothing is fine; an edit is checked too', async () => {
    const t = await created({ ...base('json_ok'), templateTestJson: '{ "name": "x", "n": 1 }' });
    expect((await send('PUT', `${API}/edit`, admin, { id: t.id, templateTestJson: '' })).body).toMatchObject({ success: true });
    expect((await send('PUT', `${API}/edit`, admin, { id: t.id, templateTestJson: '[]' })).body).toMatchObject({ success: false, message: TEST_JSON_NOT_OBJECT });
  });

  it.each([
    ['templateTitle', '调课：${course.name}', '模板标题中的变量“${course.name}”不正确'],
    ['templateTitle', '调课：${1st}', '模板标题中的变量“${1st}”不正确'],
    ['templateContent', '你好 ${}', '模板内容中的变量“${}”不正确'],
    ['templateContent', '你好 ${first name}', '模板内容中的变量“${first name}”不正确'],
    ['templateContent', '你好 ${name', '模板内容中的变量“${name”缺少右花括号 }'],
  ])('%s %s is refused', async (field, text, message) => {
    const r = await addTpl({ ...base('ph_bad'), [field]: text });
    expect(r.body).toMatchObject({ success: false });
    expect(r.body.message).toContain(message);
  });

  it('placeholders with spaces around a plain name are accepted; an edit re-checks the stored text with the new one', async () => {
    const t = await created({ ...base('ph_ok'), templateTitle: '${ name }的通知' });
    expect(t.variables).toEqual(['name']);
    expect((await send('PUT', `${API}/edit`, admin, { id: t.id, templateContent: '${a-b}' })).body).toMatchObject({ success: false });
  });

  it('rich text is sanitised on save (and when a text template turns rich); text templates are kept as typed', async () => {
    const rich = await created({ ...base('rich_one'), templateType: '2', templateContent: '<p onclick="steal()">你好 <b>${name}</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>' });
    expect(rich.templateContent).toBe('<p>你好 <b>${name}</b></p><a>x</a>');
    expect(rich.variables).toEqual(['name']);

    expect((await addTpl({ ...base('rich_empty'), templateType: '2', templateContent: '<script>alert(1)</script>' })).body).toMatchObject({ success: false, message: CONTENT_EMPTY });

    const text = await created({ ...base('text_one'), templateContent: '<img src=x onerror=alert(1)> ${name}' });
    expect(text.templateContent).toBe('<img src=x onerror=alert(1)> ${name}');
    const turned = await send('PUT', `${API}/edit`, admin, { id: text.id, templateType: '2' });
    expect(turned.body).toMatchObject({ success: true });
    expect((turned.body.result as Tpl).templateContent).toBe('<img src="x" /> ${name}');
  });
});

describe('sending, records and deletion', () => {
  it('a new template sends to the chosen users only; the record lists it; deleting the template leaves the message whole', async () => {
    const t = await created({ templateCode: 'room_change', templateName: '教室变更', templateTitle: '教室变更：${course}', templateContent: '<p>${course} 改到 <b>${room}</b></p>', templateType: '2' });
    const beforeTeacher = await sysMsgs(teacher);
    const r = await send('POST', '/sys/message/sysMessage/sendByTemplate', admin, { templateCode: 'room_change', userIds: 'u_teacher2', data: { course: '英语<i>', room: '302' }, priority: 'H' });
    expect(r.body).toMatchObject({ success: true, message: '消息发送成功！', result: { titile: '教室变更：英语', msgCategory: '2', priority: 'H' } });
    const msg = r.body.result as { id: string; msgContent: string };
    expect(msg.msgContent).toBe('<p>英语&lt;i&gt; 改到 <b>302</b></p>');
    expect(notify).toHaveBeenCalledWith(['u_teacher2'], expect.objectContaining({ cmd: 'user', msgId: msg.id }));
    expect(notify).toHaveBeenCalledTimes(1);
    expect(await sysMsgs(teacher2)).toContain(msg.id);
    expect(await sysMsgs(teacher)).toEqual(beforeTeacher);

    const records = async () => ((await get('/sys/message/sysMessage/list', admin)).body.result as Page<Msg>).records;
    const mine = (await records()).find((m) => m.id === msg.id)!;
    expect(mine).toMatchObject({ titile: '教室变更：英语', templateName: '教室变更', receiverCount: 1, readCount: 0, receiverNames: '周明', sender: 'admin', priority_dictText: '紧急' });
    // Only messages sent from templates: the seeded category-2 broadcast and the notices are not records.
    expect((await records()).some((m) => m.titile === '账户安全提醒：请及时修改初始密码' || m.titile === '期中考试监考安排')).toBe(false);
    expect((await get(`/sys/message/sysMessage/queryById?id=annt_demo_security`, admin)).body).toMatchObject({ success: false });
    expect(((await get('/sys/message/sysMessage/list?titile=*教室变更*', admin)).body.result as Page<Msg>).records.map((m) => m.id)).toEqual([msg.id]);

    expect((await send('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', teacher2, { anntId: msg.id })).body).toMatchObject({ success: true });
    expect((await records()).find((m) => m.id === msg.id)).toMatchObject({ readCount: 1 });

    expect((await send('DELETE', `${API}/delete?id=${t.id}`, admin)).body).toMatchObject({ success: true });
    const still = await get(`/sys/annountCement/queryById?id=${msg.id}`, teacher2);
    expect(still.body).toMatchObject({ success: true, result: { titile: '教室变更：英语', msgContent: '<p>英语&lt;i&gt; 改到 <b>302</b></p>' } });
    expect((await records()).find((m) => m.id === msg.id)).toMatchObject({ templateName: TEMPLATE_DELETED, receiverCount: 1 });
    expect((await send('POST', '/sys/message/sysMessage/sendByTemplate', admin, { templateCode: 'room_change', userIds: 'u_teacher2', data: { course: 'x', room: 'y' } })).body).toMatchObject({ success: false, message: '消息模板不存在' });
  });

  it('the record names the first five receivers and counts the rest', async () => {
    const ids = ['u_admin', 'u_teacher', 'u_teacher2', 'u_marketing', 'u_academic', 'u_frozen'];
    const r = await send('POST', '/sys/message/sysMessage/sendByTemplate', admin, { templateCode: 'homework_remind', userIds: ids, data: { teacherName: '各位', count: 2, deadline: '周五' } });
    expect(r.body).toMatchObject({ success: true });
    const id = (r.body.result as { id: string }).id;
    const rec = (await get(`/sys/message/sysMessage/queryById?id=${id}`, admin)).body.result as Msg;
    expect(rec.receiverCount).toBe(6);
    expect(rec.receiverNames).toMatch(/^([^、]+、){4}[^、]+ 等6人$/);
  });
});

describe('the send dialog’s preview matches what the server sends', () => {
  it.each(SEEDED_TEMPLATES.map((t) => [t.template_code, t] as const))('%s', (_code, t) => {
    const data = parseTestJson(t.template_test_json)!;
    const server = renderTemplate(t, data as Record<string, string | number>);
    const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
    expect(renderPreview({ templateTitle: t.template_title, templateContent: t.template_content, templateType: t.template_type }, strings)).toEqual(server);
  });

  it('values are escaped in both', () => {
    const tpl = { template_title: '${a}', template_content: '<p>${a}</p>', template_type: '2' };
    const server = renderTemplate(tpl, { a: '<script>x</script>&' });
    expect(renderPreview({ templateTitle: tpl.template_title, templateContent: tpl.template_content, templateType: '2' }, { a: '<script>x</script>&' })).toEqual(server);
  });
});
