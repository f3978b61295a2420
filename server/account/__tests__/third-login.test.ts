/** @jest-environment node */
import type { OAuthProviderConfig } from '../../config';
import { newId, sha256 } from '../../core/ids';
import { THIRD_LOGIN_TICKET_TTL_MS } from '../third-login-routes';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

const oauth: OAuthProviderConfig = {
  name: 'campus',
  authorizeUrl: 'https://idp.example.test/oauth/authorize',
  tokenUrl: 'https://idp.example.test/oauth/token',
  userInfoUrl: 'https://idp.example.test/oauth/userinfo',
  clientId: 'jiaowu-client',
  clientSecret: 's3cret',
  scope: 'openid profile',
};
const redirectUri = 'http://app.test/oauth/callback';
const verifier = 'v'.repeat(43);
const NOT_LINKED = '该第三方账号未绑定系统用户，请联系管理员绑定';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}
/** The stub provider: which `sub` the next userinfo call reports, and every request it got. */
let providerUser: Record<string, unknown> = { sub: 'idp-teacher' };
let tokenStatus = 200;
let providerDown = false;
const seen: Seen[] = [];
const stubFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
  seen.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: typeof init.body === 'string' ? init.body : '' });
  if (providerDown) throw new Error('connect ECONNREFUSED 10.9.9.9');
  if (url === oauth.tokenUrl) {
    const body = tokenStatus === 200 ? { access_token: 'at-123', token_type: 'Bearer', expires_in: 3600 } : { error: 'invalid_grant' };
    return new Response(JSON.stringify(body), { status: tokenStatus, headers: { 'content-type': 'application/json' } });
  }
  if (url === oauth.userInfoUrl) {
    if (new Headers(init.headers).get('authorization') !== 'Bearer at-123') return new Response('{}', { status: 401 });
    return new Response(JSON.stringify(providerUser), { headers: { 'content-type': 'application/json' } });
  }
  return new Response('not found', { status: 404 });
}) as typeof fetch;

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ oauth }, stubFetch);
  for (const [user, uuid] of [['u_teacher', 'idp-teacher'], ['u_frozen', 'idp-frozen'], ['u_academic', '4242']] as const) {
    await be.db.insertInto('sys_third_account').values({ id: newId(), sys_user_id: user, third_type: 'campus', third_user_uuid: uuid, realname: null, avatar: null }).execute();
  }
});
afterAll(() => be.close());
beforeEach(() => {
  seen.length = 0;
  providerUser = { sub: 'idp-teacher' };
  tokenStatus = 200;
  providerDown = false;
});

const exchange = (over: Record<string, unknown> = {}) =>
  be.call('/sys/thirdLogin/exchange', { method: 'POST', json: { code: 'auth-code-1', codeVerifier: verifier, redirectUri, thirdType: 'campus', ...over } });
