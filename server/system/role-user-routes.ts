import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_ROLE_CODE, ADMIN_ROLE_ID } from '../../features/system/roles/role-resource';
import type { Database } from '../db';
import { escapeLike } from '../db/like';
import { linkId } from '../core/ids';
import { formatDateTime } from '../core/format';
import { pushToUsers, PERMISSION_CHANGED } from '../realtime/notify';
import { loadUserPermCodes } from '../auth/users';
import { ApiFailure, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/**
 * Who holds a role (contract §4 `/sys/user/userRoleList|addSysUserRole|deleteUserRole|deleteUserRoleBatch`,
 * all under system:role:edit) and deleting roles (`/sys/role/delete|deleteBatch`, mounted ahead of the
 * resource engine so these win). After a membership change the affected users' open pages are told.
 *
 * Deleting a role is refused for the built-in admin role and for a role still held by any (non-deleted)
 * user. JeecgBoot silently drops the links instead; here the administrator first removes the users under
 * 用户, seeing who loses what. The role's permission links (and links of users in the recycle bin) go in
 * the same transaction as the role.
 */
export const roleUserRoutes = new Hono<AppEnv>();

const MAX_IDS = 1000;

export const ADMIN_ROLE_UNDELETABLE = '内置的管理员角色不能删除';
export const KEEP_OWN_ROLE_EDIT = '不能移除自己的角色管理权限';

const splitIds = (raw: string | undefined) => [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

function checkIds(ids: string[], what: string): string[] {
  if (!ids.length) throw new ApiFailure(`请选择${what}`);
  if (ids.length > MAX_IDS || ids.some((s) => s.length > 32)) throw new ApiFailure(`一次最多选择${MAX_IDS}个${what}`);
  return ids;
}

async function findRole(db: Database, roleId: string) {
  if (!roleId || roleId.length > 32) return undefined;
  return db.selectFrom('sys_role').select(['id', 'role_name', 'role_code']).where('id', '=', roleId).executeTakeFirst();
}

/** The caller must keep, through their own roles, the permission that guards this screen, or nobody could undo the change. */
async function assertKeepsRoleEdit(tx: Database, userId: string) {
  if (!(await loadUserPermCodes(tx, userId)).holds(PERMS.role.edit)) throw new ApiFailure(KEEP_OWN_ROLE_EDIT);
}

// ---------------------------------------------------------------- role users

roleUserRoutes.get('/sys/user/userRoleList', requirePerm(PERMS.role.edit), async (c) => {
  const { db } = c.var.services;
  const roleId = (c.req.query('roleId') ?? '').trim();
  if (!(await findRole(db, roleId))) throw new ApiFailure('角色不存在');
  const { pageNo, pageSize, offset } = readPage(c);
  // The list page sends like-searches as *x*; a plain value is a contains search too.
  const like = (name: string) => (c.req.query(name) ?? '').replace(/\*/g, '').trim().slice(0, 100);
  let q = db
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
    .where('ur.role_id', '=', roleId)
    .where('u.del_flag', '=', 0);
  if (like('username')) q = q.where('u.username', 'ilike', `%${escapeLike(like('username'))}%`);
  if (like('realname')) q = q.where('u.realname', 'ilike', `%${escapeLike(like('realname'))}%`);
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .select(['u.id', 'u.username', 'u.realname', 'u.phone', 'u.status', 'u.create_time'])
      .orderBy('u.username')
      .orderBy('u.id')
      .offset(offset)
      .limit(pageSize)
      .execute(),
  ]);
  const records = rows.map((r) => ({
    id: r.id,
    username: r.username,
    realname: r.realname,
    phone: r.phone,
    status: r.status,
    status_dictText: r.status === 1 ? '正常' : r.status === 2 ? '冻结' : String(r.status),
    createTime: formatDateTime(r.create_time),
  }));
  return c.json(ok(pageOf(records, Number(n), pageNo, pageSize)));
});

const addSchema = z.object({
  roleId: z.string({ error: '请选择角色' }).trim().min(1, '请选择角色').max(32, '角色不存在'),
  userIdList: z.array(z.string().trim().min(1).max(32), { error: '请选择用户' }).min(1, '请选择用户').max(MAX_IDS, `一次最多选择${MAX_IDS}个用户`),
});

