/**
 * First-load JavaScript of the login page and of the home page a user lands on after signing in
 * (行事历, /calpanel/CalendarPanel), as a browser downloads it (transfer size, gzip as served by the
 * production server), measured in Debian's Chromium with a cold cache for each page.
 *
 *   npm run build && npx tsx bench/first-load-js.ts          (BENCH_FL_FILES=1 lists the home's scripts, =login the login page's)
 */
import type { Page } from '@playwright/test';
import { runBench, withProductAndBrowser } from './product';

const PORT = Number(process.env.BENCH_PORT) || 3413;
const BASE = `http://127.0.0.1:${PORT}`;

interface ScriptEntry {
  name: string;
  transfer: number;
  decoded: number;
}

async function scripts(page: Page): Promise<ScriptEntry[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, transfer: e.transferSize, decoded: e.decodedBodySize })),
  );
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (list: ScriptEntry[]) => list.reduce((a, e) => ({ transfer: a.transfer + e.transfer, decoded: a.decoded + e.decoded }), { transfer: 0, decoded: 0 });

async function main() {
  await withProductAndBrowser(PORT, 'jiaowu-fl-', async (browser) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${BASE}/user/login`, { waitUntil: 'networkidle' });
    const login = await scripts(page);
    await page.getByPlaceholder('用户名', { exact: true }).fill('admin');
    await page.getByPlaceholder('密码', { exact: true }).fill('jiaowu2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
    // A fresh context (cold cache) holding only the session cookie: the home page's first load, as a
    // user who opens the site already signed in (or right after the login page, minus what it cached).
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await fresh.addCookies(await page.context().cookies());
    const home = await fresh.newPage();
    await home.goto(`${BASE}/`, { waitUntil: 'networkidle' });
    const landed = new URL(home.url()).pathname;
    await home.getByTestId('cal-range-label').waitFor({ timeout: 60_000 });
    await home.waitForLoadState('networkidle');
    const homeScripts = await scripts(home);
    const l = sum(login);
    const h = sum(homeScripts);
    console.log(`login page: ${kb(l.transfer)} transferred (gzip), ${kb(l.decoded)} decoded, ${login.length} files   (target ≤ 150 KB)`);
    console.log(`home ${landed}: ${kb(h.transfer)} transferred (gzip), ${kb(h.decoded)} decoded, ${homeScripts.length} files   (target ≤ 400 KB)`);
    if (process.env.BENCH_FL_FILES) {
      for (const e of [...(process.env.BENCH_FL_FILES === 'login' ? login : homeScripts)].sort((a, b) => b.transfer - a.transfer)) console.log(`  ${kb(e.transfer).padStart(9)} ${kb(e.decoded).padStart(9)}  ${e.name}`);
    }
  });
}

runBench(main);
