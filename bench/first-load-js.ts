/**
 * First-load JavaScript of the login page and the signed-in shell, as a browser downloads it
 * (transfer size, gzip as served by the production server), measured in Debian's Chromium.
 *
 *   npm run build && npx tsx bench/first-load-js.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchChromium, startProduct } from './product';

const PORT = 3413;
const BASE = `http://127.0.0.1:${PORT}`;

async function scriptBytes(page: Page) {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
      .reduce((acc, e) => ({ transfer: acc.transfer + e.transferSize, decoded: acc.decoded + e.decodedBodySize, files: acc.files + 1 }), { transfer: 0, decoded: 0, files: 0 }),
  );
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-fl-'));
  const server = await startProduct(PORT, dataDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${BASE}/user/login`, { waitUntil: 'networkidle' });
    const login = await scriptBytes(page);
    await page.getByPlaceholder('用户名', { exact: true }).fill('admin');
    await page.getByPlaceholder('密码', { exact: true }).fill('jiaowu2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
    // A fresh context: the shell's first load with nothing cached from the login page.
    const fresh = await browser.newContext();
    await fresh.addCookies(await page.context().cookies());
    const shellPage = await fresh.newPage();
    await shellPage.goto(`${BASE}/account/center`, { waitUntil: 'networkidle' });
    const shell = await scriptBytes(shellPage);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`login page:      ${kb(login.transfer)} transferred (gzip), ${kb(login.decoded)} decoded, ${login.files} files   (target ≤ 150 KB)`);
    console.log(`signed-in shell: ${kb(shell.transfer)} transferred (gzip), ${kb(shell.decoded)} decoded, ${shell.files} files   (target ≤ 400 KB)`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
