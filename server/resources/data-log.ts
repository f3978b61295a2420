import { AUDIT_FIELDS, columnOf, fieldByName, rowKeyColumn } from '../../lib/resources/field-kinds';
import type { ResourceDef } from '../../lib/resources/types';
import { isSecretKey } from '../../lib/logs/redact';
import type { Database } from '../db';
import type { SysDataLogTable } from '../db/schema';
import type { AuthContext } from '../core/context';
import { newId } from '../core/ids';
import { asAny, selectColumns, selectOne, toRecord } from './select';
import { currentTenant } from '../db/tenant-scope';
import type { Row } from './query';
import type { Insertable } from 'kysely';

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
