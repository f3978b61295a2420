import { expect, test } from '@playwright/test';
import { apiLogin, chooseFromUserMenu, lastSmsCode, loginViaUi, sessionToken } from './support';

test.describe('sign-in, guard and sign-out', () => {
  test('the guard keeps the full path with its query and returns there after login', async ({ page }) => {
    await page.goto('/account/center?tab=roles&x=1');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Faccount%2Fcenter%3Ftab%3Droles%26x%3D1$/);
    await page.getByPlaceholder('用户名', { exact: true }).fill('admin');
    await page.getByPlaceholder('密码', { exact: true }).fill('jiaowu2026');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/account\/center\?tab=roles&x=1$/);
    // A signed-in user opening the login page is sent home: 行事历 (spec 01 §2).
    await page.goto('/user/login');
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
  });

  test('each login error shows the backend message', async ({ page }) => {
    for (const [username, password, message] of [
      ['nobody', 'jiaowu2026', '该用户不存在，请注册'],
      ['frozen', 'jiaowu2026', '该用户已冻结'],
      ['teacher2', 'wrong-password1', '用户名或密码错误'],
    ]) {
      await loginViaUi(page, username, password);
      await expect(page.getByText(message).first()).toBeVisible();
      await expect(page).toHaveURL(/\/user\/login/);
    }
    // Required fields have Chinese messages.
    await page.goto('/user/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
  });

  test('login → home → logout → login; the old cookie replayed gets 401 and the token never reaches the page', async ({ page, context, baseURL }) => {
    const bodies: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'fetch' || r.request().resourceType() === 'document') bodies.push(await r.text().catch(() => ''));
    });
    await loginViaUi(page, 'admin');
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
    await page.goto('/account/center');
    await expect(page.getByTestId('account-realname')).toHaveText('管理员');

    const token = await sessionToken(context);
    const visible = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
    }));
    expect(visible.cookie).not.toContain('jw_session');
    for (const v of Object.values(visible)) expect(v).not.toContain(token);
    for (const b of bodies) expect(b).not.toContain(token);
    const cookie = (await context.cookies()).find((c) => c.name === 'jw_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');

    const oldCookies = await context.cookies();
    const confirm = page.locator('.ant-modal-confirm');
    await chooseFromUserMenu(page, '退出登录', confirm);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/user\/login/);
    const local = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pro__')));
    expect(local).toEqual([]);

    // Replay the cookie from before logout.
    await context.addCookies(oldCookies);
    const replay = await context.request.get('/jeecg-boot/sys/user/getAccountInfoFromToken');
    expect(replay.status()).toBe(401);
    expect(await replay.json()).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
    await page.goto('/account/center');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Faccount%2Fcenter/);
    void baseURL;
  });

  test('freezing a user ends their live session: their next page goes to login', async ({ browser, baseURL }) => {
    const victim = await browser.newContext();
    const vPage = await victim.newPage();
    await loginViaUi(vPage, 'teacher2');
    await expect(vPage).toHaveURL(/\/calpanel\/CalendarPanel$/);
    await vPage.goto('/account/center');
    await expect(vPage.getByTestId('account-realname')).toHaveText('周明');

    const admin = await browser.newContext({ baseURL });
    await apiLogin(admin, baseURL!, 'admin');
    const frozen = await admin.request.put('/jeecg-boot/sys/user/frozenBatch', { data: { ids: 'u_teacher2', status: 2 }, headers: { origin: baseURL! } });
    expect(await frozen.json()).toMatchObject({ success: true });
    try {
      await vPage.reload();
      await expect(vPage).toHaveURL(/\/user\/login\?redirect=%2Faccount%2Fcenter/);
      const api = await victim.request.get('/jeecg-boot/sys/user/getAccountInfoFromToken');
      expect(api.status()).toBe(401);
    } finally {
      await admin.request.put('/jeecg-boot/sys/user/frozenBatch', { data: { ids: 'u_teacher2', status: 1 }, headers: { origin: baseURL! } });
      await victim.close();
      await admin.close();
    }
  });

  test('a user with two departments chooses one in 部门选择 before entering', async ({ page }) => {
    await loginViaUi(page, 'teacher');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('部门选择')).toBeVisible();
    await dialog.getByText('上海校区').click();
    await dialog.getByTestId('depart-confirm').click();
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
    await page.goto('/account/center');
    await expect(page.getByTestId('account-current-depart')).toHaveText('上海校区');
  });

  test('phone login with an SMS code', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByText('手机号登录').click();
    await page.getByPlaceholder('手机号').fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
    await page.getByPlaceholder('手机号').fill('13800000003');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+\s*s/ })).toBeDisabled();
    const code = await lastSmsCode('13800000003');
    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByTestId('login-submit').click();
    // 王晓雨 is marketing: its role's home is the 招生工作台 (issue #23).
    await expect(page).toHaveURL(/\/crm\/workbench$/);
    await page.goto('/account/center');
    await expect(page.getByTestId('account-realname')).toHaveText('王晓雨');
  });
});

test.describe('notification websocket', () => {
  test('opens for the session user only; another user id is refused; heartbeat answered', async ({ page }) => {
    await loginViaUi(page, 'jiaowu');
    await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
    const result = await page.evaluate(async () => {
      const open = (id: string) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/websocket/${id}`);
          ws.onopen = () => ws.send('HeartBeat');
          ws.onmessage = (e) => {
            resolve(`message:${e.data}`);
            ws.close();
          };
          ws.onerror = () => resolve('error');
          setTimeout(() => resolve('timeout'), 5000);
        });
      return { own: await open('u_academic'), other: await open('u_admin') };
    });
    expect(result.own).toBe('message:{"cmd":"heartcheck","msgTxt":"心跳响应"}');
    expect(result.other).toBe('error');
  });
});
