import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/**
 * A browser bench's frame: the production build is there, the server runs on a fresh data directory (after
 * `prepare` fills it, if given) with Chromium beside it, and both go away with the directory whatever `run` does.
 */
export async function withProductAndBrowser(
  port: number,
  dirPrefix: string,
  run: (browser: Browser, base: string) => Promise<void>,
  opts: { env?: Record<string, string>; prepare?: (dataDir: string) => Promise<void>; buildHint?: string } = {},
): Promise<void> {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error(opts.buildHint ?? 'Run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dirPrefix));
  try {
    await opts.prepare?.(dataDir);
    const server = await startProduct(port, dataDir, opts.env);
    const browser = await launchChromium();
    try {
      await run(browser, server.base);
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a bench's main, exiting non-zero on failure. */
export function runBench(main: () => Promise<void>): void {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
