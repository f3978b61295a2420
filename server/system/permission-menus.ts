import { sql } from 'kysely';
import { MENU_TYPE } from '../../lib/permissions/permission-rules';
import type { Database } from '../db';
import type { SysPermission, SysUser } from '../db/schema';
import { ApiFailure } from '../core/errors';
import type { Services } from '../core/context';
import { newId } from '../core/ids';
import { pushToAll } from '../message/announcements';
import { pushToUsers, PERMISSION_CHANGED } from '../realtime/notify';
import { NOT_FOUND, type PermissionColumns } from './permission-input';
import { PERMS } from '../../lib/permissions/codes';
import { loadUserPermCodes } from '../auth/users';

/**
 * 菜单管理's menu and button rows (server/system/permission-admin-routes.ts describes the rules).
 * Every write runs in one transaction behind an advisory lock and must leave the caller holding the
 * code they used and `system:permission:list`; after commit the users whose menu may have changed are told.
 */

export const URL_TAKEN = '访问路径不允许重复，请重定义！';
export const COMPONENT_NAME_TAKEN = '组件名称不允许重复，请重定义！';
/** pg_advisory_xact_lock key of menu writes (any fixed number; "jwmenu"). */
const MENU_LOCK = 0x6a776d656e75;

/** The writer: its username stamps the rows, its id is checked to keep this screen. */
export type Writer = Pick<SysUser, 'id' | 'username'>;

export async function lockMenus(tx: Database) {
  await sql`select pg_advisory_xact_lock(${MENU_LOCK})`.execute(tx);
}

export const liveRow = (db: Database, id: string) => db.selectFrom('sys_permission').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();

/** Live rows in JeecgBoot's order (sort_no; the id keeps equal sort numbers stable). */
export const liveRows = (db: Database) => db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).orderBy('sort_no').orderBy('id').execute();

/** A sub menu or button needs a live menu (not a button) above it, and (on edit) not itself or one of its descendants. */
async function checkParent(tx: Database, row: PermissionColumns, selfId: string | null) {
  if (row.menu_type === MENU_TYPE.top) return;
  if (!row.parent_id) throw new ApiFailure('请选择上级菜单');
  const parent = await liveRow(tx, row.parent_id);
  if (!parent) throw new ApiFailure('上级菜单不存在');
  if (parent.menu_type === MENU_TYPE.button) throw new ApiFailure('按钮不能作为上级菜单');
  if (!selfId) return;
  // Walk up from the new parent: meeting the row itself means the move would close a loop.
  let at: string | null = parent.id;
  const seen = new Set<string>();
  while (at && !seen.has(at)) {
    if (at === selfId) throw new ApiFailure('不能选择自身或下级菜单作为上级菜单');
    seen.add(at);
    const up: { parent_id: string | null } | undefined = await tx.selectFrom('sys_permission').select('parent_id').where('id', '=', at).executeTakeFirst();
    at = up?.parent_id ?? null;
  }
}

/** 访问路径 (per always_show, as JeecgBoot) and 组件名称 are unique among live menus. */
export async function urlTaken(db: Database, url: string, alwaysShow: boolean, exceptId: string | null) {
  let q = db.selectFrom('sys_permission').select('id').where('url', '=', url).where('always_show', '=', alwaysShow).where('del_flag', '=', 0).where('menu_type', '<>', MENU_TYPE.button);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.limit(1).executeTakeFirst());
}
export async function componentNameTaken(db: Database, name: string, exceptId: string | null) {
  let q = db.selectFrom('sys_permission').select('id').where('component_name', '=', name).where('del_flag', '=', 0).where('menu_type', '<>', MENU_TYPE.button);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.limit(1).executeTakeFirst());
}
async function checkUnique(tx: Database, row: PermissionColumns, selfId: string | null) {
  if (row.menu_type === MENU_TYPE.button) return;
  if (row.url && (await urlTaken(tx, row.url, row.always_show, selfId))) throw new ApiFailure(URL_TAKEN);
  if (row.component_name && (await componentNameTaken(tx, row.component_name, selfId))) throw new ApiFailure(COMPONENT_NAME_TAKEN);
}

/** is_leaf of these rows = no live child. */
async function refreshLeaf(tx: Database, ids: (string | null | undefined)[]) {
  const list = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!list.length) return;
  await tx
    .updateTable('sys_permission as p')
    .set({ is_leaf: sql<boolean>`not exists (select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0)` })
    .where('p.id', 'in', list)
    .execute();
}

/**
 * The caller must still hold the codes of this screen through their own roles after the change (else throw,
 * rolling it back). Switching the screen's own rule off (status '0') counts as removing it: it would open
 * 菜单管理 to every user.
 */
