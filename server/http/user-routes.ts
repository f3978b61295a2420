import { Hono } from 'hono';
import { z } from 'zod';
import { buildPermissionAnswer, type PermissionRow } from '../permissions/menu-tree';
import { loadUserDeparts, loadUserRoles, toUserInfo } from '../services/users';
import { formatDateTime } from '../services/format';
import { fail, ok } from './envelope';
import { requirePerm } from './perm';
import { authOf, type AppEnv } from './types';
import { readBody } from './validate';

export const userRoutes = new Hono<AppEnv>();

userRoutes.get('/sys/user/getAccountInfoFromToken', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const [departs, roles] = await Promise.all([loadUserDeparts(db, user.id), loadUserRoles(db, user.id)]);
  return c.json(
    ok({
      userInfo: toUserInfo(user, departs),
      accountInfo: { name: user.realname, endTime: formatDateTime(user.account_end_time) },
      departs,
      roles,
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
  if (!departs.some((d) => d.orgCode === orgCode)) return c.json(fail('所选部门不属于当前用户'));
  await db.updateTable('sys_user').set({ org_code: orgCode, update_time: new Date() }).where('id', '=', user.id).execute();
  return c.json(ok({ userInfo: toUserInfo({ ...user, org_code: orgCode }, departs) }));
});

userRoutes.get('/sys/permission/getUserPermissionByToken', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const columns = [
    'p.id', 'p.parent_id', 'p.name', 'p.url', 'p.component', 'p.component_name', 'p.redirect', 'p.menu_type', 'p.perms', 'p.perms_type',
    'p.sort_no', 'p.always_show', 'p.icon', 'p.is_route', 'p.keep_alive', 'p.hidden', 'p.hide_tab', 'p.status', 'p.internal_or_external',
  ] as const;
  const userRows = await db
    .selectFrom('sys_permission as p')
    .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select(columns)
    .distinct()
    .where('ur.user_id', '=', user.id)
    .where('p.del_flag', '=', 0)
    .orderBy('p.sort_no')
    .execute();
  const allButtons = await db.selectFrom('sys_permission as p').select(columns).where('p.menu_type', '=', 2).where('p.del_flag', '=', 0).orderBy('p.sort_no').execute();
  return c.json(ok(buildPermissionAnswer(userRows as PermissionRow[], allButtons as PermissionRow[])));
});

const idsSchema = z.object({
  ids: z.string({ error: '请选择用户' }).min(1, '请选择用户').max(10_000),
  status: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: '状态参数错误' }).transform(Number),
});

/** Freezing ends the user's live sessions at once (their next call gets 401). */
userRoutes.put('/sys/user/frozenBatch', requirePerm('system:user:frozen'), async (c) => {
  const { db, sessions } = c.var.services;
  const me = authOf(c).user;
  const { ids, status } = await readBody(c, idsSchema);
  const list = ids.split(',').map((s) => s.trim()).filter(Boolean);
  if (status === 2 && list.includes(me.id)) return c.json(fail('不能冻结当前登录用户'));
  await db.updateTable('sys_user').set({ status, update_by: me.username, update_time: new Date() }).where('id', 'in', list).execute();
  if (status === 2) for (const id of list) await sessions.revokeUser(id, 'frozen');
  return c.json(ok(null, status === 2 ? '冻结成功!' : '解冻成功!'));
});
