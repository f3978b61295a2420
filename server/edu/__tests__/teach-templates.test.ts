/** @jest-environment node */
import { linkId } from '../../core/ids';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/*
 * 教学模板 (issue #22 item 3): a template saved with its lessons in one request, the lessons' rules (numbers
 * 1–999 and unique, the course's own materials and chapters), applying a template to a class's sessions
 * (lesson n → the class's n-th live session; past and 已点名 ones untouched; hand-changed ones asked about),
 * teachers refused on writes, and the session material list read like the session itself.
 */
let be: TestBackend;
let jiaowu: string;
let teacher: string;
let teacher2: string;

const API = '/course/teachTemplate';
const HOUR = 3600_000;
const at = (h: number) => new Date(Date.now() + h * HOUR);

type Lesson = { id?: string; lessonNo: number | string; title: string; content?: string; materialIds?: string; chapterId?: string; homeworkTitle?: string; homeworkContent?: string };
const lessons = (n: number, extra: (k: number) => Partial<Lesson> = () => ({})): Lesson[] =>
  Array.from({ length: n }, (_, i) => ({ lessonNo: i + 1, title: `第${i + 1}课`, content: `<p>内容${i + 1}</p>`, ...extra(i + 1) }));

const add = (body: Record<string, unknown>, token = jiaowu) => be.call(`${API}/add`, { method: 'POST', token, json: body });
const edit = (body: Record<string, unknown>, token = jiaowu) => be.call(`${API}/edit`, { method: 'PUT', token, json: body });
const items = async (id: string) => (await be.call(`${API}/queryTeachTemplateItemByMainId?id=${id}`, { token: jiaowu })).body.result as (Lesson & { id: string; materialIds_dictText: string })[];
const apply = (body: Record<string, unknown>, token = jiaowu) => be.call(`${API}/apply`, { method: 'POST', token, json: body });
const titles = async (id: string) => be.db.selectFrom('tbl_calendar').select(['title', 'applied_title', 'homework_title']).where('id', '=', id).executeTakeFirstOrThrow();
const session = async (id: string) => be.db.selectFrom('tbl_calendar').select(['content', 'applied_content', 'template_item_id']).where('id', '=', id).executeTakeFirstOrThrow();
const links = async (id: string) =>
  (await be.db.selectFrom('tbl_calendar_material').select(['material_id', 'template_item_id']).where('calendar_id', '=', id).orderBy('material_id').execute()).map((r) => `${r.material_id}${r.template_item_id ? '' : '(hand)'}`);

/** The apply fixture: template id and its lesson ids by number. */
let tpl: string;
let lessonId: Map<number, string>;

