import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { sql, type ExpressionBuilder } from 'kysely';
import { ADMIN_ACCOUNT_GUARD, ADMIN_USERNAME, SELF_DELETE_GUARD, SELF_FREEZE_GUARD } from '../../lib/system/user-perms';
import { userResource } from '../../features/system/users/user-resource';
import { hashPassword, passwordProblem } from '../auth/password';
import type { Database } from '../db';
import type { DB, SysUser } from '../db/schema';
import { escapeLike } from '../db/like';
import { userPermissionAnswer } from '../permissions/user-permission-answer';
import { userHome } from './role-home';
import { getDictItems } from '../resources/dicts';
import { loadDepartLinks, loadUserDeparts, loadUserPermCodes, loadUserRoles, toUserInfo, toUserRecords } from '../auth/users';
import { parseListQuery, toWhere } from '../resources/query';
import { asAny } from '../resources/select';
import { formatDateTime } from '../core/format';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

export const userRoutes = new Hono<AppEnv>();

userRoutes.get('/sys/user/getAccountInfoFromToken', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const [departs, roles, homePath] = await Promise.all([loadUserDeparts(db, user.id), loadUserRoles(db, user.id), userHome(db, user.id)]);
  return c.json(
    ok({
      userInfo: toUserInfo(user, departs),
      accountInfo: { name: user.realname, endTime: formatDateTime(user.account_end_time) },
      departs,
      roles,
      // Ours, beyond JeecgBoot's answer: where '/' and 返回首页 send this user (lib/role-home.ts resolveHome).
      homePath,
    }),
  );
});

userRoutes.get('/sys/user/getCurrentUserDeparts', async (c) => {
  const { user } = authOf(c);
  const list = await loadUserDeparts(c.var.services.db, user.id);
  return c.json(ok({ list, orgCode: user.org_code }));
});

/** The username always comes from the token; a body username naming someone else is ignored. */
userRoutes.on(['PUT', 'POST'], '/sys/selectDepart', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const { orgCode } = await readBody(c, z.object({ orgCode: z.string({ error: '请选择部门' }).trim().min(1, '请选择部门').max(64), username: z.string().optional() }));
  const departs = await loadUserDeparts(db, user.id);
  if (!departs.some((d) => d.orgCode === orgCode)) throw new ApiFailure('所选部门不属于当前用户');
  await db.updateTable('sys_user').set({ org_code: orgCode, update_time: new Date() }).where('id', '=', user.id).execute();
  return c.json(ok({ userInfo: toUserInfo({ ...user, org_code: orgCode }, departs) }));
});

userRoutes.get('/sys/permission/getUserPermissionByToken', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  return c.json(ok(await userPermissionAnswer(db, user.id)));
});

const idsSchema = z.object({
  ids: z.string({ error: '请选择用户' }).min(1, '请选择用户').max(10_000),
  status: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: '状态参数错误' }).transform(Number),
});

/** Freezing ends the user's live sessions at once (their next call gets 401). */
userRoutes.put('/sys/user/frozenBatch', requirePerm(PERMS.user.frozen), async (c) => {
  const { db, sessions } = c.var.services;
  const me = authOf(c).user;
  const { ids, status } = await readBody(c, idsSchema);
  const list = ids.split(',').map((s) => s.trim()).filter(Boolean);
  if (status === 2 && list.includes(me.id)) throw new ApiFailure(SELF_FREEZE_GUARD);
  if (status === 2 && (await hasAdminAccount(db, list))) throw new ApiFailure(ADMIN_ACCOUNT_GUARD);
  await db.updateTable('sys_user').set({ status, update_by: me.username, update_time: new Date() }).where('id', 'in', list).execute();
  if (status === 2) for (const id of list) await sessions.revokeUser(id, 'frozen');
  return c.json(ok(null, status === 2 ? '冻结成功!' : '解冻成功!'));
});

// ---------------------------------------------------------------- 用户管理 extras (contract §4)

const MAX_IDS = 1000;
/** Bounds the arrays answered without paging (a department's users, the whole recycle bin). */
const MAX_UNPAGED = 2000;
const NO_USER_SELECTED = '请选择用户';

/** Users linked to a live department whose org code starts with `orgCode` (the department and those under it). */
const inDepartSubtree =
  (orgCode: string) =>
  ({ exists, selectFrom }: ExpressionBuilder<DB & { u: DB['sys_user'] }, 'u'>) =>
    exists(
      selectFrom('sys_user_depart as ud')
        .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
        .select('ud.id')
        .whereRef('ud.user_id', '=', 'u.id')
        .where('d.del_flag', '=', '0')
        .where('d.org_code', 'like', `${escapeLike(orgCode)}%`),
    );

/** A comma list of ids: trimmed, deduplicated, bounded. */
function idList(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(',');
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}

