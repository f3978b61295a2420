import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';

/** The production server (`server.ts`, needs `npm run build`) on `port` with `dataDir`, resolved once it is ready. */
export async function startProduct(port: number, dataDir: string, env: Record<string, string> = {}): Promise<{ base: string; stop: () => Promise<void> }> {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server: ChildProcess = spawn(process.execPath, [...extra, '--import', 'tsx', 'server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOGIN_CAPTCHA: 'off', COOKIE_SECURE: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => server.stdout!.on('data', (b: Buffer) => b.toString().includes('ready in') && resolve()));
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
    },
  };
}

/** Debian's Chromium (Playwright cannot download browsers here). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });

/** Signs in as admin through the login page (captcha off) and waits to leave it. */
export async function signInAsAdmin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/user/login`, { waitUntil: 'networkidle' });
  await page.getByPlaceholder('用户名', { exact: true }).fill('admin');
  await page.getByPlaceholder('密码', { exact: true }).fill('jiaowu2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
}