beforeAll(async () => {
  be = await startTestBackend();
  [jiaowu, teacher, teacher2] = await Promise.all([be.login('jiaowu'), be.login('teacher'), be.login('teacher2')]);
  const db = be.db;
  await db.insertInto('tbl_course').values([{ id: 'tt_c1', name: '模板数学' }, { id: 'tt_c2', name: '模板英语' }]).execute();
  await db.insertInto('tbl_clazz').values([{ id: 'tt_z1', name: '模板数学A班', course_id: 'tt_c1', capacity: 10 }, { id: 'tt_z2', name: '模板英语A班', course_id: 'tt_c2', capacity: 10 }]).execute();
  const material = (id: string, course: string) => ({ id, course_id: course, name: `资料${id}`, material_type: 4, file_path: `m/${id}.pdf` });
  await db.insertInto('tbl_course_material').values([material('tt_m1', 'tt_c1'), material('tt_m2', 'tt_c1'), material('tt_mx', 'tt_c2')]).execute();
  await db.insertInto('tbl_course_chapter').values([{ id: 'tt_ch1', course_id: 'tt_c1', title: '第一章' }, { id: 'tt_chx', course_id: 'tt_c2', title: 'Unit 1' }]).execute();
  await db.insertInto('tbl_schedule_series').values([
    { id: 'tt_ser1', clazz_id: 'tt_z1', rrule: 'FREQ=WEEKLY', start_date: '2030-01-01', start_time: '09:00', end_time: '10:00' },
    { id: 'tt_ser2', clazz_id: 'tt_z1', rrule: 'FREQ=WEEKLY', start_date: '2030-01-01', start_time: '14:00', end_time: '15:00' },
    { id: 'tt_serx', clazz_id: 'tt_z2', rrule: 'FREQ=WEEKLY', start_date: '2030-01-01', start_time: '09:00', end_time: '10:00' },
  ]).execute();
  // The seed links a teacher record to each demo teacher account; these fixtures bring their own.
  await db.deleteFrom('tbl_teacher').where('user_id', 'in', ['u_teacher', 'u_teacher2']).execute();
  await db.insertInto('tbl_teacher').values([{ id: 'tt_t1', name: '李文静', user_id: 'u_teacher' }, { id: 'tt_t2', name: '周明', user_id: 'u_teacher2' }]).execute();
  // The class's live sessions in order: S1 已点名 (1), S2 past 未开始 (2), S3 (3), S4 (4), S6 (5); S5 is cancelled and not counted.
  // No title of their own, as 排课规则 makes them (the list says 班级 第N次课).
  const s = (id: string, h: number, status: number, series: string | null) => ({ id, type: 0, title: null, clazz_id: 'tt_z1', course_id: 'tt_c1', series_id: series, start_time: at(h), end_time: at(h + 1), hours: '1', status });
  await db.insertInto('tbl_calendar').values([s('tt_S1', -48, 1, null), s('tt_S2', -24, 0, null), s('tt_S3', 24, 0, 'tt_ser1'), s('tt_S4', 48, 0, 'tt_ser1'), s('tt_S5', 72, 2, 'tt_ser1'), s('tt_S6', 96, 0, 'tt_ser2')]).execute();
  await db.insertInto('tbl_calendar').values({ id: 'tt_Z2', type: 0, title: 'Z2', clazz_id: 'tt_z2', course_id: 'tt_c2', start_time: at(30), end_time: at(31), hours: '1', status: 0 }).execute();
  await db.insertInto('tbl_calendar_teacher').values({ id: 'tt_ct1', calendar_id: 'tt_S3', teacher_id: 'tt_t1', role: 1 }).execute();

  const r = await add({
    courseId: 'tt_c1',
    name: '模板数学标准课',
    status: 1,
    teachTemplateItemList: lessons(5, (k) => (k === 3 ? { materialIds: 'tt_m1,tt_m2', chapterId: 'tt_ch1', homeworkTitle: '第3课练习' } : k === 4 ? { materialIds: 'tt_m1' } : {})),
  });
  expect(r.body).toMatchObject({ success: true });
  tpl = (r.body.result as { id: string }).id;
  lessonId = new Map((await items(tpl)).map((l) => [Number(l.lessonNo), l.id]));
}, 120_000);
afterAll(() => be.close());

