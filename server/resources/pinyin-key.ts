import { sql } from 'kysely';
import { pinyin } from 'pinyin-pro';
import { columnOf, valueTypeOf } from '../../lib/resources/field-kinds';
import type { FieldDef, ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import { PINYIN_COLUMNS_0024 } from '../db/migrations/0024-pinyin-key';
import { PINYIN_COLUMNS_0027 } from '../db/migrations/0027-pinyin-content';
import { PINYIN_COLUMNS_0028 } from '../db/migrations/0028-crm';
import type { Row } from './query';

/*
 * 拼音 order for Chinese text on a database without a Chinese collation (PGlite; issue #21). PostgreSQL sorts
 * free text with the ICU collation "zh-x-icu"; PGlite's ICU has only the root collation, and a key computed in
 * SQL per row at query time cost ~10 ms a row (commit 4bb6fff). So a field marked `pinyinSort` has a companion
 * column `<column>_pinyin` (migration 0024) holding its key, computed here in JavaScript on every engine write
 * (columns.ts toColumns), and sorted bytewise (collate "C").
 *
 * The key, per character: a Chinese character becomes a backtick + its 拼音 with the tone number + the character
 * itself (张 → `zhang1张); anything else is lower-cased, after NFKC (full-width Ａ１ → a1). Bytewise that gives ICU's
 * zh order: punctuation and digits first, then Chinese by 拼音 and tone (one character's names together: 张三,
 * 张四 before 章三), then Latin letters (the backtick sorts just below `a`), case-insensitively. ü is written v
 * (lü after lu), the neutral tone 5 (after the four tones, as dictionaries list it). One reading per character,
 * pinyin-pro's most common one (单 dān, 曾 céng), as a collation has: a character always sorts in one place.
 *
 * A key is either right or null: a write that changes the text without the key (a hand-written UPDATE) has its
 * key nulled by the guard trigger of migration 0024; null keys are filled from here at start-up (the seed's
 * end) and before a list or export sorts by them. Until then the row sorts by its text (coalesce), never hidden.
 */

/** The companion column holding the 拼音 sort key of `column`. */
export const pinyinColumnOf = (column: string) => `${column}_pinyin`;

/** Whether the engine keeps a 拼音 sort key for the field (a stored free-text field marked `pinyinSort`). */
export const hasPinyinKey = (f: FieldDef): boolean => f.pinyinSort === true && !f.virtual && valueTypeOf(f) === 'string';

const HAN = /\p{Script=Han}/u;
const READING = /^([a-zü]+)([0-4])$/;
/** Chinese characters already looked up (bounded by the Han block sizes). */
const hanKeys = new Map<string, string>();

function charKey(ch: string): string {
  if (!HAN.test(ch)) return ch.toLowerCase();
  let key = hanKeys.get(ch);
  if (key === undefined) {
    const m = READING.exec(pinyin(ch, { toneType: 'num', type: 'array' })[0] ?? '');
    // A character pinyin-pro cannot read keeps itself: it sorts after every read one.
    key = m ? `\`${m[1].replace(/ü/g, 'v')}${m[2] === '0' ? '5' : m[2]}${ch}` : ch;
    hanKeys.set(ch, key);
  }
  return key;
}

/** The 拼音 sort key of a text (null stays null). */
export function pinyinSortKey(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return Array.from(String(text).normalize('NFKC'), charKey).join('');
}

/** Adds the sort keys of the written `pinyinSort` fields to a row of columns (an add, edit or import). */
export function withPinyinKeys(def: ResourceDef, row: Row): Row {
  for (const f of def.fields) {
    if (!hasPinyinKey(f)) continue;
    const column = columnOf(f);
    if (!(column in row)) continue;
    const v = row[column];
    row[pinyinColumnOf(column)] = typeof v === 'string' ? pinyinSortKey(v) : null;
  }
  return row;
}

export interface PinyinTarget {
  table: string;
  /** The row key column. */
  id: string;
  /** The text column and its key column. */
  column: string;
  key: string;
}

const BATCH = 1000;
/** A bound on the rounds of one fill (rows renamed while it runs are left to the next one). */
const MAX_ROUNDS = 1000;

/**
 * Fills the null keys of one column from JavaScript, in batches. The update re-checks that the text is the one
 * the key was computed from and the key still null, so a concurrent edit (which writes its own key) wins.
 * Cheap when there is nothing to do: migration 0024's partial index holds exactly the rows to fill.
 */
export async function fillPinyinKeys(db: Database, t: PinyinTarget): Promise<number> {
  let filled = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { rows } = await sql<{ id: unknown; v: unknown }>`
      select ${sql.ref(t.id)} as id, ${sql.ref(t.column)} as v from ${sql.table(t.table)}
      where ${sql.ref(t.key)} is null and ${sql.ref(t.column)} is not null limit ${BATCH}`.execute(db);
    if (!rows.length) break;
    const values = rows.map((r) => sql`(cast(${String(r.id)} as text), cast(${String(r.v)} as text), cast(${pinyinSortKey(String(r.v))} as text))`);
    const r = await sql`
      update ${sql.table(t.table)} as t set ${sql.ref(t.key)} = v.k
      from (values ${sql.join(values)}) as v(id, txt, k)
      where t.${sql.ref(t.id)} = v.id and t.${sql.ref(t.column)} = v.txt and t.${sql.ref(t.key)} is null`.execute(db);
    filled += Number(r.numAffectedRows ?? 0);
    if (rows.length < BATCH) break;
  }
  return filled;
}

/**
 * Every key column of the schema: the lists of the migrations that add them (0024's; a later migration adding
 * a key with `addPinyinKey` exports its list and is added here). Static, so the start-up fill reads no catalog.
 */
export const PINYIN_TARGETS: readonly PinyinTarget[] = [...PINYIN_COLUMNS_0024, ...PINYIN_COLUMNS_0027, ...PINYIN_COLUMNS_0028].map(([table, column]) => ({ table, id: 'id', column, key: pinyinColumnOf(column) }));

/**
 * Fills every null key of the database: rows written by a path that did not compute keys (the seeds' bulk
 * inserts and SQL, rows from before migration 0024). Run at the end of the seed, i.e. at every start-up; one
 * query finds the columns with work (each branch reads an index that is empty when there is none).
 */
export async function fillAllPinyinKeys(db: Database, targets: readonly PinyinTarget[] = PINYIN_TARGETS): Promise<number> {
  if (!targets.length) return 0;
  const probes = targets.map(
    (t, i) => sql`(select ${sql.lit(i)} as i from ${sql.table(t.table)} where ${sql.ref(t.key)} is null and ${sql.ref(t.column)} is not null limit 1)`,
  );
  const { rows } = await sql<{ i: number }>`${sql.join(probes, sql` union all `)}`.execute(db);
  let filled = 0;
  for (const { i } of rows) filled += await fillPinyinKeys(db, targets[Number(i)]);
  return filled;
}
