/** @jest-environment node */
import { startTestBackend, type TestBackend } from './helpers';

// 租户 (issue #24 item 3) through the production handler: the demo's tenant 2 (星辰教育·南校区, server/seed/tenants.ts)
// has two students of its own; admin belongs to tenants 1 and 2, every other demo user to tenant 1 only.
let be: TestBackend;
let admin: string;
type Page = { records: { id: string; name: string }[]; total: number };

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  // The prepared database has no term (no students) in tenant 1: one of its own.
  const r = await inTenant(1, '/edu/tblStudent/add', { method: 'POST', json: { name: '本部学员甲', phone: '13911110001', studentType: 1, status: 1 } });
  expect(r.body.success).toBe(true);
});
afterAll(() => be.close());

const inTenant = (tenant: number, path: string, init: Parameters<TestBackend['call']>[1] = {}) =>
  be.call(path, { token: admin, ...init, headers: { 'tenant-id': String(tenant) } });
const names = async (tenant: number, query = '') => ((await inTenant(tenant, `/edu/tblStudent/list?pageSize=100${query}`)).body.result as Page).records.map((r) => r.name);

test('each tenant lists its own rows only; the Vue client\'s 0 means the user\'s first tenant', async () => {
  expect((await names(2)).sort()).toEqual(['南校区学员林一', '南校区学员林二']);
  const inOne = await names(1);
  expect(inOne).toContain('本部学员甲');
  expect(inOne).not.toContain('南校区学员林一');
  expect(await names(0)).toEqual(inOne);
  // A query parameter cannot reach the other tenant's rows.
  expect(await names(1, '&name=' + encodeURIComponent('南校区学员林一'))).toEqual([]);
});

test('another tenant\'s row answers as not found, and cannot be edited or deleted', async () => {
  const own = (await inTenant(1, '/edu/tblStudent/list?pageSize=100')).body.result as Page;
  const id = own.records.find((r) => r.name === '本部学员甲')!.id;
  const byId = await inTenant(2, `/edu/tblStudent/queryById?id=${id}`);
  expect(byId.body.success).toBe(false);
  const edit = await inTenant(2, '/edu/tblStudent/edit', { method: 'PUT', json: { id, name: '越权修改', phone: '13900009999' } });
  expect(edit.body.success).toBe(false);
  await inTenant(2, `/edu/tblStudent/delete?id=${id}`, { method: 'DELETE' });
  const still = await inTenant(1, `/edu/tblStudent/queryById?id=${id}`);
  expect(still.body.success).toBe(true);
  expect((still.body.result as { name: string }).name).not.toBe('越权修改');
});

test('a row added in a tenant belongs to it; the same phone may exist once per tenant', async () => {
  const phone = '13911112222';
  for (const tenant of [2, 1]) {
    const r = await inTenant(tenant, '/edu/tblStudent/add', { method: 'POST', json: { name: `租户${tenant}新学员`, phone, studentType: 1, status: 1 } });
    expect(r.body).toMatchObject({ success: true });
  }
  expect(await names(2)).toContain('租户2新学员');
  expect(await names(2)).not.toContain('租户1新学员');
  expect(await names(1)).toContain('租户1新学员');
  const dup = await inTenant(2, '/edu/tblStudent/add', { method: 'POST', json: { name: '重复手机号', phone, studentType: 1, status: 1 } });
  expect(dup.body.success).toBe(false);
});

test('a tenant the user does not belong to is refused as the contract says', async () => {
  const teacher = await be.login('teacher2');
  const r = await be.call('/sys/user/getUserInfo', { token: teacher, headers: { 'tenant-id': '2' } });
  expect(r.status).toBe(401);
  expect(r.body.message).toBe('用户租户信息变更,请重新登陆!');
  const ok = await be.call('/edu/tblStudent/list?pageSize=1', { token: teacher, headers: { 'tenant-id': '1' } });
  expect(ok.body.success).toBe(true);
});
