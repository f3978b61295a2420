import { expect, test } from '@playwright/test';
import { spawnServer } from './spawn-server';
import fs from 'node:fs';

test('SIGTERM stops the server, closes the embedded database cleanly, and the data survives a restart', async ({ request }) => {
  test.setTimeout(120_000);
  const first = await spawnServer(3130);
  try {
    const login = await request.post(`${first.url}/jeecg-boot/sys/login`, { data: { username: 'admin', password: 'jiaowu2026' }, headers: { origin: first.url } });
    expect((await login.json()).code).toBe(200);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('Stopped cleanly.');
  } finally {
    await first.stop('SIGKILL');
  }
  // Reopen the same PGlite directory: the session row written before shutdown is still there and login works.
  const second = await spawnServer(3131, {}, first.dataDir);
  try {
    const again = await request.post(`${second.url}/jeecg-boot/sys/login`, { data: { username: 'admin', password: 'jiaowu2026' }, headers: { origin: second.url } });
    expect((await again.json()).code).toBe(200);
    expect(second.output()).not.toContain('Administrator created');
  } finally {
    await second.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
});
