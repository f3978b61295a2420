import { expect, test } from '@playwright/test';
import { signedInWithBell, unread, signIn } from './support';

/**
 * 消息模板 → 发送消息: the administrator sends the seeded 调课通知 (course_change_notice) to teacher2, who is
 * signed in in another browser context and sees it arrive in the bell's 系统消息 tab without a reload.
 */


test('admin sends 调课通知 to teacher2 from 消息模板; it reaches teacher2’s 系统消息 tab live', async ({ page, browser, baseURL }) => {
  // The receiver first, with the shell's socket open.
  const teacherCtx = await browser.newContext({ baseURL });
  const teacher = await teacherCtx.newPage();
  await signedInWithBell(teacher, 'teacher2');
  const before = await unread(teacher);

  // The sender: 系统管理 → 消息模板.
  await signIn(page, 'admin');
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText('消息模板', { exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/messageTemplate$/);
  await page.getByTestId('msg-tpl-send-tpl_course_change').click();
  const modal = page.getByTestId('msg-send-modal');
  await expect(modal).toBeVisible();

  // Variables come from the template, prefilled from its test data; the preview follows them.
  await expect(modal.getByTestId('msg-send-var-teacherName')).toHaveValue('李文静');
  const course = `E2E英语${Date.now() % 100000}`;
  await modal.getByTestId('msg-send-var-courseName').fill(course);
  await modal.getByTestId('msg-send-var-teacherName').fill('周明');
  await expect(modal.getByTestId('msg-send-preview-title')).toHaveText(`调课通知：${course}`);

  // 接收人 through the user picker: teacher2 is 周明.
  await modal.getByTestId('msg-send-users-open').click();
  const picker = page.getByTestId('user-picker');
  await picker.getByTestId('user-picker-realname').fill('周明');
  await picker.getByTestId('user-picker-search').click();
  await picker.getByTestId('user-picker-table').getByText('teacher2', { exact: true }).click();
  await page.getByTestId('user-picker-ok').click();
  await expect(picker).toBeHidden();
  await expect(modal.getByTestId('msg-send-users')).toContainText('周明');

  await modal.getByText('重要', { exact: true }).click();
  await page.getByTestId('msg-send-submit').click();
  await expect(page.getByText('消息发送成功！')).toBeVisible();
  await expect(modal).toBeHidden();

  // Pushed over teacher2's socket: the badge moves without a reload, and the 系统消息 tab lists it.
  await expect.poll(() => unread(teacher), { timeout: 5_000 }).toBe(before + 1);
  await teacher.getByTestId('notice-bell').click();
  await teacher.getByRole('tab', { name: /系统消息/ }).click();
  const item = teacher.getByTestId('notice-sys-list').getByTestId('notice-item').filter({ hasText: `调课通知：${course}` });
  await expect(item).toBeVisible();
  await item.click();
  await expect(teacher.getByTestId('announcement-content')).toContainText('周明老师您好');
  await expect(teacher.getByTestId('announcement-content')).toContainText(course);
  await teacherCtx.close();
});
