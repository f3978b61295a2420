/** @jest-environment node */
import { sql } from 'kysely';
import { columnOf, rowKeyColumn } from '../../lib/resources/field-kinds';
import { listResources } from '../resources/registry';
import { startTestBackend, type TestBackend } from './helpers';

/**
 * A ResourceDef drives the SQL of its CRUD routes, its export and its import, so a field whose column is
 * missing from the table fails only when someone uses it. Every registered definition is checked here against
 * the migrated database: a definition and its table cannot drift apart unnoticed.
 */

let be: TestBackend;
let columns: Map<string, Set<string>>;

beforeAll(async () => {
  be = await startTestBackend();
  // pg_catalog rather than information_schema: the same answer, without the views' cost on PGlite.
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.relname as table_name, a.attname as column_name
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
  `.execute(be.db);
  columns = new Map();
  for (const r of rows) {
    if (!columns.has(r.table_name)) columns.set(r.table_name, new Set());
    columns.get(r.table_name)!.add(r.column_name);
  }
}, 120_000);
afterAll(() => be.close());

describe('resource definitions match the migrated database', () => {
  it('registers the product’s resources', () => {
    expect(listResources().length).toBeGreaterThan(10);
  });

  it.each(listResourceNames())('%s: its table has every stored field’s column, the row key and the soft-delete column', (name) => {
    const { def } = listResources().find((r) => r.def.name === name)!;
    const table = columns.get(def.table);
    expect(table && def.table).toBe(def.table);
    const wanted = [
      ...def.fields.filter((f) => !f.virtual).map((f) => `${f.name} → ${columnOf(f)}`),
      `rowKey → ${rowKeyColumn(def)}`,
      ...(def.softDeleteColumn ? [`softDelete → ${def.softDeleteColumn}`] : []),
      ...(def.customValuesColumn ? [`customValues → ${def.customValuesColumn}`] : []),
    ];
    const missing = wanted.filter((w) => !table!.has(w.split(' → ')[1]));
    expect(missing).toEqual([]);
  });
});

/** Resource names, known before the backend starts: the catalogue registers at import time of the app. */
function listResourceNames(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- registration must run before it.each is built
  const { registerCatalog } = require('../areas') as typeof import('../areas');
  registerCatalog();
  return listResources().map((r) => r.def.name).sort();
}
