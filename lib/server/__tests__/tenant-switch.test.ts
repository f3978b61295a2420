/** @jest-environment node */
import { createBff } from '../bff';
import type { Upstream } from '../upstream';
import { readCookie, SESSION_COOKIE } from '../session-cookie';
import { sessionTenants, TENANT_MESSAGES } from '../tenant-switch';
import { startTestBackend, type TestBackend } from '../../../server/__tests__/helpers';
import { byteSource, MB } from '../../../server/testing/byte-source';
import type { Envelope } from '../../envelope';

/** The header's tenant switch through the BFF handler, against the embedded backend (admin: tenants 1 and 2). */
const env = { sessionSecret: 'y'.repeat(40), cookieSecure: false, casUrl: null, trustProxy: false, allowedOrigins: [] };
const ORIGIN = 'http://app.test';
const SOUTH = '星辰教育·南校区';

let be: TestBackend;
let bff: ReturnType<typeof createBff>;
/** Tenant headers of every call the BFF forwarded, newest last. */
const sent: { path: string; tenant: string | null }[] = [];
beforeAll(async () => {
  be = await startTestBackend();
  const upstream: Upstream = (path, init) => {
    sent.push({ path, tenant: new Headers(init.headers).get('tenant-id') });
    return be.fetch(new Request(`http://embedded${path}`, init));
  };
  bff = createBff(upstream, env);
});
afterAll(() => be.close());

type Body = Envelope<Record<string, unknown> | null>;
async function call(path: string, init: { method?: string; json?: unknown; cookie?: string; origin?: string } = {}) {
  const headers = new Headers({ host: 'app.test' });
  if (init.origin) headers.set('origin', init.origin);
  if (init.cookie) headers.set('cookie', `${SESSION_COOKIE}=${init.cookie}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const req = new Request(`${ORIGIN}/jeecg-boot${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const res = await bff(req, path.split('?')[0].split('/').filter(Boolean));
  const setCookie = res.headers.get('set-cookie');
  return { res, body: (await res.json()) as Body, cookie: setCookie ? readCookie(setCookie.split(';')[0], SESSION_COOKIE) : undefined };
}

async function signIn(username: string) {
  const r = await call('/sys/login', { method: 'POST', json: { username, password: 'jiaowu2026' }, origin: ORIGIN });
  expect(r.body.code).toBe(200);
  return r.cookie!;
}
const switchTo = (cookie: string, tenantId: unknown, origin = ORIGIN) => call('/bff/tenant/switch', { method: 'POST', cookie, json: { tenantId }, origin });
const studentNames = async (cookie: string) => {
  const r = await call('/edu/tblStudent/list?pageSize=200', { cookie });
  return ((r.body.result?.records ?? []) as { name: string }[]).map((s) => s.name);
};

it('keeps the login tenant list in the session, capped and cleaned', async () => {
  const admin = await signIn('admin');
  const list = await call('/bff/tenant/list', { cookie: admin });
  expect(list.body.result).toEqual({ current: 1, tenants: [{ id: 1, name: expect.any(String) }, { id: 2, name: SOUTH }] });
  const teacher = await call('/bff/tenant/list', { cookie: await signIn('teacher2') });
  expect((teacher.body.result!.tenants as unknown[]).length).toBe(1);
  // Not signed in: the BFF's usual 401, not the list.
  expect((await call('/bff/tenant/list')).res.status).toBe(401);
  const many = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: '很长的租户名称'.repeat(5) }));
  expect(sessionTenants([...many.slice(0, 2), { id: 'x' }, { id: 1, name: 'dup' }, ...many.slice(2)]).map((t) => t.id)).toEqual(many.slice(0, 20).map((t) => t.id));
  expect(sessionTenants(many)[0].name.length).toBe(20);
});

