import { expect, test, type Page } from '@playwright/test';
import { signedInWithBell, unread, signIn } from './support';

/**
 * 通告管理 end to end: the administrator composes an announcement to teacher2 with bold text through
 * the rich text editor and publishes it; teacher2's bell rises at once and lists it; 撤销 takes it
 * out of teacher2's unread list again.
 */


const confirmPopover = (page: Page) => page.locator('.ant-popover:visible .ant-popconfirm-buttons .ant-btn-primary').click();

test('通告管理: compose to teacher2 with bold text, publish, teacher2 sees it, revoke removes it', async ({ page, browser, baseURL }) => {
  const teacherCtx = await browser.newContext({ baseURL });
  const teacher = await teacherCtx.newPage();
  await signedInWithBell(teacher, 'teacher2');
  const before = await unread(teacher);

  // The administrator opens 通告管理 from the menu.
  await signIn(page, 'admin');
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText('通告管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/annountCement$/);
  await expect(page.getByTestId('list-table')).toBeVisible();

  // Compose: title, 指定用户 teacher2 (周明) through the picker, bold text through the editor's toolbar.
  const title = `E2E监考通知${Date.now() % 100000}`;
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('annt-form');
  await expect(form).toBeVisible();
  await form.getByTestId('annt-title').fill(title);
  await form.getByTestId('annt-msg-type').getByText('指定用户', { exact: true }).click();
  await form.getByTestId('annt-users-open').click();
  const picker = page.getByTestId('user-picker');
  await picker.getByTestId('user-picker-realname').fill('周明');
  await picker.getByTestId('user-picker-search').click();
  await picker.getByTestId('user-picker-table').getByText('teacher2', { exact: true }).click();
  await page.getByTestId('user-picker-ok').click();
  await expect(picker).toBeHidden();
  await expect(form.getByTestId('annt-users')).toContainText('周明');

  const editor = form.getByTestId('annt-content-content');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type('请于周三');
  await form.getByTestId('annt-content-bold').click();
  await page.keyboard.type('上午九点');
  await form.getByTestId('annt-content-bold').click();
  await page.keyboard.type('到岗监考。');
  await expect(editor.locator('strong')).toHaveText('上午九点');
  await page.getByTestId('annt-form-submit').click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(form).toBeHidden();

  // Find it, unpublished; 发布 after the confirmation.
  await page.getByTestId('list-search-field-titile').locator('input').fill(title);
  await page.getByTestId('list-search-submit').click();
  const row = page.getByTestId('list-table').locator('tbody tr.ant-table-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('未发布');
  await row.locator('[data-testid^="annt-release-"]').click();
  await expect(page.getByText('确定发布吗?')).toBeVisible();
  await confirmPopover(page);
  await expect(page.getByText('该系统通知发布成功')).toBeVisible();
  await expect(row).toContainText('已发布');

  // 查看: the administrator's preview shows the bold text.
  await row.locator('[data-testid^="annt-view-"]').click();
  await expect(page.getByTestId('announcement-content').locator('strong')).toHaveText('上午九点');
  await page.getByTestId('announcement-close').click();

  // Pushed to teacher2 at once: the bell rises and its list holds the announcement.
  await expect.poll(() => unread(teacher), { timeout: 5_000 }).toBe(before + 1);
  await teacher.getByTestId('notice-bell').click();
  const list = teacher.getByTestId('notice-annt-list');
  await expect(list.getByTestId('notice-item').filter({ hasText: title })).toBeVisible();

  // 撤销: it leaves teacher2's unread list and the count drops back.
  await row.locator('[data-testid^="annt-revoke-"]').click();
  await expect(page.getByText('确定撤销吗?')).toBeVisible();
  await confirmPopover(page);
  await expect(page.getByText('该系统通知撤销成功')).toBeVisible();
  await expect(row).toContainText('已撤销');
  await expect.poll(() => unread(teacher), { timeout: 5_000 }).toBe(before);
  await expect(list.getByTestId('notice-item').filter({ hasText: title })).toHaveCount(0);
  await teacherCtx.close();
});
