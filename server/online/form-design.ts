import type { Database } from '../db';
import type { Services } from '../core/context';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { formatDateTime } from '../core/format';
import type { Writer } from '../system/permission-menus';
import { pushToAll } from '../message/announcements';
import { PERMISSION_CHANGED } from '../realtime/notify';
import { DICT_SHOW_TYPES, physicalTableOf, validateFormDefinition } from '../../lib/online/form-rules';
import { writerConflict } from '../resources/row-version';
import type { CgformDbType, CgformField, CgformHead, CgformSaveBody, CgformVersion } from '../../lib/online/wire';
import { countRows, dropTable, planSync, tableExists, type FieldState, type SyncPlan } from './form-ddl';
import { formMenuUrl, removeOnlineMenus } from './form-menu';
import { loadForm, toField, toHead } from './form-store';

/**
 * The online form designer's writes (issue #25): save a definition (addAll / editAll, one transaction with its
 * version snapshot), 同步数据库 (preview, run, confirm dropping backups) and delete; the JS 增强 is ./form-enhance.ts.
 * The rules of a definition are lib/online/form-rules.ts; the DDL is ./form-ddl.ts.
 */

export const FORM_NOT_FOUND = '表单不存在';

/* ------------------------------------------------------------------ input */

const int = (v: unknown, fallback: number): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  if (v === undefined || v === null || v === '') return fallback;
  return Number.NaN;
};
const flag = (v: unknown, fallback: 0 | 1): 0 | 1 => {
  const n = int(v, fallback);
  return (n === 0 || n === 1 ? n : Number.NaN) as 0 | 1;
};
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * A field as the client sent it, with JeecgBoot's defaults for what it left out and numbers accepted as strings;
 * nonsense stays nonsense (NaN, unknown types) for validateFormDefinition to name. A foreign key is an id column.
 */
function readField(raw: unknown, index: number): CgformField {
  const f = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const mainTable = str(f.mainTable);
  return {
    id: typeof f.id === 'string' ? f.id : undefined,
    dbFieldName: typeof f.dbFieldName === 'string' ? f.dbFieldName.trim() : '',
    dbFieldTxt: typeof f.dbFieldTxt === 'string' ? f.dbFieldTxt.trim() : '',
    dbType: (mainTable ? 'string' : (f.dbType ?? 'string')) as CgformDbType,
    dbLength: mainTable ? 32 : int(f.dbLength, 32),
    dbPointLength: int(f.dbPointLength, 0),
    dbDefaultVal: typeof f.dbDefaultVal === 'string' && f.dbDefaultVal !== '' ? f.dbDefaultVal : null,
    dbIsNull: flag(f.dbIsNull, 1),
    fieldShowType: (f.fieldShowType ?? 'text') as CgformField['fieldShowType'],
    fieldLength: f.fieldLength === undefined || f.fieldLength === null || f.fieldLength === '' ? null : int(f.fieldLength, 0),
    dictField: str(f.dictField),
    fieldValidType: str(f.fieldValidType),
    isShowForm: flag(f.isShowForm, 1),
    isShowList: flag(f.isShowList, 1),
    isQuery: flag(f.isQuery, 0),
    queryMode: (f.queryMode ?? 'single') as CgformField['queryMode'],
    sortFlag: flag(f.sortFlag, 0),
    isReadOnly: flag(f.isReadOnly, 0),
    mainTable,
    mainField: mainTable ? (str(f.mainField) ?? 'id') : null,
    // The designer's row order is the order (JeecgBoot's orderNum is often left equal).
    orderNum: index,
  };
}

