import { sql } from 'kysely';
import type { Database } from '../db';
import type { Services } from '../core/context';
import { ApiFailure } from '../core/errors';
import { linkId, newId } from '../core/ids';
import { MENU_TYPE } from '../../lib/permissions/permission-rules';
import { onlineFormCodes } from '../../lib/permissions/codes';
import { ONLINE_TABLE_PREFIX } from '../../lib/online/wire';
import { withAncestors } from '../permissions/grant-paths';
import { lockMenus, type Writer } from '../system/permission-menus';
import { pushToAll } from '../message/announcements';
import { PERMISSION_CHANGED } from '../realtime/notify';

/**
 * 添加到菜单 of designer-made screens (issue #25): a menu row whose component is a generic online screen and whose
 * button rows carry the screen's own permission codes (lib/permissions/codes.ts onlineFormCodes /
 * onlineReportCodes). Generic over forms and reports (`addOnlineMenu`, `removeOnlineMenus`); the form's own use
 * is `addFormMenu`.
 *
 * Menus show only what a role holds (no is_admin bypass: server/auth/users.ts loadUserPermCodes), so the new
 * rows, with the path of folders above them (grant-paths.ts), are granted to the roles through which the caller
 * holds the code they used to add the menu: the administrator who adds it can use it at once; other roles get it
 * in 角色授权.
 */

export const FORM_MENU_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';
export const formMenuUrl = (tableName: string) => `/online/cgformList/${tableName}`;

export interface OnlineMenuSpec {
  url: string;
  component: string;
  name: string;
  parentId: string | null;
  icon?: string;
  buttons: { name: string; code: string }[];
  /** The code the caller added the menu with (e.g. online:cgform:menu): its holders' roles get the new rows. */
  grantVia: string;
}

/** The answer of addMenu: the menu row (an existing one when the screen was added before). */
export interface OnlineMenuRow {
  id: string;
  name: string;
  url: string;
  parentId: string | null;
  created: boolean;
}

const NAME_MAX = 100;

/**
 * Inserts the menu row and its buttons (or answers the live row already at `spec.url`) and grants them, with the
 * folders above, to `roleIds`; inside the caller's transaction. Also used by the demo seed.
 */
export async function insertOnlineMenu(tx: Database, createdBy: string, spec: Omit<OnlineMenuSpec, 'grantVia'>, roleIds: string[]): Promise<OnlineMenuRow> {
  const name = spec.name.trim();
  if (!name) throw new ApiFailure('请输入菜单名称');
  if (name.length > NAME_MAX) throw new ApiFailure(`菜单名称最长${NAME_MAX}个字符`);
  await lockMenus(tx);
  const existing = await tx
    .selectFrom('sys_permission')
    .select(['id', 'name', 'url', 'parent_id'])
    .where('url', '=', spec.url)
    .where('del_flag', '=', 0)
    .where('menu_type', '<>', MENU_TYPE.button)
    .executeTakeFirst();
  if (existing) return { id: existing.id, name: existing.name, url: existing.url ?? spec.url, parentId: existing.parent_id, created: false };
  if (spec.parentId) {
    const parent = await tx.selectFrom('sys_permission').select(['id', 'menu_type']).where('id', '=', spec.parentId).where('del_flag', '=', 0).executeTakeFirst();
    if (!parent) throw new ApiFailure('上级菜单不存在');
    if (parent.menu_type === MENU_TYPE.button) throw new ApiFailure('按钮不能作为上级菜单');
  }
  const last = await tx
    .selectFrom('sys_permission')
    .select((eb) => eb.fn.max('sort_no').as('n'))
    .where((eb) => (spec.parentId ? eb('parent_id', '=', spec.parentId) : eb('parent_id', 'is', null)))
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  const menuId = newId();
  await tx
    .insertInto('sys_permission')
    .values({
      id: menuId,
      parent_id: spec.parentId,
      name,
      url: spec.url,
      component: spec.component,
      component_name: null,
      redirect: null,
      menu_type: spec.parentId ? MENU_TYPE.sub : MENU_TYPE.top,
      perms: null,
      perms_type: '1',
      sort_no: Math.floor(Number(last?.n ?? 0)) + 1,
      icon: spec.icon ?? null,
      is_leaf: spec.buttons.length === 0,
      description: null,
      create_by: createdBy,
      update_by: null,
      update_time: null,
    })
    .execute();
  const buttonIds: string[] = [];
  for (const [i, b] of spec.buttons.entries()) {
    const id = newId();
    buttonIds.push(id);
    await tx
      .insertInto('sys_permission')
      .values({ id, parent_id: menuId, name: b.name, url: null, component: null, component_name: null, redirect: null, menu_type: MENU_TYPE.button, perms: b.code, perms_type: '1', sort_no: i + 1, icon: null, is_leaf: true, description: null, create_by: createdBy, update_by: null, update_time: null })
      .execute();
  }
  if (spec.parentId) await tx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', spec.parentId).execute();
  const ids = await withAncestors(tx, [menuId, ...buttonIds]);
  for (const roleId of new Set(roleIds)) {
    for (const pid of ids) {
      await tx.insertInto('sys_role_permission').values({ id: linkId(roleId, pid), role_id: roleId, permission_id: pid }).onConflict((oc) => oc.doNothing()).execute();
    }
  }
  return { id: menuId, name, url: spec.url, parentId: spec.parentId, created: true };
}

