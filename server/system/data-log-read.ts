import type { ResourceDef } from '../../lib/resources/types';
import { diffVersions, parseContent, type DiffRow } from '../../lib/logs/data-diff';
import { maskPhone } from '../../lib/account/mask-phone';
import type { Database } from '../db';
import type { DB, SysDataLogTable } from '../db/schema';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { formatDateTime } from '../core/format';
import { loadDictTexts } from '../resources/select';
import { STUDENT_PHONE_FIELDS } from '../edu/student-privacy';

/** 数据日志's reads (the engine writes the versions, server/resources/data-log.ts): lists, records and comparisons, phones masked. */
/**
 * 学员's phone numbers stay masked for a viewer without edu:student:phone here too (server/edu/student-privacy.ts):
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
 * seed's) — the same rows as the 数据日志 list (server/system/log-extra-routes.ts), so 数据比较 finds what the list shows.
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
