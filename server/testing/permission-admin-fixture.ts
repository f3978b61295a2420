import type { TestBackend } from '../__tests__/helpers';
import { linkId } from '../core/ids';

/**
 * Shared by the 菜单管理 suites (server/system/__tests__/permission-admin.test.ts, permission-data-rules.test.ts),
 * kept outside __tests__ so Jest does not run it as a suite.
 */

/** The rows the integrator adds to seed-data.ts (reported), inserted by each suite so it stands alone. */
const SEED = [
  { id: 'perm_isystem_permission', parent_id: 'perm_isystem', name: '菜单管理', url: '/isystem/permission', component: 'system/PermissionList', menu_type: 1, sort_no: 10.95, icon: null, perms: null },
  ...['list', 'add', 'edit', 'delete', 'rule'].map((a, i) => ({
    id: `perm_btn_permission_${a}`, parent_id: 'perm_isystem_permission', name: a, url: null, component: null, menu_type: 2, sort_no: 190 + i, icon: null, perms: `system:permission:${a}`,
  })),
];

/** 菜单管理 and its buttons, granted to role_admin (idempotent). */
export async function insertMenuAdminRows(be: TestBackend): Promise<void> {
  for (const p of SEED) {
    await be.db.insertInto('sys_permission').values({ ...p, perms_type: '1', is_leaf: p.menu_type === 2, component_name: null, redirect: null, description: null, create_by: null, update_by: null, update_time: null }).onConflict((oc) => oc.doNothing()).execute();
    await be.db.insertInto('sys_role_permission').values({ id: linkId('role_admin', p.id), role_id: 'role_admin', permission_id: p.id }).onConflict((oc) => oc.doNothing()).execute();
  }
}

export type Body = Awaited<ReturnType<TestBackend['call']>>['body'];

/** Request helpers bound to the suite's backend and admin token, both read at call time (they are set in beforeAll). */
export function menuAdminCalls(suite: () => { be: TestBackend; admin: string }) {
  const get = (path: string, token = suite().admin) => suite().be.call(path, { token }).then((r) => r.body);
  const post = (path: string, json: unknown, token = suite().admin) => suite().be.call(path, { method: 'POST', token, json }).then((r) => r.body);
  const put = (path: string, json: unknown, token = suite().admin) => suite().be.call(path, { method: 'PUT', token, json }).then((r) => r.body);
  const del = (path: string, token = suite().admin) => suite().be.call(path, { method: 'DELETE', token }).then((r) => r.body);
  const row = (id: string) => suite().be.db.selectFrom('sys_permission').selectAll().where('id', '=', id).executeTakeFirst();
  const idOf = (b: Body) => (b.result as { id: string }).id;
  const fails = (b: Body, message: string | RegExp) => {
    expect(b.success).toBe(false);
    if (typeof message === 'string') expect(b.message).toBe(message);
    else expect(b.message).toMatch(message);
  };
  return { get, post, put, del, row, idOf, fails };
}
