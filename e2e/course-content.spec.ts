import { expect, test, type Locator, type Page } from '@playwright/test';
import { bffApi, type Envelope, runStamp, signIn } from './support';

/**
 * Teaching content (issue #22), as one story: 教务 files a new course under a new type, gives it chapters,
 * builds a 3-lesson template and applies it to a class; session 2 in 行事历 shows lesson 2's content and
 * courseware; homework from a workbook is assigned from the session; the teacher records a student's
 * answers and grades them; the student's 学习进度 shows the homework done.
 *
 * Setup that is not the story goes through the API (as the browser's BFF would): the courseware file, the
 * class with its student and its three sessions (a year ahead, at an hour nobody uses), and a small
 * workbook.
 */

// A long story: a step that cannot act fails within 15 s and names itself, instead of eating the whole timeout.
test.use({ actionTimeout: 15_000 });

const stamp = runStamp();
const TYPE = `E2E分类${stamp}`;
const COURSE = `E2E课程${stamp}`;
const CLAZZ = `E2E班${stamp}`;
const STUDENT = `E2E学员${stamp}`;
const WORKBOOK = `E2E练习${stamp}`;


const api = bffApi;

const visible = (page: Page) => page.getByTestId('list-page').filter({ visible: true });
const tableRows = (page: Page) => visible(page).locator('.ant-table-tbody tr.ant-table-row');
/** The open dropdown's option with this text (antd keeps closed dropdowns in the DOM). */
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(text, { exact: true });

