import { AUDIT_FIELDS, columnOf, fieldByName, rowKeyColumn } from '../../lib/resources/field-kinds';
import type { ResourceDef } from '../../lib/resources/types';
import { diffVersions, parseContent, type DiffRow } from '../../lib/logs/data-diff';
import { isSecretKey } from '../../lib/logs/redact';
import { maskPhone } from '../../features/account/mask-phone';
import type { Database } from '../db';
import type { DB, SysDataLogTable } from '../db/schema';
import type { ExpressionBuilder } from 'kysely';
import type { AuthContext } from '../core/context';
import { newId } from '../core/ids';
import { formatDateTime } from './format';
import { asAny, loadDictTexts, selectColumns, selectOne, toRecord } from '../resources/select';
import { currentTenant } from '../db/tenant-scope';
import type { Row } from '../resources/query';
import { STUDENT_PHONE_FIELDS } from '../resources/student-privacy';
import type { Insertable, Selectable } from 'kysely';

/**
 * 数据日志 (issue #24 item 8): a version of a business record per save. The resource engine calls
 * `recordDataVersion` after every add / edit of a definition with `dataLog: true`, in the write's transaction, so a
 * rolled-back save leaves no version and a version always matches what was stored. data_version counts 1, 2, 3… per
 * record; the first edit of a record saved before logging began (seed, import, hand-written SQL) first stores the
 * state it found as version 1, so that edit can be compared too. Two saves of one record cannot share a number:
 * an edit holds the row's lock until commit, and (data_table, data_id, data_version) is unique.
 */

/** The record as stored in data_content: field names, no virtual, write-only, password-like or audit fields. */
export function dataContentOf(def: ResourceDef, row: Row): Record<string, unknown> {
  const rec = toRecord(def, row);
  for (const f of def.fields) {
    if (AUDIT_FIELDS.has(f.name) || f.kind === 'password' || isSecretKey(f.name)) delete rec[f.name];
  }
  return rec;
}

const auditValue = (def: ResourceDef, row: Row, name: string): unknown => {
  const f = fieldByName(def, name);
  return f && !f.virtual ? row[columnOf(f)] : undefined;
};

/**
 * After an add / edit of `def`'s row `id` (inside the save's transaction `tx`). `existing`: the row before an edit
 * (absent for an add, whose new id has no versions yet). At most three statements: the saved row, the last version
 * number (edits only) and one insert (with the found state as version 1 when the record had none).
 */
export async function recordDataVersion(tx: Database, def: ResourceDef, id: string, auth: AuthContext, existing?: Row): Promise<void> {
  if (!def.dataLog) return;
  const row = await selectOne(tx, def, id);
  if (!row) return;
  let last = 0;
  if (existing) {
    const found = await tx
      .selectFrom('sys_data_log')
      .select((eb) => eb.fn.max('data_version').as('v'))
      .where('data_table', '=', def.table)
      .where('data_id', '=', id)
      .executeTakeFirst();
    last = Number(found?.v ?? 0);
  }
  await tx.insertInto('sys_data_log').values(versionRows(def, id, row, last, existing, auth.user, auth.tenantId || null)).execute();
}

/**
 * The version rows of one record: its found state as version 1 when it had no version yet (`last` 0 and a state
 * `before` the write), then its saved `row` as the next version.
 */
function versionRows(def: ResourceDef, id: string, row: Row, last: number, before: Row | undefined, author: DataLogAuthor, tenant: number | null): Insertable<SysDataLogTable>[] {
  const out: Insertable<SysDataLogTable>[] = [];
  let n = last;
  if (n === 0 && before) {
    const by = auditValue(def, before, 'updateBy') ?? auditValue(def, before, 'createBy');
    const at = auditValue(def, before, 'updateTime') ?? auditValue(def, before, 'createTime');
    out.push({
      id: newId(), data_table: def.table, data_id: id, data_content: JSON.stringify(dataContentOf(def, before)), data_version: 1,
      create_by: typeof by === 'string' ? by.slice(0, 100) : null, create_name: null, tenant_id: tenant,
      ...(at instanceof Date ? { create_time: at } : {}),
    });
    n = 1;
  }
  out.push({
    id: newId(), data_table: def.table, data_id: id, data_content: JSON.stringify(dataContentOf(def, row)), data_version: n + 1,
    create_by: author.username.slice(0, 100), create_name: author.realname ?? null, tenant_id: tenant,
  });
  return out;
}

/** Who made a hand-written write (a service that has no AuthContext passes the operator it has). */
export interface DataLogAuthor {
  username: string;
  realname?: string | null;
}

/** The stored rows of `ids` (as `def` reads them), keyed by id: one statement. */
async function rowsById(tx: Database, def: ResourceDef, ids: readonly string[]): Promise<Map<string, Row>> {
  const key = rowKeyColumn(def);
  const rows = (await asAny(tx).selectFrom(def.table).select(selectColumns(def)).where(key, 'in', [...ids]).execute()) as Row[];
  return new Map(rows.map((r) => [String(r[key]), r]));
}

/**
 * Before a hand-written write (放入线索池, 领取, 标签, 转化, 交接, a stock movement…) of `def`'s rows `ids`: their state,
 * for `recordDataVersions` to store as version 1 of a record that had no version yet. Nothing for a definition
 * without `dataLog`.
 */
