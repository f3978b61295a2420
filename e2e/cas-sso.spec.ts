import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { spawnServer, type SpawnedServer } from './spawn-server';
import { chooseFromUserMenu } from './support';

/** A small CAS server: /login redirects back with a ticket, /p3/serviceValidate answers CAS XML, /logout says so. */
function startStubCas() {
  const tickets = new Map<string, { service: string; user: string }>();
  const validations: { ticket: string; service: string }[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://cas.local');
    if (url.pathname === '/cas/login') {
      const service = url.searchParams.get('service')!;
      const ticket = `ST-${++n}`;
      tickets.set(ticket, { service, user: 'teacher2' });
      res.writeHead(302, { location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` }).end();
    } else if (url.pathname === '/cas/p3/serviceValidate') {
      const ticket = url.searchParams.get('ticket')!;
      const service = url.searchParams.get('service')!;
      validations.push({ ticket, service });
      const t = tickets.get(ticket);
      tickets.delete(ticket); // single use, like CAS
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        t && t.service === service
          ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${t.user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
          : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
      );
    } else if (url.pathname === '/cas/logout') {
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end('<h1>CAS signed out</h1>');
    } else res.writeHead(404).end();
  });
  return new Promise<{ url: string; validations: typeof validations; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`, validations, close: () => server.close() })),
  );
}

test.describe('single sign-on (CAS)', () => {
  let cas: Awaited<ReturnType<typeof startStubCas>>;
  let app: SpawnedServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cas = await startStubCas();
    app = await spawnServer(3132, { CAS_URL: cas.url });
  });
  test.afterAll(async () => {
    await app?.stop();
    cas?.close();
    if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
  });

  test('a page redirects to CAS, the ticket is validated with the same service address, and logout ends at CAS', async ({ page }) => {
    await page.goto(`${app.url}/account/center?from=sso`);
    await expect(page).toHaveURL(`${app.url}/account/center?from=sso`);
    await expect(page.getByTestId('account-realname')).toHaveText('周明');
    expect(cas.validations).toHaveLength(1);
    expect(cas.validations[0].service).toBe(`${app.url}/cas/callback?redirect=${encodeURIComponent('/account/center?from=sso')}`);

    // A replayed ticket is refused by CAS and no session comes of it.
    const replay = await page.request.get(`${app.url}/cas/callback?redirect=%2F&ticket=${cas.validations[0].ticket}`, { maxRedirects: 0 });
    expect(replay.status()).toBe(401);
    expect(await replay.text()).toContain('not recognized');

    const confirm = page.locator('.ant-modal-confirm');
    await chooseFromUserMenu(page, '退出登录', confirm);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(`${cas.url}/logout`);
    await expect(page.getByText('CAS signed out')).toBeVisible();
    const after = await page.request.get(`${app.url}/jeecg-boot/sys/user/getAccountInfoFromToken`);
    expect(after.status()).toBe(401);
  });
});
