/** @jest-environment node */
import { guard, publicOrigin, requestOrigin, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/account/center?tab=1', '/account/center?tab=1'],
    ['//evil.test/x', '/'],
    ['https://evil.test', '/'],
    ['/\\evil.test', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [null, '/'],
  ])('%s → %s', (input, out) => expect(safeRedirectPath(input)).toBe(out));
});

describe('guard (spec 01 §2 access guard)', () => {
  const cas = { url: 'https://cas.test/cas', service: (r: string) => `http://app.test/cas/callback?redirect=${encodeURIComponent(r)}` };
  it.each([
    ['/user/login', false, { kind: 'next' }],
    ['/user/register', false, { kind: 'next' }],
    ['/user/register-result', false, { kind: 'next' }],
    ['/user/alteration', false, { kind: 'next' }],
    ['/user', false, { kind: 'redirect', location: '/user/login' }],
    ['/user/', true, { kind: 'redirect', location: '/user/login' }],
    ['/account/center?a=1&b=2', false, { kind: 'redirect', location: '/user/login?redirect=%2Faccount%2Fcenter%3Fa%3D1%26b%3D2' }],
    ['/account/center', true, { kind: 'next' }],
    ['/user/login', true, { kind: 'redirect', location: '/' }],
    ['/user/login?redirect=%2Faccount%2Fcenter', true, { kind: 'redirect', location: '/account/center' }],
    ['/user/login?redirect=%2F%2Fevil.test', true, { kind: 'redirect', location: '/' }],
  ] as const)('%s signedIn=%s', (path, signedIn, expected) => {
    expect(guard(path, signedIn, null)).toEqual(expected);
  });

  it('sends an unauthenticated page to the CAS login with the service address carrying the full path', () => {
    expect(guard('/account/center?x=1', false, cas)).toEqual({
      kind: 'redirect',
      location: `https://cas.test/cas/login?service=${encodeURIComponent('http://app.test/cas/callback?redirect=%2Faccount%2Fcenter%3Fx%3D1')}`,
    });
    expect(guard('/user/login', false, cas)).toEqual({ kind: 'next' });
  });
});

describe('publicOrigin / requestOrigin', () => {
  it('prefers APP_URL, else the Host header the browser used', () => {
    expect(publicOrigin('https://jw.example.edu.cn/', 'x', 'http:')).toBe('https://jw.example.edu.cn');
    expect(requestOrigin(new Request('http://localhost:3000/cas/callback', { headers: { host: '127.0.0.1:3132' } }), { appUrl: null, trustProxy: false })).toBe('http://127.0.0.1:3132');
  });
  it('trusts X-Forwarded-* only behind a trusted proxy', () => {
    const req = new Request('http://localhost:3000/x', { headers: { host: 'internal:3000', 'x-forwarded-host': 'jw.example.edu.cn', 'x-forwarded-proto': 'https' } });
    expect(requestOrigin(req, { appUrl: null, trustProxy: true })).toBe('https://jw.example.edu.cn');
    expect(requestOrigin(req, { appUrl: null, trustProxy: false })).toBe('http://internal:3000');
  });
});
