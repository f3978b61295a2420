import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import type { SysRoleIndexTable } from '../db/schema';
import { formatDateTime } from '../core/format';
import type { Selectable } from 'kysely';

/** 首页配置 (JeecgBoot 3.x SysRoleIndex) as the wire has it. */
export function toRoleIndexWire(r: Selectable<SysRoleIndexTable>) {
  return {
    id: r.id,
    roleCode: r.role_code,
    url: r.url,
    component: r.component,
    route: r.is_route,
    priority: r.priority,
    status: r.status,
    createBy: r.create_by,
    createTime: formatDateTime(r.create_time),
    updateBy: r.update_by,
    updateTime: formatDateTime(r.update_time),
    sysOrgCode: r.sys_org_code,
  };
}

export interface RoleIndexInput {
  id?: string;
  roleCode: string;
  url: string;
  route?: boolean;
  priority?: number;
  status?: '0' | '1';
}

export const ROLE_INDEX_MESSAGES = {
  noRole: '角色不存在',
  notAPage: '首页必须是菜单中的页面',
  duplicate: '该角色已有首页配置',
  notFound: '首页配置不存在',
} as const;

/**
 * Adds or changes a role's 首页配置. The role must exist and the url must be a live menu page (its component is
 * taken from that row, so a stock client's router finds the screen); one row per role.
 */
export async function saveRoleIndex(db: Database, input: RoleIndexInput, by: { username: string; orgCode: string | null }) {
  const role = await db.selectFrom('sys_role').select('id').where('role_code', '=', input.roleCode).executeTakeFirst();
  if (!role) throw new ApiFailure(ROLE_INDEX_MESSAGES.noRole);
  const page = await db
    .selectFrom('sys_permission')
    .select('component')
    .where('url', '=', input.url)
    .where('menu_type', 'in', [0, 1])
    .where('del_flag', '=', 0)
    .where('component', 'is not', null)
    .where('component', 'not like', 'layouts/RouteView%')
    .orderBy('sort_no')
    .limit(1)
    .executeTakeFirst();
  if (!page) throw new ApiFailure(ROLE_INDEX_MESSAGES.notAPage);
  if (input.id && !(await db.selectFrom('sys_role_index').select('id').where('id', '=', input.id).executeTakeFirst())) throw new ApiFailure(ROLE_INDEX_MESSAGES.notFound);
  const same = await db.selectFrom('sys_role_index').select('id').where('role_code', '=', input.roleCode).executeTakeFirst();
  if (same && same.id !== input.id) throw new ApiFailure(ROLE_INDEX_MESSAGES.duplicate);
  const values = { role_code: input.roleCode, url: input.url, component: page.component, is_route: input.route ?? true, priority: input.priority ?? 0, status: input.status ?? '1' };
  if (input.id) {
    const r = await db.updateTable('sys_role_index').set({ ...values, update_by: by.username, update_time: new Date() }).where('id', '=', input.id).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new ApiFailure(ROLE_INDEX_MESSAGES.notFound);
    return input.id;
  }
  const id = newId();
  await db.insertInto('sys_role_index').values({ id, ...values, create_by: by.username, update_by: null, update_time: null, sys_org_code: by.orgCode }).execute();
  return id;
}
