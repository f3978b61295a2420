import { sql } from 'kysely';
import {
  conditionText,
  MENU_TYPE,
  normaliseCondition,
  parseRuleValue,
  permCodes,
  RULE_COLUMN_RE,
  ruleValueConditionProblem,
} from '../../lib/permissions/permission-rules';
import { isQueryable } from '../../lib/resources/field-kinds';
import type { ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import type { SysPermissionDataRule } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { menuMapsTo, ruleField, ruleProblemFor } from '../resources/data-rules';
import { listResources } from '../resources/registry';
import { onlineDefsForButtons } from '../online/form-runtime';
import { formatDateTime } from '../core/format';
import { NOT_FOUND, type RuleInput } from './permission-input';
import { liveRow, type Writer } from './permission-menus';

/** 菜单管理's data rules of a menu, and a role's choice among them (JeecgBoot's /sys/role/datarule). */

const RULE_NOT_FOUND = '未找到数据规则';

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

/** Resources a menu stands for (data-rules.ts `menuMapsTo`: a button with `${perm}:list`). */
async function resourcesOfMenu(db: Database, menuId: string): Promise<ResourceDef[]> {
  const buttons = await db.selectFrom('sys_permission').select('perms').where('parent_id', '=', menuId).where('menu_type', '=', MENU_TYPE.button).where('del_flag', '=', 0).execute();
  const perms = buttons.map((b) => b.perms);
  const registered = listResources()
    .map((r) => r.def)
    .filter((def) => menuMapsTo(def, perms));
  // A designed online form's menu (issue #25) stands for that form: its definition is built from the database.
  return [...registered, ...(await onlineDefsForButtons(db, perms))];
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
    // A menu may stand for several resources (学员管理: 学员 and its 课时包 share edu:student:list). The rule
    // must fit each one that has its field; one without it matches no rows for the rule's users (fails closed).
    const having = mapped.filter((def) => ruleField(def, b.ruleColumn));
    if (!having.length) throw new ApiFailure(`规则字段「${b.ruleColumn.slice(0, 64)}」不是「${mapped.map((d) => d.title).join('、')}」的可查询字段`);
    for (const def of having) {
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

const ruleById = (db: Database, id: string) => db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', id).executeTakeFirst();

/** A live menu's rules, filtered by substrings of name and value; null when the menu is not live. */
export async function listMenuRules(db: Database, permissionId: string, ruleName: string, ruleValue: string) {
  const menu = await liveRow(db, permissionId);
  if (!menu) return null;
  let query = db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId);
  if (ruleName) query = query.where(sql<boolean>`position(${ruleName} in rule_name) > 0`);
  if (ruleValue) query = query.where(sql<boolean>`position(${ruleValue} in rule_value) > 0`);
  const rows = await query.orderBy('create_time').orderBy('id').execute();
  const labels = new Map(ruleColumnsOf(await resourcesOfMenu(db, permissionId)).map((o) => [o.value, o.text]));
  return rows.map((r) => ruleWire(r, labels.get(r.rule_column)));
}

/** What the rule form offers for one menu: the resources it stands for and their fields. */
export async function ruleColumnsOfMenu(db: Database, permissionId: string) {
  const menu = await ruleMenu(db, permissionId);
  const mapped = await resourcesOfMenu(db, menu.id);
  return { resources: mapped.map((d) => ({ name: d.name, title: d.title })), fields: ruleColumnsOf(mapped) };
}

export async function addRule(db: Database, me: Writer, body: RuleInput) {
  const row = await checkedRule(db, body);
  const id = newId();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('sys_permission_data_rule').values({ ...row, id, create_by: me.username, update_by: null, update_time: null }).execute();
    await refreshRuleFlag(tx, row.permission_id);
  });
  const saved = await db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return ruleWire(saved);
}

export async function editRule(db: Database, me: Writer, body: RuleInput) {
  const existing = body.id ? await ruleById(db, body.id) : undefined;
  if (!existing) throw new ApiFailure(RULE_NOT_FOUND);
  // A rule stays with its menu: moving it would silently re-scope every role that chose it.
  if (body.permissionId !== existing.permission_id) throw new ApiFailure('数据规则不能移到其他菜单');
  const row = await checkedRule(db, body);
  await db.updateTable('sys_permission_data_rule').set({ ...row, update_by: me.username, update_time: new Date() }).where('id', '=', existing.id).execute();
  const saved = await db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
  return ruleWire(saved);
}

export async function deleteRule(db: Database, id: string) {
  const existing = id ? await ruleById(db, id) : undefined;
  if (!existing) throw new ApiFailure(RULE_NOT_FOUND);
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
}

/** A menu's rules and the ones a role chose; null when the menu has none. */
export async function roleDataRules(db: Database, permissionId: string, roleId: string) {
  const rules = await db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId).orderBy('create_time').orderBy('id').execute();
  if (!rules.length) return null;
  const link = await db.selectFrom('sys_role_permission').select('data_rule_ids').where('role_id', '=', roleId).where('permission_id', '=', permissionId).executeTakeFirst();
  const checked = permCodes(link?.data_rule_ids).join(',');
  return { datarule: rules.map((r) => ruleWire(r)), ...(checked ? { drChecked: checked } : {}) };
}

/** Which of a menu's rules apply to a role; the role must already hold the menu. */
export async function saveRoleDataRules(db: Database, roleId: string, permissionId: string, ids: string[]) {
  await db.transaction().execute(async (tx) => {
    const link = await tx.selectFrom('sys_role_permission').select('id').where('role_id', '=', roleId).where('permission_id', '=', permissionId).forUpdate().executeTakeFirst();
    if (!link) throw new ApiFailure('请先保存角色菜单权限!');
    if (ids.length) {
      const found = await tx.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw new ApiFailure('所选数据规则不存在');
    }
    await tx.updateTable('sys_role_permission').set({ data_rule_ids: ids.length ? ids.join(',') : null }).where('id', '=', link.id).execute();
  });
}
