import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  componentNameProblem,
  componentProblem,
  conditionText,
  iconProblem,
  isMenuType,
  MENU_TYPE,
  normaliseCondition,
  parseRuleValue,
  permCodes,
  permsProblem,
  redirectProblem,
  ROUTE_VIEW_COMPONENT,
  RULE_COLUMN_RE,
  ruleValueConditionProblem,
  urlProblem,
  type MenuType,
} from '../../features/system/permission/permission-rules';
import type { ResourceDef } from '../../lib/resources/types';
import { isQueryable } from '../../lib/resources/field-kinds';
import type { Database } from '../db';
import type { SysPermission, SysPermissionDataRule } from '../db/schema';
import { newId } from '../ids';
import { toMenuTreeModels, toPermissionTree, toPermissionWire, toRoleTreeModels } from '../permissions/permission-trees';
import { menuMapsTo, ruleField, ruleProblemFor } from '../resources/data-rules';
import { listResources } from '../resources/registry';
import { pushToAll } from '../services/announcements';
import { formatDateTime } from '../services/format';
import { pushToUsers, PERMISSION_CHANGED } from '../services/notify';
import { loadUserPermCodes } from '../services/users';
import { ApiFailure, fail, ok } from './envelope';
import { requirePerm } from './perm';
import { authOf, type AppEnv, type Ctx } from './types';
import { readBody } from './validate';

/**
 * 菜单管理 (`/sys/permission/*`, JeecgBoot's SysPermissionController): the menu/button tree editor and
 * menus' data rules, plus the role grant tree (`/sys/role/queryTreeList`) and a role's choice of a menu's
 * data rules (`/sys/role/datarule`). The trees have JeecgBoot's shapes (server/permissions/permission-trees.ts),
 * so JeecgBoot's own client and our screens read the same answers from us and from a JeecgBoot server.
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

export const PERM = {
  list: 'system:permission:list',
  add: 'system:permission:add',
  edit: 'system:permission:edit',
  delete: 'system:permission:delete',
  rule: 'system:permission:rule',
  rolePermission: 'system:role:permission',
} as const;

const NOT_FOUND = '未找到菜单信息';
const URL_TAKEN = '访问路径不允许重复，请重定义！';
const COMPONENT_NAME_TAKEN = '组件名称不允许重复，请重定义！';
const MAX_BATCH = 500;
/** pg_advisory_xact_lock key of menu writes (any fixed number; "jwmenu"). */
const MENU_LOCK = 0x6a776d656e75;

const q = (c: Ctx, name: string) => (c.req.query(name) ?? '').trim();
const idList = (raw: string) => [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];

// ---------------------------------------------------------------- wire form

const ruleWire = (r: SysPermissionDataRule, columnText?: string) => ({
  id: r.id,
  permissionId: r.permission_id,
  ruleName: r.rule_name,
  ruleColumn: r.rule_column,
  ruleColumnText: columnText ?? r.rule_column,
  ruleConditions: r.rule_conditions,
  ruleConditions_dictText: conditionText(r.rule_conditions),
  ruleValue: r.rule_value,
  status: r.status,
  createBy: r.create_by,
  createTime: formatDateTime(r.create_time),
  updateBy: r.update_by,
  updateTime: formatDateTime(r.update_time),
});

// ---------------------------------------------------------------- input

