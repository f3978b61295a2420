/** @jest-environment node */
import { createHash } from 'node:crypto';
import {
  buildAuthorizeUrl,
  checkCallback,
  clearFlowCookieHeader,
  flowCookieHeader,
  newCodeVerifier,
  newFlowState,
  oauthCallbackUrl,
  oauthFailurePage,
  pkceChallenge,
  sealFlowState,
  stateMatches,
  unsealFlowState,
  type OAuthClientSettings,
} from '../oauth';

const secret = 'k'.repeat(40);
const settings: OAuthClientSettings = { name: 'campus', authorizeUrl: 'https://idp.example.test/oauth/authorize?prompt=login', clientId: 'jiaowu-client', scope: 'openid profile' };

describe('PKCE', () => {
  it('uses the RFC 7636 appendix B example: challenge = base64url(sha256(verifier))', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('verifiers are 43 unreserved characters, fresh every time, and the challenge has no padding', () => {
    const a = newCodeVerifier();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCodeVerifier()).not.toBe(a);
    const expected = createHash('sha256').update(a).digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(pkceChallenge(a)).toBe(expected);
  });
});

describe('authorize URL', () => {
  it('carries the code-flow parameters and keeps the configured query', () => {
    const flow = newFlowState('/work/workview');
    const url = new URL(buildAuthorizeUrl(settings, flow, oauthCallbackUrl('http://app.test/')));
    expect(url.origin + url.pathname).toBe('https://idp.example.test/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'login',
      response_type: 'code',
      client_id: 'jiaowu-client',
      redirect_uri: 'http://app.test/oauth/callback',
      scope: 'openid profile',
      state: flow.state,
      code_challenge: pkceChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    // The verifier itself never leaves the server.
    expect(url.toString()).not.toContain(flow.verifier);
  });
});

describe('flow cookie', () => {
  it('round-trips sealed, and refuses tampering or another secret', async () => {
    const flow = newFlowState('/x?y=1');
    const sealed = await sealFlowState(flow, secret);
    expect(sealed).not.toContain(flow.verifier);
    expect(await unsealFlowState(sealed, secret)).toEqual(flow);
    expect(await unsealFlowState(sealed, 'z'.repeat(40))).toBeNull();
    expect(await unsealFlowState(sealed.slice(0, -2) + 'xx', secret)).toBeNull();
    expect(await unsealFlowState(undefined, secret)).toBeNull();
  });

  it('is httpOnly, SameSite=Lax, short-lived and scoped to /oauth', () => {
    const h = flowCookieHeader('v', true);
    expect(h).toMatch(/^jw_oauth=v;/);
    expect(h).toMatch(/HttpOnly/);
    expect(h).toMatch(/SameSite=Lax/);
    expect(h).toMatch(/Path=\/oauth;/);
    expect(h).toMatch(/Max-Age=600/);
    expect(h).toMatch(/Secure/);
    expect(clearFlowCookieHeader(false)).toMatch(/Max-Age=0/);
  });
});

describe('callback checks', () => {
  const flow = { state: 'state-abc', verifier: newCodeVerifier(), redirect: '/' };
  const q = (s: string) => new URLSearchParams(s);

  it('accepts the matching state and returns the code', () => {
    expect(checkCallback(flow, q('code=c-1&state=state-abc'))).toEqual({ code: 'c-1' });
  });

  it('refuses a state mismatch, a missing state and a missing cookie', () => {
    expect(checkCallback(flow, q('code=c-1&state=state-abd'))).toEqual({ error: expect.stringContaining('状态校验失败') });
    expect(checkCallback(flow, q('code=c-1'))).toHaveProperty('error');
    expect(checkCallback(null, q('code=c-1&state=state-abc'))).toHaveProperty('error');
    expect(stateMatches('a', 'ab')).toBe(false);
    expect(stateMatches('', '')).toBe(false);
  });

  it('reports a provider error and a missing code', () => {
    expect(checkCallback(flow, q('error=access_denied&state=state-abc'))).toEqual({ error: '您已取消第三方授权。' });
    expect(checkCallback(flow, q('error=server_error&state=state-abc'))).toHaveProperty('error');
    expect(checkCallback(flow, q('state=state-abc'))).toHaveProperty('error');
  });
});

describe('failure page', () => {
  it('escapes the message and clears the cookies it is given', async () => {
    const res = oauthFailurePage('第三方登录失败', '<script>x</script>', ['a=; Max-Age=0']);
    expect(res.headers.get('set-cookie')).toBe('a=; Max-Age=0');
    const html = await res.text();
    expect(html).toContain('&#60;script&#62;');
    expect(html).not.toContain('<script>');
  });
});
