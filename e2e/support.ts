import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page, type Response } from '@playwright/test';
import { unsealData } from 'iron-session';
import type { Envelope } from '../lib/envelope';
import { needsDepartSelection, persistLogin, type LoginResult } from '../lib/login-state';

export const DEMO_PASSWORD = 'jiaowu2026';
const DATA_DIR = path.resolve('.e2e-data');

const watched = new WeakSet<Page>();

/**
 * Fails the running journey (softly: it goes on, and fails at its end) on any Content-Security-Policy violation in the
 * page or its frames (issue #38: every page has a policy, lib/csp.ts). Playwright's init script is not itself subject
 * to the page's policy; it reports each `securitypolicyviolation` event as a console line the listener picks up.
 */
export async function watchCsp(page: Page) {
  if (watched.has(page)) return;
  watched.add(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.documentURI.split('?')[0]} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() !== 'error' || !m.text().startsWith('[csp-violation]')) return;
    try {
      expect.soft(m.text(), 'no Content-Security-Policy violation').toBe('');
    } catch {
      // The journey has already ended (a late frame while the page closes): nothing to fail.
    }
  });
}

/** A page's response (HTML; not a file such as /logo.svg) carries the policy with a script nonce (proxy.ts). */
export function expectCsp(response: Response | null) {
  if (!response?.headers()['content-type']?.startsWith('text/html')) return;
  expect(response.headers()['content-security-policy'], 'the page has a Content-Security-Policy').toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
}

export async function loginViaUi(page: Page, username: string, password = DEMO_PASSWORD, redirect?: string) {
  await watchCsp(page);
  expectCsp(await page.goto(redirect ? `/user/login?redirect=${encodeURIComponent(redirect)}` : '/user/login'));
  await page.getByPlaceholder('用户名', { exact: true }).fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs in the way the login form does, without loading the login page: the same POST through the BFF (a
 * session of its own, cookie in this context), the same `persistLogin` into localStorage, then opens `path`.
 * For journeys whose story starts after sign-in; the sign-in itself is covered by login.spec.ts with
 * `loginViaUi`. Saves a login page render per journey.
 */
export async function signIn(page: Page, username: string, path = '/', password = DEMO_PASSWORD) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.context().request.post('/jeecg-boot/sys/login', { data: { username, password }, headers: { origin } });
  const body = (await res.json()) as { code: number; message: string; result: LoginResult };
  expect(body.code, body.message).toBe(200);
  expect(needsDepartSelection(body.result), 'a user with several departments signs in with loginViaUi').toBe(false);
  const entries: [string, string][] = [];
  persistLogin({ setItem: (k: string, v: string) => void entries.push([k, v]) } as unknown as Storage, body.result);
  // localStorage belongs to the origin: write it from a tiny same-origin document, then open the page.
  await page.goto('/logo.svg');
  await page.evaluate((items) => items.forEach(([k, v]) => localStorage.setItem(k, v)), entries);
  await watchCsp(page);
  expectCsp(await page.goto(path));
}

/**
 * Chooses `item` from the header's user menu and waits for `until` (what the choice opens) when given. The
 * menu opens on hover and toggles on click, and a click on an entry still animating in can be lost on a slow
 * machine: hover until the entry shows, click it, and start over while `until` has not appeared.
 */
export async function chooseFromUserMenu(page: Page, item: string, until?: Locator) {
  const entry = page.locator('.ant-dropdown-menu-item').filter({ hasText: item });
  await expect(async () => {
    if (!(await entry.isVisible())) {
      await page.mouse.move(0, 0);
      await page.getByTestId('header-user').hover();
    }
    await entry.click({ timeout: 3_000 });
    if (until) await expect(until).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
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

/** Signs in (`signIn`) and waits for the shell's socket and the bell's first answers. */
export async function signedInWithBell(page: Page, username: string) {
  await signIn(page, username);
  await expect(page.locator('[data-socket="open"]')).toBeVisible();
  // The badge is read against this first answer: before it, no badge means "not loaded", not "0 unread".
  await expect(page.locator('[data-testid="notice-bell"][data-loaded="true"]')).toBeVisible();
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

/** A short suffix unique to this run, for the names a journey creates (a retry never meets the first attempt's rows). */
export const runStamp = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`;

/** A mobile number nobody else has: `prefix` (three digits) and eight digits from a `runStamp()`. */
export const mobileFrom = (prefix: string, stamp: string) => `${prefix}${String(parseInt(stamp.slice(0, 6), 36) % 100_000_000).padStart(8, '0')}`;

/** The JeecgBoot answer envelope (contract §1), declared once in lib/envelope.ts. */
export type { Envelope };

/** A BFF call with the context's session cookie; fails the test with the server's message. */
export async function bffApi<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await request.fetch(`/jeecg-boot${path}`, { method, headers: { origin }, ...(body === undefined ? {} : { data: body }) });
  const json = (await res.json()) as Envelope<T>;
  expect(json.success, `${method} ${path}: ${json.message}`).toBe(true);
  return json.result;
}

/** A GET through the BFF with the page's session. */
export const bffGet = <T>(page: Page, path: string) => bffApi<T>(page.context().request, 'GET', path);
