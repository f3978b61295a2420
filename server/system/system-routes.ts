import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db';
import { escapeLike } from '../db/like';
import { linkId } from '../core/ids';
import { formatDateTime, parseDateBoundGmt8 } from '../core/format';
import { getDictItems } from '../resources/dicts';
import { maskPhone } from '../../lib/account/mask-phone';
import { pushToUsers, PERMISSION_CHANGED } from '../realtime/notify';
import { loadUserPermCodes } from '../auth/users';
import { ApiFailure, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv } from '../core/context';
import { readBody } from '../core/validate';
import { withAncestors } from '../permissions/grant-paths';
import { PERMS } from '../../lib/permissions/codes';

/** System administration: online users, the login log, and who may do what (roles ↔ permissions, users ↔ roles). */
export const systemRoutes = new Hono<AppEnv>();

/** Length of the public session id: a prefix of the SHA-256 of the token, never the token or its whole hash. */
export const SESSION_ID_LENGTH = 12;

// ---------------------------------------------------------------- online users

/**
 * 在线用户. Each row is one live session, named by its public id: `tokenHash` (ours) and `token` (JeecgBoot's name,
 * which its stock list sends back to forceLogout) are the same SESSION_ID_LENGTH-character prefix of the SHA-256 of
 * the token — stable for the session, never the token. The user's columns are SysUserOnlineVO's, the phone masked.
 */
systemRoutes.get('/sys/online/list', requirePerm(PERMS.online.list), async (c) => {
  const { db, sessions } = c.var.services;
  const me = authOf(c);
  const { pageNo, pageSize, offset } = readPage(c);
  const username = (c.req.query('username') ?? '').trim().slice(0, 100);
  const [{ total, rows }, sexes] = await Promise.all([sessions.listLive({ username: username || undefined, offset, limit: pageSize }), getDictItems(db, 'sex').catch(() => [])]);
  const sexText = new Map(sexes.map((d) => [d.value, d.text]));
  const records = rows.map((r) => {
    const sessionId = r.token_hash.slice(0, SESSION_ID_LENGTH);
    return {
      id: r.user_id,
      token: sessionId,
      tokenHash: sessionId,
      username: r.username,
      realname: r.realname,
      avatar: r.avatar,
      sex: r.sex,
      sex_dictText: r.sex === null ? null : (sexText.get(String(r.sex)) ?? null),
      phone: r.phone ? maskPhone(r.phone) : r.phone,
      birthday: r.birthday,
      clientIp: r.client_ip,
      loginType: r.login_type,
      loginTime: formatDateTime(r.create_time),
      lastSeen: formatDateTime(r.last_seen),
      current: r.token_hash === me.tokenHash,
    };
  });
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});

const forceLogoutSchema = z
  .object({
    username: z.string().max(100).optional(),
    sessionId: z.string().max(64).optional(),
    // JeecgBoot's stock list sends the row's `token` (our public session id).
    token: z.string().max(64).optional(),
  })
  .refine((b) => Boolean(b.username?.trim() || b.sessionId?.trim() || b.token?.trim()), { message: '请选择用户' });

/**
 * An administrator's kick-out. `{sessionId}` or `{token}` (the 12-char id of the online list) ends that one
 * session; `{username}` ends every session of that user. The caller's own current session is never
 * ended: naming it by id is refused, and naming oneself ends only one's other sessions.
 */
systemRoutes.post('/sys/online/forceLogout', requirePerm(PERMS.online.forceLogout), async (c) => {
  const { db, sessions } = c.var.services;
  const me = authOf(c);
  const body = await readBody(c, forceLogoutSchema);
  const sessionId = (body.sessionId?.trim() || body.token?.trim())?.toLowerCase();
  if (sessionId) {
    if (!new RegExp(`^[0-9a-f]{${SESSION_ID_LENGTH}}$`).test(sessionId)) throw new ApiFailure('会话标识格式不正确');
    if (me.tokenHash.startsWith(sessionId)) throw new ApiFailure('不能强制退出当前登录会话');
    const found = await sessions.findLiveByPrefix(sessionId);
    if (!found.length) throw new ApiFailure('会话不存在或已结束');
    // 48 bits make a clash practically impossible; if one happens, end neither rather than guess.
    if (found.length > 1) throw new ApiFailure('会话标识不唯一，请按用户强制退出');
    const n = await sessions.revokeSession(found[0].token_hash, 'kicked');
    return c.json(ok({ sessions: n }, '强制退出成功！'));
  }
  const user = await db.selectFrom('sys_user').select('id').where('username', '=', body.username!.trim()).executeTakeFirst();
  if (!user) throw new ApiFailure('用户不存在');
  const n = await sessions.revokeUser(user.id, 'kicked', user.id === me.user.id ? me.tokenHash : undefined);
  return c.json(ok({ sessions: n }, '强制退出成功！'));
});

