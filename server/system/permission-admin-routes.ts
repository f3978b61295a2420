import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import { toMenuTreeModels, toPermissionTree, toPermissionWire, toRoleTreeModels } from '../permissions/permission-trees';
import { addRule, deleteRule, editRule, listMenuRules, roleDataRules, ruleColumnsOfMenu, saveRoleDataRules } from './permission-data-rules';
import { NOT_FOUND, permissionSchema, roleRuleSchema, ruleSchema, toColumnsOf } from './permission-input';
import { addMenu, COMPONENT_NAME_TAKEN, componentNameTaken, editMenu, liveRow, liveRows, removeTrees, URL_TAKEN, urlTaken } from './permission-menus';
import { ApiFailure, ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody } from '../core/validate';

/**
 * 菜单管理 (`/sys/permission/*`, JeecgBoot's SysPermissionController): the menu/button tree editor and
 * menus' data rules, plus the role grant tree (`/sys/role/queryTreeList`) and a role's choice of a menu's
 * data rules (`/sys/role/datarule`). The trees have JeecgBoot's shapes (server/permissions/permission-trees.ts),
 * so JeecgBoot's own client and our screens read the same answers from us and from a JeecgBoot server.
 * The SQL is in server/system/permission-menus.ts and permission-data-rules.ts.
 *
 * - Delete cascades: a menu goes with its whole subtree (soft delete, del_flag 1), as JeecgBoot removes
 *   children too; the rows' role links and data rules are removed, so nothing is left pointing at a
 *   deleted row and no live row keeps a deleted parent.
 * - Every write runs in one transaction behind an advisory lock (parent checks, the cycle check and
 *   the uniqueness checks cannot interleave with another menu write), and must leave the caller holding
 *   the code they used and `system:permission:list`, or nobody could undo it.
 * - After commit the signed-in users whose menu may have changed are told ({cmd:'permission'}): the
 *   holders of a changed menu row; everybody when a button row changed (allAuth is everyone's).
 */
export const permissionAdminRoutes = new Hono<AppEnv>();

const MAX_BATCH = 500;

const q = (c: Ctx, name: string) => (c.req.query(name) ?? '').trim();
const idList = (raw: string) => [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];

// ---------------------------------------------------------------- menus and buttons

/** 菜单管理's table: JeecgBoot's SysPermissionTree list (every column, menus and buttons). */
permissionAdminRoutes.get('/sys/permission/list', requirePerm(PERMS.permission.list), async (c) => {
  const rows = await liveRows(c.var.services.db);
  return c.json(ok(toPermissionTree(rows)));
});

/** The menu form's parent picker in JeecgBoot's client: `{treeList: TreeModel[], ids}` (ids = every live row). */
permissionAdminRoutes.get('/sys/permission/queryTreeList', requirePerm(PERMS.permission.list), async (c) => {
  const rows = await liveRows(c.var.services.db);
  return c.json(ok({ treeList: toMenuTreeModels(rows), ids: rows.map((r) => r.id) }));
});

permissionAdminRoutes.get('/sys/permission/queryById', requirePerm(PERMS.permission.list), async (c) => {
  const id = q(c, 'id').slice(0, 64);
  const row = id ? await liveRow(c.var.services.db, id) : undefined;
  if (!row) throw new ApiFailure(NOT_FOUND);
  return c.json(ok(toPermissionWire(row)));
});

/** JeecgBoot's `?id=&url=&alwaysShow=`; `componentName=` checks the route name the same way. */
permissionAdminRoutes.get('/sys/permission/checkPermDuplication', requirePerm(PERMS.permission.list), async (c) => {
  const { db } = c.var.services;
  const id = q(c, 'id').slice(0, 64) || null;
  const url = q(c, 'url').slice(0, 300);
  const componentName = q(c, 'componentName').slice(0, 120);
  if (!url && !componentName) return c.json(ok(null, '该值可用！'));
  if (url && (await urlTaken(db, url, q(c, 'alwaysShow') === 'true', id))) throw new ApiFailure(URL_TAKEN);
  if (componentName && (await componentNameTaken(db, componentName, id))) throw new ApiFailure(COMPONENT_NAME_TAKEN);
  return c.json(ok(null, '该值可用！'));
});

permissionAdminRoutes.post('/sys/permission/add', requirePerm(PERMS.permission.add), async (c) => {
  const row = toColumnsOf(await readBody(c, permissionSchema));
  const saved = await addMenu(c.var.services, authOf(c).user, row);
  return c.json(ok(toPermissionWire(saved), '添加成功！'));
});

