import { Hono } from 'hono';
import { sql } from 'kysely';
import { columnOf, rowKeyColumn } from '../../lib/resources/field-kinds';
import type { FieldDef } from '../../lib/resources/types';
import { resourceRoutes, resourcesByTable } from '../resources/registry';
import { asAny } from '../resources/select';
import { castValue, type SqlValue } from '../resources/values';
import { ApiFailure, fail, NO_PERMISSION, ok } from '../core/errors';
import { PERMS } from '../../lib/permissions/codes';
import { permCodesOf } from '../core/perm';
import { pageOf, readPage } from '../core/paging';
import type { AppEnv } from '../core/context';
import { checkByRuleCode } from '../resources/check-rules';

/**
 * Form helpers of contract §7 — `/sys/duplicate/check`, `/sys/checkRule/checkByCode` — and the custom
 * columns of a list (`/sys/sysTableColumn/list`). Table and column names are looked up among registered
 * resources (or a short fixed allow-list); a name the client invents gets a message, never SQL.
 *
 * This module also carries `resourceRoutes`, so one `app.route('/', checkRoutes)` serves every
 * registered resource's CRUD routes too.
 */
export const checkRoutes = new Hono<AppEnv>();

export const DUPLICATE_EMPTY = '数据为空,不作处理！';
export const DUPLICATE_FREE = '该值可用！';
export const DUPLICATE_TAKEN = '该值不可用，系统中已存在！';
export const DUPLICATE_REFUSED = '不支持对该表字段做重复校验';

/** Unique columns of system tables whose forms check duplicates before they are registered resources. */
const DUPLICATE_ALLOW_LIST: Record<string, string[]> = {
  sys_user: ['username', 'phone', 'email', 'work_no'],
  sys_role: ['role_code'],
  sys_depart: ['org_code'],
  sys_dict: ['dict_code'],
  sys_check_rule: ['rule_code'],
  // JeecgBoot's menu form (PermissionModal) checks a button's 授权标识 here.
  sys_permission: ['perms'],
  // JeecgBoot's 多数据源 modal checks the code (SysDataSourceModal; the list is a list-only resource).
  sys_data_source: ['code'],
};

/**
 * Allow-listed tables whose deletes are soft (del_flag 1) and whose values are free again once deleted:
 * a deleted menu's code may be reused (users in the recycle bin keep their names, so sys_user is not here).
 */
const SOFT_DELETED_FREE = new Set(['sys_permission']);

/** The permission area whose add or edit form checks each allow-listed table (sys_check_rule has no area yet). */
const DUPLICATE_AREA: Record<string, string | undefined> = {
  sys_user: PERMS.user.prefix,
  sys_role: PERMS.role.prefix,
  sys_depart: PERMS.depart.prefix,
  sys_dict: PERMS.dict.prefix,
  sys_permission: PERMS.permission.prefix,
  sys_data_source: PERMS.dataSource.prefix,
};

interface DuplicateTarget {
  /** Permission prefix: the caller needs `${area}:add` or `${area}:edit` (the forms that ask). */
  area?: string;
  table: string;
  column: string;
  key: string;
  field?: FieldDef;
  liveOnly?: boolean;
}

/** `fieldName` may be the column (JeecgBoot's forms send it) or the camelCase field name. */
function duplicateTarget(tableName: string, fieldName: string): DuplicateTarget | null {
  for (const { def } of resourcesByTable(tableName)) {
    if (def.table !== tableName) continue;
    const f = def.fields.find((x) => x.unique && !x.virtual && (columnOf(x) === fieldName || x.name === fieldName));
    if (f) return { area: def.perm, table: def.table, column: columnOf(f), key: rowKeyColumn(def), field: f };
  }
  if (Object.hasOwn(DUPLICATE_ALLOW_LIST, tableName) && DUPLICATE_ALLOW_LIST[tableName].includes(fieldName)) {
    return { area: DUPLICATE_AREA[tableName], table: tableName, column: fieldName, key: 'id', liveOnly: SOFT_DELETED_FREE.has(tableName) };
  }
  return null;
}