// ---------------------------------------------------------------- login log

systemRoutes.get('/sys/log/list', requirePerm(PERMS.log.list), async (c) => {
  const { db } = c.var.services;
  const { pageNo, pageSize, offset } = readPage(c);
  const logTypeRaw = c.req.query('logType')?.trim();
  if (logTypeRaw && !/^[12]$/.test(logTypeRaw)) throw new ApiFailure('日志类型不正确');
  const keyWord = (c.req.query('keyWord') ?? '').trim().slice(0, 100);
  const beginRaw = c.req.query('createTime_begin')?.trim();
  const endRaw = c.req.query('createTime_end')?.trim();
  const begin = beginRaw ? parseDateBoundGmt8(beginRaw, 'begin') : null;
  const end = endRaw ? parseDateBoundGmt8(endRaw, 'end') : null;
  if ((beginRaw && !begin) || (endRaw && !end)) throw new ApiFailure('日期格式不正确');

  let q = db.selectFrom('sys_log');
  // 登录日志 only: operation logs (type 2) need system:opLog:list and have their own route (log-extra-routes.ts),
  // so a missing logType must not reach them (issue #24).
  q = q.where('log_type', '=', Number(logTypeRaw || 1));
  if (keyWord) q = q.where('log_content', 'ilike', `%${escapeLike(keyWord)}%`);
  if (begin) q = q.where('create_time', '>=', begin);
  if (end) q = q.where('create_time', '<', end);
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc').offset(offset).limit(pageSize).execute(),
  ]);
  // SysLog.logType is @Dict("log_type"): the stock client's list shows logType_dictText.
  const logTypeText = new Map((await getDictItems(db, 'log_type')).map((i) => [i.value, i.text]));
  const records = rows.map((r) => ({
    id: String(r.id),
    logType: r.log_type,
    logType_dictText: logTypeText.get(String(r.log_type)) ?? String(r.log_type),
    logContent: r.log_content,
    userid: r.userid,
    username: r.username,
    ip: r.ip,
    createTime: formatDateTime(r.create_time),
  }));
  return c.json(ok(pageOf(records, Number(n), pageNo, pageSize)));
});

// ---------------------------------------------------------------- roles and permissions

const idList = (raw: string) => [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];

/** The caller must keep, through their own roles, the permission that guards the change they are making, or nobody could undo it. */
async function assertKeepsPerm(tx: Database, userId: string, code: string) {
  if (!(await loadUserPermCodes(tx, userId)).holds(code)) throw new ApiFailure('不能移除自己的授权管理权限');
}

systemRoutes.get('/sys/role/queryall', requirePerm(PERMS.role.permission), async (c) => {
  const rows = await c.var.services.db.selectFrom('sys_role').selectAll().orderBy('create_time').orderBy('role_code').execute();
  return c.json(
    ok(
      rows.map((r) => ({
        id: r.id,
        roleName: r.role_name,
        roleCode: r.role_code,
        description: r.description,
        createBy: r.create_by,
        createTime: formatDateTime(r.create_time),
        updateBy: r.update_by,
        updateTime: formatDateTime(r.update_time),
      })),
    ),
  );
});

// The permission trees (`/sys/permission/list`, `/sys/role/queryTreeList`) are in permission-admin-routes.ts.

systemRoutes.get('/sys/permission/queryRolePermission', requirePerm(PERMS.role.permission), async (c) => {
  const { db } = c.var.services;
  const roleId = (c.req.query('roleId') ?? '').trim();
  if (!roleId) throw new ApiFailure('请选择角色');
  if (!(await db.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst())) throw new ApiFailure('角色不存在');
  const rows = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .select('p.id')
    .where('rp.role_id', '=', roleId)
    .where('p.del_flag', '=', 0)
    .orderBy('p.sort_no')
    .orderBy('p.id')
    .execute();
  return c.json(ok(rows.map((r) => r.id)));
});

