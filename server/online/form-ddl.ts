import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db';
import type { CgformDbType, CgformSyncPreview } from '../../lib/online/wire';
import { DB_TYPE_LABELS, physicalTableOf } from '../../lib/online/form-rules';

/**
 * 同步数据库 of an online form (issue #25): what the table should be (the definition in onl_cgform_field) against
 * what it is (the `synced_*` columns written by the last sync, and the catalog for columns, indexes and foreign
 * keys), as statements to preview and then run in one transaction.
 *
 * Identifiers come only from validated definitions (lib/online/form-rules.ts) and are asserted and quoted again
 * here; no value is ever spliced: a default that fills existing rows is a bound parameter, and checks on stored
 * rows compare with numbers derived from validated lengths. Index and constraint names are hashes of table and
 * column (PostgreSQL's 63-character limit), so renames and drops are found by diffing the catalog.
 * Raw `sql` is not tenant-scoped (server/db/tenant-scope.ts): counts here see every tenant's rows, which is what a
 * change of the table affects.
 */

/** One field as the sync needs it: the definition and what the database has since the last sync. */
export interface FieldState {
  id: string;
  name: string;
  txt: string;
  dbType: CgformDbType;
  dbLength: number;
  dbPointLength: number;
  /** 1 may be empty, 0 必填. */
  dbIsNull: number;
  unique: boolean;
  defaultVal: string | null;
  /** Child forms: the main form's tableName this field points at (its id). */
  mainTable: string | null;
  synced: { name: string; type: CgformDbType; length: number; point: number; isNull: number; unique: boolean } | null;
}

export interface SyncStep {
  /** As shown in the preview (values as $n). */
  text: string;
  run: RawBuilder<unknown>;
}

export interface SyncPlan {
  preview: CgformSyncPreview;
  steps: SyncStep[];
  /** Reasons the sync is refused (nothing runs while there is one). */
  refusals: string[];
  /** Columns this sync renames to backups (recorded in onl_cgform_backup_column). */
  backups: { field: string; backupColumn: string }[];
}

/** The generated columns, in table order after id. */
const GENERATED_DDL = ['"create_by" varchar(50)', '"create_time" timestamptz not null default now()', '"update_by" varchar(50)', '"update_time" timestamptz', '"tenant_id" integer not null default 1'];
const GENERATED = new Set(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'tenant_id']);

/** A quoted identifier; anything but a plain lower-case name is a bug upstream (validation), never SQL. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24);
/** Per-tenant unique index of a column. */
export const uniqueIndexName = (table: string, column: string) => `uq_${hash(table, column)}`;
/** Foreign key of a child table's column to its main table. */
export const foreignKeyName = (table: string, column: string, main: string) => `fk_${hash(table, column, main)}`;
/** Plain index of a foreign key column (deleting a main row looks its children up). */
export const foreignIndexName = (table: string, column: string) => `ix_${hash(table, column)}`;

/** The column type of a field (a foreign key is always an id: varchar(32)). */
export function columnType(f: { dbType: CgformDbType; dbLength: number; dbPointLength: number; mainTable?: string | null }): string {
  if (f.mainTable) return 'varchar(32)';
  const len = Math.trunc(f.dbLength);
  const point = Math.trunc(f.dbPointLength);
  switch (f.dbType) {
    case 'string':
      return `varchar(${len})`;
    case 'int':
      return 'integer';
    case 'double':
      return 'double precision';
    case 'BigDecimal':
      return `numeric(${len},${point})`;
    case 'Date':
      return 'date';
    case 'Datetime':
      return 'timestamptz';
    case 'Text':
      return 'text';
  }
}

const typeLabel = (t: { dbType: CgformDbType; dbLength: number; dbPointLength: number }) =>
  t.dbType === 'string' ? `${DB_TYPE_LABELS.string}(${t.dbLength})` : t.dbType === 'BigDecimal' ? `${DB_TYPE_LABELS.BigDecimal}(${t.dbLength},${t.dbPointLength})` : DB_TYPE_LABELS[t.dbType];

