import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiLogin, chooseFromUserMenu, type Envelope, loginViaUi, signIn } from './support';

/**
 * 安全设置 end to end (issue #26): a fresh user (so revoking sessions and turning on two-step sign-in disturb no
 * other journey's demo users) signs in on two browsers; the first sees both devices and signs the other out, whose
 * next page is the login page; then it turns on TOTP (the code computed here from the secret the page shows), signs
 * out, and signs in again with the password and a code — a wrong code first, which the page refuses.
 */

const PASSWORD = 'Secure2026ok';
const code = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

test('安全设置: two browsers, sign the other out; enable TOTP; sign in with password + code, a wrong code refused', async ({ page, browser, baseURL }) => {
  // ---- The administrator creates the user through the API (用户管理's own endpoint).
  const username = `e2esec${Date.now() % 1_000_000}`;
  const admin = await browser.newContext({ baseURL });
  await apiLogin(admin, baseURL!, 'admin');
  const added = await admin.request.post('/jeecg-boot/sys/user/add', {
    data: { username, realname: '安全测试', password: PASSWORD, confirmpassword: PASSWORD, selectedroles: 'role_user' },
    headers: { origin: baseURL! },
  });
  expect((await added.json()) as Envelope).toMatchObject({ success: true });
  await admin.close();

  // ---- Two browsers: B first, then A, which then lists both.
  const other = await browser.newContext({ baseURL });
  const pageB = await other.newPage();
  await signIn(pageB, username, '/account/settings/security', PASSWORD);
  await expect(pageB.getByTestId('sessions-card')).toBeVisible();
  await signIn(page, username, '/account/settings/security', PASSWORD);

  const rows = page.getByTestId('sessions-table').locator('[data-testid^="session-row-"]');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('sessions-table').locator('[data-current="true"]')).toHaveCount(1);
  await expect(page.getByTestId('session-current')).toBeVisible();

  // ---- 退出其他所有设备: B's next navigation ends on the login page.
  await page.getByTestId('sessions-logout-others').click();
  await page.getByTestId('sessions-logout-others-ok').click();
  await expect(page.getByText('已退出其他 1 个设备')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await pageB.reload();
  await expect(pageB).toHaveURL(/\/user\/login/);
  await other.close();

  // ---- A turns on two-step sign-in: scan (here: read) the secret, confirm with a code, keep the recovery codes.
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('two-factor-status')).toHaveAttribute('data-enabled', 'false');
  await card.getByTestId('two-factor-enable').click();
  await expect(page.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId('two-factor-qr')).toHaveAttribute('data-otpauth', new RegExp(`secret=${secret}`));
  await page.getByTestId('two-factor-setup-code').fill(code(secret));
  await page.getByTestId('two-factor-setup-ok').click();
  await expect(page.getByTestId('two-factor-recovery-codes').locator('li')).toHaveCount(10);
  await page.getByTestId('two-factor-recovery-done').click();
  await expect(card.getByTestId('two-factor-status')).toHaveAttribute('data-enabled', 'true');

  // ---- Sign out, sign in again: the password step asks for the code.
  const confirm = page.locator('.ant-modal-confirm');
  await chooseFromUserMenu(page, '退出登录', confirm);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await loginViaUi(page, username, PASSWORD, '/account/settings/security');
  const step = page.getByTestId('two-factor-login');
  await expect(step).toBeVisible();
  await expect(step.getByTestId('two-factor-code')).toBeFocused();

  // A wrong code is refused with a clear message and the page stays on the second step.
  await step.getByTestId('two-factor-code').fill(code(secret, Date.now() - 10 * 60_000));
  await step.getByTestId('two-factor-submit').click();
  await expect(step.getByTestId('two-factor-error')).toContainText('验证码错误，请重试');
  await expect(page).toHaveURL(/\/user\/login/);

  // The next step's code (the current one was spent turning it on: a code is never accepted twice).
  await step.getByTestId('two-factor-code').fill(code(secret, Date.now() + 30_000));
  await step.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/account\/settings\/security$/);
  await expect(page.getByTestId('two-factor-card').getByTestId('two-factor-status')).toHaveAttribute('data-enabled', 'true');
});