/** 添加到菜单 by a user: the rows go to the roles through which the user holds `spec.grantVia`. */
export async function addOnlineMenu(services: Services, me: Writer, spec: OnlineMenuSpec): Promise<OnlineMenuRow> {
  const result = await services.db.transaction().execute(async (tx) => {
    const roles = await tx
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role_permission as rp', 'rp.role_id', 'ur.role_id')
      .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
      .select('ur.role_id')
      .distinct()
      .where('ur.user_id', '=', me.id)
      .where('p.perms', '=', spec.grantVia)
      .where('p.menu_type', '=', MENU_TYPE.button)
      .where('p.del_flag', '=', 0)
      .execute();
    return insertOnlineMenu(tx, me.username, spec, roles.map((r) => r.role_id));
  });
  // New button codes change everybody's allAuth list; the granted roles' menus change.
  if (result.created) await pushToAll(services, PERMISSION_CHANGED);
  return result;
}

/**
 * Soft-deletes the live menu rows at `url` with their subtrees (as 菜单管理 deletes), their role links and data rules,
 * inside the caller's transaction; answers how many rows went (announce PERMISSION_CHANGED after commit when > 0).
 */
export async function removeOnlineMenus(tx: Database, url: string, me: Writer): Promise<number> {
  await lockMenus(tx);
  const found = await sql<{ id: string; parent_id: string | null }>`
    with recursive t(id) as (
      select id from sys_permission where url = ${url} and menu_type <> ${MENU_TYPE.button} and del_flag = 0
      union
      select p.id from sys_permission p join t on p.parent_id = t.id where p.del_flag = 0
    )
    select p.id, p.parent_id from sys_permission p join t on t.id = p.id`.execute(tx);
  const ids = found.rows.map((r) => r.id);
  if (!ids.length) return 0;
  await tx.updateTable('sys_permission').set({ del_flag: 1, update_by: me.username, update_time: new Date() }).where('id', 'in', ids).execute();
  await tx.deleteFrom('sys_role_permission').where('permission_id', 'in', ids).execute();
  await tx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', ids).execute();
  const gone = new Set(ids);
  const parents = [...new Set(found.rows.map((r) => r.parent_id).filter((p): p is string => Boolean(p) && !gone.has(p!)))];
  if (parents.length) {
    await tx
      .updateTable('sys_permission as p')
      .set({ is_leaf: sql<boolean>`not exists (select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0)` })
      .where('p.id', 'in', parents)
      .execute();
  }
  return ids.length;
}

const FORM_BUTTONS: { action: 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel'; name: string }[] = [
  { action: 'list', name: '查看' },
  { action: 'add', name: '新增' },
  { action: 'edit', name: '编辑' },
  { action: 'delete', name: '删除' },
  { action: 'deleteBatch', name: '批量删除' },
  { action: 'exportXls', name: '导出' },
  { action: 'importExcel', name: '导入' },
];

/** The menu of a form: its list screen and the buttons of its codes. */
export function formMenuSpec(head: { table_name: string; table_txt: string }, parentId: string | null, name?: string): Omit<OnlineMenuSpec, 'grantVia'> {
  const codes = onlineFormCodes(head.table_name);
  return {
    url: formMenuUrl(head.table_name),
    component: FORM_MENU_COMPONENT,
    name: name ?? head.table_txt,
    parentId,
    icon: 'form',
    buttons: FORM_BUTTONS.map((b) => ({ name: `${b.name}${head.table_txt}`.slice(0, NAME_MAX), code: codes[b.action] })),
  };
}

/** 添加到菜单 of a form: only a synchronised single or main form (a child is edited inside its main form). */
export async function addFormMenu(services: Services, me: Writer, headId: string, body: { parentId?: unknown; name?: unknown }, grantVia: string): Promise<OnlineMenuRow> {
  const head = await services.db.selectFrom('onl_cgform_head').select(['table_name', 'table_txt', 'table_type', 'is_db_synch', 'physical_table']).where('id', '=', headId).executeTakeFirst();
  if (!head) throw new ApiFailure('表单不存在');
  if (head.table_type === 3) throw new ApiFailure('附表不能单独添加到菜单，请添加它的主表');
  if (head.is_db_synch !== 'Y') throw new ApiFailure('表单未同步数据库，请先同步数据库再添加到菜单');
  if (head.physical_table !== `${ONLINE_TABLE_PREFIX}${head.table_name}`) throw new ApiFailure('表单数据不正确');
  const parentId = typeof body.parentId === 'string' && body.parentId.trim() ? body.parentId.trim() : null;
  const name = typeof body.name === 'string' && body.name.trim() ? body.name : undefined;
  return addOnlineMenu(services, me, { ...formMenuSpec(head, parentId, name), grantVia });
}
