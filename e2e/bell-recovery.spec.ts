import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { spawnServer, type SpawnedServer } from './spawn-server';
import { DEMO_PASSWORD, unread } from './support';

const PORT = 3134;


/** Publishes an announcement to one user through the BFF of `server`, as admin. */
async function publishTo(page: Page, server: SpawnedServer, userId: string, title: string) {
  const ctx = await page.context().browser()!.newContext({ baseURL: server.url });
  try {
    const headers = { origin: server.url };
    expect((await (await ctx.request.post('/jeecg-boot/sys/login', { headers, data: { username: 'admin', password: DEMO_PASSWORD } })).json()).code).toBe(200);
    const added = await (
      await ctx.request.post('/jeecg-boot/sys/annountCement/add', { headers, data: { titile: title, msgContent: `<p>${title}</p>`, msgType: 'USER', userIds: userId, msgCategory: '1', priority: 'M' } })
    ).json();
    expect(added.success).toBe(true);
    expect((await (await ctx.request.get(`/jeecg-boot/sys/annountCement/doReleaseData?id=${added.result.id}`)).json()).success).toBe(true);
  } finally {
    await ctx.close();
  }
}

// Also the shutdown journey (it was its own file, spawning two more servers): SIGTERM ends the process cleanly (the
// embedded database closed), and the same data directory opens again with the session and without a new administrator.
test('SIGTERM stops the server cleanly; meanwhile no error storm, and the bell recovers by itself when it returns on the same data', async ({ browser }) => {
  test.setTimeout(150_000);
  let server = await spawnServer(PORT);
  const dataDir = server.dataDir;
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
  const page = await context.newPage();
  try {
    await page.goto('/user/login');
    await page.getByPlaceholder('用户名', { exact: true }).fill('teacher2');
    await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.locator('[data-socket="open"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('notice-bell')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Count what the page does while the server is gone.
    let polls = 0;
    let sockets = 0;
    page.on('request', (r) => r.url().includes('/sys/annountCement/listByUser') && polls++);
    page.on('websocket', () => sockets++);

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('Stopped cleanly.');
    await expect(page.locator('[data-socket="open"]')).toHaveCount(0, { timeout: 10_000 });
    const downFor = 6_000;
    await page.waitForTimeout(downFor);
    // Polling stops at the first failed load; the socket retries every 5 s, not in a tight loop.
    expect(polls).toBeLessThanOrEqual(2);
    expect(sockets).toBeLessThanOrEqual(Math.ceil(downFor / 5_000) + 1);
    // At most one visible error toast, never a stack of them.
    expect(await page.locator('.ant-message-notice, .ant-notification-notice').count()).toBeLessThanOrEqual(1);

    // The same data directory comes back on the same port: the session cookie is still valid.
    server = await spawnServer(PORT, {}, dataDir);
    expect(server.output()).not.toContain('Administrator created');
    await expect(page.locator('[data-socket="open"]')).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const before = await unread(page);
    await publishTo(page, server, 'u_teacher2', '恢复后的第一条通知');
    await expect.poll(() => unread(page), { timeout: 5_000 }).toBe(before + 1);
    // Polling is running again too: the page reloads the lists on its own within a 6 s period.
    const pollsAfter = polls;
    await expect.poll(() => polls, { timeout: 10_000 }).toBeGreaterThan(pollsAfter);
  } finally {
    await context.close();
    await server.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