it('switches to a member tenant: the cookie carries it and every later call sends it upstream', async () => {
  const cookie = await signIn('admin');
  expect(await studentNames(cookie)).not.toContain('南校区学员林一');
  const r = await switchTo(cookie, 2);
  expect(r.body).toMatchObject({ success: true, message: `已切换到 ${SOUTH}`, result: { tenantId: 2, name: SOUTH } });
  expect(r.cookie).toBeTruthy();
  const names = await studentNames(r.cookie!);
  expect(sent.at(-1)).toEqual({ path: expect.stringContaining('/edu/tblStudent/list'), tenant: '2' });
  expect(names).toEqual(expect.arrayContaining(['南校区学员林一', '南校区学员林二']));
  expect(names).toHaveLength(2);
  expect((await call('/bff/tenant/list', { cookie: r.cookie })).body.result).toMatchObject({ current: 2 });
});

it('refuses a cross-origin switch, a bad id and a tenant the login did not offer, keeping the session as it was', async () => {
  const cookie = await signIn('admin');
  const foreign = await switchTo(cookie, 2, 'http://evil.test');
  expect(foreign.res.status).toBe(403);
  expect(foreign.cookie).toBeUndefined();
  for (const [id, message] of [['x', TENANT_MESSAGES.choose], [3, TENANT_MESSAGES.notMember]] as const) {
    const r = await switchTo(cookie, id);
    expect(r.body).toMatchObject({ success: false, message });
    expect(r.cookie).toBeUndefined();
  }
});

it('asks the upstream: a frozen tenant or one the user has left is refused without ending the session', async () => {
  const cookie = await signIn('admin');
  await be.db.updateTable('sys_tenant').set({ status: 0 }).where('id', '=', 2).execute();
  const frozen = await switchTo(cookie, 2);
  await be.db.updateTable('sys_tenant').set({ status: 1 }).where('id', '=', 2).execute();
  expect(frozen.body).toMatchObject({ success: false, message: TENANT_MESSAGES.frozen });

  await be.db.updateTable('sys_user').set({ rel_tenant_ids: '1' }).where('username', '=', 'admin').execute();
  const left = await switchTo(cookie, 2);
  expect(sent.at(-1)).toEqual({ path: '/sys/tenant/queryList?ids=2', tenant: '2' });
  await be.db.updateTable('sys_user').set({ rel_tenant_ids: '1,2' }).where('username', '=', 'admin').execute();
  expect(left.res.status).toBe(200);
  expect(left.body).toMatchObject({ success: false, message: TENANT_MESSAGES.notMember });
  expect(left.cookie).toBeUndefined(); // neither a new tenant nor a cleared cookie
  expect((await call('/sys/user/getAccountInfoFromToken', { cookie })).body.success).toBe(true);
  expect(sent.at(-1)!.tenant).toBe('1');
});

it('a member without the tenant-list permission reads their own tenants only, and switches to an active one', async () => {
  await be.db.updateTable('sys_user').set({ rel_tenant_ids: '1,2' }).where('username', '=', 'teacher2').execute();
  const cookie = await signIn('teacher2');
  expect((await call('/sys/tenant/queryList?ids=2', { cookie })).body.success).toBe(true);
  expect((await call('/sys/tenant/queryList?ids=2,10', { cookie })).body.code).toBe(510);
  expect((await call('/sys/tenant/queryList', { cookie })).body.code).toBe(510);
  const r = await switchTo(cookie, 2);
  expect(r.body).toMatchObject({ success: true, result: { tenantId: 2, name: SOUTH } });
});

it('refuses a switch body over its 1 KB with 413 请求内容过大, a chunked one read no further than that', async () => {
  const cookie = await signIn('admin');
  for (const declared of [true, false]) {
    const src = byteSource(64 * MB, 512);
    const headers = new Headers({ host: 'app.test', origin: ORIGIN, cookie: `${SESSION_COOKIE}=${cookie}`, 'content-type': 'application/json' });
    if (declared) headers.set('content-length', String(64 * MB));
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body: src.stream, duplex: 'half' };
    const res = await bff(new Request(`${ORIGIN}/jeecg-boot/bff/tenant/switch`, init), ['bff', 'tenant', 'switch']);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: 413, message: '请求内容过大' });
    expect(src.pulled()).toBeLessThanOrEqual(declared ? 0 : 1024 + 2 * 512);
  }
});