checkRoutes.get('/sys/duplicate/check', async (c) => {
  const fieldVal = c.req.query('fieldVal');
  if (fieldVal === undefined || fieldVal === '') return c.json({ ...fail(DUPLICATE_EMPTY, 500), success: true });
  const target = duplicateTarget((c.req.query('tableName') ?? '').trim(), (c.req.query('fieldName') ?? '').trim());
  if (!target) throw new ApiFailure(DUPLICATE_REFUSED);
  // Only someone who may add or edit such rows asks: otherwise anyone signed in could probe, one number at a time,
  // whether a student's phone (or a user's) is on file. A user checking their own account row is let through.
  const dataId = (c.req.query('dataId') ?? '').trim();
  if (target.area) {
    const auth = c.get('auth');
    if (!auth) throw new ApiFailure(NO_PERMISSION, 510);
    const codes = await permCodesOf(c, auth.user.id);
    const own = target.table === 'sys_user' && dataId === auth.user.id;
    if (!own && !codes.has(`${target.area}:add`) && !codes.has(`${target.area}:edit`)) throw new ApiFailure(NO_PERMISSION, 510);
  }
  if (fieldVal.length > 1000) throw new ApiFailure(DUPLICATE_TAKEN);
  let value: SqlValue = fieldVal;
  if (target.field) {
    try {
      value = castValue(target.field, fieldVal);
    } catch {
      // A value of the wrong type cannot be stored either; nothing equal to it exists.
      return c.json(ok(DUPLICATE_FREE, DUPLICATE_FREE));
    }
  }
  let q = asAny(c.var.services.db).selectFrom(target.table).select(sql<number>`1`.as('one')).where(sql.ref(target.column), '=', value);
  if (dataId) q = q.where(sql.ref(target.key), '<>', dataId);
  if (target.liveOnly) q = q.where(sql.ref('del_flag'), '=', 0);
  const taken = await q.limit(1).executeTakeFirst();
  if (taken) throw new ApiFailure(DUPLICATE_TAKEN);
  return c.json(ok(DUPLICATE_FREE, DUPLICATE_FREE));
});

// ---------------------------------------------------------------- coding rules

// The rule is lib/rules/check-rule.ts (RE2, linear time), shared with the 编码校验规则 form's test box.
export { checkRuleValue, parseRuleJson, type CheckRuleFailure, type CheckRuleSegment as CheckRuleItem } from '../../lib/rules/check-rule';

function decodeOnce(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

checkRoutes.get('/sys/checkRule/checkByCode', async (c) => {
  // The Vue client encodeURIComponent()s the value; the framework decoded the transport layer.
  const answer = await checkByRuleCode(c.var.services.db, c.req.query('ruleCode') ?? '', decodeOnce(c.req.query('value') ?? ''));
  if (answer.ok) return c.json(ok(null));
  throw new ApiFailure(answer.message, 500, 200, answer.failure ?? null);
});

// ---------------------------------------------------------------- custom columns

checkRoutes.get('/sys/sysTableColumn/list', async (c) => {
  const table = (c.req.query('tableName') ?? c.req.query('tableId') ?? '').trim();
  if (!table || !resourcesByTable(table).length) throw new ApiFailure('不支持的表名');
  const { pageNo, pageSize, offset } = readPage(c);
  const db = c.var.services.db;
  const base = db.selectFrom('sys_table_column').where('table_name', '=', table);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('sort').orderBy('id').offset(offset).limit(pageSize).execute(),
  ]);
  const records = rows.map((r) => ({
    id: r.id,
    tableName: r.table_name,
    name: r.name,
    jdbcField: r.jdbc_field,
    showType: r.show_type,
    optionItem: r.option_item,
    prompt: r.prompt,
    sort: r.sort,
  }));
  return c.json(ok(pageOf(records, Number(count.n), pageNo, pageSize)));
});

checkRoutes.route('/', resourceRoutes);
