import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT || 3100);
export const E2E_DATA_DIR = path.resolve('.e2e-data');
// Debian's chromium-headless-shell (the old headless mode, no browser UI) runs the journeys about a fifth faster
// than the full browser's headless mode on 2 cores; the full browser is the fallback where the shell is absent.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Runs against the production build through server.ts, in Debian's Chromium (Playwright cannot download browsers here). */
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    // Recording a trace costs each journey about a third of its time (DOM snapshots and screencast on every
    // action); CI retries a failed journey once, and that retry records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', '--disable-quic'],
    },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && exec node --import tsx server.ts`,
    url: `http://127.0.0.1:${PORT}/user/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      // The image captcha cannot be read by a test; its rules are covered by the backend suite.
      LOGIN_CAPTCHA: 'off',
      SMS_DEV_OUTBOX: path.join(E2E_DATA_DIR, 'sms.jsonl'),
      COOKIE_SECURE: '0',
      // The settings drawer is a development preview; the journeys test it in the production build.
      SETTINGS_DRAWER: 'on',
      // One JSON access line per request would bury the journeys' output; warnings and errors still show.
      LOG_LEVEL: 'warn',
      // Content-Security-Policy violations reported to /csp-report show as warn lines (support.ts fails the journey).
      CSP_REPORT: 'on',
    },
  },
});