function checkedIds(raw: unknown): string[] | string {
  const ids = idList(raw);
  if (!ids.length) return NO_USER_SELECTED;
  if (ids.length > MAX_IDS || ids.some((s) => s.length > 64)) return `一次最多选择${MAX_IDS}个用户`;
  return ids;
}

/** Whether the built-in administrator account is among these user ids. */
async function hasAdminAccount(db: Database, ids: string[]): Promise<boolean> {
  if (!ids.length) return false;
  return Boolean(await db.selectFrom('sys_user').select('id').where('id', 'in', ids).where('username', '=', ADMIN_USERNAME).executeTakeFirst());
}

/**
 * 删除 / 批量删除 run on the resource engine (server/system/catalog-users.ts, whose extraWhere repeats both
 * rules in SQL); this guard in front of it says why a request is refused instead of skipping rows.
 */
const deleteGuard =
  (param: 'id' | 'ids'): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const ids = idList(c.req.query(param));
    if (ids.includes(authOf(c).user.id)) throw new ApiFailure(SELF_DELETE_GUARD);
    if (ids.length <= MAX_IDS && (await hasAdminAccount(c.var.services.db, ids))) throw new ApiFailure(ADMIN_ACCOUNT_GUARD);
    return next();
  };

userRoutes.delete('/sys/user/delete', requirePerm(PERMS.user.delete), deleteGuard('id'));
userRoutes.delete('/sys/user/deleteBatch', requirePerm(PERMS.user.deleteBatch), deleteGuard('ids'));

/**
 * `/sys/user/list?departId=`: users of that department (the resource engine filters through the
 * catalog's extraWhere); a department without users answers OK with no result, as JeecgBoot does.
 */
userRoutes.get('/sys/user/list', async (c, next) => {
  const departId = (c.req.query('departId') ?? '').trim();
  if (!departId) return next();
  // Permission first: an unauthorised caller learns nothing about the department.
  if (!(await loadUserPermCodes(c.var.services.db, authOf(c).user.id)).has(PERMS.user.list)) throw new ApiFailure(NO_PERMISSION, 510);
  const linked = departId.length <= 64 && (await c.var.services.db.selectFrom('sys_user_depart').select('id').where('dep_id', '=', departId).limit(1).executeTakeFirst());
  if (!linked) return c.json(ok(null));
  return next();
});

/**
 * 回收站: deleted users, newest deletion first, optionally filtered by username / realname. With
 * `pageNo` it answers a page; without, an array as JeecgBoot does (bounded).
 */
userRoutes.get('/sys/user/recycleBin', requirePerm(PERMS.user.recycleBin), async (c) => {
  const { db } = c.var.services;
  const username = (c.req.query('username') ?? '').trim().slice(0, 100);
  const realname = (c.req.query('realname') ?? '').trim().slice(0, 100);
  let q = db.selectFrom('sys_user').where('del_flag', '=', 1);
  if (username) q = q.where('username', 'ilike', `%${escapeLike(username)}%`);
  if (realname) q = q.where('realname', 'ilike', `%${escapeLike(realname)}%`);
  const paged = c.req.query('pageNo') !== undefined;
  const { pageNo, pageSize, offset } = readPage(c);
  const rowsQuery = q
    .select(['id', 'username', 'realname', 'avatar', 'sex', 'phone', 'email', 'work_no', 'org_code', 'status', 'create_time', 'update_by', 'update_time'])
    .orderBy('update_time', (ob) => ob.desc().nullsLast())
    .orderBy('id')
    .offset(paged ? offset : 0)
    .limit(paged ? pageSize : MAX_UNPAGED);
  const [rows, count, sex] = await Promise.all([
    rowsQuery.execute(),
    paged ? q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() : Promise.resolve(null),
    getDictItems(db, 'sex'),
  ]);
  const links = await loadDepartLinks(db, rows.map((r) => r.id));
  const records = rows.map((r) => ({
    id: r.id,
    username: r.username,
    realname: r.realname,
    avatar: r.avatar,
    sex: r.sex,
    sex_dictText: r.sex === null ? null : (sex.find((i) => i.value === String(r.sex))?.text ?? String(r.sex)),
    phone: r.phone,
    email: r.email,
    workNo: r.work_no,
    orgCode: r.org_code,
    orgCodeTxt: links.get(r.id)?.names.join(',') ?? null,
    status: r.status,
    delFlag: 1,
    createTime: formatDateTime(r.create_time),
    updateBy: r.update_by,
    updateTime: formatDateTime(r.update_time),
  }));
  return c.json(ok(paged ? pageOf(records, Number(count!.n), pageNo, pageSize) : records));
});

