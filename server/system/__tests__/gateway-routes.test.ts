/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../app';
import { listResources } from '../../resources/registry';
import { enabledGatewayTargets } from '../gateway-routes';
import { createBff } from '../../../lib/server/bff';
import { createGateway, type GatewayOptions } from '../../../lib/server/gateway';
import { readCookie, SESSION_COOKIE } from '../../../lib/server/session-cookie';
import type { Upstream } from '../../../lib/server/upstream';
import { GATEWAY_MESSAGES as M, RESERVED_PREFIXES } from '../../../lib/gateway/route-rules';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/**
 * 网关路由 (issue #27 item 5): the save rules and permissions through the production handler, then the BFF
 * forwarding to a tiny local service (allowlisted as 127.0.0.1:<port>) and stopping without a restart.
 */

interface Seen {
  method: string;
  url: string;
  token: string | null;
  cookie: string | null;
  body: string;
}

let be: TestBackend;
let admin: string;
let server: http.Server;
let port = 0;
const seen: Seen[] = [];
const savedEnv = process.env.GATEWAY_ALLOWED_HOSTS;
const allow = (v: string) => {
  process.env.GATEWAY_ALLOWED_HOSTS = v;
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const token = (req.headers['x-access-token'] as string | undefined) ?? null;
      seen.push({ method: req.method!, url: req.url!, token, cookie: req.headers.cookie ?? null, body });
      if (req.url!.endsWith('/plain')) {
        res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'x=1' });
        return res.end('plain text');
      }
      // Echoes the token back: the BFF must remove it, as for the main upstream.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, code: 200, message: '', result: { url: req.url, echoed: token } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  allow(`127.0.0.1:${port}`);
  be = await startTestBackend();
  admin = await be.login('admin');
});
afterAll(async () => {
  process.env.GATEWAY_ALLOWED_HOSTS = savedEnv;
  server.close();
  await be.close();
});

const save = (router: Record<string, unknown>, token = admin) => be.call('/sys/gatewayRoute/updateAll', { method: 'POST', token, json: { router } });
const list = async () => (await be.call('/sys/gatewayRoute/list', { token: admin })).body.result as Record<string, unknown>[];
const byPrefix = async (prefix: string) => (await list()).find((r) => r.pathPrefix === prefix)!;