/** The table as the catalog has it. */
interface Catalog {
  exists: boolean;
  columns: Set<string>;
  indexes: Set<string>;
  foreignKeys: Set<string>;
}

async function tableExists(db: Database, table: string): Promise<boolean> {
  // pg_catalog, not information_schema: the latter's privilege-checking views cost tens of ms a query on PGlite.
  const r = await sql<{ ok: boolean }>`select to_regclass(${ident(table)}) is not null as ok`.execute(db);
  return r.rows[0].ok;
}

async function readCatalog(db: Database, table: string): Promise<Catalog> {
  const rel = ident(table);
  const cols = await sql<{ name: string }>`
    select attname as name from pg_attribute where attrelid = to_regclass(${rel}) and attnum > 0 and not attisdropped`.execute(db);
  if (!cols.rows.length) return { exists: false, columns: new Set(), indexes: new Set(), foreignKeys: new Set() };
  const idx = await sql<{ name: string }>`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = to_regclass(${rel})`.execute(db);
  const fks = await sql<{ name: string }>`select conname as name from pg_constraint where conrelid = to_regclass(${rel}) and contype = 'f'`.execute(db);
  return {
    exists: true,
    columns: new Set(cols.rows.map((r) => r.name)),
    indexes: new Set(idx.rows.map((r) => r.name)),
    foreignKeys: new Set(fks.rows.map((r) => r.name)),
  };
}