export async function dataLogSnapshot(tx: Database, def: ResourceDef, ids: readonly string[]): Promise<Map<string, Row>> {
  if (!def.dataLog || !ids.length) return new Map();
  return rowsById(tx, def, [...new Set(ids)]);
}

/**
 * After a hand-written write of `def`'s rows `ids`, inside the write's transaction: a version of each, as the engine's
 * saves make (recordDataVersion). Three statements whatever the count (rows, last versions, one insert), so a
 * handover of hundreds of leads stays one round of work. `before` (dataLogSnapshot) gives a record without versions
 * its found state as version 1.
 */
export async function recordDataVersions(tx: Database, def: ResourceDef, ids: readonly string[], author: DataLogAuthor, before?: ReadonlyMap<string, Row>): Promise<void> {
  const unique = [...new Set(ids)];
  if (!def.dataLog || !unique.length) return;
  const rows = await rowsById(tx, def, unique);
  if (!rows.size) return;
  const versions = await tx
    .selectFrom('sys_data_log')
    .select(['data_id', (eb) => eb.fn.max('data_version').as('v')])
    .where('data_table', '=', def.table)
    .where('data_id', 'in', [...rows.keys()])
    .groupBy('data_id')
    .execute();
  const last = new Map(versions.map((v) => [v.data_id, Number(v.v ?? 0)]));
  const tenant = currentTenant() || null;
  const out = [...rows].flatMap(([id, row]) => versionRows(def, id, row, last.get(id) ?? 0, before?.get(id), author, tenant));
  await tx.insertInto('sys_data_log').values(out).execute();
}

/**
 * 学员's phone numbers stay masked for a viewer without edu:student:phone here too (server/resources/student-privacy.ts):
 * the content is re-written with them masked.
 */
export function maskDataContent(table: string, content: string, seesPhones: boolean): string {
  if (seesPhones || table !== 'tbl_student') return content;
  const obj = parseContent(content);
  for (const f of STUDENT_PHONE_FIELDS) if (typeof obj[f] === 'string') obj[f] = maskPhone(obj[f] as string);
  return JSON.stringify(obj);
}

export type DataLogRow = Selectable<SysDataLogTable>;

/** JeecgBoot's SysDataLog on the wire. */
export function toDataLogRecord(r: DataLogRow, def: ResourceDef | undefined, seesPhones: boolean) {
  return {
    id: r.id,
    dataTable: r.data_table,
    dataTable_dictText: def?.title ?? r.data_table,
    dataId: r.data_id,
    dataContent: maskDataContent(r.data_table, r.data_content, seesPhones),
    dataVersion: r.data_version,
    type: r.type,
    createBy: r.create_by,
    createName: r.create_name,
    createTime: formatDateTime(r.create_time),
    updateBy: null,
    updateTime: null,
  };
}

/**
 * The versions a caller in `tenantId` sees: its tenant's and those without a tenant (saved outside one, and the demo
 * seed's) — the same rows as the 数据日志 list (server/http/log-extra-routes.ts), so 数据比较 finds what the list shows.
 */
const visibleTo = (tenantId: number) => (eb: ExpressionBuilder<DB, 'sys_data_log'>) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]);

/** Versions of one record, newest first (JeecgBoot's queryDataVerList order). A caller in a tenant sees visibleTo's rows. */
export async function listDataVersions(db: Database, table: string, dataId: string, tenantId: number): Promise<DataLogRow[]> {
  let q = db.selectFrom('sys_data_log').selectAll().where('data_table', '=', table).where('data_id', '=', dataId);
  if (tenantId) q = q.where(visibleTo(tenantId));
  return q.orderBy('data_version', 'desc').execute();
}

/** Two versions by id, older first; fewer when an id is unknown (or another tenant's). */
export async function loadDataVersions(db: Database, ids: string[], tenantId: number): Promise<DataLogRow[]> {
  if (!ids.length) return [];
  let q = db.selectFrom('sys_data_log').selectAll().where('id', 'in', ids);
  if (tenantId) q = q.where(visibleTo(tenantId));
  return q.orderBy('data_version').orderBy('create_time').execute();
}

export interface DataCompare {
  dataTable: string;
  dataTableText: string;
  dataId: string;
  left: { id: string; dataVersion: number; createBy: string | null; createTime: string | null };
  right: { id: string; dataVersion: number; createBy: string | null; createTime: string | null };
  fields: DiffRow[];
}

/** Two versions of one record, field by field with the labels and dictionary texts of `def` (the table's resource). */
export async function compareDataVersions(db: Database, def: ResourceDef | undefined, older: DataLogRow, newer: DataLogRow, seesPhones: boolean): Promise<DataCompare> {
  const before = parseContent(maskDataContent(older.data_table, older.data_content, seesPhones));
  const after = parseContent(maskDataContent(newer.data_table, newer.data_content, seesPhones));
  const texts = def ? await loadDictTexts(db, def, [before, after]) : new Map<string, Map<string, string>>();
  const fields = (def?.fields ?? []).filter((f) => !f.virtual).map((f) => ({ name: f.name, label: f.label, texts: texts.get(f.name) }));
  const side = (r: DataLogRow) => ({ id: r.id, dataVersion: r.data_version, createBy: r.create_by, createTime: formatDateTime(r.create_time) });
  return {
    dataTable: older.data_table,
    dataTableText: def?.title ?? older.data_table,
    dataId: older.data_id,
    left: side(older),
    right: side(newer),
    fields: diffVersions(before, after, fields),
  };
}