describe('saving a gateway route', () => {
  it('refuses other schemes, hosts outside the allowlist and internal addresses not listed exactly', async () => {
    for (const uri of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'javascript:alert(1)']) {
      expect((await save({ name: 'x', uri, pathPrefix: '/erp' })).body).toMatchObject({ success: false, message: M.uriScheme });
    }
    expect((await save({ name: 'x', uri: 'http://erp.example.com', pathPrefix: '/erp' })).body.message).toBe(M.hostNotAllowed('erp.example.com'));
    for (const [uri, host] of [['http://127.0.0.1', '127.0.0.1'], [`http://127.0.0.1:${port + 1}`, `127.0.0.1:${port + 1}`], ['http://169.254.169.254/latest', '169.254.169.254'], [`http://localhost:${port}`, `localhost:${port}`]]) {
      expect((await save({ name: 'x', uri, pathPrefix: '/erp' })).body.message).toBe(M.hostNotAllowed(host));
    }
    allow('');
    expect((await save({ name: 'x', uri: `http://127.0.0.1:${port}`, pathPrefix: '/erp' })).body.message).toBe(M.allowlistEmpty);
    expect((await be.call('/sys/gatewayRoute/config', { token: admin })).body.result).toEqual({ allowedHosts: [], invalidEntries: [], note: M.allowlistEmpty });
    allow(`127.0.0.1:${port}, localhost:${port}`);
    expect((await be.call('/sys/gatewayRoute/config', { token: admin })).body.result).toMatchObject({ allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`], note: null });
    allow(`127.0.0.1:${port}`);
  });

  it('refuses our own API prefixes and unsupported JeecgBoot predicates; a prefix is unique among enabled routes', async () => {
    const uri = `http://127.0.0.1:${port}`;
    expect((await save({ name: 'x', uri, pathPrefix: '/sys' })).body.message).toBe(M.prefixReserved('sys'));
    expect((await save({ name: 'x', uri, predicates: '[{"name":"Path","args":["/online/**"]}]' })).body.message).toBe(M.prefixReserved('online'));
    expect((await save({ name: 'x', uri, pathPrefix: '/erp/../sys' })).body.message).toBe(M.prefixInvalid);
    expect((await save({ name: 'x', uri, predicates: '[{"name":"Method","args":["GET"]}]' })).body.message).toBe(M.predicateUnsupported('Method'));
    expect((await save({ name: '', uri, pathPrefix: '/erp' })).body.message).toBe(M.nameRequired);

    // JeecgBoot's client: `router` with predicates/filters as JSON text, no id = add.
    const added = await save({ id: '', routerId: 'erp', name: 'ERP', uri: `${uri}/base/`, status: 1, predicates: '[{"name":"Path","args":["/erp/**"]}]', filters: '[{"name":"StripPrefix","args":[{"key":"parts","value":"1"}]}]' });
    expect(added.body).toMatchObject({ success: true, message: '操作成功！' });
    const row = await byPrefix('/erp');
    expect(row).toMatchObject({ routerId: 'erp', name: 'ERP', uri: `${uri}/base`, status: 1, stripPrefix: 1, hostAllowed: true, sortOrder: 0 });
    expect(row.predicates).toEqual([{ name: 'Path', args: ['/erp/**'] }]);
    expect(row.filters).toEqual([{ name: 'StripPrefix', args: [{ key: 'parts', value: '1' }] }]);

    expect((await save({ name: 'ERP2', uri, pathPrefix: '/ERP/' })).body.message).toBe(M.prefixDuplicate('/ERP'));
    expect((await save({ name: 'ERP2', uri, pathPrefix: '/erp', status: 0 })).body.success).toBe(true);
    const twin = (await list()).find((r) => r.name === 'ERP2')!;
    expect((await save({ ...twin, status: 1 })).body.message).toBe(M.prefixDuplicate('/erp'));
    expect((await be.call(`/sys/gatewayRoute/delete?id=${twin.id}`, { method: 'DELETE', token: admin })).body).toMatchObject({ success: true, message: '删除路由成功' });
    expect((await list()).some((r) => r.id === twin.id)).toBe(false);
  });

  it('answers 510 to a user without the codes', async () => {
    const teacher = await be.login('teacher');
    expect((await be.call('/sys/gatewayRoute/list', { token: teacher })).body.code).toBe(510);
    expect((await save({ name: 'x', uri: `http://127.0.0.1:${port}`, pathPrefix: '/t' }, teacher)).body.code).toBe(510);
    expect((await be.call('/sys/gatewayRoute/delete?id=x', { method: 'DELETE', token: teacher })).body.code).toBe(510);
  });

  it('the reserved prefixes cover every first path segment our backend serves', () => {
    const app = createApp({ services: {} as never });
    const ours = [...app.routes.map((r) => r.path), ...listResources().map((r) => r.def.api)].map((p) => p.split('/')[1]).filter((s) => s && !s.includes(':') && s !== '*');
    expect([...new Set(ours)].filter((s) => !RESERVED_PREFIXES.includes(s.toLowerCase()))).toEqual([]);
  });
});

describe('the BFF forwarding gateway routes', () => {
  const env = { sessionSecret: 'x'.repeat(40), cookieSecure: false, casUrl: null, trustProxy: false, allowedOrigins: [] };
  const ORIGIN = 'http://app.test';
  const upstream: Upstream = (path, init) => be.fetch(new Request(`http://embedded${path}`, init));
  const bffWith = (opts: GatewayOptions = {}) =>
    createBff(upstream, env, { gateway: createGateway({ routes: () => enabledGatewayTargets(be.db), verifySession: async (t) => !!(await be.sessions.verify(t)) }, opts) });
  const bff = bffWith();

  async function call(path: string, init: { method?: string; body?: string; cookie?: string; origin?: string } = {}, handler = bff) {
    const headers = new Headers({ host: 'app.test' });
    if (init.cookie) headers.set('cookie', `${SESSION_COOKIE}=${init.cookie}`);
    if (init.origin) headers.set('origin', init.origin);
    if (init.body) headers.set('content-type', 'application/json');
    const req = new Request(`${ORIGIN}/jeecg-boot${path}`, { method: init.method ?? 'GET', headers, body: init.body });
    const res = await handler(req, path.split('?')[0].split('/').filter(Boolean));
    return { res, text: await res.text() };
  }
  async function signIn() {
    const r = await call('/sys/login', { method: 'POST', origin: ORIGIN, body: JSON.stringify({ username: 'admin', password: 'jiaowu2026' }) });
    return readCookie((r.res.headers.get('set-cookie') ?? '').split(';')[0], SESSION_COOKIE)!;
  }

  it('forwards a path under an enabled route with the prefix stripped, the token attached and scrubbed', async () => {
    const cookie = await signIn();
    const n = seen.length;
    const r = await call('/erp/orders/7?x=1', { cookie });
    expect(r.res.status).toBe(200);
    const got = seen[n];
    expect(got).toMatchObject({ method: 'GET', url: '/base/orders/7?x=1', cookie: null });
    expect(got.token).toMatch(/^[\w-]{43}$/);
    expect(r.text).not.toContain(got.token!);
    expect(JSON.parse(r.text).result).toEqual({ url: '/base/orders/7?x=1', echoed: '' });

    const post = await call('/erp/orders', { method: 'POST', cookie, origin: ORIGIN, body: '{"a":1}' });
    expect(post.res.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/base/orders', body: '{"a":1}' });
    const plain = await call('/erp/plain', { cookie });
    expect(plain.text).toBe('plain text');
    expect(plain.res.headers.get('set-cookie')).toBeNull();

    // The same refusals as every BFF call, before anything reaches the service.
    const before = seen.length;
    expect((await call('/erp/orders', { method: 'POST', cookie, origin: 'http://evil.test', body: '{}' })).res.status).toBe(403);
    expect((await call('/erp/orders')).res.status).toBe(401);
    expect(seen.length).toBe(before);
  });

  it('stops at once when the route is disabled, its host leaves the allowlist or the session is revoked', async () => {
    const cookie = await signIn();
    const row = await byPrefix('/erp');
    const before = seen.length;
    expect((await save({ ...row, status: 0 })).body.success).toBe(true);
    const off = await call('/erp/orders', { cookie });
    // Not routed any more: our own backend answers, and it has no such path.
    expect(JSON.parse(off.text)).toMatchObject({ success: false, code: 404 });
    expect(seen.length).toBe(before);

    expect((await save({ ...row, status: 1 })).body.success).toBe(true);
    expect((await call('/erp/orders', { cookie })).res.status).toBe(200);
    expect(seen.length).toBe(before + 1);
    allow('erp.example.com');
    expect(JSON.parse((await call('/erp/orders', { cookie })).text)).toMatchObject({ code: 404 });
    expect((await byPrefix('/erp')).hostAllowed).toBe(false);
    allow(`127.0.0.1:${port}`);

    await call('/sys/logout', { method: 'POST', cookie, origin: ORIGIN });
    const dead = await call('/erp/orders', { cookie });
    expect(dead.res.status).toBe(401);
    expect(seen.length).toBe(before + 1);
  });

  it('a listed host name is refused when it resolves to a link-local address; loopback through a listed name is used', async () => {
    const resolve = async (host: string) => [{ address: host === 'meta.test' ? '169.254.169.254' : '127.0.0.1', family: 4 }];
    const viaNames = bffWith({ resolve });
    allow(`127.0.0.1:${port},meta.test:${port},local.test:${port}`);
    expect((await save({ name: 'meta', uri: `http://meta.test:${port}`, pathPrefix: '/meta' })).body.success).toBe(true);
    expect((await save({ name: 'local', uri: `http://local.test:${port}`, pathPrefix: '/local' })).body.success).toBe(true);
    const cookie = await signIn();
    const before = seen.length;
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = await call('/meta/x', { cookie }, viaNames);
    expect(refused.res.status).toBe(502);
    expect(String(logged.mock.calls[0]?.[1])).toContain('refused address 169.254.169.254');
    logged.mockRestore();
    expect(seen.length).toBe(before);
    expect((await call('/local/x', { cookie }, viaNames)).res.status).toBe(200);
    expect(seen.at(-1)!.url).toBe('/local/x');
  });
});