describe('saving a template with its lessons', () => {
  it('saves header and lessons together, sanitised, and lists the course and the lesson count', async () => {
    const r = await add({ courseId: 'tt_c1', name: '保存测试', status: 0, remark: '备注', teachTemplateItemList: [{ lessonNo: 2, title: '<b>二</b>', content: '<p>讲解</p><script>alert(1)</script><img src=x onerror=alert(1)>', homeworkTitle: '练习', homeworkContent: '做第1题' }, { lessonNo: 1, title: '一', materialIds: ['tt_m2'] }] });
    expect(r.body).toMatchObject({ success: true, result: { name: '保存测试', lessonCount: 2, courseId_dictText: '模板数学' } });
    const id = (r.body.result as { id: string }).id;
    const got = await items(id);
    expect(got.map((l) => [l.lessonNo, l.title])).toEqual([[1, '一'], [2, '二']]);
    expect(got[0].materialIds_dictText).toBe('资料tt_m2');
    const stored = await be.db.selectFrom('tbl_teach_template_item').select(['content', 'homework_title']).where('template_id', '=', id).where('lesson_no', '=', 2).executeTakeFirstOrThrow();
    expect(stored.content).not.toMatch(/script|onerror/);
    expect(stored).toMatchObject({ content: expect.stringContaining('<p>讲解</p>'), homework_title: '练习' });
    const list = (await be.call(`${API}/list?courseId=tt_c1&status=0&pageSize=50`, { token: teacher })).body.result as { records: { id: string; lessonCount: number }[] };
    expect(list.records.find((x) => x.id === id)?.lessonCount).toBe(2);
  });

  it('keeps saved lessons’ ids when their numbers swap, and replaces the list as sent', async () => {
    const id = (await add({ courseId: 'tt_c1', name: '交换测试', teachTemplateItemList: lessons(3) })).body.result as { id: string };
    const [a, b] = await items(id.id);
    const r = await edit({ id: id.id, courseId: 'tt_c1', name: '交换测试2', teachTemplateItemList: [{ id: a.id, lessonNo: 2, title: 'A' }, { id: b.id, lessonNo: 1, title: 'B' }] });
    expect(r.body).toMatchObject({ success: true });
    const after = await items(id.id);
    expect(after.map((l) => [l.id, l.lessonNo, l.title])).toEqual([[b.id, 1, 'B'], [a.id, 2, 'A']]);
  });

  it('refuses a repeated lesson number or one out of 1–999, and writes nothing', async () => {
    const dup = await add({ courseId: 'tt_c1', name: '重复测试', teachTemplateItemList: [...lessons(3), { lessonNo: 3, title: '又一个' }] });
    expect(dup.body).toMatchObject({ success: false, message: '课次序号3重复' });
    const range = await add({ courseId: 'tt_c1', name: '重复测试', teachTemplateItemList: [{ lessonNo: 1000, title: 'x' }] });
    expect(range.body).toMatchObject({ success: false, message: '第1行：课次序号须为1到999的整数' });
    expect(await be.db.selectFrom('tbl_teach_template').select('id').where('name', '=', '重复测试').execute()).toEqual([]);
  });

  it('refuses a material or chapter of another course; a refused edit changes neither header nor lessons', async () => {
    const other = await add({ courseId: 'tt_c1', name: '外课测试', teachTemplateItemList: [{ lessonNo: 1, title: '甲', materialIds: 'tt_m1,tt_mx' }] });
    expect(other.body).toMatchObject({ success: false, message: '课次「甲」的课件不属于该课程或已删除，请重新选择' });
    const chapter = await edit({ id: tpl, courseId: 'tt_c1', name: '改名了', teachTemplateItemList: [{ lessonNo: 1, title: '乙', chapterId: 'tt_chx' }] });
    expect(chapter.body).toMatchObject({ success: false, message: '课次「乙」的章节不属于该课程或已删除，请重新选择' });
    // Moving the template to another course re-checks the lessons it keeps (lesson 3 has a chapter of tt_c1).
    const moved = await edit({ id: tpl, courseId: 'tt_c2', name: '改名了' });
    expect(moved.body).toMatchObject({ success: false, message: '课次「第3课」的章节不属于该课程或已删除，请重新选择' });
    const row = await be.db.selectFrom('tbl_teach_template').select(['name', 'course_id']).where('id', '=', tpl).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '模板数学标准课', course_id: 'tt_c1' });
    expect((await items(tpl)).length).toBe(5);
  });

  it('refuses a teacher (510) on add, edit, delete and apply, and lets them read', async () => {
    expect((await add({ courseId: 'tt_c1', name: '教师', teachTemplateItemList: [] }, teacher)).body.code).toBe(510);
    expect((await edit({ id: tpl, courseId: 'tt_c1', name: '教师' }, teacher)).body.code).toBe(510);
    expect((await be.call(`${API}/delete?id=${tpl}`, { method: 'DELETE', token: teacher })).body.code).toBe(510);
    expect((await apply({ templateId: tpl, clazzId: 'tt_z1' }, teacher)).body.code).toBe(510);
    expect((await be.call(`${API}/queryTeachTemplateItemByMainId?id=${tpl}`, { token: teacher })).body).toMatchObject({ success: true });
  });
});