/** The body of addAll / editAll, read and checked (definition rules, then what needs the database). */
async function readBody(db: Database, raw: unknown): Promise<CgformSaveBody> {
  if (!raw || typeof raw !== 'object') throw new ApiFailure('请求数据格式错误');
  const b = raw as { head?: unknown; fields?: unknown };
  if (!b.head || typeof b.head !== 'object' || !Array.isArray(b.fields)) throw new ApiFailure('请求数据格式错误');
  const h = b.head as Record<string, unknown>;
  const body: CgformSaveBody = {
    head: {
      id: typeof h.id === 'string' ? h.id : undefined,
      tableName: typeof h.tableName === 'string' ? h.tableName.trim() : '',
      tableTxt: typeof h.tableTxt === 'string' ? h.tableTxt.trim() : '',
      tableType: int(h.tableType, 1) as CgformHead['tableType'],
      isCheckbox: h.isCheckbox === 'N' ? 'N' : 'Y',
      isPage: h.isPage === 'N' ? 'N' : 'Y',
      description: typeof h.description === 'string' ? h.description.slice(0, 500) : null,
    },
    fields: b.fields.map(readField),
  };
  const errors = validateFormDefinition(body);
  if (errors.length) throw new ApiFailure(errors.slice(0, 5).join('；'));
  // Dictionaries must exist (plain dictionaries of 数据字典), and a select's default must be one of their values.
  const dictCodes = [...new Set(body.fields.filter((f) => DICT_SHOW_TYPES.has(f.fieldShowType) && f.dictField).map((f) => f.dictField!))];
  if (dictCodes.length) {
    const found = await db
      .selectFrom('sys_dict as d')
      .leftJoin('sys_dict_item as i', 'i.dict_id', 'd.id')
      .select(['d.dict_code', 'i.item_value'])
      .where('d.dict_code', 'in', dictCodes)
      .execute();
    for (const f of body.fields) {
      if (!DICT_SHOW_TYPES.has(f.fieldShowType) || !f.dictField) continue;
      const items = found.filter((r) => r.dict_code === f.dictField);
      if (!items.length) throw new ApiFailure(`字段 ${f.dbFieldName}：字典 ${f.dictField} 不存在`);
      if (f.dbDefaultVal !== null) {
        const values = new Set(items.map((r) => r.item_value));
        const wanted = f.fieldShowType === 'list' || f.fieldShowType === 'radio' ? [f.dbDefaultVal] : f.dbDefaultVal.split(',');
        const missing = wanted.find((v) => !values.has(v));
        if (missing !== undefined) throw new ApiFailure(`字段 ${f.dbFieldName}：默认值 ${missing} 不在字典 ${f.dictField} 中`);
      }
    }
  }
  return body;
}

/* ------------------------------------------------------------------ reading */

type FieldRow = Awaited<ReturnType<typeof fieldRows>>[number];
const fieldRows = (db: Database, headId: string) => db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', headId).orderBy('order_num').orderBy('db_field_name').execute();

const toState = (r: FieldRow): FieldState => ({
  id: r.id,
  name: r.db_field_name,
  txt: r.db_field_txt,
  dbType: r.db_type as CgformDbType,
  dbLength: r.db_length,
  dbPointLength: r.db_point_length,
  dbIsNull: r.db_is_null,
  unique: r.field_valid_type === 'only',
  defaultVal: r.db_default_val,
  mainTable: r.main_table,
  synced: r.synced_name
    ? { name: r.synced_name, type: (r.synced_type ?? r.db_type) as CgformDbType, length: r.synced_length ?? r.db_length, point: r.synced_point_length ?? 0, isNull: r.synced_is_null ?? 1, unique: r.synced_unique === 1 }
    : null,
});

/** A form's head row (locked `for update` when asked), or 表单不存在. */
export async function headRow(db: Database, id: string, lock = false) {
  let q = db.selectFrom('onl_cgform_head').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiFailure(FORM_NOT_FOUND);
  return row;
}

/** The sync plan of a form against its table (`force`: drop and recreate). */
export async function planFor(db: Database, head: { id: string; table_name: string }, mode: 'normal' | 'force' = 'normal'): Promise<SyncPlan> {
  const fields = (await fieldRows(db, head.id)).map(toState);
  const backups = await db.selectFrom('onl_cgform_backup_column').select(['field_name', 'backup_column']).where('cgform_head_id', '=', head.id).orderBy('create_time').execute();
  return planSync(db, { id: head.id, tableName: head.table_name }, fields, backups, mode);
}


