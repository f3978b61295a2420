import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

const rows = (page: Page) => page.getByTestId('list-table').filter({ visible: true }).locator('tbody tr.ant-table-row');

async function openMenu(page: Page, title: string, url: RegExp) {
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText(title, { exact: true }).click();
  await expect(page).toHaveURL(url);
}

test('an administrator adds a custom column to users; the user list and form show it and keep its value', async ({ page }) => {
  // Unique per run: the spec may run again against the same database.
  const run = Date.now().toString(36).slice(-5);
  const label = `家长微信${run}`;
  const field = `parentWechat${run}`;
  const value = `zhou_${run}`;
  await signIn(page, 'admin');
  await openMenu(page, '自定义列', /\/isystem\/tableColumn$/);

  const list = page.getByTestId('list-page').filter({ visible: true });
  await list.getByTestId('list-add').click();
  const form = page.getByTestId('form-modal').filter({ visible: true });
  // The dropdown animates in; choose again until the select shows the choice.
  await expect(async () => {
    await form.getByLabel('所属表').click();
    await page.locator('.ant-select-dropdown:visible').getByText('用户信息', { exact: true }).click({ timeout: 2_000 });
    await expect(form.locator('.ant-select').first()).toContainText('用户信息', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await form.getByLabel('列名称').fill(label);
  await form.getByLabel('字段名').fill(field);
  await form.getByLabel('提示信息').fill('学员家长的微信号');
  await page.getByTestId('form-modal-submit').click();
  await expect(form).toBeHidden();
  await expect(rows(page).filter({ hasText: field })).toHaveCount(1);

  await page.getByTestId('sider').getByText('用户管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/user$/);
  const users = page.getByTestId('list-page').filter({ visible: true });
  await expect(users.locator('th').filter({ hasText: label })).toBeVisible();

  await users.getByTestId('list-search-field-username').locator('input').fill('teacher2');
  await users.getByTestId('list-search-submit').click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('[data-testid^="row-edit-"]').click();
  const edit = page.getByTestId('form-modal').filter({ visible: true });
  await edit.getByLabel(label).fill(value);
  await page.getByTestId('form-modal-submit').click();
  await expect(edit).toBeHidden();
  await expect(rows(page).first()).toContainText(value);

  // Stored on the server: a fresh load shows it again.
  await page.reload();
  await expect(page.getByTestId('list-table').filter({ visible: true }).locator('tbody tr.ant-table-row').filter({ hasText: value })).toHaveCount(1);
});