/** `select count(*) … <tail>` over a generated table (the tail is built here from quoted identifiers and numbers only). */
async function count(db: Database, tail: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n ${sql.raw(tail)}`.execute(db);
  return r.rows[0].n;
}

/** Rows of the table (all tenants). */
export async function countRows(db: Database, table: string): Promise<number> {
  if (!(await tableExists(db, table))) return 0;
  return count(db, `from ${ident(table)}`);
}

const ISO_DATE = "'^[0-9]{4}-[0-9]{2}-[0-9]{2}$'";
const ISO_DATETIME = "'^[0-9]{4}-[0-9]{2}-[0-9]{2}([ T][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]+)?)?([+-][0-9]{2}(:?[0-9]{2})?|Z)?)?$'";
const INTEGER = "'^[-+]?[0-9]{1,18}$'";
const DECIMAL = "'^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)$'";
const FLOAT = "'^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]{1,3})?$'";

/**
 * How a column changes type: the USING expression, and a predicate true for the rows whose value converts (null and
 * blank text convert to null). Everything is built from the quoted column and validated numbers.
 */
function conversion(col: string, from: CgformDbType, to: FieldState): { using: string; converts: string } {
  const target = columnType(to);
  if (to.dbType === 'string' || to.dbType === 'Text') {
    const fits = to.dbType === 'string' ? `char_length(${col}::text) <= ${Math.trunc(to.dbLength)}` : 'true';
    return { using: `${col}::text`, converts: fits };
  }
  const v = `nullif(btrim(${col}::text), '')`;
  const using = `${v}::${target}`;
  const textual = from === 'string' || from === 'Text';
  const match = (re: string, extra = 'true') => `(${v} is null or case when ${v} ~ ${re} then ${extra} else false end)`;
  switch (to.dbType) {
    case 'int':
      return { using, converts: match(INTEGER, `${v}::numeric between -2147483648 and 2147483647`) };
    case 'double':
      return { using, converts: match(FLOAT) };
    case 'BigDecimal': {
      const whole = Math.trunc(to.dbLength) - Math.trunc(to.dbPointLength);
      return { using, converts: match(DECIMAL, `abs(${v}::numeric) < 1e${whole}`) };
    }
    case 'Date':
      return { using, converts: from === 'Datetime' || from === 'Date' ? 'true' : textual ? match(ISO_DATE) : `${v} is null` };
    case 'Datetime':
      return { using, converts: from === 'Date' || from === 'Datetime' ? 'true' : textual ? match(ISO_DATETIME) : `${v} is null` };
  }
}

const sameType = (a: { dbType: CgformDbType; dbLength: number; dbPointLength: number; mainTable?: string | null }, b: typeof a) => columnType(a) === columnType(b);

/** A free backup name for `column`: `<column>__bak_<n>`. */
function backupName(column: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const name = `${column}__bak_${n}`;
    if (!taken.has(name)) return name;
  }
}

const raw = (text: string): SyncStep => ({ text, run: sql.raw(text) });

/**
 * The plan for one form. `mode` force: drop and re-create the table (only while it holds no rows). The checks on
 * stored rows (conversions, required fields, duplicates, dangling foreign keys) refuse the sync rather than lose
 * or bend data; each refusal is also a warning of the preview.
 */
export async function planSync(
  db: Database,
  form: { id: string; tableName: string },
  fields: FieldState[],
  backups: { field_name: string; backup_column: string }[],
  mode: 'normal' | 'force' = 'normal',
): Promise<SyncPlan> {
  const table = physicalTableOf(form.tableName);
  const t = ident(table);
  const catalog = await readCatalog(db, table);
  const rowCount = catalog.exists ? await count(db, `from ${t}`) : 0;
  const steps: SyncStep[] = [];
  const warnings: string[] = [];
  const refusals: string[] = [];
  const refuse = (m: string) => {
    refusals.push(m);
    warnings.push(m);
  };
  const dropped: CgformSyncPreview['dropped'] = [];
  const newBackups: SyncPlan['backups'] = [];
  const nonEmpty = (col: string) => count(db, `from ${t} where ${ident(col)} is not null and ${ident(col)}::text <> ''`);

  // Foreign keys need the main table: it must exist (synchronised first).
  for (const f of fields.filter((x) => x.mainTable)) {
    if (!(await tableExists(db, physicalTableOf(f.mainTable!)))) refuse(`主表 ${f.mainTable} 还没有同步到数据库，请先同步主表`);
  }

  const keepBackups = !catalog.exists || mode === 'force' ? [] : backups.filter((b) => catalog.columns.has(b.backup_column));
  for (const b of keepBackups) dropped.push({ field: b.field_name, backupColumn: b.backup_column, nonEmptyRows: await nonEmpty(b.backup_column), backedUp: true });

  const create = !catalog.exists || mode === 'force';
  if (mode === 'force' && catalog.exists) {
    if (rowCount > 0) refuse(`表中已有 ${rowCount} 行数据，不能强制同步（强制同步会删除并重建表）`);
    const children = await sql<{ n: number }>`select count(*)::int as n from pg_constraint where confrelid = to_regclass(${t}) and contype = 'f' and conrelid <> confrelid`.execute(db);
    if (children.rows[0].n > 0) refuse('有附表关联此表，不能强制同步，请用普通同步');
    steps.push(raw(`drop table ${t}`));
  }

  if (create) {
    const cols = ['"id" varchar(32) primary key', ...fields.map((f) => `${ident(f.name)} ${columnType(f)}${f.dbIsNull === 0 ? ' not null' : ''}`), ...GENERATED_DDL];
    steps.push(raw(`create table ${t} (${cols.join(', ')})`));
    for (const f of fields) {
      if (f.unique) steps.push(raw(`create unique index ${ident(uniqueIndexName(table, f.name))} on ${t} ("tenant_id", ${ident(f.name)})`));
      if (f.mainTable) {
        const main = physicalTableOf(f.mainTable);
        steps.push(raw(`alter table ${t} add constraint ${ident(foreignKeyName(table, f.name, main))} foreign key (${ident(f.name)}) references ${ident(main)} ("id") on delete cascade`));
        steps.push(raw(`create index ${ident(foreignIndexName(table, f.name))} on ${t} (${ident(f.name)})`));
      }
    }
    const preview: CgformSyncPreview = { kind: 'create', statements: steps.map((s) => s.text), rowCount: 0, warnings, dropped: [], blocked: refusals.length > 0 };
    return { preview, steps, refusals, backups: [] };
  }

  // The columns each field has now: its synced name when the table still has it.
  const current = new Map<string, FieldState>();
  for (const f of fields) if (f.synced && catalog.columns.has(f.synced.name)) current.set(f.synced.name, f);
  const recorded = new Set(keepBackups.map((b) => b.backup_column));
  const taken = new Set(catalog.columns);

  // 1. Columns no field owns any more: renamed to a backup, kept until 确认删除.
  const orphans = [...catalog.columns].filter((c) => !GENERATED.has(c) && !current.has(c) && !recorded.has(c)).sort();
  for (const col of orphans) {
    const bak = backupName(col, taken);
    taken.add(bak);
    steps.push(raw(`alter table ${t} rename column ${ident(col)} to ${ident(bak)}`));
    const n = await nonEmpty(col);
    dropped.push({ field: col, backupColumn: bak, nonEmptyRows: n, backedUp: false });
    newBackups.push({ field: col, backupColumn: bak });
    warnings.push(`字段 ${col} 已从表单删除：${n} 行有值，该列改名为 ${bak} 保留，确认删除后才会真正删除`);
  }

  // 2. Renames (a field keeps its column and data under the new name).
  for (const [col, f] of current) {
    if (col === f.name) continue;
    const stays = current.get(f.name);
    if (stays && stays !== f) {
      refuse(`字段 ${col} 改名为 ${f.name} 与另一字段的改名冲突，请分两次修改并同步`);
      continue;
    }
    if (!stays && catalog.columns.has(f.name) && !orphans.includes(f.name)) {
      refuse(`字段 ${col} 不能改名为 ${f.name}：表中已有该列`);
      continue;
    }
    steps.push(raw(`alter table ${t} rename column ${ident(col)} to ${ident(f.name)}`));
    if (rowCount > 0) warnings.push(`字段 ${col} 改名为 ${f.name}：${rowCount} 行的数据保留`);
  }

  // 3. New columns; 4. type and required changes of existing ones.
  // `stored`: the column's name before this sync (counts run before any step), or null for a new column.
  const requireValues = async (f: FieldState, stored: string | null) => {
    const c = ident(f.name);
    const missing = stored === null ? rowCount : await count(db, `from ${t} where ${ident(stored)} is null`);
    if (missing > 0) {
      if (f.defaultVal === null || f.defaultVal === '') {
        refuse(`字段 ${f.name} 设为必填，但表中有 ${missing} 行没有值，同步将被拒绝（请先设置默认值或取消必填）`);
        return;
      }
      steps.push({ text: `update ${t} set ${c} = $1 where ${c} is null`, run: sql`update ${sql.raw(t)} set ${sql.raw(c)} = ${f.defaultVal} where ${sql.raw(c)} is null` });
      warnings.push(`字段 ${f.name} 设为必填：${missing} 行没有值，将填入默认值 ${f.defaultVal}`);
    }
    steps.push(raw(`alter table ${t} alter column ${c} set not null`));
  };
  for (const f of fields) {
    const c = ident(f.name);
    const s = f.synced && current.get(f.synced.name) === f ? f.synced : null;
    if (!s) {
      steps.push(raw(`alter table ${t} add column ${c} ${columnType(f)}`));
      if (f.dbIsNull === 0) await requireValues(f, null);
      continue;
    }
    const before = { dbType: s.type, dbLength: s.length, dbPointLength: s.point, mainTable: f.mainTable };
    if (!sameType(before, f)) {
      if (rowCount > 0) {
        const bad = await count(db, `from ${t} where ${ident(s.name)} is not null and not (${conversion(ident(s.name), s.type, f).converts})`);
        if (bad > 0) refuse(`字段 ${f.name} 将从 ${typeLabel(before)} 改为 ${typeLabel(f)}：${bad} 行的值无法转换，同步将被拒绝`);
        else warnings.push(`字段 ${f.name} 将从 ${typeLabel(before)} 改为 ${typeLabel(f)}：${rowCount} 行的值将被转换`);
      }
      // After step 2 the column has its new name.
      steps.push(raw(`alter table ${t} alter column ${c} type ${columnType(f)} using ${conversion(c, s.type, f).using}`));
    }
    if (s.isNull !== 0 && f.dbIsNull === 0) await requireValues(f, s.name);
    if (s.isNull === 0 && f.dbIsNull !== 0) steps.push(raw(`alter table ${t} alter column ${c} drop not null`));
  }

  // 5. Unique indexes and foreign keys: the catalog's against what the fields want.
  const wantIndexes = new Map<string, SyncStep>();
  const wantFks = new Map<string, SyncStep>();
  const checks: (() => Promise<void>)[] = [];
  for (const f of fields) {
    const c = ident(f.name);
    const col = current.get(f.synced?.name ?? '') === f ? f.synced!.name : null; // stored rows' column, if any
    if (f.unique) {
      const name = uniqueIndexName(table, f.name);
      wantIndexes.set(name, raw(`create unique index ${ident(name)} on ${t} ("tenant_id", ${c})`));
      if (!catalog.indexes.has(name) && col && rowCount > 0) {
        checks.push(async () => {
          const dup = await count(db, `from (select 1 from ${t} where ${ident(col)} is not null group by "tenant_id", ${ident(col)} having count(*) > 1) d`);
          if (dup > 0) refuse(`字段 ${f.name} 设为唯一，但表中有 ${dup} 组重复的值，同步将被拒绝`);
        });
      }
    }
    if (f.mainTable) {
      const main = physicalTableOf(f.mainTable);
      const fk = foreignKeyName(table, f.name, main);
      wantFks.set(fk, raw(`alter table ${t} add constraint ${ident(fk)} foreign key (${c}) references ${ident(main)} ("id") on delete cascade`));
      wantIndexes.set(foreignIndexName(table, f.name), raw(`create index ${ident(foreignIndexName(table, f.name))} on ${t} (${c})`));
      if (!catalog.foreignKeys.has(fk) && col && rowCount > 0 && (await tableExists(db, main))) {
        checks.push(async () => {
          const dangling = await count(db, `from ${t} x where x.${ident(col)} is not null and not exists (select 1 from ${ident(main)} m where m."id" = x.${ident(col)})`);
          if (dangling > 0) refuse(`字段 ${f.name} 关联主表 ${f.mainTable}，但有 ${dangling} 行指向不存在的主表记录，同步将被拒绝`);
        });
      }
    }
  }
  for (const check of checks) await check();
  for (const fk of catalog.foreignKeys) if (fk.startsWith('fk_') && !wantFks.has(fk)) steps.unshift(raw(`alter table ${t} drop constraint ${ident(fk)}`));
  for (const ix of catalog.indexes) if ((ix.startsWith('uq_') || ix.startsWith('ix_')) && !wantIndexes.has(ix)) steps.unshift(raw(`drop index ${ident(ix)}`));
  for (const [name, step] of wantIndexes) if (!catalog.indexes.has(name)) steps.push(step);
  for (const [name, step] of wantFks) if (!catalog.foreignKeys.has(name)) steps.push(step);

  const preview: CgformSyncPreview = {
    kind: steps.length ? 'alter' : 'none',
    statements: steps.map((s) => s.text),
    rowCount,
    warnings,
    dropped,
    blocked: refusals.length > 0,
  };
  return { preview, steps, refusals, backups: newBackups };
}

/** Runs a plan's statements in order (inside the caller's transaction). */
export async function runSteps(tx: Database, steps: SyncStep[]): Promise<void> {
  for (const s of steps) await s.run.execute(tx);
}

/** Drops backup columns (inside the caller's transaction). */
export async function dropColumns(tx: Database, tableName: string, columns: string[]): Promise<void> {
  const t = ident(physicalTableOf(tableName));
  for (const c of columns) await sql.raw(`alter table ${t} drop column if exists ${ident(c)}`).execute(tx);
}

/** Drops the form's table if it exists (inside the caller's transaction). */
export async function dropTable(tx: Database, tableName: string): Promise<void> {
  await sql.raw(`drop table if exists ${ident(physicalTableOf(tableName))}`).execute(tx);
}

export { tableExists };