/** 表单开发's list: tableName / tableTxt contain (JeecgBoot's `*x*` accepted), tableType, isDbSynch; sort whitelisted. */
export async function formHead(db: Database, id: string): Promise<CgformHead> {
  return toHead(await headRow(db, id));
}

export async function formFields(db: Database, headId: string): Promise<CgformField[]> {
  await headRow(db, headId);
  return (await fieldRows(db, headId)).map(toField);
}

/* ------------------------------------------------------------------ saving */

/** The definition as a version snapshot / wire body. */
async function snapshotOf(db: Database, headId: string): Promise<CgformSaveBody> {
  const form = await loadForm(db, { id: headId });
  if (!form) throw new ApiFailure(FORM_NOT_FOUND);
  return { head: form.head, fields: form.fields };
}

async function writeVersion(tx: Database, headId: string, version: number, me: Writer) {
  const snapshot = await snapshotOf(tx, headId);
  await tx.insertInto('onl_cgform_version').values({ id: newId(), cgform_head_id: headId, form_version: version, snapshot: JSON.stringify(snapshot), create_by: me.username }).execute();
}

/** A main form's sub_table_str: its child forms' tableNames, comma-joined (null when none). */
async function refreshSubTables(tx: Database, mainTableName: string | null | undefined) {
  if (!mainTableName) return;
  const children = await tx
    .selectFrom('onl_cgform_head as h')
    .select('h.table_name')
    .where('h.table_type', '=', 3)
    .where('h.id', 'in', tx.selectFrom('onl_cgform_field').select('cgform_head_id').where('main_table', '=', mainTableName))
    .orderBy('h.table_name')
    .execute();
  await tx
    .updateTable('onl_cgform_head')
    .set({ sub_table_str: children.length ? children.map((c) => c.table_name).join(',') : null })
    .where('table_name', '=', mainTableName)
    .execute();
}

/** A child form's main form must exist and be a main table (tableType 2). */
async function checkMain(tx: Database, body: CgformSaveBody) {
  const fk = body.fields.find((f) => f.mainTable);
  if (!fk) return;
  const main = await tx.selectFrom('onl_cgform_head').select(['table_type']).where('table_name', '=', fk.mainTable!).executeTakeFirst();
  if (!main) throw new ApiFailure(`主表 ${fk.mainTable} 不存在`);
  if (main.table_type !== 2) throw new ApiFailure(`${fk.mainTable} 不是主表，请先把它的表类型设为主表`);
}

const fieldValues = (f: CgformField) => ({
  db_field_name: f.dbFieldName,
  db_field_txt: f.dbFieldTxt,
  db_type: f.dbType,
  db_length: f.dbLength,
  db_point_length: f.dbPointLength,
  db_default_val: f.dbDefaultVal,
  db_is_null: f.dbIsNull,
  field_show_type: f.fieldShowType,
  field_length: f.fieldLength,
  dict_field: f.dictField,
  field_valid_type: f.fieldValidType,
  is_show_form: f.isShowForm,
  is_show_list: f.isShowList,
  is_query: f.isQuery,
  query_mode: f.queryMode,
  sort_flag: f.sortFlag,
  is_read_only: f.isReadOnly,
  main_table: f.mainTable,
  main_field: f.mainField,
  order_num: f.orderNum,
});

/** 'Y' when the table exists and the sync would change nothing (label-only edits keep a form usable). */
async function syncState(tx: Database, head: { id: string; table_name: string }): Promise<'Y' | 'N'> {
  if (!(await tableExists(tx, physicalTableOf(head.table_name)))) return 'N';
  const plan = await planFor(tx, head);
  return plan.steps.length === 0 && plan.refusals.length === 0 ? 'Y' : 'N';
}