/** 还原: deleted users come back. Their sessions from before the deletion are ended, never revived. */
userRoutes.put('/sys/user/putRecycleBin', requirePerm(PERMS.user.putRecycleBin), async (c) => {
  const { db, sessions } = c.var.services;
  const me = authOf(c).user;
  const body = await readBody(c, z.object({ userIds: z.union([z.string(), z.array(z.string())], { error: NO_USER_SELECTED }) }));
  const ids = checkedIds(body.userIds);
  if (typeof ids === 'string') throw new ApiFailure(ids);
  const deleted = await db.selectFrom('sys_user').select('id').where('id', 'in', ids).where('del_flag', '=', 1).execute();
  if (!deleted.length) throw new ApiFailure('未找到对应数据');
  for (const u of deleted) await sessions.revokeUser(u.id, 'restored');
  await db.updateTable('sys_user').set({ del_flag: 0, update_by: me.username, update_time: new Date() }).where('id', 'in', deleted.map((u) => u.id)).where('del_flag', '=', 1).execute();
  return c.json(ok(null, '还原成功'));
});

/** 彻底删除: only users already in the recycle bin; their links and sessions go with them (cascade). */
userRoutes.delete('/sys/user/deleteRecycleBin', requirePerm(PERMS.user.deleteRecycleBin), async (c) => {
  const { db, sessions } = c.var.services;
  const ids = checkedIds(c.req.query('userIds'));
  if (typeof ids === 'string') throw new ApiFailure(ids);
  const doomed = await db.selectFrom('sys_user').select('id').where('id', 'in', ids).where('del_flag', '=', 1).where('username', '<>', ADMIN_USERNAME).execute();
  if (!doomed.length) throw new ApiFailure('未找到对应数据');
  // Closes any open websocket of theirs before the session rows disappear with the user.
  for (const u of doomed) await sessions.revokeUser(u.id, 'purged');
  await db.deleteFrom('sys_user').where('id', 'in', doomed.map((u) => u.id)).where('del_flag', '=', 1).execute();
  return c.json(ok(null, '删除成功!'));
});

const changePasswordSchema = z.object({
  username: z.string({ error: '请输入用户账号' }).trim().min(1, '请输入用户账号').max(64),
  password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(128, '密码不能超过64位'),
  // The contract's confirmPassword; JeecgBoot's Vue form sends confirmpassword.
  confirmPassword: z.string().max(128).optional(),
  confirmpassword: z.string().max(128).optional(),
});

/**
 * 重置密码 by an administrator: the project's password rule applies, and the user's sessions end at
 * once like freezing does (the administrator's own current session survives a reset of their own).
 */
userRoutes.put('/sys/user/changePassword', requirePerm(PERMS.user.changePassword), async (c) => {
  const { db, sessions } = c.var.services;
  const { user: me, tokenHash } = authOf(c);
  const body = await readBody(c, changePasswordSchema);
  const confirm = body.confirmPassword ?? body.confirmpassword;
  if (!confirm) throw new ApiFailure('请确认登录密码');
  if (confirm !== body.password) throw new ApiFailure('两次输入的密码不一致');
  const problem = passwordProblem(body.password);
  if (problem) throw new ApiFailure(problem);
  const target = await db.selectFrom('sys_user').select('id').where('username', '=', body.username).where('del_flag', '=', 0).executeTakeFirst();
  if (!target) throw new ApiFailure('用户不存在！');
  await db.updateTable('sys_user').set({ password_hash: await hashPassword(body.password), update_by: me.username, update_time: new Date() }).where('id', '=', target.id).execute();
  await sessions.revokeUser(target.id, 'password-reset', target.id === me.id ? tokenHash : undefined);
  return c.json(ok(null, '密码修改成功!'));
});

/** Users in a department's subtree (by org code), through their department links; `realname` contains. */
userRoutes.get('/sys/user/queryUserByDepId', requirePerm(PERMS.user.list), async (c) => {
  const { db } = c.var.services;
  const id = (c.req.query('id') ?? '').trim();
  if (!id) throw new ApiFailure('请选择部门');
  const depart = id.length <= 64 ? await db.selectFrom('sys_depart').select('org_code').where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst() : undefined;
  if (!depart) throw new ApiFailure('部门不存在');
  const realname = (c.req.query('realname') ?? '').trim().slice(0, 100);
  let q = db
    .selectFrom('sys_user as u')
    .selectAll('u')
    .where('u.del_flag', '=', 0)
    .where(inDepartSubtree(depart.org_code));
  if (realname) q = q.where('u.realname', 'ilike', `%${escapeLike(realname)}%`);
  const users = await q.orderBy('u.username').limit(MAX_UNPAGED).execute();
  return c.json(ok(await toUserRecords(db, users)));
});

// ---------------------------------------------------------------- JeecgBoot's user-picker endpoints

const MAX_IN = 500;

