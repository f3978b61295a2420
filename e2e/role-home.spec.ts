import { expect, test } from '@playwright/test';
import { bffApi, runStamp, signIn } from './support';

/**
 * Issue #39 point 4: a role without 行事历 no longer lands on 没有权限查看. The administrator gives a new role (only
 * the account pages) a 首页配置 in 角色管理; its user lands there; with the configuration cleared the user lands on
 * their first page; 返回首页 on the 403 page goes to that same home.
 */
test('首页配置: a role without 行事历 lands on its configured home, else its first page; 返回首页 on 403 goes there', async ({ page, browser, baseURL }) => {
  const stamp = runStamp();
  const roleCode = `e2ehome${stamp}`;
  const username = `e2ehome${stamp}`;
  const password = 'Home2026ok';

  // ---- Set-up through the API (角色管理 and 用户管理's own endpoints): a role with the account pages only, and a user.
  await signIn(page, 'admin', '/isystem/role');
  const api = page.context().request;
  await bffApi(api, 'POST', '/sys/role/add', { roleName: `首页测试${stamp}`, roleCode });
  const roles = await bffApi<{ records: { id: string }[] }>(api, 'GET', `/sys/role/list?roleCode=${roleCode}`);
  const roleId = roles.records[0].id;
  await bffApi(api, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: 'perm_account_center,perm_account_settings,perm_account_base,perm_account_security' });
  await bffApi(api, 'POST', '/sys/user/add', { username, realname: '首页测试', password, confirmpassword: password, selectedroles: roleId });

  // ---- 角色管理 → 首页配置: 基本设置.
  await page.reload();
  await page.getByTestId(`role-home-${roleId}`).click();
  const form = page.getByTestId('role-index-form');
  await form.getByTestId('role-index-url').click();
  await page.locator('.ant-select-item-option', { hasText: '/account/settings/base' }).click();
  await form.getByTestId('role-index-ok').click();
  await expect(form).toHaveCount(0);

  // ---- The user signs in and lands on it.
  const ctx = await browser.newContext({ baseURL });
  const user = await ctx.newPage();
  await signIn(user, username, '/', password);
  await expect(user).toHaveURL(/\/account\/settings\/base$/);

  // ---- Cleared: the first page the role can open (个人中心), not 没有权限查看.
  await page.getByTestId(`role-home-${roleId}`).click();
  await page.getByTestId('role-index-clear').click();
  await expect(page.getByTestId('role-index-form')).toHaveCount(0);
  await user.goto('/');
  await expect(user).toHaveURL(/\/account\/center$/);
  await expect(user.getByTestId('no-permission')).toHaveCount(0);

  // ---- A forbidden URL: the one 403 page, whose 返回首页 leads home, not back to a forbidden page.
  await user.goto('/isystem/user');
  await expect(user.getByTestId('exception-403')).toBeVisible();
  await expect(user).toHaveURL(/\/403$/);
  await user.getByRole('button', { name: '返回首页' }).click();
  await expect(user).toHaveURL(/\/account\/center$/);
  await expect(user.getByTestId('exception-403')).toBeHidden();
  await ctx.close();
});