const saveRolePermissionSchema = z.object({
  roleId: z.string({ error: '请选择角色' }).trim().min(1, '请选择角色').max(32, '角色不存在'),
  permissionIds: z.string({ error: '请选择权限' }).max(20_000, '所选权限过多'),
  lastpermissionIds: z.string().optional(), // JeecgBoot's client sends it; the whole set is replaced anyway.
});

/**
 * Replaces the role's whole permission set in one transaction; afterwards every holder of the role is told.
 * The path to every chosen row is granted with it (grant-paths.ts), so a child never floats without its menu.
 */
systemRoutes.post('/sys/permission/saveRolePermission', requirePerm(PERMS.role.permission), async (c) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const body = await readBody(c, saveRolePermissionSchema);
  const chosen = idList(body.permissionIds);
  await db.transaction().execute(async (tx) => {
    // Row lock: concurrent saves of one role run one after the other instead of colliding.
    const role = await tx.selectFrom('sys_role').select('id').where('id', '=', body.roleId).forUpdate().executeTakeFirst();
    if (!role) throw new ApiFailure('角色不存在');
    if (chosen.length) {
      const found = await tx.selectFrom('sys_permission').select('id').where('id', 'in', chosen).where('del_flag', '=', 0).execute();
      if (found.length !== chosen.length) throw new ApiFailure('所选权限不存在');
    }
    const permissionIds = await withAncestors(tx, chosen);
    // Kept links keep the data rules the role chose for them (0008 data_rule_ids).
    const kept = await tx.selectFrom('sys_role_permission').select(['permission_id', 'data_rule_ids']).where('role_id', '=', body.roleId).execute();
    const rulesOf = new Map(kept.map((k) => [k.permission_id, k.data_rule_ids]));
    await tx.deleteFrom('sys_role_permission').where('role_id', '=', body.roleId).execute();
    if (permissionIds.length) {
      await tx
        .insertInto('sys_role_permission')
        .values(permissionIds.map((pid) => ({ id: linkId(body.roleId, pid), role_id: body.roleId, permission_id: pid, data_rule_ids: rulesOf.get(pid) ?? null })))
        .execute();
    }
    await assertKeepsPerm(tx, me.id, PERMS.role.permission);
  });
  const holders = await db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', body.roleId).execute();
  await pushToUsers(c.var.services, holders.map((h) => h.user_id), PERMISSION_CHANGED);
  return c.json(ok(null, '保存成功！'));
});

const editRolesSchema = z.object({
  userId: z.string({ error: '请选择用户' }).trim().min(1, '请选择用户').max(32, '用户不存在'),
  roleIds: z.string({ error: '请选择角色' }).max(5_000, '所选角色过多'),
});

/** Replaces a user's roles in one transaction; afterwards that user is told. */
systemRoutes.put('/sys/user/editRoles', requirePerm(PERMS.user.edit), async (c) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const body = await readBody(c, editRolesSchema);
  const roleIds = idList(body.roleIds);
  await db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('sys_user').select('id').where('id', '=', body.userId).where('del_flag', '=', 0).forUpdate().executeTakeFirst();
    if (!user) throw new ApiFailure('用户不存在');
    if (roleIds.length) {
      const found = await tx.selectFrom('sys_role').select('id').where('id', 'in', roleIds).execute();
      if (found.length !== roleIds.length) throw new ApiFailure('所选角色不存在');
    }
    await tx.deleteFrom('sys_user_role').where('user_id', '=', body.userId).execute();
    if (roleIds.length) {
      await tx
        .insertInto('sys_user_role')
        .values(roleIds.map((rid) => ({ id: linkId(body.userId, rid), user_id: body.userId, role_id: rid })))
        .execute();
    }
    await assertKeepsPerm(tx, me.id, PERMS.user.edit);
  });
  await pushToUsers(c.var.services, [body.userId], PERMISSION_CHANGED);
  return c.json(ok(null, '修改成功!'));
});