async function assertKeeps(tx: Database, userId: string, code: string) {
  const codes = await loadUserPermCodes(tx, userId);
  if (!codes.holds(code) || !codes.holds(PERMS.permission.list)) throw new ApiFailure('不能移除自己的菜单管理权限');
}

/** Users holding any of these rows through a role. */
async function holdersOf(db: Database, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role_permission as rp', 'rp.role_id', 'ur.role_id')
    .select('ur.user_id')
    .distinct()
    .where('rp.permission_id', 'in', ids)
    .execute();
  return rows.map((r) => r.user_id);
}

/** After commit: buttons → everybody (allAuth); menus → their holders. Never throws. */
async function announce(services: Services, holders: string[], anyButton: boolean) {
  if (anyButton) await pushToAll(services, PERMISSION_CHANGED);
  else await pushToUsers(services, holders, PERMISSION_CHANGED);
}

/** Inserts a checked row; answers it as stored. */
export async function addMenu(services: Services, me: Writer, row: PermissionColumns): Promise<SysPermission> {
  const { db } = services;
  const id = newId();
  await db.transaction().execute(async (tx) => {
    await lockMenus(tx);
    await checkParent(tx, row, null);
    await checkUnique(tx, row, null);
    await tx.insertInto('sys_permission').values({ ...row, id, is_leaf: true, create_by: me.username, update_by: null, update_time: null }).execute();
    await refreshLeaf(tx, [row.parent_id]);
  });
  // A new row belongs to no role yet; only a new button code changes what others see (allAuth).
  if (row.menu_type === MENU_TYPE.button) await announce(services, [], true);
  return (await liveRow(db, id))!;
}

/** Replaces a live row's columns; answers it as stored. */
export async function editMenu(services: Services, me: Writer, id: string, row: PermissionColumns): Promise<SysPermission> {
  const { db } = services;
  const before = await db.transaction().execute(async (tx) => {
    await lockMenus(tx);
    const existing = await liveRow(tx, id);
    if (!existing) throw new ApiFailure(NOT_FOUND);
    if (row.menu_type === MENU_TYPE.button && !existing.is_leaf) {
      const child = await tx.selectFrom('sys_permission').select('id').where('parent_id', '=', id).where('del_flag', '=', 0).limit(1).executeTakeFirst();
      if (child) throw new ApiFailure('该菜单下还有下级菜单或按钮，不能改为按钮');
    }
    await checkParent(tx, row, id);
    await checkUnique(tx, row, id);
    await tx.updateTable('sys_permission').set({ ...row, update_by: me.username, update_time: new Date() }).where('id', '=', id).execute();
    await refreshLeaf(tx, [existing.parent_id, row.parent_id]);
    await assertKeeps(tx, me.id, PERMS.permission.edit);
    return existing;
  });
  await announce(services, await holdersOf(db, [id]), before.menu_type === MENU_TYPE.button || row.menu_type === MENU_TYPE.button);
  return (await liveRow(db, id))!;
}

/** Soft-deletes the rows and their live subtrees, then tells the users who held them. */
export async function removeTrees(services: Services, me: Writer, roots: string[]): Promise<void> {
  const { db } = services;
  const r = await db.transaction().execute(async (tx) => {
    await lockMenus(tx);
    const found = await sql<{ id: string; parent_id: string | null; menu_type: number }>`
      with recursive t(id) as (
        select id from sys_permission where id in (${sql.join(roots)}) and del_flag = 0
        union
        select p.id from sys_permission p join t on p.parent_id = t.id where p.del_flag = 0
      )
      select p.id, p.parent_id, p.menu_type from sys_permission p join t on t.id = p.id`.execute(tx);
    const rows = found.rows;
    if (!rows.length) throw new ApiFailure(NOT_FOUND);
    const ids = rows.map((r) => r.id);
    const holders = await holdersOf(tx, ids);
    await tx.updateTable('sys_permission').set({ del_flag: 1, update_by: me.username, update_time: new Date() }).where('id', 'in', ids).execute();
    await tx.deleteFrom('sys_role_permission').where('permission_id', 'in', ids).execute();
    await tx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', ids).execute();
    const gone = new Set(ids);
    await refreshLeaf(tx, rows.map((r) => r.parent_id).filter((p) => p && !gone.has(p)));
    await assertKeeps(tx, me.id, PERMS.permission.delete);
    return { holders, anyButton: rows.some((r) => r.menu_type === MENU_TYPE.button) };
  });
  await announce(services, r.holders, r.anyButton);
}