/** Links users to a role; users already holding it are skipped. */
roleUserRoutes.post('/sys/user/addSysUserRole', requirePerm(PERMS.role.edit), async (c) => {
  const { db } = c.var.services;
  const body = await readBody(c, addSchema);
  const userIds = [...new Set(body.userIdList)];
  const added = await db.transaction().execute(async (tx) => {
    const role = await tx.selectFrom('sys_role').select('id').where('id', '=', body.roleId).forUpdate().executeTakeFirst();
    if (!role) throw new ApiFailure('角色不存在');
    const users = await tx.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute();
    if (users.length !== userIds.length) throw new ApiFailure('所选用户不存在，请刷新后重试');
    const held = new Set((await tx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', body.roleId).where('user_id', 'in', userIds).execute()).map((r) => r.user_id));
    const fresh = userIds.filter((u) => !held.has(u));
    if (fresh.length) {
      await tx
        .insertInto('sys_user_role')
        .values(fresh.map((u) => ({ id: linkId(u, body.roleId), user_id: u, role_id: body.roleId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return fresh;
  });
  await pushToUsers(c.var.services, added, PERMISSION_CHANGED);
  return c.json(ok(null, '添加成功!'));
});

async function removeUsers(c: Ctx, roleId: string, userIds: string[]) {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const removed = await db.transaction().execute(async (tx) => {
    const role = await tx.selectFrom('sys_role').select('id').where('id', '=', roleId).forUpdate().executeTakeFirst();
    if (!role) throw new ApiFailure('角色不存在');
    const r = await tx.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).returning('user_id').execute();
    if (r.some((x) => x.user_id === me.id)) await assertKeepsRoleEdit(tx, me.id);
    return r.map((x) => x.user_id);
  });
  if (!removed.length) throw new ApiFailure('未找到对应数据');
  await pushToUsers(c.var.services, removed, PERMISSION_CHANGED);
  return c.json(ok(null, '删除成功!'));
}

roleUserRoutes.delete('/sys/user/deleteUserRole', requirePerm(PERMS.role.edit), async (c) => {
  const roleId = (c.req.query('roleId') ?? '').trim();
  const userId = (c.req.query('userId') ?? '').trim();
  if (!roleId) throw new ApiFailure('请选择角色');
  return removeUsers(c, roleId, checkIds(userId ? [userId] : [], '用户'));
});

roleUserRoutes.delete('/sys/user/deleteUserRoleBatch', requirePerm(PERMS.role.edit), async (c) => {
  const roleId = (c.req.query('roleId') ?? '').trim();
  if (!roleId) throw new ApiFailure('请选择角色');
  return removeUsers(c, roleId, checkIds(splitIds(c.req.query('userIds')), '用户'));
});

// ---------------------------------------------------------------- deleting roles

/** Deletes roles, all or none, with their permission links. */
async function deleteRoles(db: Database, roleIds: string[]) {
  await db.transaction().execute(async (tx) => {
    const roles = await tx.selectFrom('sys_role').select(['id', 'role_name', 'role_code']).where('id', 'in', roleIds).forUpdate().execute();
    if (roles.length !== roleIds.length) throw new ApiFailure('未找到对应数据');
    if (roles.some((r) => r.id === ADMIN_ROLE_ID || r.role_code === ADMIN_ROLE_CODE)) throw new ApiFailure(ADMIN_ROLE_UNDELETABLE);
    const held = await tx
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
      .select(['ur.role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('ur.role_id', 'in', roleIds)
      .where('u.del_flag', '=', 0)
      .groupBy('ur.role_id')
      .executeTakeFirst();
    if (held) {
      const name = roles.find((r) => r.id === held.role_id)?.role_name ?? held.role_id;
      throw new ApiFailure(`角色「${name}」下还有${Number(held.n)}个用户，请先在「用户」中取消关联`);
    }
    await tx.deleteFrom('sys_role_permission').where('role_id', 'in', roleIds).execute();
    await tx.deleteFrom('sys_user_role').where('role_id', 'in', roleIds).execute();
    await tx.deleteFrom('sys_role').where('id', 'in', roleIds).execute();
  });
}

roleUserRoutes.delete('/sys/role/delete', requirePerm(PERMS.role.delete), async (c) => {
  const id = (c.req.query('id') ?? '').trim();
  await deleteRoles(c.var.services.db, checkIds(id ? [id] : [], '角色'));
  return c.json(ok(null, '删除角色成功'));
});

roleUserRoutes.delete('/sys/role/deleteBatch', requirePerm(PERMS.role.deleteBatch), async (c) => {
  await deleteRoles(c.var.services.db, checkIds(splitIds(c.req.query('ids')), '角色'));
  return c.json(ok(null, '批量删除角色成功'));
});
