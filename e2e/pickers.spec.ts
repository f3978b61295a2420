import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * 用户管理 with the pickers: 所属部门 through the department picker (sel_depart → DepartSelect) and 角色
 * through the role picker and 职务 through the position select (selectedroles → RoleSelect, post → PositionSelect,
 * wired by features/system/users/user-editors.tsx).
 */
const rows = (page: Page) => page.getByTestId('list-table').locator('tbody tr.ant-table-row');

/** A retry (or a rerun on the same data) finds the user of the attempt before: remove it first. */
async function removeLeftover(page: Page, baseURL: string) {
  const res = await page.request.get('/jeecg-boot/sys/user/list?username=e2e_picker');
  const body = (await res.json()) as { result?: { records?: { id: string; username: string }[] } };
  for (const r of body.result?.records ?? []) {
    if (r.username === 'e2e_picker') await page.request.delete(`/jeecg-boot/sys/user/delete?id=${r.id}`, { headers: { origin: baseURL } });
  }
}

test('新增 a user choosing a department, a role and a 职务 through the pickers', async ({ page, baseURL }) => {
  await signIn(page, 'admin');
  await removeLeftover(page, baseURL!);
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText('用户管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/user$/);
  const list = page.getByTestId('list-page');
  await expect(rows(page).first()).toBeVisible();

  await list.getByTestId('list-add').click();
  const form = page.getByTestId('form-modal');
  await form.getByLabel('用户账号').fill('e2e_picker');
  await form.getByLabel('用户姓名').fill('选择器测试');
  await form.getByLabel('登录密码').fill('E2ePicker2026');
  await form.getByLabel('手机号码').fill('13955557777');

  // Department: the tree modal (500 wide), pick 教务处 by its title.
  await form.getByTestId('field-selecteddeparts-open').click();
  const departs = page.getByTestId('depart-picker');
  await departs.getByText('教务处', { exact: true }).click();
  await page.getByTestId('depart-picker-ok').click();
  await expect(departs).toBeHidden();
  await expect(form.getByTestId('field-selecteddeparts')).toContainText('教务处');

  // Role: the paged role list, pick 教师 by clicking its row.
  await form.getByTestId('field-selectedroles-open').click();
  const roles = page.getByTestId('role-picker');
  await roles.getByTestId('role-picker-table').getByText('教师', { exact: true }).click();
  await page.getByTestId('role-picker-ok').click();
  await expect(roles).toBeHidden();
  await expect(form.getByTestId('field-selectedroles')).toContainText('教师');

  // 职务 (issue #24): several positions from 职务管理, stored as their codes and shown by name.
  await form.getByTestId('user-post-select').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('数学教师', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByTestId('user-post-select')).toContainText('数学教师');

  await page.getByTestId('form-modal-submit').click();
  await expect(form).toBeHidden();

  await list.getByTestId('list-search-field-username').locator('input').fill('e2e_picker');
  await list.getByTestId('list-search-submit').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('教务处');
  await expect(rows(page).first()).toContainText('教师');
  await expect(rows(page).first()).toContainText('数学教师');

  // Clean up, so the spec can run again on the same data.
  await rows(page).first().locator('.ant-checkbox-input').check();
  await list.getByTestId('list-deleteBatch').click();
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect(list.locator('.ant-empty')).toBeVisible();
});
