import { guard, safeRedirectPath } from './redirect';

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
