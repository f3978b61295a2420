import { sql, type Kysely } from 'kysely';
import { pinyin } from 'pinyin-pro';

/*
 * 拼音 order for Chinese text (issue #21: sorting 姓名 put 丁, 万, 严 first and 龙 last — code point order).
 * PostgreSQL sorts such columns with the ICU collation "zh-x-icu" when the server has it; PGlite's ICU
 * knows no Chinese (only the root collation: `select * from pg_collation` lists und-x-icu and unicode), so
 * there the sort uses `zh_sort_key(text)`: per character a backtick + 拼音 with tone number + the character
 * itself (张 → `` `zhang1张 ``), other characters lower-cased. Compared bytewise (collate "C"), that gives
 * ICU's zh order: punctuation and digits first, then Chinese by 拼音 and tone (each character's names
 * together: 张三, 张四 before 章三), then Latin letters (the backtick sorts just below `a`). `ü` is written
 * `v` (lü after lu, as ICU has it). One reading per character (pinyin-pro's default: 单 dān, 曾 céng), as a
 * collation has.
 * server/resources/select.ts chooses between the two (`sortExpression`). Kysely<unknown> on purpose, as in 0001.
 */

const FIRST = 0x4e00;
const LAST = 0x9fff;
const CHUNK = 2000;

/** The sort key of one character, or null when pinyin-pro has no reading for it (it then sorts after all others). */
export function pinyinKey(ch: string): string | null {
  const py = pinyin(ch, { toneType: 'num', type: 'array' })[0];
  if (!py || py === ch || !/^[a-zü]+[0-4]$/.test(py)) return null;
  return `\`${py.replace(/ü/g, 'v')}${ch}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_pinyin (ch varchar(1) primary key, sort_key varchar(16) not null)`.execute(db);
  const rows: { ch: string; key: string }[] = [];
  for (let c = FIRST; c <= LAST; c++) {
    const ch = String.fromCodePoint(c);
    const key = pinyinKey(ch);
    if (key) rows.push({ ch, key });
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map((r) => sql`(${r.ch}, ${r.key})`);
    await sql`insert into sys_pinyin (ch, sort_key) values ${sql.join(values)}`.execute(db);
  }
  // strict: null in, null out (nulls sort as the column's nulls would). stable: it reads sys_pinyin.
  await sql`
    create function zh_sort_key(t text) returns text language sql stable strict parallel safe as $$
      select coalesce(string_agg(coalesce(p.sort_key, lower(c.ch)), '' order by c.i), '')
      from regexp_split_to_table(t, '') with ordinality as c(ch, i)
      left join sys_pinyin p on p.ch = c.ch
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists zh_sort_key(text)`.execute(db);
  await sql`drop table if exists sys_pinyin`.execute(db);
}
