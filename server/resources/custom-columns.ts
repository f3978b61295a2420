import { sql } from 'kysely';
import { fieldByName, rowKeyColumn } from '../../lib/resources/field-kinds';
import { customColumnsTableOf, withCustomColumns, type CustomColumn } from '../../lib/resources/custom-columns';
import type { BodyRow } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import type { CrudHooks } from './hooks';
import type { Row } from './query';
import { asAny } from './select';
import { GenerationCache } from '../db/cache-generation';

/**
 * Custom columns on the server (lib/resources/custom-columns.ts): for a resource with a
 * `customValuesColumn`, each request's definition gains the administrator's columns as virtual fields
 * (so the body schema validates them like any field), and hooks move their values in and out of the
 * row's JSON column. The JSON key is the column's jdbcField, checked against FIELD_NAME_RE; the SQL
 * names the JSON column from the definition only.
 */

export async function loadCustomColumns(db: Database, table: string): Promise<CustomColumn[]> {
  const rows = await db
    .selectFrom('sys_table_column')
    .select(['id', 'name', 'jdbc_field', 'show_type', 'option_item', 'prompt', 'sort'])
    .where('table_name', '=', table)
    .orderBy('sort')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, jdbcField: r.jdbc_field, showType: r.show_type, optionItem: r.option_item, prompt: r.prompt, sort: r.sort }));
}

/** The name the JSON column is selected under with a page's rows (never a field name: those are identifiers). */
const RAW_VALUES = '$customValues';

/** A table's columns until the next change of sys_table_column (server/db/cache-generation.ts). */
const columnCache = new GenerationCache<CustomColumn[]>();

/** Augmented definitions by base definition and column set: the body schema (cached per def object) is built once per change. */
const augmented = new WeakMap<ResourceDef, { cols: CustomColumn[]; key: string; def: ResourceDef }>();

function augment(def: ResourceDef, cols: CustomColumn[]): ResourceDef {
  const hit = augmented.get(def);
  // The cached column list is the same array until it changes: no key to compute then.
  if (hit && hit.cols === cols) return hit.def;
  const key = JSON.stringify(cols.map((c) => [c.jdbcField, c.name, c.showType, c.optionItem ?? '', c.sort ?? 0]));
  if (hit && hit.key === key) {
    hit.cols = cols;
    return hit.def;
  }
  const next = withCustomColumns(def, cols);
  augmented.set(def, { cols, key, def: next });
  return next;
}

/** The custom fields of an augmented definition (those the base one does not have). */
const customNames = (base: ResourceDef, def: ResourceDef) => def.fields.filter((f) => !fieldByName(base, f.name)).map((f) => f.name);

/**
 * The definition and hooks one request of `base` runs with. Resources without a customValuesColumn, and
 * tables without custom columns, are returned as they are.
 */
export async function withCustomFields(db: Database, base: ResourceDef, hooks: CrudHooks): Promise<{ def: ResourceDef; hooks: CrudHooks }> {
  const column = base.customValuesColumn;
  if (!column) return { def: base, hooks };
  const table = customColumnsTableOf(base);
  const cols = await columnCache.get(db, table, () => loadCustomColumns(db, table));
  const def = augment(base, cols);
  const names = customNames(base, def);
  if (!names.length) return { def, hooks };
  const key = rowKeyColumn(base);

  const pick = (row: BodyRow): Record<string, unknown> | null => {
    const out: Record<string, unknown> = {};
    let any = false;
    for (const n of names) {
      if (row[n] === undefined) continue;
      out[n] = row[n];
      any = true;
    }
    return any ? out : null;
  };

  return {
    def,
    hooks: {
      ...hooks,
      async afterSave(row, ctx) {
        await hooks.afterSave?.(row, ctx);
        const values = pick(row);
        if (!values) return;
        // jsonb `||` merges keys: an edit that sends one custom field keeps the others.
        await asAny(ctx.db)
          .updateTable(base.table)
          .set({ [column]: sql`coalesce(${sql.ref(column)}, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb` })
          .where(sql.ref(key), '=', ctx.id)
          .execute();
      },
      // A page's and a queryById's JSON column comes with the rows; an export's is read here.
      selectWith: { ...hooks.selectWith, [RAW_VALUES]: (eb) => eb.ref(column) },
      async afterLoad(records, ctx) {
        await hooks.afterLoad?.(records, ctx);
        const ids = records
          .filter((r) => !Object.hasOwn(r, RAW_VALUES))
          .map((r) => r[base.rowKey])
          .filter((v): v is string => typeof v === 'string');
        const rows = ids.length
          ? ((await asAny(ctx.db)
              .selectFrom(base.table)
              .select([sql.ref(key).as('k'), sql.ref(column).as('v')])
              .where(sql.ref(key), 'in', ids)
              .execute()) as Row[])
          : [];
        const byId = new Map(rows.map((r) => [String(r.k), parseJson(r.v)]));
        for (const r of records) {
          const values = Object.hasOwn(r, RAW_VALUES) ? parseJson(r[RAW_VALUES]) : (byId.get(String(r[base.rowKey])) ?? {});
          delete r[RAW_VALUES];
          for (const n of names) r[n] = Object.hasOwn(values, n) ? values[n] : null;
        }
      },
    },
  };
}

function parseJson(v: unknown): Record<string, unknown> {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v === 'string') {
    try {
      const o: unknown = JSON.parse(v);
      return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return {};
}