const text = (max: number, label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label}格式不正确` })
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= max, `${label}不能超过${max}个字符`);

/** Booleans as JeecgBoot's clients send them: true/false, 1/0, '1'/'0', 'true'/'false'. */
const flag = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' || v === null ? false : v),
  z.boolean({ error: '开关参数不正确' }).optional(),
);

const CONTROL_RE = /[\u0000-\u001f\u007f]/;

const permissionSchema = z.object({
  id: z.string().trim().max(32).optional(),
  parentId: z.union([z.string().trim().max(32, '上级菜单不存在'), z.null()]).optional(),
  name: z
    .string({ error: '请输入菜单名称' })
    .trim()
    .min(1, '请输入菜单名称')
    .max(100, '菜单名称不能超过100个字符')
    .refine((v) => !CONTROL_RE.test(v), '菜单名称含有不可见字符'),
  menuType: z.preprocess((v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v), z.number({ error: '菜单类型不正确' }).refine(isMenuType, '菜单类型不正确')),
  url: text(255, '访问路径'),
  component: text(255, '前端组件'),
  componentName: text(100, '组件名称'),
  redirect: text(255, '默认跳转地址'),
  perms: text(1000, '授权标识'),
  icon: text(50, '菜单图标'),
  description: text(255, '描述'),
  permsType: z.preprocess((v) => (v === undefined || v === null || v === '' ? '1' : String(v)), z.enum(['1', '2'], { error: '权限策略不正确' })),
  status: z.preprocess((v) => (v === undefined || v === null || v === '' ? '1' : String(v)), z.enum(['1', '0'], { error: '状态不正确' })),
  sortNo: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: '排序不正确' }).min(-1_000_000, '排序不正确').max(1_000_000, '排序不正确'),
  ),
  route: flag,
  alwaysShow: flag,
  keepAlive: flag,
  hidden: flag,
  hideTab: flag,
  internalOrExternal: flag,
});
type PermissionInput = z.infer<typeof permissionSchema>;

/** JeecgBoot's PermissionDataUtil.intelligentProcessData: tolerate `/views/x.vue`-style components and urls without '/'. */
function tidyComponent(c: string): string {
  let s = c.trim().replace(/^\/+/, '');
  for (const prefix of ['src/views/', 'views/']) if (s.startsWith(prefix)) s = s.slice(prefix.length);
  return s.replace(/\.vue$/, '');
}
function tidyUrl(u: string): string {
  const s = u.trim().replace(/\.vue$/, '');
  if (!s || s.startsWith('/') || s.startsWith('{{') || /^https?:\/\//i.test(s)) return s;
  return `/${s}`;
}

type PermissionColumns = Omit<SysPermission, 'id' | 'create_by' | 'create_time' | 'update_by' | 'update_time' | 'del_flag' | 'rule_flag' | 'is_leaf'>;

/** The row the input describes, checked field by field for its type; parent and uniqueness are checked against the table later. */
function toColumnsOf(b: PermissionInput): PermissionColumns {
  const type = b.menuType as MenuType;
  const problem = (p: string | null) => {
    if (p) throw new ApiFailure(p);
  };
  const common = { name: b.name, menu_type: type, sort_no: b.sortNo, description: b.description || null };
  if (type === MENU_TYPE.button) {
    problem(permsProblem(b.perms));
    return {
      ...common,
      parent_id: b.parentId || null,
      perms: permCodes(b.perms).join(','),
      perms_type: b.permsType,
      status: b.status,
      url: null,
      component: null,
      component_name: null,
      redirect: null,
      icon: null,
      is_route: false,
      always_show: false,
      keep_alive: false,
      hidden: false,
      hide_tab: false,
      internal_or_external: false,
    };
  }
  const component = tidyComponent(b.component) || (type === MENU_TYPE.top ? ROUTE_VIEW_COMPONENT : '');
  problem(componentProblem(component));
  const url = tidyUrl(b.url);
  problem(urlProblem(url, component));
  problem(componentNameProblem(b.componentName));
  problem(redirectProblem(b.redirect));
  problem(iconProblem(b.icon));
  return {
    ...common,
    parent_id: type === MENU_TYPE.top ? null : b.parentId || null,
    perms: null,
    perms_type: '1',
    status: '1',
    url,
    component,
    component_name: b.componentName || null,
    redirect: b.redirect || null,
    icon: b.icon || null,
    is_route: b.route ?? true,
    always_show: b.alwaysShow ?? false,
    keep_alive: b.keepAlive ?? false,
    hidden: b.hidden ?? false,
    hide_tab: b.hideTab ?? false,
    internal_or_external: b.internalOrExternal ?? false,
  };
}

// ---------------------------------------------------------------- table checks

async function lockMenus(tx: Database) {
  await sql`select pg_advisory_xact_lock(${MENU_LOCK})`.execute(tx);
}

const liveRow = (db: Database, id: string) => db.selectFrom('sys_permission').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();

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
async function urlTaken(db: Database, url: string, alwaysShow: boolean, exceptId: string | null) {
  let q = db.selectFrom('sys_permission').select('id').where('url', '=', url).where('always_show', '=', alwaysShow).where('del_flag', '=', 0).where('menu_type', '<>', MENU_TYPE.button);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.limit(1).executeTakeFirst());
}
async function componentNameTaken(db: Database, name: string, exceptId: string | null) {
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

/** The caller must still hold the codes of this screen after the change (else throw, rolling it back). */
async function assertKeeps(tx: Database, userId: string, code: string) {
  const codes = await loadUserPermCodes(tx, userId);
  if (!codes.has(code) || !codes.has(PERM.list)) throw new ApiFailure('不能移除自己的菜单管理权限');
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
async function announce(c: Ctx, holders: string[], anyButton: boolean) {
  if (anyButton) await pushToAll(c.var.services, PERMISSION_CHANGED);
  else await pushToUsers(c.var.services, holders, PERMISSION_CHANGED);
}

// ---------------------------------------------------------------- menus and buttons

/** Live rows in JeecgBoot's order (sort_no; the id keeps equal sort numbers stable). */
const liveRows = (db: Database) => db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).orderBy('sort_no').orderBy('id').execute();

/** 菜单管理's table: JeecgBoot's SysPermissionTree list (every column, menus and buttons). */
permissionAdminRoutes.get('/sys/permission/list', requirePerm(PERM.list), async (c) => {
  const rows = await liveRows(c.var.services.db);
  return c.json(ok(toPermissionTree(rows)));
});

/** The menu form's parent picker in JeecgBoot's client: `{treeList: TreeModel[], ids}` (ids = every live row). */
permissionAdminRoutes.get('/sys/permission/queryTreeList', requirePerm(PERM.list), async (c) => {
  const rows = await liveRows(c.var.services.db);
  return c.json(ok({ treeList: toMenuTreeModels(rows), ids: rows.map((r) => r.id) }));
});

permissionAdminRoutes.get('/sys/permission/queryById', requirePerm(PERM.list), async (c) => {
  const id = q(c, 'id').slice(0, 64);
  const row = id ? await liveRow(c.var.services.db, id) : undefined;
  return c.json(row ? ok(toPermissionWire(row)) : fail(NOT_FOUND));
});

/** JeecgBoot's `?id=&url=&alwaysShow=`; `componentName=` checks the route name the same way. */
permissionAdminRoutes.get('/sys/permission/checkPermDuplication', requirePerm(PERM.list), async (c) => {
  const { db } = c.var.services;
  const id = q(c, 'id').slice(0, 64) || null;
  const url = q(c, 'url').slice(0, 300);
  const componentName = q(c, 'componentName').slice(0, 120);
  if (!url && !componentName) return c.json(ok(null, '该值可用！'));
  if (url && (await urlTaken(db, url, q(c, 'alwaysShow') === 'true', id))) return c.json(fail(URL_TAKEN));
  if (componentName && (await componentNameTaken(db, componentName, id))) return c.json(fail(COMPONENT_NAME_TAKEN));
  return c.json(ok(null, '该值可用！'));
});

permissionAdminRoutes.post('/sys/permission/add', requirePerm(PERM.add), async (c) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const row = toColumnsOf(await readBody(c, permissionSchema));
  const id = newId();
  await db.transaction().execute(async (tx) => {
    await lockMenus(tx);
    await checkParent(tx, row, null);
    await checkUnique(tx, row, null);
    await tx.insertInto('sys_permission').values({ ...row, id, is_leaf: true, create_by: me.username, update_by: null, update_time: null }).execute();
    await refreshLeaf(tx, [row.parent_id]);
  });
  // A new row belongs to no role yet; only a new button code changes what others see (allAuth).
  if (row.menu_type === MENU_TYPE.button) await announce(c, [], true);
  return c.json(ok(toPermissionWire((await liveRow(db, id))!), '添加成功！'));
});

permissionAdminRoutes.on(['PUT', 'POST'], '/sys/permission/edit', requirePerm(PERM.edit), async (c) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const body = await readBody(c, permissionSchema);
  const id = body.id ?? '';
  if (!id) return c.json(fail(NOT_FOUND));
  const row = toColumnsOf(body);
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
    await assertKeeps(tx, me.id, PERM.edit);
    return existing;
  });
  await announce(c, await holdersOf(db, [id]), before.menu_type === MENU_TYPE.button || row.menu_type === MENU_TYPE.button);
  return c.json(ok(toPermissionWire((await liveRow(db, id))!), '修改成功！'));
});

/** Soft-deletes the rows and their live subtrees; answers the rows it deleted (before the change). */
async function removeTrees(c: Ctx, roots: string[]): Promise<{ ids: string[]; holders: string[]; anyButton: boolean }> {
  const { db } = c.var.services;
  const me = authOf(c).user;
  return db.transaction().execute(async (tx) => {
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
    await assertKeeps(tx, me.id, PERM.delete);
    return { ids, holders, anyButton: rows.some((r) => r.menu_type === MENU_TYPE.button) };
  });
}

permissionAdminRoutes.delete('/sys/permission/delete', requirePerm(PERM.delete), async (c) => {
  const id = q(c, 'id');
  if (!id || id.length > 64) return c.json(fail(NOT_FOUND));
  const r = await removeTrees(c, [id]);
  await announce(c, r.holders, r.anyButton);
  return c.json(ok(null, '删除成功!'));
});

permissionAdminRoutes.delete('/sys/permission/deleteBatch', requirePerm(PERM.delete), async (c) => {
  const ids = idList(c.req.query('ids') ?? '');
  if (!ids.length) return c.json(fail('请选择一条记录！'));
  if (ids.length > MAX_BATCH || ids.some((s) => s.length > 64)) return c.json(fail(`一次最多删除${MAX_BATCH}条记录`));
  const r = await removeTrees(c, ids);
  await announce(c, r.holders, r.anyButton);
  return c.json(ok(null, '删除成功!'));
});

// ---------------------------------------------------------------- data rules

/** Resources a menu stands for (data-rules.ts `menuMapsTo`: a button with `${perm}:list`). */
async function resourcesOfMenu(db: Database, menuId: string): Promise<ResourceDef[]> {
  const buttons = await db.selectFrom('sys_permission').select('perms').where('parent_id', '=', menuId).where('menu_type', '=', MENU_TYPE.button).where('del_flag', '=', 0).execute();
  const perms = buttons.map((b) => b.perms);
  return listResources()
    .map((r) => r.def)
    .filter((def) => menuMapsTo(def, perms));
}

/** The fields a rule of this menu may name: its resources' queryable fields, or every resource's when it stands for none. */
function ruleColumnsOf(mapped: ResourceDef[]): { value: string; text: string }[] {
  const defs = mapped.length ? mapped : listResources().map((r) => r.def);
  const out = new Map<string, string>();
  for (const def of defs) {
    for (const f of def.fields) {
      if (!isQueryable(f) || !RULE_COLUMN_RE.test(f.name) || out.has(f.name)) continue;
      out.set(f.name, mapped.length ? f.label : `${def.title}·${f.label}`);
    }
  }
  return [...out].map(([value, label]) => ({ value, text: `${label}（${value}）` }));
}

async function ruleMenu(db: Database, permissionId: string) {
  const menu = permissionId ? await liveRow(db, permissionId) : undefined;
  if (!menu) throw new ApiFailure(NOT_FOUND);
  if (menu.menu_type === MENU_TYPE.button) throw new ApiFailure('只有菜单可以设置数据规则');
  return menu;
}

const ruleSchema = z.object({
  id: z.string().trim().max(32).optional(),
  permissionId: z.string({ error: '请选择菜单' }).trim().min(1, '请选择菜单').max(32, NOT_FOUND),
  ruleName: z
    .string({ error: '请输入规则名称' })
    .trim()
    .min(1, '请输入规则名称')
    .max(50, '规则名称不能超过50个字符')
    .refine((v) => !CONTROL_RE.test(v), '规则名称含有不可见字符'),
  ruleColumn: z.string({ error: '请输入规则字段' }).trim().min(1, '请输入规则字段').regex(RULE_COLUMN_RE, '规则字段须为资源的字段名（驼峰命名，如 createBy）'),
  ruleConditions: z.string({ error: '请选择条件规则' }).trim().min(1, '请选择条件规则').max(20, '条件规则不正确'),
  ruleValue: z.string({ error: '请输入规则值' }).max(1000, '规则值过长'),
  status: z.preprocess((v) => (v === undefined || v === null || v === '' ? '1' : String(v)), z.enum(['1', '0'], { error: '状态不正确' })),
});
type RuleInput = z.infer<typeof ruleSchema>;

/** The stored columns of a rule, after checking it against the resource(s) its menu stands for. */
async function checkedRule(db: Database, b: RuleInput) {
  await ruleMenu(db, b.permissionId);
  if (b.ruleConditions.toUpperCase() === 'USE_SQL_RULES') throw new ApiFailure('不支持自定义SQL规则');
  const condition = normaliseCondition(b.ruleConditions);
  if (!condition) throw new ApiFailure('条件规则不正确');
  const value = parseRuleValue(b.ruleValue);
  if (!value.ok) throw new ApiFailure(value.error);
  const mismatch = ruleValueConditionProblem(condition, value.value);
  if (mismatch) throw new ApiFailure(mismatch);
  const mapped = await resourcesOfMenu(db, b.permissionId);
  if (mapped.length) {
    for (const def of mapped) {
      const p = ruleProblemFor(def, b.ruleColumn, condition, b.ruleValue);
      if (p) throw new ApiFailure(p);
    }
  } else {
    const candidates = listResources().filter((r) => ruleField(r.def, b.ruleColumn));
    if (!candidates.length) throw new ApiFailure(`规则字段「${b.ruleColumn}」不是任何资源的可查询字段`);
    const problems = candidates.map((r) => ruleProblemFor(r.def, b.ruleColumn, condition, b.ruleValue));
    if (problems.every(Boolean)) throw new ApiFailure(problems[0]!);
  }
  return { permission_id: b.permissionId, rule_name: b.ruleName, rule_column: b.ruleColumn, rule_conditions: condition, rule_value: b.ruleValue.trim(), status: b.status };
}

/** rule_flag of a menu = it has data rules (JeecgBoot shows it in the role screen's tree). */
async function refreshRuleFlag(tx: Database, permissionId: string) {
  await tx
    .updateTable('sys_permission as p')
    .set((eb) => ({ rule_flag: eb.case().when(eb.exists(eb.selectFrom('sys_permission_data_rule as r').select('r.id').whereRef('r.permission_id', '=', 'p.id'))).then(1).else(0).end() }))
    .where('p.id', '=', permissionId)
    .execute();
}

async function listRules(c: Ctx) {
  const { db } = c.var.services;
  const permissionId = q(c, 'permissionId').slice(0, 64);
  if (!permissionId) return c.json(fail('请选择菜单'));
  const menu = await liveRow(db, permissionId);
  if (!menu) return c.json(fail(NOT_FOUND));
  let query = db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId);
  const ruleName = q(c, 'ruleName').slice(0, 50);
  const ruleValue = q(c, 'ruleValue').slice(0, 300);
  if (ruleName) query = query.where(sql<boolean>`position(${ruleName} in rule_name) > 0`);
  if (ruleValue) query = query.where(sql<boolean>`position(${ruleValue} in rule_value) > 0`);
  const rows = await query.orderBy('create_time').orderBy('id').execute();
  const labels = new Map(ruleColumnsOf(await resourcesOfMenu(db, permissionId)).map((o) => [o.value, o.text]));
  return c.json(ok(rows.map((r) => ruleWire(r, labels.get(r.rule_column)))));
}

permissionAdminRoutes.get('/sys/permission/getPermRuleListByPermId', requirePerm(PERM.list), listRules);
// The Vue 2 client searches a menu's rules here (same filters).
permissionAdminRoutes.get('/sys/permission/queryPermissionRule', requirePerm(PERM.list), listRules);

/** What the rule form offers for one menu: the resources it stands for and their fields. */
permissionAdminRoutes.get('/sys/permission/ruleColumns', requirePerm(PERM.list), async (c) => {
  const { db } = c.var.services;
  const menu = await ruleMenu(db, q(c, 'permissionId').slice(0, 64));
  const mapped = await resourcesOfMenu(db, menu.id);
  return c.json(ok({ resources: mapped.map((d) => ({ name: d.name, title: d.title })), fields: ruleColumnsOf(mapped) }));
});

permissionAdminRoutes.post('/sys/permission/addPermissionRule', requirePerm(PERM.rule), async (c) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const row = await checkedRule(db, await readBody(c, ruleSchema));
  const id = newId();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('sys_permission_data_rule').values({ ...row, id, create_by: me.username, update_by: null, update_time: null }).execute();
    await refreshRuleFlag(tx, row.permission_id);
  });
  const saved = await db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return c.json(ok(ruleWire(saved), '添加成功！'));
});

permissionAdminRoutes.on(['PUT', 'POST'], '/sys/permission/editPermissionRule', requirePerm(PERM.rule), async (c) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const body = await readBody(c, ruleSchema);
  const existing = body.id ? await db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', body.id).executeTakeFirst() : undefined;
  if (!existing) return c.json(fail('未找到数据规则'));
  // A rule stays with its menu: moving it would silently re-scope every role that chose it.
  if (body.permissionId !== existing.permission_id) return c.json(fail('数据规则不能移到其他菜单'));
  const row = await checkedRule(db, body);
  await db.updateTable('sys_permission_data_rule').set({ ...row, update_by: me.username, update_time: new Date() }).where('id', '=', existing.id).execute();
  const saved = await db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
  return c.json(ok(ruleWire(saved), '修改成功！'));
});

permissionAdminRoutes.delete('/sys/permission/deletePermissionRule', requirePerm(PERM.rule), async (c) => {
  const { db } = c.var.services;
  const id = q(c, 'id').slice(0, 64);
  const existing = id ? await db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!existing) return c.json(fail('未找到数据规则'));
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('sys_permission_data_rule').where('id', '=', id).execute();
    // Roles that chose the rule forget it (a stale id would be harmless, but misleading in the role screen).
    const links = await tx.selectFrom('sys_role_permission').select(['id', 'data_rule_ids']).where('permission_id', '=', existing.permission_id).where('data_rule_ids', 'is not', null).execute();
    for (const l of links) {
      const kept = permCodes(l.data_rule_ids).filter((x) => x !== id);
      await tx.updateTable('sys_role_permission').set({ data_rule_ids: kept.length ? kept.join(',') : null }).where('id', '=', l.id).execute();
    }
    await refreshRuleFlag(tx, existing.permission_id);
  });
  return c.json(ok(null, '删除成功！'));
});

// ---------------------------------------------------------------- a role's grants (JeecgBoot SysRoleController)

/** The role grant tree (角色授权, 角色管理 → 授权): `{treeList: TreeModel[], ids}`, under the code that guards granting. */
permissionAdminRoutes.get('/sys/role/queryTreeList', requirePerm(PERM.rolePermission), async (c) => {
  const rows = await liveRows(c.var.services.db);
  return c.json(ok({ treeList: toRoleTreeModels(rows), ids: rows.map((r) => r.id) }));
});

permissionAdminRoutes.get('/sys/role/datarule/:permissionId/:roleId', requirePerm(PERM.rolePermission), async (c) => {
  const { db } = c.var.services;
  const permissionId = c.req.param('permissionId').slice(0, 64);
  const roleId = c.req.param('roleId').slice(0, 64);
  const rules = await db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId).orderBy('create_time').orderBy('id').execute();
  if (!rules.length) return c.json(fail('未找到权限配置信息'));
  const link = await db.selectFrom('sys_role_permission').select('data_rule_ids').where('role_id', '=', roleId).where('permission_id', '=', permissionId).executeTakeFirst();
  const checked = permCodes(link?.data_rule_ids).join(',');
  return c.json(ok({ datarule: rules.map((r) => ruleWire(r)), ...(checked ? { drChecked: checked } : {}) }));
});

const roleRuleSchema = z.object({
  permissionId: z.string({ error: '请选择菜单' }).trim().min(1, '请选择菜单').max(32, NOT_FOUND),
  roleId: z.string({ error: '请选择角色' }).trim().min(1, '请选择角色').max(32, '角色不存在'),
  dataRuleIds: z.union([z.string().max(5_000, '所选数据规则过多'), z.null()]).optional(),
});

/** Which of a menu's rules apply to a role; the role must already hold the menu. */
permissionAdminRoutes.post('/sys/role/datarule', requirePerm(PERM.rolePermission), async (c) => {
  const { db } = c.var.services;
  const body = await readBody(c, roleRuleSchema);
  const ids = idList(body.dataRuleIds ?? '');
  await db.transaction().execute(async (tx) => {
    const link = await tx.selectFrom('sys_role_permission').select('id').where('role_id', '=', body.roleId).where('permission_id', '=', body.permissionId).forUpdate().executeTakeFirst();
    if (!link) throw new ApiFailure('请先保存角色菜单权限!');
    if (ids.length) {
      const found = await tx.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', body.permissionId).where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw new ApiFailure('所选数据规则不存在');
    }
    await tx.updateTable('sys_role_permission').set({ data_rule_ids: ids.length ? ids.join(',') : null }).where('id', '=', link.id).execute();
  });
  return c.json(ok(null, '保存成功!'));
});
