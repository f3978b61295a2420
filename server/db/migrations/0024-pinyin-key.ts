import { sql, type Kysely } from 'kysely';

/*
 * Stored 拼音 sort keys (issue #21). PGlite has no Chinese collation, and a key computed in SQL per row at query
 * time (the removed 0020) cost ~10 ms a row; so each name-like free-text column users sort by gets a companion
 * `<column>_pinyin` holding its key, computed in JavaScript (server/resources/pinyin-key.ts) by the resource
 * engine's writes and filled for null keys at start-up and before a sorted read. Per column:
 *  - the key column (text; compared with collate "C" by the sort),
 *  - a partial index of exactly the rows whose key is missing, so looking for work to do costs nothing,
 *  - a guard trigger: an UPDATE that changes the text without writing the key (hand-written SQL, a resource
 *    without the flag on a shared table) nulls the key, so a key is never stale, only missing.
 * Existing rows are filled by the start-up fill (the seed's end), not here: the key function lives in the
 * application. Departments have no sorted name list (a tree ordered by depart_order), so no key.
 * Kysely<unknown> on purpose, as in 0001.
 */

/** [table, column]: the fields marked `pinyinSort` in their resource definitions. */
export const PINYIN_COLUMNS_0024: readonly (readonly [string, string])[] = [
  ['tbl_student', 'name'],
  ['tbl_teacher', 'name'],
  ['tbl_clazz', 'name'],
  ['tbl_course', 'name'],
  ['tbl_room', 'name'],
  ['tbl_location', 'name'],
  ['tbl_course_material', 'name'],
  ['sys_user', 'realname'],
  ['sys_role', 'role_name'],
  ['sys_position', 'name'],
  ['sys_dict', 'dict_name'],
  ['sys_message_template', 'template_name'],
];

/**
 * The key column, its to-do index and its guard trigger for one column (a later migration adding a key to
 * another table calls this; `jw_pinyin_key_guard` must exist, created below).
 */
export async function addPinyinKey(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const key = `${column}_pinyin`;
  await sql`alter table ${sql.table(table)} add column ${sql.ref(key)} text`.execute(db);
  await sql`create index ${sql.id(`${table}_${key}_todo`)} on ${sql.table(table)} (id) where ${sql.ref(key)} is null and ${sql.ref(column)} is not null`.execute(db);
  await sql`create trigger ${sql.id(`${table}_${key}_guard`)} before update of ${sql.ref(column)} on ${sql.table(table)}
    for each row execute function jw_pinyin_key_guard(${sql.lit(column)}, ${sql.lit(key)})`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // tg_argv: the text column, its key column. Generic through jsonb, as trigger arguments are names, not columns.
  await sql`create function jw_pinyin_key_guard() returns trigger language plpgsql as $$
    declare
      n jsonb := to_jsonb(new);
      o jsonb := to_jsonb(old);
    begin
      if (n -> tg_argv[0]) is distinct from (o -> tg_argv[0]) and (n -> tg_argv[1]) is not distinct from (o -> tg_argv[1]) then
        new := jsonb_populate_record(new, jsonb_build_object(tg_argv[1], null));
      end if;
      return new;
    end $$`.execute(db);
  for (const [table, column] of PINYIN_COLUMNS_0024) await addPinyinKey(db, table, column);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of PINYIN_COLUMNS_0024) {
    const key = `${column}_pinyin`;
    await sql`drop trigger if exists ${sql.id(`${table}_${key}_guard`)} on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column if exists ${sql.ref(key)}`.execute(db);
  }
  await sql`drop function if exists jw_pinyin_key_guard()`.execute(db);
}