permissionAdminRoutes.on(['PUT', 'POST'], '/sys/permission/edit', requirePerm(PERMS.permission.edit), async (c) => {
  const body = await readBody(c, permissionSchema);
  const id = body.id ?? '';
  if (!id) throw new ApiFailure(NOT_FOUND);
  const saved = await editMenu(c.var.services, authOf(c).user, id, toColumnsOf(body));
  return c.json(ok(toPermissionWire(saved), '修改成功！'));
});

permissionAdminRoutes.delete('/sys/permission/delete', requirePerm(PERMS.permission.delete), async (c) => {
  const id = q(c, 'id');
  if (!id || id.length > 64) throw new ApiFailure(NOT_FOUND);
  await removeTrees(c.var.services, authOf(c).user, [id]);
  return c.json(ok(null, '删除成功!'));
});

permissionAdminRoutes.delete('/sys/permission/deleteBatch', requirePerm(PERMS.permission.delete), async (c) => {
  const ids = idList(c.req.query('ids') ?? '');
  if (!ids.length) throw new ApiFailure('请选择一条记录！');
  if (ids.length > MAX_BATCH || ids.some((s) => s.length > 64)) throw new ApiFailure(`一次最多删除${MAX_BATCH}条记录`);
  await removeTrees(c.var.services, authOf(c).user, ids);
  return c.json(ok(null, '删除成功!'));
});

// ---------------------------------------------------------------- data rules

async function listRules(c: Ctx) {
  const permissionId = q(c, 'permissionId').slice(0, 64);
  if (!permissionId) throw new ApiFailure('请选择菜单');
  const rules = await listMenuRules(c.var.services.db, permissionId, q(c, 'ruleName').slice(0, 50), q(c, 'ruleValue').slice(0, 300));
  if (!rules) throw new ApiFailure(NOT_FOUND);
  return c.json(ok(rules));
}

permissionAdminRoutes.get('/sys/permission/getPermRuleListByPermId', requirePerm(PERMS.permission.list), listRules);
// The Vue 2 client searches a menu's rules here (same filters).
permissionAdminRoutes.get('/sys/permission/queryPermissionRule', requirePerm(PERMS.permission.list), listRules);

/** What the rule form offers for one menu: the resources it stands for and their fields. */
permissionAdminRoutes.get('/sys/permission/ruleColumns', requirePerm(PERMS.permission.list), async (c) => {
  return c.json(ok(await ruleColumnsOfMenu(c.var.services.db, q(c, 'permissionId').slice(0, 64))));
});

permissionAdminRoutes.post('/sys/permission/addPermissionRule', requirePerm(PERMS.permission.rule), async (c) => {
  const saved = await addRule(c.var.services.db, authOf(c).user, await readBody(c, ruleSchema));
  return c.json(ok(saved, '添加成功！'));
});

permissionAdminRoutes.on(['PUT', 'POST'], '/sys/permission/editPermissionRule', requirePerm(PERMS.permission.rule), async (c) => {
  const saved = await editRule(c.var.services.db, authOf(c).user, await readBody(c, ruleSchema));
  return c.json(ok(saved, '修改成功！'));
});

permissionAdminRoutes.delete('/sys/permission/deletePermissionRule', requirePerm(PERMS.permission.rule), async (c) => {
  await deleteRule(c.var.services.db, q(c, 'id').slice(0, 64));
  return c.json(ok(null, '删除成功！'));
});

// ---------------------------------------------------------------- a role's grants (JeecgBoot SysRoleController)

/** The role grant tree (角色授权, 角色管理 → 授权): `{treeList: TreeModel[], ids}`, under the code that guards granting. */
permissionAdminRoutes.get('/sys/role/queryTreeList', requirePerm(PERMS.role.permission), async (c) => {
  const rows = await liveRows(c.var.services.db);
  return c.json(ok({ treeList: toRoleTreeModels(rows), ids: rows.map((r) => r.id) }));
});

permissionAdminRoutes.get('/sys/role/datarule/:permissionId/:roleId', requirePerm(PERMS.role.permission), async (c) => {
  const found = await roleDataRules(c.var.services.db, c.req.param('permissionId').slice(0, 64), c.req.param('roleId').slice(0, 64));
  if (!found) throw new ApiFailure('未找到权限配置信息');
  return c.json(ok(found));
});

/** Which of a menu's rules apply to a role; the role must already hold the menu. */
permissionAdminRoutes.post('/sys/role/datarule', requirePerm(PERMS.role.permission), async (c) => {
  const body = await readBody(c, roleRuleSchema);
  await saveRoleDataRules(c.var.services.db, body.roleId, body.permissionId, idList(body.dataRuleIds ?? ''));
  return c.json(ok(null, '保存成功!'));
});
