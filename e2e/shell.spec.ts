import { expect, test, type Page } from '@playwright/test';
import { apiLogin, chooseFromUserMenu, loginViaUi, signIn } from './support';

const sider = (page: Page) => page.getByTestId('sider');

/** Right-click a tab and choose a context-menu entry (retrying the right-click until the menu shows). */
async function tabMenu(page: Page, tabTitle: string, item: string) {
  const entry = page.getByRole('menuitem', { name: item });
  // The menu can still be sliding in (or re-aligning to a tab bar that just grew): retry the pair.
  await expect(async () => {
    await page.getByTestId('tab-bar').getByTestId('tab').filter({ hasText: tabTitle }).click({ button: 'right' });
    await expect(entry).toBeVisible({ timeout: 2000 });
    await entry.click({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

async function openMenu(page: Page, ...labels: string[]) {
  for (const l of labels) await sider(page).getByText(l, { exact: true }).click();
}

test.describe('the signed-in shell', () => {
  test('admin and teacher see different menus; the teacher’s direct URL to an admin page is 403 and the API refuses too', async ({ page, browser, baseURL }) => {
    await signIn(page, 'admin');
    await expect(sider(page).getByText('系统管理')).toBeVisible();
    await expect(sider(page).getByText('账户设置')).toBeVisible();

    const ctx = await browser.newContext({ baseURL });
    const teacher = await ctx.newPage();
    await signIn(teacher, 'teacher2');
    await expect(sider(teacher).getByText('个人中心')).toBeVisible();
    await expect(sider(teacher).getByText('系统管理')).toHaveCount(0);
    await teacher.goto('/isystem/online');
    await expect(teacher.getByTestId('exception-403')).toBeVisible();
    const api = await teacher.request.get('/jeecg-boot/sys/online/list');
    expect(await api.json()).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    await teacher.goto('/no/such/page');
    await expect(teacher).toHaveURL(/\/404$/);
    await expect(teacher.getByText('很抱歉，您访问的页面不存在')).toBeVisible();
    await ctx.close();
  });

  test('a kept tab reloads its pick lists when shown again: a class created in 班级管理 is in the 行事历’s 班级 dropdown', async ({ page }) => {
    const name = `刷新测试班${Date.now().toString(36).slice(-5)}`;
    await signIn(page, 'admin', '/calpanel/CalendarPanel');
    await expect(page.getByTestId('calendar-panel')).toBeVisible();
    await expect(page.locator('[data-socket="open"]')).toBeVisible();

    await openMenu(page, '教育', '班级管理');
    await expect(page).toHaveURL(/\/edu\/clazz$/);
    await page.getByTestId('list-page').filter({ visible: true }).getByTestId('list-add').click();
    const form = page.getByTestId('form-modal').filter({ visible: true });
    await form.getByLabel('名称').fill(name);
    await form.getByLabel('容量').fill('12');
    await page.getByTestId('form-modal-submit').click();
    await expect(form).toBeHidden();

    // Back to the kept 行事历 tab: no reload, the same mounted screen.
    await page.getByTestId('tab-bar').getByTestId('tab').filter({ hasText: '行事历' }).click();
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel/);
    await page.getByTestId('cal-add').click();
    const create = page.getByTestId('cal-create');
    await expect(create).toBeVisible();
    await create.getByTestId('cal-entry-form').getByTestId('cal-form-class').click();
    await page.keyboard.type(name);
    await expect(page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true })).toBeVisible();
  });

  test('breadcrumb, document title, tabs (open, replace, close rules, context menu), state kept across tabs, tabs restored after reload', async ({ page }) => {
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '在线用户');
    await expect(page).toHaveURL(/\/isystem\/online$/);
    await expect(page.getByTestId('breadcrumb')).toContainText('行事历');
    await expect(page.getByTestId('breadcrumb')).toContainText('系统管理');
    await expect(page.getByTestId('breadcrumb')).toContainText('在线用户');
    await expect(page).toHaveTitle('在线用户 · 教务系统');

    await openMenu(page, '登录日志');
    await expect(page).toHaveURL(/\/isystem\/log$/);
    const tabs = page.getByTestId('tab-bar').getByTestId('tab');
    await expect(tabs).toHaveText(['行事历', '在线用户', '登录日志']);

    // Half-typed search text survives a tab switch.
    const keyword = page.locator('[data-page-key="/isystem/log"]').getByRole('textbox').first();
    await keyword.fill('admin-half-typed');
    await tabs.filter({ hasText: '在线用户' }).click();
    await expect(page).toHaveURL(/\/isystem\/online$/);
    await tabs.filter({ hasText: '登录日志' }).click();
    await expect(page).toHaveURL(/\/isystem\/log$/);
    await expect(keyword).toHaveValue('admin-half-typed');

    // The same path again replaces in place (no second tab).
    await page.goto('/isystem/log');
    await expect(tabs).toHaveText(['行事历', '在线用户', '登录日志']);

    // Home cannot be closed.
    await page.getByTestId('tab-bar').locator('.ant-tabs-tab').first().locator('.ant-tabs-tab-remove').click();
    await expect(page.getByText('首页不能关闭!')).toBeVisible();

    // Context menu: refresh (1) keeps tabs; close left (2); close right (3); close others (4).
    await tabMenu(page, '在线用户', '刷新');
    await expect(tabs).toHaveCount(3);
    await tabMenu(page, '在线用户', '关闭右侧');
    await expect(tabs).toHaveText(['行事历', '在线用户']);
    await openMenu(page, '登录日志');
    await expect(tabs).toHaveText(['行事历', '在线用户', '登录日志']);
    await tabMenu(page, '登录日志', '关闭其它');
    await expect(tabs).toHaveText(['行事历', '登录日志']);

    // Reload: the open tabs come back.
    await page.reload();
    await expect(page.getByTestId('tab-bar').getByTestId('tab')).toHaveText(['行事历', '登录日志']);

    // Closing the active tab activates its neighbour.
    await page.getByTestId('tab-bar').locator('.ant-tabs-tab').nth(1).locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
  });

  test('an iframe menu row shows its page inside the shell; 帮助中心 opens the manual in a new tab', async ({ page, context }) => {
    await signIn(page, 'teacher2');
    await openMenu(page, '操作手册');
    await expect(page).toHaveURL(/\/[0-9a-f]{32}$/);
    await expect(page.getByTestId('iframe-page')).toBeVisible();
    const frame = page.frameLocator('[data-testid="iframe-page"] iframe');
    await expect(frame.getByRole('heading', { name: '教务系统操作手册' })).toBeVisible();
    await expect(page).toHaveTitle(/^操作手册 · /);

    const [manual] = await Promise.all([context.waitForEvent('page'), chooseFromUserMenu(page, '帮助中心')]);
    await expect(manual).toHaveURL(/\/manual\/index\.html$/);
    await expect(manual.getByRole('heading', { name: '教务系统操作手册' })).toBeVisible();
  });

  test('menu search: Ctrl+K opens it, a match navigates; an iframe page opens in a new tab', async ({ page, context }) => {
    await signIn(page, 'admin');
    // Hydrated (the shell's effects have run, so the Ctrl+K listener is there).
    await expect(page.locator('[data-socket="open"]')).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(page.locator('.ant-select-dropdown')).toBeVisible();
    await page.keyboard.type('登录日志');
    const option = page.locator('.ant-select-item-option').filter({ hasText: '登录日志' });
    await expect(option).toBeVisible();
    // A click while the list is still sliding in or re-filtering can miss: click until the page changes.
    await expect(async () => {
      if (await option.isVisible()) await option.click({ timeout: 2000 });
      await expect(page).toHaveURL(/\/isystem\/log$/, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Control+k');
    await expect(page.locator('.ant-select-dropdown')).toBeVisible();
    await page.keyboard.type('操作手册');
    const [manual] = await Promise.all([context.waitForEvent('page'), page.locator('.ant-select-item-option').filter({ hasText: '操作手册' }).click()]);
    await expect(manual).toHaveURL(/\/manual\/index\.html$/);
  });

  test('the last remaining page cannot be closed once multi-tab mode was turned off and on again', async ({ page }) => {
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '在线用户');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('setting-multipage').click();
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
    await page.getByTestId('setting-multipage').click();
    await page.keyboard.press('Escape');
    const tabs = page.getByTestId('tab-bar').getByTestId('tab');
    await expect(tabs).toHaveText(['在线用户']);
    await page.getByTestId('tab-bar').locator('.ant-tabs-tab-remove').click();
    await expect(page.getByText('这是最后一页，不能再关闭了啦')).toBeVisible();
  });

  test('settings persist across a reload (pro__ keys)', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-drawer').getByText('暗色菜单').click();
    await expect(page.getByText('正在编译主题！')).toBeVisible();
    await page.getByTestId('settings-drawer').getByText('顶部栏导航').click();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('[data-layout="topmenu"]')).toBeVisible();
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pro__')));
    expect(keys.length).toBeGreaterThan(3);
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-drawer').getByText('侧边栏导航').click();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByTestId('sider')).toHaveClass(/ant-layout-sider-dark/);
  });

  test('a small phone (375×812) gets the menu in a drawer', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await expect(page.locator('[data-device="mobile"][data-socket="open"]')).toBeVisible();
    await expect(page.getByTestId('sider')).toHaveCount(0);
    await page.getByTestId('menu-trigger').click();
    await expect(page.getByTestId('menu-drawer').getByText('系统管理')).toBeVisible();
    await ctx.close();
  });

  test('department switch from the user menu', async ({ page }) => {
    await loginViaUi(page, 'teacher');
    await page.getByRole('dialog').getByText('北京校区').click();
    await page.getByTestId('depart-confirm').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.locator('[data-socket="open"]')).toBeVisible();
    // The choice refreshes the shell; open 个人中心 once that navigation has settled.
    await expect(async () => {
      await page.goto('/account/center');
      await expect(page.getByTestId('account-current-depart')).toHaveText('北京校区', { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    const dialog = page.getByRole('dialog');
    await chooseFromUserMenu(page, '切换部门', dialog.getByText(/部门切换/));
    await dialog.getByText('上海校区').click();
    await dialog.getByTestId('depart-confirm').click();
    await expect(page.getByTestId('account-current-depart')).toHaveText('上海校区');
  });

  test('change password: the old password then fails, the new one works', async ({ page }) => {
    await loginViaUi(page, 'jiaowu');
    await chooseFromUserMenu(page, '修改密码', page.getByPlaceholder('旧密码'));
    await expect(page).toHaveURL(/\/account\/settings\/security$/);
    await page.getByPlaceholder('旧密码').fill('jiaowu2026');
    await page.getByPlaceholder('新密码', { exact: true }).fill('newpass2027');
    await page.getByPlaceholder('确认新密码').fill('newpass2027');
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByText('密码修改成功！').first()).toBeVisible();
    await page.context().clearCookies();
    await loginViaUi(page, 'jiaowu', 'jiaowu2026');
    await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
    await loginViaUi(page, 'jiaowu', 'newpass2027');
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
    // Undo it: the journeys after this one sign in as 教务 with the demo password.
    const back = await page.request.put('/jeecg-boot/sys/user/updatePassword', {
      data: { oldpassword: 'newpass2027', password: 'jiaowu2026', confirmpassword: 'jiaowu2026' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect((await back.json()).success).toBe(true);
  });

  test('server-side revocation shows 登录已过期, and 重新登录 leads back through login', async ({ page, browser, baseURL }) => {
    // 周明: a user whose home no earlier journey fills with its own work (marketing's 招生工作台 moved the page away).
    await loginViaUi(page, 'teacher2');
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
    await page.goto('/account/settings/security');
    // The form is filled first, so the submit goes out right after the kick: the other way the page learns of it (a
    // pushed refresh that re-renders the shell with the dead session) sends it straight to the login page instead.
    await page.getByPlaceholder('旧密码').fill('jiaowu2026');
    await page.getByPlaceholder('新密码', { exact: true }).fill('whatever2027');
    await page.getByPlaceholder('确认新密码').fill('whatever2027');
    const admin = await browser.newContext({ baseURL });
    await apiLogin(admin, baseURL!, 'admin');
    const kick = await admin.request.post('/jeecg-boot/sys/online/forceLogout', { data: { username: 'teacher2' }, headers: { origin: baseURL! } });
    expect((await kick.json()).success).toBe(true);
    await page.getByTestId('change-password-submit').click();
    await admin.close();
    const expired = page.locator('.ant-modal-confirm-title');
    await expect(expired).toHaveText('登录已过期');
    await page.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Faccount%2Fsettings%2Fsecurity/);
    await page.getByPlaceholder('用户名', { exact: true }).fill('teacher2');
    await page.getByPlaceholder('密码', { exact: true }).fill('jiaowu2026');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/account\/settings\/security$/);
  });

  test('a role change reaches a signed-in user without signing in again', async ({ page, browser, baseURL }) => {
    await signIn(page, 'teacher2');
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
    await expect(sider(page).getByText('登录日志')).toHaveCount(0);
    await expect(page.locator('[data-socket="open"]')).toBeVisible();
    const admin = await browser.newContext({ baseURL });
    await apiLogin(admin, baseURL!, 'admin');
    const before = (await (await admin.request.get('/jeecg-boot/sys/permission/queryRolePermission?roleId=role_teacher')).json()).result as string[];
    const grant = (ids: string[]) =>
      admin.request.post('/jeecg-boot/sys/permission/saveRolePermission', { data: { roleId: 'role_teacher', permissionIds: ids.join(',') }, headers: { origin: baseURL! } });
    try {
      expect((await (await grant([...before, 'perm_isystem', 'perm_isystem_log', 'perm_btn_log_list'])).json()).success).toBe(true);
      await expect(sider(page).getByText('系统管理')).toBeVisible({ timeout: 10_000 });
      await openMenu(page, '系统管理', '登录日志');
      await expect(page.getByTestId('log-table')).toBeVisible();
    } finally {
      await grant(before);
      await admin.close();
    }
  });
});