/** addAll: a new form (version 1, not synchronised). */
export async function addForm(db: Database, me: Writer, raw: unknown): Promise<CgformHead> {
  const body = await readBody(db, raw);
  const id = newId();
  await db.transaction().execute(async (tx) => {
    if (await tx.selectFrom('onl_cgform_head').select('id').where('table_name', '=', body.head.tableName).executeTakeFirst()) throw new ApiFailure(`表名 ${body.head.tableName} 已存在`);
    await checkMain(tx, body);
    await tx
      .insertInto('onl_cgform_head')
      .values({
        id,
        table_name: body.head.tableName,
        physical_table: physicalTableOf(body.head.tableName),
        table_txt: body.head.tableTxt,
        table_type: body.head.tableType,
        is_db_synch: 'N',
        form_version: 1,
        is_checkbox: body.head.isCheckbox ?? 'Y',
        is_page: body.head.isPage ?? 'Y',
        description: body.head.description ?? null,
        create_by: me.username,
        update_by: null,
        update_time: null,
      })
      .execute();
    for (const f of body.fields) await tx.insertInto('onl_cgform_field').values({ id: newId(), cgform_head_id: id, ...fieldValues(f), create_by: me.username, update_by: null, update_time: null }).execute();
    await refreshSubTables(tx, body.fields.find((f) => f.mainTable)?.mainTable);
    await writeVersion(tx, id, 1, me);
  });
  return formHead(db, id);
}

/**
 * editAll: the definition replaces the stored one (fields matched by id keep what the database has for them,
 * fields left out are removed: their columns become backups at the next sync), the version goes up with a
 * snapshot, and the form stays synchronised only if the database already matches.
 */
export async function editForm(db: Database, me: Writer, raw: unknown, expected?: string): Promise<CgformHead> {
  const body = await readBody(db, raw);
  const id = body.head.id;
  if (!id) throw new ApiFailure('请求数据格式错误：缺少表单id');
  // Issue #39: `expected` is the form_version our designer loaded (If-Match); JeecgBoot's client sends none (last write wins).
  await db.transaction().execute(async (tx) => {
    const head = await headRow(tx, id, true);
    // The head row is locked (for update) until commit: the check and the write cannot interleave with another save.
    if (expected !== undefined && expected !== String(head.form_version)) throw await writerConflict(tx, head.update_by ?? head.create_by, head.update_time ?? head.create_time);
    if (body.head.tableName !== head.table_name) {
      if (await tableExists(tx, head.physical_table)) throw new ApiFailure('表已同步到数据库，不能修改表名');
      if (await tx.selectFrom('onl_cgform_head').select('id').where('table_name', '=', body.head.tableName).executeTakeFirst()) throw new ApiFailure(`表名 ${body.head.tableName} 已存在`);
    }
    const children = head.table_type === 2 && body.head.tableType !== 2 ? (head.sub_table_str ?? '').split(',').filter(Boolean) : [];
    if (children.length) throw new ApiFailure(`该表有附表（${children.join('、')}），不能修改表类型`);
    await checkMain(tx, body);
    const before = await fieldRows(tx, id);
    const oldMain = before.find((f) => f.main_table)?.main_table;
    const byId = new Map(before.map((f) => [f.id, f]));
    const kept = body.fields.filter((f) => f.id && byId.has(f.id));
    const keptIds = new Set(kept.map((f) => f.id!));
    const removed = before.filter((f) => !keptIds.has(f.id)).map((f) => f.id);
    if (removed.length) await tx.deleteFrom('onl_cgform_field').where('id', 'in', removed).execute();
    // Names are unique per form: park renamed rows under their ids first, so two fields may swap names.
    const renamed = kept.filter((f) => byId.get(f.id!)!.db_field_name !== f.dbFieldName);
    for (const f of renamed) await tx.updateTable('onl_cgform_field').set({ db_field_name: f.id!.slice(0, 32) }).where('id', '=', f.id!).execute();
    for (const f of kept) await tx.updateTable('onl_cgform_field').set({ ...fieldValues(f), update_by: me.username, update_time: new Date() }).where('id', '=', f.id!).execute();
    for (const f of body.fields.filter((x) => !x.id || !byId.has(x.id))) {
      await tx.insertInto('onl_cgform_field').values({ id: newId(), cgform_head_id: id, ...fieldValues(f), create_by: me.username, update_by: null, update_time: null }).execute();
    }
    const version = head.form_version + 1;
    await tx
      .updateTable('onl_cgform_head')
      .set({
        table_name: body.head.tableName,
        physical_table: physicalTableOf(body.head.tableName),
        table_txt: body.head.tableTxt,
        table_type: body.head.tableType,
        is_checkbox: body.head.isCheckbox ?? head.is_checkbox,
        is_page: body.head.isPage ?? head.is_page,
        description: body.head.description ?? head.description,
        form_version: version,
        update_by: me.username,
        update_time: new Date(),
      })
      .where('id', '=', id)
      .execute();
    const newMain = body.fields.find((f) => f.mainTable)?.mainTable;
    await refreshSubTables(tx, oldMain);
    if (newMain !== oldMain) await refreshSubTables(tx, newMain);
    await tx.updateTable('onl_cgform_head').set({ is_db_synch: await syncState(tx, { id, table_name: body.head.tableName }) }).where('id', '=', id).execute();
    await writeVersion(tx, id, version, me);
  });
  return formHead(db, id);
}