/** Clicks until `shows` is visible: a click landing before the page has hydrated does nothing. */
async function clickUntil(target: Locator, shows: Locator) {
  await expect(async () => {
    await target.click({ timeout: 5_000 });
    await expect(shows).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** A tiny valid PDF: the upload checks the content, not only the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a course prepared once: type, chapters, template applied to a class, session content, homework graded, progress', async ({ page }) => {
  test.setTimeout(240_000);
  const request = page.context().request;

  // ---- 课程分类: a new root type.
  await signIn(page, 'jiaowu', '/course/courseType');
  await clickUntil(page.getByTestId('course-type-add-root'), page.getByTestId('course-type-name'));
  await page.getByTestId('course-type-name').fill(TYPE);
  await page.getByTestId('course-type-name').press('Enter');
  await expect(page.getByTestId('course-type-tree').getByText(TYPE, { exact: true })).toBeVisible();

  // ---- 课程管理: the course, filed under the type; then its chapters.
  await page.goto('/edu/course');
  const form = page.getByTestId('form-modal');
  await clickUntil(visible(page).getByTestId('list-add'), form);
  await form.getByLabel('名称').fill(COURSE);
  const typeItem = form.locator('.ant-form-item').filter({ hasText: '课程分类' });
  await expect(async () => {
    await typeItem.locator('.ant-select').click();
    await option(page, TYPE).click({ timeout: 3_000 });
    await expect(typeItem.locator('.ant-select')).toContainText(TYPE, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('form-modal-submit').click();
  await expect(form).toBeHidden();
  await visible(page).getByTestId('list-search-field-name').locator('input').fill(COURSE);
  await visible(page).getByTestId('list-search-submit').click();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(TYPE);
  await tableRows(page).first().locator('[data-testid^="course-chapters-"]').click();
  const chapters = page.getByTestId('chapter-drawer');
  for (const title of ['第一章 认识', '第二章 练习']) {
    await clickUntil(chapters.getByTestId('chapter-add-root'), page.getByTestId('chapter-name'));
    await page.getByTestId('chapter-name').fill(title);
    await page.getByTestId('chapter-name').press('Enter');
    await expect(chapters.getByText(title, { exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');

  // ---- Setup through the API: courseware, a class with one student and three sessions, a workbook.
  const courses = await api<{ records: { id: string }[] }>(request, 'GET', `/course/tblCourse/list?name=${encodeURIComponent(COURSE)}`);
  const courseId = courses.records[0].id;
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const upload = await request.post('/jeecg-boot/sys/common/upload', {
    headers: { origin },
    multipart: { biz: 'material', kind: 'pdf', file: { name: '第二课讲义.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  const uploaded = (await upload.json()) as Envelope<string>;
  expect(uploaded.success, uploaded.message).toBe(true);
  await api(request, 'POST', '/edu/tblCourseMaterial/add', { courseId, name: '第二课讲义', materialType: 6, filePath: uploaded.result, fileName: '第二课讲义.pdf', visibility: 0 });
  const teachers = await api<{ records: { id: string }[] }>(request, 'GET', `/edu/tblTeacher/list?name=${encodeURIComponent('周明')}`);
  const teacherId = teachers.records[0].id;
  await api(request, 'POST', '/clazz/tblClazz/add', { name: CLAZZ, courseId, headTeacher: teacherId, capacity: 10, status: 1 });
  const clazzId = (await api<{ records: { id: string }[] }>(request, 'GET', `/clazz/tblClazz/list?name=${encodeURIComponent(CLAZZ)}`)).records[0].id;
  const phone = `177${String(Date.now()).slice(-8)}`;
  await api(request, 'POST', '/edu/tblStudent/add', { name: STUDENT, phone });
  const studentId = (await api<{ records: { id: string }[] }>(request, 'GET', `/edu/tblStudent/list?name=${encodeURIComponent(STUDENT)}`)).records[0].id;
  await api(request, 'POST', '/clazz/tblClazz/addMembers', { clazzId, studentIds: [studentId] });
  // A Monday a year or so ahead, different per run, 06:00–07:00: clear of the term and of other journeys.
  const start = new Date(Date.UTC(2031, 0, 6 + 7 * Math.floor(Math.random() * 100)));
  const startDate = start.toISOString().slice(0, 10);
  await api(request, 'POST', '/calendar/scheduleSeries/add', { clazzId, startDate, count: 3, weekdays: [1, 3, 5], startTime: '06:00', endTime: '07:00', teachers: [{ teacherId, role: 1 }], skipHoliday: false });
  const sessions = await api<{ records: { id: string; clazzStartTime: string }[] }>(request, 'GET', `/calendar/tblCalendarList/list?clazzId=${clazzId}&column=clazzStartTime&order=asc&pageSize=10`);
  expect(sessions.records).toHaveLength(3);
  const second = sessions.records[1];
  const book = await api<string | { id: string }>(request, 'POST', '/learntools/tblWorkbook/add', { name: WORKBOOK, courseId, status: 0 });
  const workbookId = typeof book === 'string' ? book : book?.id ?? (await api<{ records: { id: string }[] }>(request, 'GET', `/learntools/tblWorkbook/list?name=${encodeURIComponent(WORKBOOK)}`)).records[0].id;
  await api(request, 'POST', '/learntools/tblWorkbook/item/add', { workbookId, type: 1, stem: '1 + 1 = ?', options: ['1', '2', '3'], answer: 'B', score: 2, sort: 1 });
  await api(request, 'POST', '/learntools/tblWorkbook/item/add', { workbookId, type: 5, stem: '说说你的想法', answer: '言之有理即可', score: 3, sort: 2 });
  await api(request, 'PUT', '/learntools/tblWorkbook/edit', { id: workbookId, name: WORKBOOK, courseId, status: 1 });

  // ---- 教学模板: three lessons; lesson 2 gets content and the courseware.
  await page.goto('/course/teachTemplate');
  await visible(page).getByTestId('list-add').click();
  await expect(page).toHaveURL(/\/course\/teachTemplateAddEdit/);
  const editor = page.getByTestId('template-editor');
  await editor.getByLabel('课程').click();
  await page.keyboard.type(COURSE);
  await option(page, COURSE).click();
  await page.getByTestId('template-name').fill(`${COURSE}模板`);
  const grid = editor.getByTestId('lesson-grid');
  for (let i = 0; i < 3; i++) {
    // 新增 twice within the grid's quick-insert guard only warns (spec 02): retry until the row is there.
    await clickUntil(grid.getByTestId('grid-add'), grid.getByTestId(`grid-row-${i}`));
    const cell = grid.getByTestId(`grid-cell-${i}-title`);
    await cell.click();
    await cell.getByTestId('grid-editor').fill(`第${i + 1}课 标题`);
    await cell.getByTestId('grid-editor').press('Enter');
  }
  await grid.getByTestId('grid-cell-1-content').getByTestId('lesson-content-open').click();
  await page.getByTestId('lesson-content-editor').locator('[contenteditable="true"]').fill('第二课：分数的意义');
  await page.getByTestId('lesson-content-ok').click();
  await grid.getByTestId('grid-cell-1-materialIds').click();
  await option(page, '第二课讲义').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/course\/teachTemplate$/);

  // ---- 应用到班级.
  await visible(page).getByPlaceholder('请输入模板名称').fill(`${COURSE}模板`);
  await visible(page).getByPlaceholder('请输入模板名称').press('Enter');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('3');
  await tableRows(page).first().getByText('应用到班级').click();
  const apply = page.getByTestId('apply-modal');
  await apply.locator('.ant-select').first().click();
  await page.keyboard.type(CLAZZ);
  await option(page, CLAZZ).click();
  await expect(apply.getByTestId('apply-info')).toContainText('3 个未开始的课次');
  await apply.getByTestId('apply-ok').click();
  await expect(page.getByText('已填充3个课次')).toBeVisible();

  // ---- 行事历: session 2 shows lesson 2's content and courseware; 布置作业 from there.
  await page.goto(`/calpanel/CalendarPanel?view=week&date=${second.clazzStartTime.slice(0, 10)}&clazzId=${clazzId}`);
  await page.locator(`[data-testid="cal-event"][data-entry-id="${second.id}"]`).click();
  const detail = page.getByTestId('cal-detail');
  await expect(detail.getByTestId('cal-detail-content')).toContainText('第二课：分数的意义');
  await expect(detail.getByTestId('cal-detail-materials')).toContainText('第二课讲义');
  await detail.getByTestId('session-homework-assign').click();
  await expect(page).toHaveURL(/\/learntools\/assignWork\?calendarId=/);
  const assign = page.getByTestId('assign-work-form');
  await assign.getByTestId('assign-title').fill(`${COURSE}作业`);
  await assign.getByText('练习册', { exact: true }).click();
  await assign.getByTestId('assign-workbook').click();
  await option(page, WORKBOOK).click();
  await assign.getByTestId('assign-due').click();
  await page.keyboard.type(`${startDate} 20:00:00`);
  // The picker's 确定 (an Enter would also submit the form).
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
  await assign.getByTestId('assign-submit').click();
  await expect(page).toHaveURL(/\/learntools\/homework/);

  // ---- The teacher records the student's answers and grades them.
  await page.context().clearCookies();
  await signIn(page, 'teacher2', '/learntools/homework');
  await visible(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `${COURSE}作业` }).locator('[data-testid^="row-students-"]').click();
  await expect(page).toHaveURL(/\/calendar\/homeworkStudentInfo/);
  await page.getByTestId(`submission-open-${studentId}`).click();
  const drawer = page.getByTestId('submission-drawer');
  await drawer.getByTestId('submission-record').click();
  const record = drawer.getByTestId('record-form');
  await record.getByText('B. 2', { exact: true }).click();
  await record.getByRole('textbox').fill('先画图再计算');
  await record.getByTestId('record-submit').click();
  await expect(drawer.getByTestId('submission-answers')).toContainText('2 分');
  const grade = drawer.getByTestId('grade-form');
  await grade.getByLabel('第2题').fill('3');
  await grade.getByTestId('grade-submit').click();
  await expect(page.getByText('批改成功')).toBeVisible();
  // 总数 / 已读 / 已完成.
  await expect(page.getByTestId('homework-counters')).toHaveText('1 / 1 / 1');

  // ---- 学习进度: the student's homework is done, scored 5 of 5.
  await page.goto('/edu/student');
  await visible(page).getByTestId('list-search-field-name').locator('input').fill(STUDENT);
  await visible(page).getByTestId('list-search-submit').click();
  await expect(tableRows(page)).toHaveCount(1);
  await tableRows(page).first().locator('[data-testid^="student-detail-"]').click();
  await page.getByTestId('student-tab-progress').click();
  const progress = page.getByTestId(`student-progress-${courseId}`);
  await expect(progress).toContainText(CLAZZ);
  await expect(progress).toContainText('作业 完成 1 / 布置 1');
  await expect(progress).toContainText('100（百分制）');
});