describe('applying a template to a class', () => {
  it('refuses a class of another course, a series of another class and a template not 启用', async () => {
    expect((await apply({ templateId: tpl, clazzId: 'tt_z2' })).body).toMatchObject({ success: false, message: '该班级的课程与模板不一致，不能应用' });
    expect((await apply({ templateId: tpl, clazzId: 'tt_z1', seriesId: 'tt_serx' })).body).toMatchObject({ success: false, message: '所选排课规则不属于该班级' });
    const draft = (await add({ courseId: 'tt_c1', name: '草稿模板', status: 0, teachTemplateItemList: lessons(1) })).body.result as { id: string };
    expect((await apply({ templateId: draft.id, clazzId: 'tt_z1' })).body).toMatchObject({ success: false, message: '只能应用启用状态的教学模板' });
    // The class's future sessions are its 3rd and later: a two-lesson template has nothing for them, and says why.
    const short = (await add({ courseId: 'tt_c1', name: '两课模板', status: 1, teachTemplateItemList: lessons(2) })).body.result as { id: string };
    expect((await apply({ templateId: short.id, clazzId: 'tt_z1' })).body).toMatchObject({ success: false, message: '该班级未开始的课次从第3次课起，模板的课次只到第2课，没有可填充的课次' });
  });

  it('fills the n-th live session from lesson n with content and materials; past, 已点名 and cancelled ones untouched', async () => {
    const r = await apply({ templateId: tpl, clazzId: 'tt_z1' });
    expect(r.body).toMatchObject({ success: true, result: { filled: 3, skipped: 0 } });
    expect(await session('tt_S3')).toEqual({ content: '<p>内容3</p>', applied_content: '<p>内容3</p>', template_item_id: lessonId.get(3) });
    // The lesson's title and its homework title reach the session too (issue #39); a lesson without homework names none.
    expect(await titles('tt_S3')).toEqual({ title: '第3课', applied_title: '第3课', homework_title: '第3课练习' });
    expect(await titles('tt_S4')).toEqual({ title: '第4课', applied_title: '第4课', homework_title: null });
    for (const id of ['tt_S1', 'tt_S2', 'tt_S5']) expect(await titles(id)).toEqual({ title: null, applied_title: null, homework_title: null });
    expect((await session('tt_S4')).template_item_id).toBe(lessonId.get(4));
    // S6 is the class's 5th live session (S5 is cancelled).
    expect((await session('tt_S6')).content).toBe('<p>内容5</p>');
    for (const id of ['tt_S1', 'tt_S2', 'tt_S5']) expect(await session(id)).toEqual({ content: null, applied_content: null, template_item_id: null });
    expect(await links('tt_S3')).toEqual(['tt_m1', 'tt_m2']);
    expect(await links('tt_S4')).toEqual(['tt_m1']);
  });

  it('asks before overwriting sessions a teacher changed; 跳过已修改 keeps them, 覆盖 replaces them (hand links stay)', async () => {
    await be.db.updateTable('tbl_calendar').set({ content: '<p>老师改过</p>' }).where('id', '=', 'tt_S4').execute();
    await be.db.insertInto('tbl_calendar_material').values({ id: 'tt_hand', calendar_id: 'tt_S4', material_id: 'tt_m2' }).execute();
    const ask = await apply({ templateId: tpl, clazzId: 'tt_z1' });
    expect(ask.body).toMatchObject({ success: false, code: 409, message: '有1个课次的教学内容已被修改，是否覆盖？', result: { needConfirm: true, changed: 1 } });
    expect((await session('tt_S4')).content).toBe('<p>老师改过</p>');

    const skip = await apply({ templateId: tpl, clazzId: 'tt_z1', overwrite: false });
    expect(skip.body).toMatchObject({ success: true, result: { filled: 2, skipped: 1 }, message: '已填充2个课次，跳过1个已修改的课次' });
    expect((await session('tt_S4')).content).toBe('<p>老师改过</p>');

    const over = await apply({ templateId: tpl, clazzId: 'tt_z1', overwrite: true });
    expect(over.body).toMatchObject({ success: true, result: { filled: 3, skipped: 0 } });
    expect(await session('tt_S4')).toMatchObject({ content: '<p>内容4</p>', applied_content: '<p>内容4</p>' });
    expect(await links('tt_S4')).toEqual(['tt_m1', 'tt_m2(hand)']);
  });

  it('a title a teacher typed counts as a change: asked first, kept by 跳过已修改, replaced by 覆盖 (issue #39)', async () => {
    await be.db.updateTable('tbl_calendar').set({ title: '期中复习' }).where('id', '=', 'tt_S3').execute();
    expect((await apply({ templateId: tpl, clazzId: 'tt_z1' })).body).toMatchObject({ success: false, code: 409, result: { needConfirm: true, changed: 1 } });
    expect((await apply({ templateId: tpl, clazzId: 'tt_z1', overwrite: false })).body).toMatchObject({ success: true, result: { filled: 2, skipped: 1 } });
    expect((await titles('tt_S3')).title).toBe('期中复习');
    expect((await apply({ templateId: tpl, clazzId: 'tt_z1', overwrite: true })).body).toMatchObject({ success: true, result: { filled: 3, skipped: 0 } });
    expect(await titles('tt_S3')).toEqual({ title: '第3课', applied_title: '第3课', homework_title: '第3课练习' });
  });

  it('offers the class’s series with their future sessions', async () => {
    const r = await be.call(`${API}/applyTargets?clazzId=tt_z1`, { token: jiaowu });
    expect(r.body.result).toEqual({
      futureSessions: 3,
      firstLessonNo: 3,
      series: [expect.objectContaining({ id: 'tt_ser1', futureSessions: 2 }), expect.objectContaining({ id: 'tt_ser2', futureSessions: 1 })],
    });
  });

  it('fills only the chosen series', async () => {
    await be.db.updateTable('tbl_calendar').set({ content: null, applied_content: null }).where('id', 'in', ['tt_S3', 'tt_S6']).execute();
    const r = await apply({ templateId: tpl, clazzId: 'tt_z1', seriesId: 'tt_ser2' });
    expect(r.body).toMatchObject({ success: true, result: { filled: 1, skipped: 0 } });
    expect((await session('tt_S6')).content).toBe('<p>内容5</p>');
    expect((await session('tt_S3')).content).toBeNull();
  });
});

describe('a session’s materials', () => {
  const list = (token: string, id = 'tt_S3') => be.call(`/calendar/material/list?calendarId=${id}`, { token });

  it('are read like the session: its teacher and 教务 see them, another teacher without calendar:entry:all does not', async () => {
    expect((await list(jiaowu)).body.result).toEqual([
      expect.objectContaining({ id: 'tt_m1', name: '资料tt_m1', materialType: 4, fromTemplate: true }),
      expect.objectContaining({ id: 'tt_m2' }),
    ]);
    const link = linkId('role_teacher', 'perm_btn_cal_all');
    const saved = await be.db.selectFrom('sys_role_permission').selectAll().where('id', '=', link).executeTakeFirstOrThrow();
    await be.db.deleteFrom('sys_role_permission').where('id', '=', link).execute();
    try {
      expect(((await list(teacher)).body.result as unknown[]).length).toBe(2);
      expect((await list(teacher2)).body).toMatchObject({ success: false, message: '日程不存在或已删除' });
    } finally {
      await be.db.insertInto('sys_role_permission').values(saved).execute();
    }
  });
});
