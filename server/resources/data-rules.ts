import { fieldByName, isQueryable } from '../../lib/resources/field-kinds';
import type { FieldDef, ResourceDef } from '../../lib/resources/types';
import {
  normaliseCondition,
  parseRuleValue,
  permCodes,
  ruleValueConditionProblem,
  type RuleCondition,
  type SystemVariable,
} from '../../lib/permissions/permission-rules';
import type { Database } from '../db';
import { sql } from 'kysely';
import { ApiFailure } from '../core/errors';
import type { AuthContext } from '../core/context';
import { formatDateTime } from '../core/format';
import { loadUserDeparts } from '../auth/users';
import type { CrudAction, CrudHooks } from './hooks';
import { compare, inList, like, toExpression, type Cond, type WhereFn } from './query';
import { selectOne } from './select';
import { GenerationCache } from '../db/cache-generation';

/**
 * Data rules (JeecgBoot's sys_permission_data_rule, contract §7 "Data rules"): restrict which rows of a
 * resource a user reaches.
 *
 * - A rule belongs to a menu row. It applies to a user when one of the user's roles links that menu
 *   (sys_role_permission) and lists the rule in that link's `data_rule_ids`, and the rule is active
 *   (status '1'). Rules from all of the user's roles are ANDed, as JeecgBoot does.
 * - Menu → resource: a menu stands for resource R when one of its live direct button rows carries R's
 *   list code `${R.perm}:list` (用户管理's `system:user:list` → sysUser). A menu without such a button
 *   restricts nothing.
 * - `rule_column` is a queryable field name of R, never a column; values are bound parameters built
 *   by the same code as contract §7's query (query.ts). A value may be one system variable
 *   (permission-rules.ts SYSTEM_VARIABLES).
 * - Fails closed: a rule that cannot be applied (its field no longer exists, a variable the user has
 *   no value for, a value that does not fit the field) matches no row rather than being skipped.
 * - Applied to list, queryById, exportXls, edit, delete and deleteBatch (a row one may not see is one
 *   one may not change); not to add or importExcel.
 */

export const DATA_RULE_ACTIONS: ReadonlySet<CrudAction> = new Set(['list', 'queryById', 'exportXls', 'edit', 'delete', 'deleteBatch']);

/** The button code that ties a menu to a resource. */
export const listCodeOf = (def: Pick<ResourceDef, 'perm'>) => `${def.perm}:list`;

/** Whether a menu whose button rows carry `buttonPerms` stands for `def`. */
export const menuMapsTo = (def: Pick<ResourceDef, 'perm'>, buttonPerms: readonly (string | null)[]): boolean =>
  buttonPerms.some((p) => permCodes(p).includes(listCodeOf(def)));

/** One rule as a condition on `f`; `value` is a list only for IN. Throws ApiFailure when a value does not fit the field. */
export function ruleCondition(f: FieldDef, condition: RuleCondition, value: string | string[]): Cond | null {
  const one = Array.isArray(value) ? value.join(',') : value;
  switch (condition) {
    case '=':
      return compare(f, '=', one);
    case '!=':
      return compare(f, '<>', one);
    case '>':
    case '>=':
    case '<':
    case '<=':
      return compare(f, condition, one);
    case 'IN':
      return inList(f, Array.isArray(value) ? value : value.split(','));
    case 'LIKE':
      return like(f, 'like', one);
    case 'LEFT_LIKE':
      return like(f, 'left_like', one);
    case 'RIGHT_LIKE':
      return like(f, 'right_like', one);
  }
}

/**
 * A literal rule value that reads as SQL (`1 or 1=1`, `'; drop table x`, comments, `union select`): values are
 * always bound, so it could never run, but a rule written that way is a mistake or an attempt, refused on save
 * and, if one is stored anyway, applied as matching nothing.
 */