/** Values of an IN filter from a comma list (the stock client ends it with a comma), or a refusal. */
function inValues(raw: string): string[] | string {
  const list = idList(raw);
  if (list.length > MAX_IN) return `查询条件不能超过${MAX_IN}个值`;
  return list.some((s) => s.length > 100) ? '查询条件过长' : list;
}

/**
 * `getMultiUser?username=a,b,` (or `id=`, or any other user field in contract §7's plain-param grammar):
 * the active users it names, as a bare array, not an envelope, as JeecgBoot answers it (its user pickers
 * read the response itself). Same permission as the user list our own pickers read.
 */
userRoutes.get('/sys/user/getMultiUser', requirePerm(PERMS.user.list), async (c) => {
  const { db } = c.var.services;
  const { where } = parseListQuery(userResource, c.req.query());
  const rows = await asAny(db)
    .selectFrom(userResource.table)
    .selectAll()
    .where(toWhere(userResource, where, (eb) => eb(sql.ref('status'), '=', 1)))
    .orderBy(sql.ref('username'))
    .limit(MAX_UNPAGED)
    .execute();
  // selectAll on sys_user: exactly the table's row type.
  return c.json(await toUserRecords(db, rows as unknown as SysUser[]));
});

/**
 * The stock user picker's page (JSelectUserByDepModal): active users, optionally of a department's subtree
 * (`departId`, by org code), `username` contains (a comma list = exactly those), `realname` contains,
 * `id` (one or a comma list). `orgCodeTxt` holds each user's department names.
 */
userRoutes.get('/sys/user/queryUserComponentData', requirePerm(PERMS.user.list), async (c) => {
  const { db } = c.var.services;
  const { pageNo, pageSize, offset } = readPage(c);
  const param = (name: string) => (c.req.query(name) ?? '').trim().slice(0, 10_000);
  const [departId, username, realname, id] = [param('departId'), param('username'), param('realname').slice(0, 100), param('id')];
  let q = db.selectFrom('sys_user as u').where('u.del_flag', '=', 0).where('u.status', '=', 1);
  if (departId) {
    const depart = departId.length <= 64 ? await db.selectFrom('sys_depart').select('org_code').where('id', '=', departId).where('del_flag', '=', '0').executeTakeFirst() : undefined;
    // An unknown department has no users (JeecgBoot would fail on it).
    if (!depart) return c.json(ok(pageOf([], 0, pageNo, pageSize)));
    q = q.where(inDepartSubtree(depart.org_code));
  }
  if (username.includes(',')) {
    const names = inValues(username);
    if (typeof names === 'string') throw new ApiFailure(names);
    if (names.length) q = q.where('u.username', 'in', names);
  } else if (username) q = q.where('u.username', 'ilike', `%${escapeLike(username.slice(0, 100))}%`);
  if (realname) q = q.where('u.realname', 'ilike', `%${escapeLike(realname)}%`);
  if (id) {
    const ids = inValues(id);
    if (typeof ids === 'string') throw new ApiFailure(ids);
    if (ids.length) q = q.where('u.id', 'in', ids);
  }
  const [rows, count] = await Promise.all([
    q.selectAll('u').orderBy('u.create_time', 'desc').orderBy('u.id', 'desc').offset(offset).limit(pageSize).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return c.json(ok(pageOf(await toUserRecords(db, rows), Number(count.n), pageNo, pageSize)));
});

/** Another user's departments / roles need the user list permission; one's own never does. */
async function canReadUser(c: Ctx, userId: string): Promise<boolean> {
  const me = authOf(c).user;
  return userId === me.id || (await loadUserPermCodes(c.var.services.db, me.id)).has(PERMS.user.list);
}

/** A user's departments as `{key, value, title}` (contract §4). */
userRoutes.get('/sys/user/userDepartList', async (c) => {
  const userId = (c.req.query('userId') ?? '').trim().slice(0, 64);
  if (!userId) throw new ApiFailure(NO_USER_SELECTED);
  if (!(await canReadUser(c, userId))) throw new ApiFailure(NO_PERMISSION, 510);
  const departs = await loadUserDeparts(c.var.services.db, userId);
  return c.json(ok(departs.map((d) => ({ key: d.id, value: d.id, title: d.departName }))));
});

/** A user's role ids (contract §4: `queryUserRole?userid=`). */
userRoutes.get('/sys/user/queryUserRole', async (c) => {
  const userId = (c.req.query('userid') ?? '').trim().slice(0, 64);
  if (!userId) throw new ApiFailure(NO_USER_SELECTED);
  if (!(await canReadUser(c, userId))) throw new ApiFailure(NO_PERMISSION, 510);
  const rows = await c.var.services.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
  return c.json(ok(rows.map((r) => r.role_id)));
});