const getLoginUser = (ticket: string, thirdType = 'campus') => be.call(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(ticket)}/${encodeURIComponent(thirdType)}`);
const ticketOf = (r: Awaited<ReturnType<typeof exchange>>) => (r.body.result as { ticket: string }).ticket;

describe('POST /sys/thirdLogin/exchange', () => {
  it('trades the code at the token endpoint (form-encoded, PKCE verifier, client credentials) and reads userinfo with the bearer token', async () => {
    const r = await exchange();
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(ticketOf(r)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(seen.map((s) => s.url)).toEqual([oauth.tokenUrl, oauth.userInfoUrl]);
    const token = seen[0];
    expect(token.method).toBe('POST');
    expect(token.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(token.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: 'auth-code-1',
      redirect_uri: redirectUri,
      client_id: 'jiaowu-client',
      client_secret: 's3cret',
      code_verifier: verifier,
    });
    expect(seen[1].headers.get('authorization')).toBe('Bearer at-123');
    // Only the hash is stored.
    const rows = await be.db.selectFrom('sys_third_login_ticket').selectAll().execute();
    expect(rows.some((t) => t.token_hash === ticketOf(r))).toBe(false);
    const row = rows.find((t) => t.token_hash === sha256(ticketOf(r)));
    expect(row).toMatchObject({ sys_user_id: 'u_teacher', third_type: 'campus' });
    const ttl = new Date(row!.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(THIRD_LOGIN_TICKET_TTL_MS);
  });

  it('accepts a numeric `id` when the provider has no `sub`, and refreshes the linked profile', async () => {
    providerUser = { id: 4242, login: 'zhaolx', avatar_url: 'https://idp.example.test/a.png' };
    const r = await exchange();
    expect(r.body.code).toBe(200);
    const login = await getLoginUser(ticketOf(r));
    expect((login.body.result as { userInfo: { username: string } }).userInfo.username).toBe('jiaowu');
    const link = await be.db.selectFrom('sys_third_account').selectAll().where('third_user_uuid', '=', '4242').executeTakeFirstOrThrow();
    expect(link).toMatchObject({ realname: 'zhaolx', avatar: 'https://idp.example.test/a.png' });
  });

  it('refuses an unlinked provider account, even when its e-mail matches a user', async () => {
    providerUser = { sub: 'someone-else', email: 'liwj@example.edu.cn', email_verified: true };
    const r = await exchange();
    expect(r.body).toMatchObject({ success: false, code: 500, message: NOT_LINKED, result: null });
  });

  it('refuses a frozen linked user before any ticket exists', async () => {
    providerUser = { sub: 'idp-frozen' };
    const before = await be.db.selectFrom('sys_third_login_ticket').select('token_hash').execute();
    expect((await exchange()).body).toMatchObject({ success: false, message: '该用户已冻结' });
    const after = await be.db.selectFrom('sys_third_login_ticket').select('token_hash').execute();
    expect(after.length).toBe(before.length);
  });

  it('refuses another thirdType without calling the provider', async () => {
    expect((await exchange({ thirdType: 'github' })).body).toMatchObject({ success: false, message: '不支持的第三方登录类型' });
    expect(seen).toHaveLength(0);
  });

  it('validates the body without calling the provider', async () => {
    expect((await exchange({ codeVerifier: 'short' })).body.success).toBe(false);
    expect((await exchange({ redirectUri: 'javascript:alert(1)' })).body.success).toBe(false);
    expect((await exchange({ code: '' })).body.success).toBe(false);
    expect(seen).toHaveLength(0);
  });

  it('passes a refused code and an unreachable provider on as plain messages', async () => {
    tokenStatus = 400;
    const refused = await exchange();
    expect(refused.body).toMatchObject({ success: false, message: '第三方授权失败，请重新登录' });
    expect(seen).toHaveLength(1); // no userinfo call without a token
    providerDown = true;
    const down = await exchange();
    expect(down.body.success).toBe(false);
    expect(down.body.message).not.toMatch(/ECONNREFUSED/);
  });
});

describe('GET /sys/thirdLogin/getLoginUser/{ticket}/{thirdType}', () => {
  it('answers like /sys/login for a linked user, and the token works', async () => {
    const r = await getLoginUser(ticketOf(await exchange()));
    expect(r.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const result = r.body.result as { token: string; userInfo: { username: string }; departs: unknown[]; multi_depart: number; sysAllDictItems: unknown };
    expect(result.userInfo.username).toBe('teacher');
    expect(result.departs).toHaveLength(2);
    expect(result.sysAllDictItems).toBeDefined();
    const me = await be.call('/sys/user/getAccountInfoFromToken', { token: result.token });
    expect((me.body.result as { userInfo: { username: string } }).userInfo.username).toBe('teacher');
    const session = await be.db.selectFrom('sys_user_session').select('login_type').where('user_id', '=', 'u_teacher').orderBy('create_time', 'desc').executeTakeFirstOrThrow();
    expect(session.login_type).toBe('third');
  });

  it('is single-use', async () => {
    const ticket = ticketOf(await exchange());
    expect((await getLoginUser(ticket)).body.code).toBe(200);
    const again = await getLoginUser(ticket);
    expect(again.body).toMatchObject({ success: false, message: '第三方登录凭证无效或已过期，请重新登录' });
    expect(again.body.result).toBeNull();
  });

  it('refuses an expired ticket', async () => {
    const ticket = ticketOf(await exchange());
    await be.db.updateTable('sys_third_login_ticket').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await getLoginUser(ticket)).body).toMatchObject({ success: false, message: '第三方登录凭证无效或已过期，请重新登录' });
    expect(THIRD_LOGIN_TICKET_TTL_MS).toBe(60_000);
  });

  it('refuses a wrong thirdType, and the ticket is spent by the attempt', async () => {
    const ticket = ticketOf(await exchange());
    expect((await getLoginUser(ticket, 'github')).body).toMatchObject({ success: false, message: '不支持的第三方登录类型' });
    expect((await getLoginUser(ticket)).body.success).toBe(false);
  });

  it('refuses unknown and malformed tickets', async () => {
    expect((await getLoginUser('A'.repeat(43))).body.success).toBe(false);
    expect((await getLoginUser('x')).body.success).toBe(false);
  });

  it('re-checks the user: frozen after the exchange → refused', async () => {
    providerUser = { id: 4242 };
    const ticket = ticketOf(await exchange());
    await be.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', 'u_academic').execute();
    try {
      expect((await getLoginUser(ticket)).body).toMatchObject({ success: false, message: '该用户已冻结' });
    } finally {
      await be.db.updateTable('sys_user').set({ status: 1 }).where('id', '=', 'u_academic').execute();
    }
  });
});

describe('OAuth not configured', () => {
  let plain: TestBackend;
  beforeAll(async () => {
    plain = await startTestBackend({ oauth: null }, stubFetch);
  });
  afterAll(() => plain.close());

  it('answers 未启用第三方登录 on both routes and never calls out', async () => {
    const r = await plain.call('/sys/thirdLogin/exchange', { method: 'POST', json: { code: 'c', codeVerifier: verifier, redirectUri, thirdType: 'campus' } });
    expect(r.body).toMatchObject({ success: false, message: '未启用第三方登录' });
    expect((await plain.call(`/sys/thirdLogin/getLoginUser/${'A'.repeat(43)}/campus`)).body).toMatchObject({ success: false, message: '未启用第三方登录' });
    expect(seen).toHaveLength(0);
  });
});
