/** @jest-environment node */
import { NextRequest } from 'next/server';
import { sealData } from 'iron-session';
import { proxy } from '../../proxy';

const SECRET = 'proxy-test-secret-0123456789abcdefghij';
const saved = { ...process.env };
beforeAll(() => {
  process.env.SESSION_SECRET = SECRET;
  process.env.MAP_TILE_URL = 'https://{s}.tile.example.test/{z}/{x}/{y}.png';
  delete process.env.APP_URL;
  delete process.env.CAS_URL;
  delete process.env.CSP_REPORT;
});
afterAll(() => {
  process.env = saved;
});

/** A request with a session cookie as lib/server/session-cookie.ts seals it (jw_session; that module is server-only). */
async function signedIn(path: string): Promise<NextRequest> {
  const cookie = await sealData({ token: 't'.repeat(43), userId: 'u1', username: 'admin', tenantId: 0, loginAt: Date.now() }, { password: SECRET, ttl: 3600 });
  return new NextRequest(`http://jw.example.test${path}`, { headers: { host: 'jw.example.test', cookie: `jw_session=${cookie}` } });
}

/** What the page is rendered with: the request headers the proxy passed on (x-middleware-request-*). */
const forwarded = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('proxy: the Content-Security-Policy', () => {
  test('a console page: the same policy on the response and on the request Next renders with, a fresh nonce each time', async () => {
    const res = await proxy(await signedIn('/calpanel/CalendarPanel'));
    const csp = res.headers.get('content-security-policy');
    expect(csp).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'(?: 'unsafe-eval')?; style-src 'self' 'unsafe-inline'; /);
    expect(forwarded(res, 'content-security-policy')).toBe(csp);
    expect(csp).toContain('https://*.tile.example.test');
    expect(csp).toContain('frame-src \'self\' blob: http: https:');
    expect(csp).toContain('connect-src \'self\' ws://jw.example.test wss://jw.example.test');
    // The guard's own header is still passed on.
    expect(forwarded(res, 'x-jiaowu-path')).toBe('/calpanel/CalendarPanel');

    const again = await proxy(await signedIn('/calpanel/CalendarPanel'));
    expect(nonceOf(again.headers.get('content-security-policy'))).not.toBe(nonceOf(csp));
  });

  test('the login page and the public brochure get their own policies; no frames there', async () => {
    const login = await proxy(new NextRequest('http://jw.example.test/user/login', { headers: { host: 'jw.example.test' } }));
    const loginCsp = login.headers.get('content-security-policy');
    expect(loginCsp).toContain("img-src 'self' data: blob:;");
    expect(loginCsp).toContain("frame-src 'none'");
    expect(forwarded(login, 'content-security-policy')).toBe(loginCsp);

    const brochure = await proxy(new NextRequest('http://jw.example.test/brochure/abc123', { headers: { host: 'jw.example.test' } }));
    expect(brochure.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: http: https:;");
    expect(brochure.headers.get('content-security-policy')).toContain("frame-src 'none'");
  });

  test('a redirect to the login page carries no policy (nothing renders)', async () => {
    const res = await proxy(new NextRequest('http://jw.example.test/system/user', { headers: { host: 'jw.example.test' } }));
    expect(res.status).toBe(307);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  test('a client cannot choose the nonce: its own Content-Security-Policy request header is replaced', async () => {
    const req = await signedIn('/system/user');
    req.headers.set('content-security-policy', "script-src 'nonce-attacker'");
    const res = await proxy(req);
    expect(forwarded(res, 'content-security-policy')).toBe(res.headers.get('content-security-policy'));
    expect(nonceOf(forwarded(res, 'content-security-policy'))).not.toBe('attacker');
  });
});
