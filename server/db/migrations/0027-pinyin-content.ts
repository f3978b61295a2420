import { sql, type Kysely } from 'kysely';
import { addPinyinKey } from './0024-pinyin-key';

/*
 * 拼音 order for the teaching content's name fields (issue #22): 教学模板, 练习册 and 作业 lists sort by them, so
 * they get 0024's stored key, to-do index and guard trigger (server/resources/pinyin-key.ts). Existing rows are
 * filled by the start-up fill. Kysely<unknown> on purpose, as in 0001.
 */

/** [table, column]: the fields marked `pinyinSort` in their resource definitions (listed in PINYIN_TARGETS). */
export const PINYIN_COLUMNS_0027: readonly (readonly [string, string])[] = [
  ['tbl_teach_template', 'name'],
  ['tbl_workbook', 'name'],
  ['tbl_homework', 'title'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of PINYIN_COLUMNS_0027) await addPinyinKey(db, table, column);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of PINYIN_COLUMNS_0027) {
    const key = `${column}_pinyin`;
    await sql`drop trigger if exists ${sql.id(`${table}_${key}_guard`)} on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column if exists ${sql.ref(key)}`.execute(db);
  }
}