const SQL_CHARS_RE = /['"`;\\]|--|\/\*|\*\//;
const SQL_WORDS_RE =
  /\b(?:or|and)\b\s+\S.*(?:=|<|>|\b(?:like|in|is|between)\b)|\bunion\b.*\bselect\b|\bselect\b.+\bfrom\b|\binsert\s+into\b|\bdelete\s+from\b|\b(?:drop|alter|truncate)\s+(?:table|database|schema|view|index)\b|\bupdate\s+\S+\s+set\b|\b(?:pg_)?sleep\s*\(|\bexec(?:ute)?\b\s*[(\w]/i;
export const SQL_VALUE_MESSAGE = '规则值不能包含SQL语句或引号、分号、注释等特殊字符';
export function sqlValueProblem(value: string): string | null {
  return SQL_CHARS_RE.test(value) || SQL_WORDS_RE.test(value) ? SQL_VALUE_MESSAGE : null;
}

/** The queryable field a rule names, or undefined. */
export function ruleField(def: ResourceDef, column: string): FieldDef | undefined {
  const f = fieldByName(def, column);
  return f && isQueryable(f) ? f : undefined;
}

/** Why a rule cannot work on `def` (checked when it is saved), or null. Literal values are tried against the field's type. */
export function ruleProblemFor(def: ResourceDef, column: string, conditionRaw: string, valueRaw: string): string | null {
  const f = ruleField(def, column);
  if (!f) return `规则字段「${column.slice(0, 64)}」不是「${def.title}」的可查询字段`;
  const condition = normaliseCondition(conditionRaw);
  if (!condition) return '规则条件不正确';
  const parsed = parseRuleValue(valueRaw);
  if (!parsed.ok) return parsed.error;
  const mismatch = ruleValueConditionProblem(condition, parsed.value);
  if (mismatch) return mismatch;
  if (parsed.value.kind === 'literal') {
    const injected = sqlValueProblem(parsed.value.value);
    if (injected) return injected;
    try {
      if (!ruleCondition(f, condition, parsed.value.value)) return '规则值不能为空';
    } catch (e) {
      if (e instanceof ApiFailure) return e.message.replace(/^查询条件/, '规则');
      throw e;
    }
  }
  return null;
}

/**
 * The live classes a user teaches: 班主任 of, or a teacher of a live session of, through the user's live
 * 教师 records (tbl_teacher.user_id). One query; ids only.
 */
export async function taughtClazzIds(db: Database, userId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with t as (select id from tbl_teacher where user_id = ${userId} and del_flag = 0)
    select z.id from tbl_clazz z
    where z.del_flag = 0 and (
      z.head_teacher in (select id from t)
      or exists (select 1 from tbl_calendar c join tbl_calendar_teacher ct on ct.calendar_id = c.id
                 where c.clazz_id = z.id and c.del_flag = 0 and ct.teacher_id in (select id from t)))
    order by z.id`.execute(db);
  return rows.map((r) => r.id);
}

/** The current members (status 1 在读) of the classes a user teaches. */
export async function taughtStudentIds(db: Database, clazzIds: readonly string[]): Promise<string[]> {
  if (!clazzIds.length) return [];
  const rows = await db.selectFrom('tbl_clazz_student').select('student_id').distinct().where('clazz_id', 'in', [...clazzIds]).where('status', '=', 1).orderBy('student_id').execute();
  return rows.map((r) => r.student_id);
}

/** What the system variables stand for, for one request (department codes and taught classes loaded only when asked). */
class VariableScope {
  private orgCodes?: Promise<string[]>;
  private clazzIds?: Promise<string[]>;
  private studentIds?: Promise<string[]>;
  constructor(
    private readonly db: Database,
    private readonly auth: AuthContext,
    private readonly now = new Date(),
  ) {}

  async value(name: SystemVariable): Promise<string | string[] | null> {
    const u = this.auth.user;
    switch (name) {
      case 'sys_user_id':
        return u.id;
      case 'sys_user_code':
        return u.username;
      case 'sys_user_name':
        return u.realname || null;
      case 'sys_org_code':
        return u.org_code || null;
      case 'sys_multi_org_code': {
        this.orgCodes ??= loadUserDeparts(this.db, u.id).then((ds) => ds.map((d) => d.orgCode));
        const codes = await this.orgCodes;
        return codes.length ? codes : null;
      }
      case 'sys_date':
        return formatDateTime(this.now)!.slice(0, 10);
      case 'sys_time':
        return formatDateTime(this.now);
      case 'tenant_id':
        return String(this.auth.tenantId);
      // An empty list is no value: the rule then matches nothing (fails closed), e.g. a teacher without classes.
      case 'sys_taught_clazz_ids': {
        this.clazzIds ??= taughtClazzIds(this.db, u.id);
        const ids = await this.clazzIds;
        return ids.length ? ids : null;
      }
      case 'sys_taught_student_ids': {
        this.clazzIds ??= taughtClazzIds(this.db, u.id);
        this.studentIds ??= this.clazzIds.then((z) => taughtStudentIds(this.db, z));
        const ids = await this.studentIds;
        return ids.length ? ids : null;
      }
    }
  }
}

interface ActiveRule {
  id: string;
  permission_id: string;
  rule_column: string;
  rule_conditions: string;
  rule_value: string;
}

/** The active rules the user's roles select, by rule id (one query; the common no-rule case ends here). */
async function loadUserRules(db: Database, userId: string): Promise<ActiveRule[]> {
  const rows = await db
    .selectFrom('sys_permission_data_rule as r')
    .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'r.permission_id')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .innerJoin('sys_permission as m', 'm.id', 'r.permission_id')
    .select(['r.id', 'r.permission_id', 'r.rule_column', 'r.rule_conditions', 'r.rule_value', 'rp.data_rule_ids'])
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', '1')
    .where('m.del_flag', '=', 0)
    .where('rp.data_rule_ids', 'is not', null)
    .execute();
  const picked = new Map<string, ActiveRule>();
  for (const r of rows) {
    if (!permCodes(r.data_rule_ids).includes(r.id)) continue;
    picked.set(r.id, { id: r.id, permission_id: r.permission_id, rule_column: r.rule_column, rule_conditions: r.rule_conditions, rule_value: r.rule_value });
  }
  return [...picked.values()].sort((a, b) => a.id.localeCompare(b.id));
}

interface UserRuleSet {
  rules: ActiveRule[];
  /** The live button rows of the rules' menus: which resource each menu stands for. */
  buttons: { parent_id: string | null; perms: string | null }[];
}

/** The user's active rules and their menus' buttons (two queries; one when the user has no rules). */
async function loadUserRuleSet(db: Database, userId: string): Promise<UserRuleSet> {
  const rules = await loadUserRules(db, userId);
  if (!rules.length) return { rules, buttons: [] };
  const menuIds = [...new Set(rules.map((r) => r.permission_id))];
  const buttons = await db
    .selectFrom('sys_permission')
    .select(['parent_id', 'perms'])
    .where('parent_id', 'in', menuIds)
    .where('menu_type', '=', 2)
    .where('del_flag', '=', 0)
    .execute();
  return { rules, buttons };
}

/**
 * Rule sets by user, until the next change of the tables they come from (sys_permission_data_rule,
 * sys_role_permission, sys_user_role, sys_permission: server/db/cache-generation.ts). What a system variable stands
 * for (the user's departments, taught classes) is read per request, as before.
 */
const userRuleCache = new GenerationCache<UserRuleSet>();

/**
 * The extra filter the user's data rules put on `def` (undefined = none). Every identifier comes from
 * the definition, every value is bound.
 */
export async function dataRuleWhere(db: Database, auth: AuthContext, def: ResourceDef): Promise<WhereFn | undefined> {
  const { rules, buttons } = await userRuleCache.get(db, auth.user.id, () => loadUserRuleSet(db, auth.user.id));
  if (!rules.length) return undefined;
  const menuIds = [...new Set(rules.map((r) => r.permission_id))];
  const mapped = new Set(menuIds.filter((id) => menuMapsTo(def, buttons.filter((b) => b.parent_id === id).map((b) => b.perms))));
  const applicable = rules.filter((r) => mapped.has(r.permission_id));
  if (!applicable.length) return undefined;

  const scope = new VariableScope(db, auth);
  const conds: Cond[] = [];
  let deny = false;
  for (const r of applicable) {
    const cond = await toCond(def, r, scope);
    if (cond) conds.push(cond);
    else deny = true;
  }
  if (deny) return (eb) => eb.lit(false);
  return (eb) => eb.and(conds.map((c) => toExpression(eb, c)));
}

/** One stored rule as a condition, or null when it cannot be applied (the caller then matches nothing). */
async function toCond(def: ResourceDef, r: ActiveRule, scope: VariableScope): Promise<Cond | null> {
  const f = ruleField(def, r.rule_column);
  const condition = normaliseCondition(r.rule_conditions);
  const parsed = parseRuleValue(r.rule_value);
  if (!f || !condition || !parsed.ok || ruleValueConditionProblem(condition, parsed.value) || (parsed.value.kind === 'literal' && sqlValueProblem(parsed.value.value))) {
    console.warn(`[data-rule] rule ${r.id} cannot apply to ${def.name}; matching no rows`);
    return null;
  }
  const value = parsed.value.kind === 'literal' ? parsed.value.value : await scope.value(parsed.value.name);
  if (value === null || (Array.isArray(value) && !value.length)) return null;
  try {
    return ruleCondition(f, condition, value);
  } catch (e) {
    if (e instanceof ApiFailure) return null;
    throw e;
  }
}

/**
 * Whether the user's data rules on `def` let them reach row `id` (true without rules): for hand-written routes
 * that show a row's children by its id (学员 → 课时包), so an id in the query string cannot reach past the rule.
 */
export async function dataRuleAllows(db: Database, auth: AuthContext, def: ResourceDef, id: string): Promise<boolean> {
  const rules = await dataRuleWhere(db, auth, def);
  if (!rules) return true;
  return Boolean(await selectOne(db, def, id, { extraWhere: rules }));
}

/** Hooks with the user's data rules (from dataRuleWhere) ANDed into `extraWhere`; unchanged without rules. */
export function withDataRules(hooks: CrudHooks, rules: WhereFn | undefined): CrudHooks {
  if (!rules) return hooks;
  return {
    ...hooks,
    extraWhere(hctx) {
      const own = hooks.extraWhere?.(hctx);
      return own ? (eb) => eb.and([own(eb), rules(eb)]) : rules;
    },
  };
}
