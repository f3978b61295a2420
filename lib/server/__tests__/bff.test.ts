/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBff, isAllowedOrigin } from '../bff';
import { httpUpstream, type Upstream } from '../upstream';
import { readCookie, SESSION_COOKIE } from '../session-cookie';
import { startTestBackend, type TestBackend } from '../../../server/__tests__/helpers';
import type { Envelope } from '../../envelope';

const env = { sessionSecret: 'x'.repeat(40), cookieSecure: false, casUrl: null, trustProxy: false, allowedOrigins: [] };
const ORIGIN = 'http://app.test';

let be: TestBackend;
let bff: ReturnType<typeof createBff>;
beforeAll(async () => {
  be = await startTestBackend();
  const upstream: Upstream = (path, init) => be.fetch(new Request(`http://embedded${path}`, init));
  bff = createBff(upstream, env);
});
afterAll(() => be.close());

async function call(path: string, init: { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ host: 'app.test', ...init.headers });
  if (init.cookie) headers.set('cookie', `${SESSION_COOKIE}=${init.cookie}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const req = new Request(`${ORIGIN}/jeecg-boot${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const segments = path.split('?')[0].split('/').filter(Boolean).map(decodeURIComponent);
  const res = await bff(req, segments);
  const text = await res.text();
  return { res, text, body: JSON.parse(text || 'null') as Envelope<Record<string, unknown> | null> };
}

async function signIn(username = 'teacher') {
  const r = await call('/sys/login', { method: 'POST', json: { username, password: 'jiaowu2026' }, headers: { origin: ORIGIN } });
  expect(r.body.code).toBe(200);
  const setCookie = r.res.headers.get('set-cookie') ?? '';
  const cookie = readCookie(setCookie.split(';')[0], SESSION_COOKIE)!;
  return { r, setCookie, cookie };
}

describe('BFF session handling', () => {
  it('login sets an httpOnly SameSite=Lax cookie and removes the token from the answer', async () => {
    const { r, setCookie, cookie } = await signIn();
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(r.body.result).not.toHaveProperty('token');
    expect(r.body.result).toHaveProperty('userInfo');
    // The sealed cookie is not the token either.
    const sessions = await be.db.selectFrom('sys_user_session').select('token_hash').execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(cookie).toMatch(/^Fe26\.2\*/);
  });

  it('attaches the token and tenant for authenticated calls and scrubs any copy of the token from answers', async () => {
    const { cookie } = await signIn('teacher2');
    const r = await call('/sys/user/getAccountInfoFromToken', { cookie });
    expect(r.body.result).toHaveProperty('userInfo.username', 'teacher2');
    let seen: Headers | null = null;
    const echo = createBff(async (_path, init) => {
      seen = new Headers(init.headers);
      return new Response(JSON.stringify({ success: true, code: 200, message: '', result: { echoed: seen.get('x-access-token') } }), { headers: { 'content-type': 'application/json' } });
    }, env);
    const res = await echo(new Request(`${ORIGIN}/jeecg-boot/sys/echo`, { headers: { host: 'app.test', cookie: `${SESSION_COOKIE}=${cookie}` } }), ['sys', 'echo']);
    const text = await res.text();
    const token = seen!.get('x-access-token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    // Every user is in a tenant (migration 0038): teacher2's only one, chosen at login.
    expect(seen!.get('tenant-id')).toBe('1');
    expect(seen!.get('tenant_id')).toBe('1');
    expect(seen!.get('cookie')).toBeNull();
    expect(text).not.toContain(token);
  });

  it('answers 504 网络超时 when the upstream times out', async () => {
    const slow = createBff(async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    }, env);
    const res = await slow(new Request(`${ORIGIN}/jeecg-boot/sys/randomImage/1`, { headers: { host: 'app.test' } }), ['sys', 'randomImage', '1']);
    expect(res.status).toBe(504);
    expect((await res.json()).message).toBe('网络超时');
  });

  it('without a cookie: 401 未授权，请重新登录; with a broken cookie: 401 Token失效 and the cookie cleared', async () => {
    const none = await call('/sys/user/getAccountInfoFromToken');
    expect(none.res.status).toBe(401);
    expect(none.body.message).toBe('未授权，请重新登录');
    const bad = await call('/sys/user/getAccountInfoFromToken', { cookie: 'Fe26.2*garbage' });
    expect(bad.res.status).toBe(401);
    expect(bad.body).toEqual(expect.objectContaining({ success: false, code: 401, message: 'Token失效，请重新登录!' }));
    expect(bad.res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('after logout, replaying the old cookie gets 401 Token失效 and clears it', async () => {
    const { cookie } = await signIn('marketing');
    const out = await call('/sys/logout', { method: 'POST', cookie, headers: { origin: ORIGIN } });
    expect(out.body.success).toBe(true);
    expect(out.res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const replay = await call('/sys/user/getAccountInfoFromToken', { cookie });
    expect(replay.res.status).toBe(401);
    expect(replay.body).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
    expect(replay.res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('refuses mutations from a foreign origin or a cross-site fetch without Origin (403)', async () => {
    const { cookie } = await signIn();
    const foreign = await call('/sys/selectDepart', { method: 'PUT', cookie, json: { orgCode: 'A01A04' }, headers: { origin: 'http://evil.test' } });
    expect(foreign.res.status).toBe(403);
    const crossSite = await call('/sys/selectDepart', { method: 'PUT', cookie, json: { orgCode: 'A01A04' }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.res.status).toBe(403);
    const same = await call('/sys/selectDepart', { method: 'PUT', cookie, json: { orgCode: 'A01A04' }, headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin' } });
    expect(same.body.success).toBe(true);
    // GETs are not mutations.
    expect(isAllowedOrigin(new Request(`${ORIGIN}/x`, { headers: { host: 'app.test', origin: 'null' } }), env)).toBe(false);
  });

  it('does not forward paths the product does not serve', async () => {
    const { cookie } = await signIn();
    for (const p of ['/jmreport/list', '/actuator/health', '/druid/index.html', '/sys/common/transitRESTful?url=http://x']) {
      const r = await call(p, { cookie });
      expect(r.res.status).toBe(404);
    }
  });
});

describe('BFF with the upstream down or slow', () => {
  it('answers 502 with a clear message when the upstream refuses connections', async () => {
    const srv = http.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as AddressInfo).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const down = createBff(httpUpstream(`http://127.0.0.1:${port}`), env);
    const res = await down(new Request(`${ORIGIN}/jeecg-boot/sys/randomImage/1`, { headers: { host: 'app.test' } }), ['sys', 'randomImage', '1']);
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, code: 502, message: '后端服务暂时无法连接，请稍后重试' });
  });

  it('maps a legacy HTTP 500 token-invalid answer to 401 Token失效 and clears the cookie', async () => {
    const { cookie } = await signIn();
    const legacy = createBff(async () => new Response(JSON.stringify({ timestamp: 1, status: 500, error: 'Internal Server Error', message: 'Token失效，请重新登录', path: '/x' }), { status: 500, headers: { 'content-type': 'application/json' } }), env);
    const req = new Request(`${ORIGIN}/jeecg-boot/sys/x`, { headers: { host: 'app.test', cookie: `${SESSION_COOKIE}=${cookie}` } });
    const res = await legacy(req, ['sys', 'x']);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Token失效，请重新登录!');
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('streams non-JSON bodies through without reading them', async () => {
    const { cookie } = await signIn();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        pulled++;
        if (pulled > 3) ctrl.close();
        else ctrl.enqueue(new Uint8Array(1024));
      },
    });
    const files = createBff(
      async () =>
        new Response(stream, {
          headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="a.bin"', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" },
        }),
      env,
    );
    const res = await files(new Request(`${ORIGIN}/jeecg-boot/sys/common/static/a.bin`, { headers: { host: 'app.test', cookie: `${SESSION_COOKIE}=${cookie}` } }), ['sys', 'common', 'static', 'a.bin']);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    // A stored file keeps the backend's protection headers through the BFF.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(pulled).toBeLessThan(3); // not drained by the BFF
    expect((await res.arrayBuffer()).byteLength).toBe(3072);
  });

  it('hands an in-process upstream the Node body of a slice PUT only, without touching the web body', async () => {
    const { cookie } = await signIn();
    const seen: { path: string; raw: unknown; body: unknown }[] = [];
    const upstream: Upstream = Object.assign(
      async (path: string, init: RequestInit, raw?: unknown) => {
        seen.push({ path, raw, body: init.body });
        return new Response(JSON.stringify({ success: true, code: 200, message: '', result: null }), { headers: { 'content-type': 'application/json' } });
      },
      { takesRawBody: true },
    );
    const rawBff = createBff(upstream, env);
    const raw = (async function* () {
      yield new Uint8Array(4);
    })();
    const send = (method: string, segments: string[]) => {
      let touched = false;
      const req = new Request(`${ORIGIN}/jeecg-boot/${segments.join('/')}`, { method, headers: { host: 'app.test', origin: ORIGIN, cookie: `${SESSION_COOKIE}=${cookie}` }, body: 'x' });
      // Reading req.body would start a second reader over the same Node stream.
      const watched = new Proxy(req, { get: (t, k) => (k === 'body' && (touched = true), Reflect.get(t, k, t)) });
      return rawBff(watched, segments, raw).then(() => touched);
    };
    const id = 'a'.repeat(32);
    expect(await send('PUT', ['sys', 'upload', 'slice', id, '3'])).toBe(false);
    expect(seen[0]).toMatchObject({ raw, body: undefined });
    // Anything else goes as a web body, as before.
    expect(await send('POST', ['sys', 'upload', 'slice', id, 'finish'])).toBe(true);
    expect(await send('PUT', ['sys', 'user', 'edit'])).toBe(true);
    expect(seen.slice(1).map((s) => s.raw)).toEqual([undefined, undefined]);
    // An upstream that does not take raw bodies (a legacy server over HTTP) never gets one.
    const plain = createBff(async (_p, init, r) => (seen.push({ path: '', raw: r, body: init.body }), new Response('{}', { headers: { 'content-type': 'application/json' } })), env);
    await plain(new Request(`${ORIGIN}/jeecg-boot/sys/upload/slice/${id}/3`, { method: 'PUT', headers: { host: 'app.test', origin: ORIGIN, cookie: `${SESSION_COOKIE}=${cookie}` }, body: 'x' }), ['sys', 'upload', 'slice', id, '3'], raw);
    expect(seen.at(-1)!.raw).toBeUndefined();
    expect(seen.at(-1)!.body).toBeInstanceOf(ReadableStream);
  });
});
