import fs from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { unsealData } from 'iron-session';

export const DEMO_PASSWORD = 'jiaowu2026';
const DATA_DIR = path.resolve('.e2e-data');

export async function loginViaUi(page: Page, username: string, password = DEMO_PASSWORD, redirect?: string) {
  await page.goto(redirect ? `/user/login?redirect=${encodeURIComponent(redirect)}` : '/user/login');
  await page.getByPlaceholder('用户名', { exact: true }).fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/** The test can read the dev secret from DATA_DIR, so it can see what the sealed cookie holds. */
export async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'jw_session');
  expect(cookie, 'session cookie present').toBeTruthy();
  const secret = fs.readFileSync(path.join(DATA_DIR, 'session-secret'), 'utf8').trim();
  const data = await unsealData<{ token: string }>(cookie!.value, { password: secret });
  expect(data.token).toMatch(/^[\w-]{43}$/);
  return data.token;
}

/** The development SMS sender appends every code to SMS_DEV_OUTBOX. */
export async function lastSmsCode(mobile: string, mode = '0'): Promise<string> {
  const file = path.join(DATA_DIR, 'sms.jsonl');
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
      code = lines.map((l) => JSON.parse(l) as { mobile: string; code: string; mode: string }).filter((m) => m.mobile === mobile && m.mode === mode).pop()?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** An API session for setup steps (admin actions), through the same BFF the browser uses. */
export async function apiLogin(context: BrowserContext, baseURL: string, username: string) {
  const res = await context.request.post('/jeecg-boot/sys/login', { data: { username, password: DEMO_PASSWORD }, headers: { origin: baseURL } });
  expect((await res.json()).code).toBe(200);
}

/** The bell's unread total (antd Badge shows it as the count's title; no badge = 0). */
export async function unread(page: Page): Promise<number> {
  const count = page.getByTestId('notice-badge').locator('.ant-badge-count');
  if (!(await count.count())) return 0;
  return Number(await count.getAttribute('title'));
}

/** Signs in through the UI and waits for the shell's socket and the bell's first answers. */
export async function signedInWithBell(page: Page, username: string) {
  await loginViaUi(page, username);
  await expect(page.locator('[data-socket="open"]')).toBeVisible();
  await expect(page.getByTestId('notice-bell')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Drags the 拖动滑块验证 slider to the end, which unlocks 获取验证码 (spec 02 §2). */
export async function passSliderVerify(page: Page) {
  const h = (await page.getByTestId('slider-verify-handle').boundingBox())!;
  const t = (await page.getByTestId('slider-verify').boundingBox())!;
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(t.x + t.width + 20, h.y + h.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('slider-verify')).toHaveAttribute('data-state', 'success');
}
