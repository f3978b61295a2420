import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * 菜单管理 as the administrator: a button under 用户管理, then a data rule on 用户管理. Names carry a
 * stamp so a rerun on the same data dir works; what the test adds it removes again.
 */

async function openMenuAdmin(page: Page) {
  await signIn(page, 'admin');
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText('菜单管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/permission$/);
  await expect(page.getByTestId('perm-table').locator('tr[data-row-key="perm_isystem"]')).toBeVisible();
}

/** Filters the tree to 用户管理 (its subtree stays, all open). */
async function showUserMenu(page: Page) {
  const search = page.getByTestId('perm-search').locator('input');
  await search.fill('用户管理');
  await search.press('Enter');
  const row = page.getByTestId('perm-table').locator('tr[data-row-key="perm_isystem_user"]');
  await expect(row).toBeVisible();
  return row;
}

test.describe('菜单管理', () => {
  test('adds a button permission under 用户管理 and sees it in the tree', async ({ page }) => {
    await openMenuAdmin(page);
    const userRow = await showUserMenu(page);
    const name = `E2E审核${Date.now().toString(36)}`;

    await userRow.getByTestId('perm-add-sub').click();
    const drawer = page.getByTestId('perm-form');
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('perm-type-2').click();
    await expect(drawer.getByLabel('授权标识')).toBeVisible();
    await expect(drawer.getByLabel('菜单路径')).toHaveCount(0);
    await drawer.getByLabel('按钮/权限').fill(name);
    await drawer.getByLabel('授权标识').fill('system:user:e2e audit');
    await drawer.getByTestId('perm-form-submit').click();
    await expect(drawer.getByText(/授权标识只能包含/)).toBeVisible();
    await drawer.getByLabel('授权标识').fill('system:user:e2eAudit');
    await drawer.getByTestId('perm-form-submit').click();
    await expect(drawer).toBeHidden();

    const added = page.getByTestId('perm-table').locator('tr.ant-table-row').filter({ hasText: name });
    await expect(added).toBeVisible();
    await expect(added).toContainText('system:user:e2eAudit');
    await expect(added).toContainText('按钮权限');

    // Clean up: the new button goes again.
    await added.getByTestId('perm-delete').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(added).toHaveCount(0);
  });

  test('adds a data rule on 用户管理 and sees it in the drawer', async ({ page }) => {
    await openMenuAdmin(page);
    const userRow = await showUserMenu(page);
    const ruleName = `E2E规则${Date.now().toString(36)}`;

    await userRow.getByTestId('perm-rule').click();
    const drawer = page.getByTestId('rule-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('rule-scope')).toContainText('用户信息');
    await drawer.getByTestId('rule-add').click();

    const form = page.getByTestId('rule-form');
    await expect(form).toBeVisible();
    await form.getByLabel('规则名称').fill(ruleName);
    // Until the select shows it: a click during the dropdown's animation would keep no value.
    await expect(async () => {
      await form.getByLabel('规则字段').click();
      await page.locator('.ant-select-dropdown:visible').getByText('性别（sex）', { exact: true }).click({ timeout: 2_000 });
      await expect(form.locator('.ant-select').filter({ hasText: '性别（sex）' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await form.getByLabel('规则值').fill('#{nope}');
    await page.getByTestId('rule-form-submit').click();
    await expect(form.getByText('不支持的系统变量：#{nope}')).toBeVisible();
    await form.getByLabel('规则值').fill('2');
    await page.getByTestId('rule-form-submit').click();
    await expect(form).toBeHidden();

    const rule = drawer.getByTestId('rule-table').locator('tr.ant-table-row').filter({ hasText: ruleName });
    await expect(rule).toBeVisible();
    await expect(rule).toContainText('性别（sex）');
    await expect(rule).toContainText('等于');

    // Clean up: the rule goes again (no role chose it, so no list was ever restricted).
    await rule.getByTestId('rule-delete').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(rule).toHaveCount(0);
  });
});
