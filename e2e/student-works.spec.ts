import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, bffApi, runStamp, signIn } from './support';

/**
 * 学员作品 (issue #26 item 4), as one story: teacher2 uploads an image work for a student of its class with 校内共享
 * on, sees it in the gallery and opens its preview; 教务 (jiaowu) finds it with the 学员 filter, copies 分享's link and
 * opens the work's page (/work/workpreview?id=…) from it.
 *
 * Setup that is not the story goes through the API as 教务: a class headed by teacher2 (周明) and a student in it.
 */

test.use({ actionTimeout: 15_000 });

const stamp = runStamp();
const CLAZZ = `E2E作品班${stamp}`;
const STUDENT = `E2E作品学员${stamp}`;
const TITLE = `E2E春天的画${stamp}`;
/** A real 1×1 PNG: the server judges the first bytes, and the browser must be able to draw it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');


const api = bffApi;

/** The open dropdown's option with this text (antd keeps closed dropdowns in the DOM). */
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(text, { exact: true });
const card = (page: Page) => page.locator(`[data-testid^="work-card-"][data-title="${TITLE}"]`);

/** Types into an async search select and picks the option (its search waits 800 ms). */
async function pick(page: Page, input: Locator, text: string) {
  await input.fill(text);
  await option(page, text).click();
}

/** The image has been fetched through the session and drawn. */
async function expectDrawn(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test('学员作品: teacher2 uploads a shared image for its student; 教务 finds it by 学员 and opens the shared link', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);

  // ---- Setup as 教务: 周明's class with the student.
  const setup = await browser.newContext({ baseURL });
  await apiLogin(setup, baseURL!, 'jiaowu');
  const teachers = await api<{ records: { id: string; userId?: string }[] }>(setup.request, 'GET', `/edu/tblTeacher/list?name=${encodeURIComponent('周明')}&pageSize=50`);
  const teacherId = (teachers.records.find((t) => t.userId === 'u_teacher2') ?? teachers.records[0]).id;
  await api(setup.request, 'POST', '/clazz/tblClazz/add', { name: CLAZZ, headTeacher: teacherId, capacity: 10, status: 1 });
  const clazzId = (await api<{ records: { id: string }[] }>(setup.request, 'GET', `/clazz/tblClazz/list?name=${encodeURIComponent(CLAZZ)}`)).records[0].id;
  await api(setup.request, 'POST', '/edu/tblStudent/add', { name: STUDENT, phone: `176${String(Date.now()).slice(-8)}` });
  const studentId = (await api<{ records: { id: string }[] }>(setup.request, 'GET', `/edu/tblStudent/list?name=${encodeURIComponent(STUDENT)}`)).records[0].id;
  await api(setup.request, 'POST', '/clazz/tblClazz/addMembers', { clazzId, studentIds: [studentId] });
  await setup.close();

  // ---- teacher2 uploads the work.
  await signIn(page, 'teacher2', '/work/workview');
  await page.getByTestId('work-add').click();
  const form = page.getByTestId('form-modal');
  await form.locator('#tblStudentWork_form_title').fill(TITLE);
  await pick(page, form.locator('#tblStudentWork_form_studentId'), STUDENT);
  await pick(page, form.locator('#tblStudentWork_form_clazzId'), CLAZZ);
  await form.getByTestId('work-upload-input').setInputFiles({ name: '春天.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('work-upload-value')).toContainText('春天.png');
  await form.getByTestId('work-form-shared').click();
  await form.locator('#tblStudentWork_form_description').fill('水彩，第一次上色');
  await page.getByTestId('form-modal-submit').click();
  await expect(page.getByText('添加成功！')).toBeVisible();

  // In the gallery: the thumbnail is the image itself, marked 共享; 预览 shows it.
  await expect(card(page)).toBeVisible();
  await expect(card(page)).toContainText('共享');
  await expect(card(page).getByTestId('work-card-student')).toContainText(`${STUDENT} · ${CLAZZ}`);
  await expectDrawn(card(page).getByTestId('work-thumb-image'));
  const workId = (await card(page).getAttribute('data-testid'))!.replace('work-card-', '');
  await page.getByTestId(`work-preview-${workId}`).click();
  await expectDrawn(page.getByTestId('work-preview-modal').getByTestId('work-media-image'));

  // ---- 教务 finds it with the 学员 filter and opens 分享's link.
  const jwCtx = await browser.newContext({ baseURL });
  const jw = await jwCtx.newPage();
  await signIn(jw, 'jiaowu', '/work/workview');
  await pick(jw, jw.getByTestId('work-filter-student').locator('input'), STUDENT);
  await jw.getByTestId('work-search-submit').click();
  await expect(jw.locator('[data-testid^="work-card-"][data-title]')).toHaveCount(1);
  await expect(card(jw)).toBeVisible();
  await jw.getByTestId(`work-share-${workId}`).click();
  const link = await jw.getByTestId('work-share-link').inputValue();
  expect(link).toBe(`${new URL(baseURL!).origin}/work/workpreview?id=${workId}`);
  await jw.goto(link);
  await expect(jw.getByTestId('work-page-title')).toContainText(TITLE);
  await expect(jw.getByTestId('work-page-student')).toHaveText(STUDENT);
  await expect(jw.getByTestId('work-page')).toContainText('周明');
  await expectDrawn(jw.getByTestId('work-page').getByTestId('work-media-image'));
  await jwCtx.close();
});
