import type { Database } from '../db';
import type { SysDepart, SysUser } from '../db/schema';
import { authLists, hasButtonAuth, holdsButton } from '../../lib/permissions/rule';
import type { UserPermissions } from '../core/context';
import { formatDateTime } from '../core/format';
import { loadAllDictItems } from '../resources/dicts';
import { memberTenantIds } from '../db/tenant-scope';

export interface DepartInfo {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgType: string;
  departOrder: number;
}

export const toDepartInfo = (d: SysDepart): DepartInfo => ({
  id: d.id,
  parentId: d.parent_id,
  departName: d.depart_name,
  orgCode: d.org_code,
  orgCategory: d.org_category,
  orgType: d.org_type,
  departOrder: d.depart_order,
});

/** userInfo as JeecgBoot serialises SysUser (contract §2), minus the write-only password. */
export function toUserInfo(u: SysUser, departs: DepartInfo[]) {
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    birthday: u.birthday,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    orgCode: u.org_code,
    orgCodeTxt: departs.find((d) => d.orgCode === u.org_code)?.departName ?? null,
    status: u.status,
    delFlag: u.del_flag,
    workNo: u.work_no,
    post: u.post,
    telephone: u.telephone,
    userIdentity: u.user_identity,
    // JeecgBoot's SysUser.departIds is 负责部门 (managed departments), not membership: `departs` has those.
    departIds: u.depart_ids,
    relTenantIds: u.rel_tenant_ids,
    isAdmin: u.is_admin,
    isMarketing: u.is_marketing,
    createBy: u.create_by,
    createTime: formatDateTime(u.create_time),
    updateBy: u.update_by,
    updateTime: formatDateTime(u.update_time),
  };
}
export type UserInfo = ReturnType<typeof toUserInfo>;

export async function loadUserDeparts(db: Database, userId: string): Promise<DepartInfo[]> {
  const rows = await db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .selectAll('d')
    .where('ud.user_id', '=', userId)
    .where('d.del_flag', '=', '0')
    .orderBy('d.depart_order')
    .orderBy('d.org_code')
    .execute();
  return rows.map(toDepartInfo);
}

/** Each user's live departments (ids and names, in org-code order), for several users in one query. */
export async function loadDepartLinks(db: Database, userIds: string[]): Promise<Map<string, { ids: string[]; names: string[] }>> {
  const out = new Map<string, { ids: string[]; names: string[] }>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['ud.user_id', 'd.id', 'd.depart_name'])
    .where('ud.user_id', 'in', userIds)
    .where('d.del_flag', '=', '0')
    .orderBy('d.org_code')
    .execute();
  for (const r of rows) {
    const links = out.get(r.user_id) ?? { ids: [], names: [] };
    links.ids.push(r.id);
    links.names.push(r.depart_name);
    out.set(r.user_id, links);
  }
  return out;
}

/**
 * Users as JeecgBoot's SysUser list answers carry them (getMultiUser, queryUserComponentData,
 * queryUserByDepId): userInfo fields, with `orgCodeTxt` = the names of all the user's departments.
 */
export async function toUserRecords(db: Database, users: SysUser[]) {
  const links = await loadDepartLinks(db, users.map((u) => u.id));
  return users.map((u) => ({ ...toUserInfo(u, []), orgCodeTxt: links.get(u.id)?.names.join(',') ?? null }));
}

export async function loadUserRoles(db: Database, userId: string) {
  return db
    .selectFrom('sys_role as r')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'r.id')
    .select(['r.id', 'r.role_code as roleCode', 'r.role_name as roleName'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.role_code')
    .execute();
}

export async function loadActiveTenants(db: Database, user: SysUser) {
  const ids = memberTenantIds(user.rel_tenant_ids)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  if (!ids.length) return [];
  return db.selectFrom('sys_tenant').select(['id', 'name', 'status']).where('id', 'in', ids).where('status', '=', 1).orderBy('id').execute();
}

/**
 * The login answer (contract §2): token, userInfo, departs, multi_depart and the dictionaries.
 * With exactly one department the server makes it the user's current one (multi_depart 1).
 */
export async function buildLoginResult(db: Database, user: SysUser, token: string, withDicts = true) {
  const departs = await loadUserDeparts(db, user.id);
  let multi = 0;
  if (departs.length === 1) {
    multi = 1;
    if (user.org_code !== departs[0].orgCode) {
      await db.updateTable('sys_user').set({ org_code: departs[0].orgCode }).where('id', '=', user.id).execute();
      user = { ...user, org_code: departs[0].orgCode };
    }
  } else if (departs.length > 1) {
    multi = 2;
  }
  const tenants = await loadActiveTenants(db, user);
  return {
    token,
    userInfo: toUserInfo(user, departs),
    departs,
    multi_depart: multi,
    ...(user.rel_tenant_ids ? { tenantList: tenants } : {}),
    ...(withDicts ? { sysAllDictItems: await loadAllDictItems(db) } : {}),
  };
}

/** A user's permissions, decided by the one rule the client applies too (lib/permissions/rule.ts). */

/**
 * The facts of the permission rule for one user, read in one query: the live button rows (menu_type 2, with a
 * code) the user holds through a role, and those switched off (status '0'). They become contract §3's `auth`
 * and `allAuth` through the same `authLists` the permission answer uses, so the client's lists and the
 * server's check cannot drift.
 */
export async function loadUserPermCodes(db: Database, userId: string): Promise<UserPermissions> {
  const rows = await db
    .selectFrom('sys_permission as p')
    .leftJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
    .leftJoin('sys_user_role as ur', (j) => j.onRef('ur.role_id', '=', 'rp.role_id').on('ur.user_id', '=', userId))
    .select(['p.id', 'p.name', 'p.menu_type', 'p.perms', 'p.perms_type', 'p.status', 'ur.user_id'])
    .where('p.del_flag', '=', 0)
    .where('p.menu_type', '=', 2)
    .where('p.perms', 'is not', null)
    .where((eb) => eb.or([eb('p.status', '=', '0'), eb('ur.user_id', 'is not', null)]))
    .execute();
  const held = new Map(rows.filter((r) => r.user_id !== null).map((r) => [r.id, r]));
  const off = new Map(rows.filter((r) => r.status === '0').map((r) => [r.id, r]));
  const context = authLists([...held.values()], [...off.values()]);
  return { has: (code) => hasButtonAuth(code, context), holds: (code) => holdsButton(code, context), context };
}
