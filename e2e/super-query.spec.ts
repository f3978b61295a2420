import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

const rows = (page: Page) => page.getByTestId('list-table').locator('tbody tr.ant-table-row');

async function openUsers(page: Page) {
  await signIn(page, 'admin');
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText('用户管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/user$/);
  await expect(rows(page).first()).toBeVisible();
}

/**
 * Opens the antd Select inside `testId` and chooses the option titled `text`, until the select shows it:
 * on a busy machine a click can land while a dropdown is still animating (or on the closing one of the
 * previous select), which would silently keep the old value.
 */
async function pick(page: Page, testId: string, text: string) {
  const select = page.getByTestId(testId);
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${text}"]`).first();
  await expect(async () => {
    if (!(await option.isVisible())) await select.click();
    await option.click({ timeout: 2_000 });
    await expect(select).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

const savedItem = (page: Page, title: string) => page.locator(`[data-testid="super-query-saved-item"][data-title="${title}"]`);

test.describe('高级查询 (query builder with saved queries)', () => {
  test('two rules narrow the list; the query is saved, survives a reload, loads and is deleted', async ({ page }) => {
    // Saved queries live on the server per user: a fresh name per run.
    const title = `男老师${Date.now()}`;
    await openUsers(page);
    const list = page.getByTestId('list-page');
    await expect(list.getByTestId('super-query-open')).toHaveAttribute('data-active', 'false');

    // 性别 等于 男 AND 用户账号 包含 teacher → only teacher2 (周明); teacher (李文静) is 女.
    await list.getByTestId('super-query-open').click();
    await expect(page.getByTestId('super-query-modal')).toBeVisible();
    await page.getByTestId('super-query-submit').click();
    await expect(page.getByText('不能查询空条件')).toBeVisible();
    await pick(page, 'super-query-field-0', '性别');
    await pick(page, 'super-query-value-0', '男');
    await page.getByTestId('super-query-add-0').click();
    await pick(page, 'super-query-field-1', '用户账号');
    await pick(page, 'super-query-rule-1', '包含');
    await page.getByTestId('super-query-value-1').fill('teacher');
    const queried = page.waitForRequest((r) => r.url().includes('/sys/user/list') && r.url().includes('superQueryParams=') && r.url().includes('superQueryMatchType=and'));
    await page.getByTestId('super-query-submit').click();
    await queried;
    await expect(page.getByTestId('super-query-modal')).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('周明');
    await expect(list.getByTestId('super-query-open')).toHaveAttribute('data-active', 'true');

    // Save it under a name.
    await list.getByTestId('super-query-open').click();
    await page.getByTestId('super-query-save').click();
    await expect(page.getByText('请输入保存的名称')).toBeVisible();
    await page.getByTestId('super-query-save-name').fill(title);
    await page.getByTestId('super-query-save-ok').click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(savedItem(page, title)).toBeVisible();
    await page.getByTestId('super-query-close').click();

    // After a reload no query is active; the saved one comes back from the server.
    await page.reload();
    await expect(rows(page).nth(2)).toBeVisible();
    await expect(list.getByTestId('super-query-open')).toHaveAttribute('data-active', 'false');
    await list.getByTestId('super-query-open').click();
    await savedItem(page, title).getByTestId('super-query-saved-load').click();
    await expect(page.getByTestId('super-query-row-1')).toBeVisible();
    await page.getByTestId('super-query-submit').click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('周明');

    // 清空 beside the button lifts the query.
    await list.getByTestId('super-query-clear').click();
    await expect(rows(page).nth(2)).toBeVisible();
    await expect(list.getByTestId('super-query-open')).toHaveAttribute('data-active', 'false');

    // Delete the saved query, with its confirmation.
    await list.getByTestId('super-query-open').click();
    await savedItem(page, title).getByTestId('super-query-saved-delete').click();
    await expect(page.getByText('是否删除当前查询？')).toBeVisible();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect(savedItem(page, title)).toHaveCount(0);
  });
});
