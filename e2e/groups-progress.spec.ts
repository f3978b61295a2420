import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * 班级分组 and 学习进度 (issue 7 items 4 and 6): admin creates a group in 初一数学A班 and puts its first member
 * in it; that student's 学习进度 tab then shows the class's course with its numbers.
 */

/** The list of the tab on show: earlier tabs stay mounted (hidden) beside it. */
const listPage = (page: Page) => page.getByTestId('list-page').filter({ visible: true });
const rows = (page: Page) => listPage(page).locator('.ant-table-tbody tr.ant-table-row');

test('分组 of a class, then the student’s 学习进度', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('sider').getByText('教育', { exact: true }).click();
  await page.getByTestId('sider').getByText('班级管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/edu\/clazz$/);
  const list = listPage(page);
  await list.getByTestId('list-search-field-name').locator('input').fill('初一数学A班');
  await list.getByTestId('list-search-submit').click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('[data-testid^="clazz-groups-"]').click();

  const dialog = page.getByTestId('clazz-groups');
  await expect(dialog).toBeVisible();
  const groupName = `E2E组${String(Date.now()).slice(-6)}`;
  await dialog.getByTestId('clazz-group-name').fill(groupName);
  await dialog.getByTestId('clazz-group-add').click();
  const groupRow = dialog.getByTestId('clazz-group-table').locator('tr').filter({ hasText: groupName });
  await expect(groupRow).toBeVisible();

  // The first active member goes into the new group.
  const member = dialog.getByTestId('clazz-group-members').locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(member).toBeVisible();
  const studentName = (await member.locator('td').first().innerText()).trim();
  await member.locator('[data-testid^="clazz-group-assign-"] .ant-select').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: groupName }).click();
  await expect(groupRow).toContainText(studentName);
  // Close the dialog with its × (an Escape may only close the select's dropdown).
  await page.getByRole('dialog', { name: /^分组 - / }).getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // 学员管理 → 详情 → 学习进度.
  await page.getByTestId('sider').getByText('学员管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/edu\/student$/);
  await list.getByTestId('list-search-field-name').locator('input').fill(studentName);
  await list.getByTestId('list-search-submit').click();
  await expect(rows(page).first()).toContainText(studentName);
  await rows(page).first().locator('[data-testid^="student-detail-"]').click();
  await page.getByTestId('student-tab-progress').click();
  const progress = page.getByTestId('student-progress');
  await expect(progress).toBeVisible();
  const card = progress.locator('[data-testid^="student-progress-"]').filter({ hasText: '初一数学A班' });
  await expect(card).toContainText('初一数学培优');
  await expect(card).toContainText(/课次 已上 \d+ \/ 计划 \d+/);
  await expect(card).toContainText('剩余课时');
});
