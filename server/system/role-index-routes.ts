import { Hono } from 'hono';
import { z } from 'zod';
import { PERMS } from '../../lib/permissions/codes';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { idOrUndefined, parseIdList } from '../core/ids';
import { ROLE_INDEX_MESSAGES, saveRoleIndex, toRoleIndexWire } from './role-index';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { readBody } from '../core/validate';

/**
 * 首页配置 `/sys/sysRoleIndex/*` at JeecgBoot 3.x's paths and shapes (SysRoleIndexController): `list` (paged, by
 * roleCode), `queryById`, `queryByCode`, `add`, `edit` (PUT or POST), `delete?id=`, `deleteBatch?ids=`. Reading needs
 * 角色管理's list code, writing its edit code (a role's home is part of the role). Where it applies: lib/role-home.ts.
 */
export const roleIndexRoutes = new Hono<AppEnv>();

const BASE = '/sys/sysRoleIndex';
const ROLE_CODE_RE = /^[A-Za-z][A-Za-z0-9_]{1,63}$/;

const bodySchema = z.object({
  id: z.string().trim().max(32).optional().nullable(),
  roleCode: z.string({ error: '请选择角色' }).trim().regex(ROLE_CODE_RE, '角色编码不正确'),
  url: z
    .string({ error: '请选择首页' })
    .trim()
    .min(1, '请选择首页')
    .max(200, '路由地址最长200个字符')
    .regex(/^\/(?!\/)[^\s?#]*$/, '路由地址须以 / 开头'),
  route: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional().transform((v) => (v === undefined ? undefined : v === true || v === 'true')),
  priority: z.coerce.number({ error: '优先级须为整数' }).int('优先级须为整数').min(0, '优先级须在0-9999之间').max(9999, '优先级须在0-9999之间').optional(),
  status: z.enum(['0', '1'], { error: '状态不正确' }).optional(),
});

roleIndexRoutes.get(`${BASE}/list`, requirePerm(PERMS.role.list), async (c) => {
  const { db } = c.var.services;
  const { pageNo, pageSize, offset } = readPage(c);
  const roleCode = c.req.query('roleCode')?.trim();
  let q = db.selectFrom('sys_role_index');
  if (roleCode) q = q.where('role_code', '=', roleCode.slice(0, 64));
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('priority', 'desc').orderBy('create_time', 'desc').orderBy('id').limit(pageSize).offset(offset).execute(),
  ]);
  return c.json(ok(pageOf(rows.map(toRoleIndexWire), Number(n), pageNo, pageSize)));
});

roleIndexRoutes.get(`${BASE}/queryById`, requirePerm(PERMS.role.list), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  const row = id ? await c.var.services.db.selectFrom('sys_role_index').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw new ApiFailure(ROLE_INDEX_MESSAGES.notFound);
  return c.json(ok(toRoleIndexWire(row)));
});

/** JeecgBoot answers null when the role has no row (its 首页配置 dialog then adds one). */
roleIndexRoutes.get(`${BASE}/queryByCode`, requirePerm(PERMS.role.list), async (c) => {
  const roleCode = (c.req.query('roleCode') ?? '').trim();
  if (!ROLE_CODE_RE.test(roleCode)) throw new ApiFailure('角色编码不正确');
  const row = await c.var.services.db.selectFrom('sys_role_index').selectAll().where('role_code', '=', roleCode).executeTakeFirst();
  return c.json(ok(row ? toRoleIndexWire(row) : null));
});

roleIndexRoutes.post(`${BASE}/add`, requirePerm(PERMS.role.edit), async (c) => {
  const { user } = authOf(c);
  const body = await readBody(c, bodySchema);
  await saveRoleIndex(c.var.services.db, { ...body, id: undefined }, { username: user.username, orgCode: user.org_code });
  return c.json(ok(null, '添加成功！'));
});

roleIndexRoutes.on(['PUT', 'POST'], `${BASE}/edit`, requirePerm(PERMS.role.edit), async (c) => {
  const { user } = authOf(c);
  const body = await readBody(c, bodySchema);
  if (!body.id) throw new ApiFailure(ROLE_INDEX_MESSAGES.notFound);
  await saveRoleIndex(c.var.services.db, { ...body, id: body.id }, { username: user.username, orgCode: user.org_code });
  return c.json(ok(null, '编辑成功!'));
});

roleIndexRoutes.delete(`${BASE}/delete`, requirePerm(PERMS.role.edit), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure('参数错误');
  await c.var.services.db.deleteFrom('sys_role_index').where('id', '=', id).execute();
  return c.json(ok(null, '删除成功!'));
});

roleIndexRoutes.delete(`${BASE}/deleteBatch`, requirePerm(PERMS.role.edit), async (c) => {
  const ids = parseIdList(c.req.query('ids')).filter((id) => id.length <= 32);
  if (!ids.length || ids.length > 1000) throw new ApiFailure('参数错误');
  await c.var.services.db.deleteFrom('sys_role_index').where('id', 'in', ids).execute();
  return c.json(ok(null, '批量删除成功！'));
});