/* ------------------------------------------------------------------ 同步数据库 */

/**
 * Deletes a form with its table (refused while the table has rows unless `force`, and while child forms point at
 * it) and its menu rows, in one transaction.
 */
export async function deleteForm(services: Services, me: Writer, headId: string, force: boolean): Promise<void> {
  const menus = await services.db.transaction().execute(async (tx) => {
    const head = await headRow(tx, headId, true);
    const children = await tx
      .selectFrom('onl_cgform_head as h')
      .select('h.table_name')
      .where('h.id', 'in', tx.selectFrom('onl_cgform_field').select('cgform_head_id').where('main_table', '=', head.table_name))
      .execute();
    if (children.length) throw new ApiFailure(`请先删除附表：${children.map((c) => c.table_name).join('、')}`);
    const rows = await countRows(tx, head.physical_table);
    if (rows > 0 && !force) throw new ApiFailure(`表中有 ${rows} 行数据，不能删除；确认连同数据一起删除请选择强制删除`);
    const main = (await fieldRows(tx, headId)).find((f) => f.main_table)?.main_table;
    await dropTable(tx, head.table_name);
    await tx.deleteFrom('onl_cgform_head').where('id', '=', headId).execute();
    await refreshSubTables(tx, main);
    return removeOnlineMenus(tx, formMenuUrl(head.table_name), me);
  });
  if (menus > 0) await pushToAll(services, PERMISSION_CHANGED);
}

/* ------------------------------------------------------------------ versions */

export async function listVersions(db: Database, headId: string): Promise<CgformVersion[]> {
  await headRow(db, headId);
  const rows = await db.selectFrom('onl_cgform_version').select(['id', 'form_version', 'create_by', 'create_time']).where('cgform_head_id', '=', headId).orderBy('form_version', 'desc').execute();
  return rows.map((r) => ({ id: r.id, formVersion: r.form_version, createBy: r.create_by, createTime: formatDateTime(r.create_time) ?? '' }));
}

export async function versionSnapshot(db: Database, versionId: string): Promise<CgformSaveBody> {
  const row = await db.selectFrom('onl_cgform_version').select('snapshot').where('id', '=', versionId).executeTakeFirst();
  if (!row) throw new ApiFailure('版本不存在');
  // jsonb comes back parsed on both engines; a string would be a driver without the json parser.
  return (typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot) as CgformSaveBody;
}
