/** @jest-environment node */
import { sql } from 'kysely';
import { openDb, type OpenedDb } from '../index';
import { preparedPglite } from '../../testing/prepared-db';

// The PGlite dialect prepares a statement the second time its SQL is seen and runs it by name afterwards (issue #28,
// 用户管理's list): the answers must be those of an unprepared run, and a schema change must not break a prepared one.
let opened: OpenedDb;
beforeAll(async () => {
  opened = await openDb({ snapshot: (await preparedPglite())?.snapshot });
  await sql`create table jw_dialect_t (id integer primary key, name text, at timestamptz, doc jsonb)`.execute(opened.db);
});
afterAll(() => opened.close());

test('repeated statements answer as the first run did: rows, parameters of every type, affected rows, errors', async () => {
  const db = opened.db;
  const at = new Date('2026-11-27T01:02:03.456Z');
  for (let i = 1; i <= 3; i++) await sql`insert into jw_dialect_t values (${i}, ${`n${i}`}, ${at}, ${JSON.stringify({ i })})`.execute(db);
  for (let i = 1; i <= 3; i++) {
    expect((await sql`select * from jw_dialect_t where id = ${i}`.execute(db)).rows).toEqual([{ id: i, name: `n${i}`, at, doc: { i } }]);
  }
  for (let round = 0; round < 3; round++) {
    const r = await sql`update jw_dialect_t set name = ${'x'} where id <= ${2}`.execute(db);
    expect(r.numAffectedRows).toBe(2n);
  }
  for (let round = 0; round < 3; round++) {
    await expect(sql`insert into jw_dialect_t (id) values (${1})`.execute(db)).rejects.toMatchObject({ code: '23505' });
  }
  // The connection is usable after an error, in and out of transactions.
  const n = await db.transaction().execute(async (tx) => {
    let last = 0;
    for (let i = 0; i < 3; i++) last = (await sql<{ n: number }>`select count(*)::int as n from jw_dialect_t where id > ${i}`.execute(tx)).rows[0].n;
    return last;
  });
  expect(n).toBe(1);
});

test('a schema change drops the prepared statements: select * sees the new column', async () => {
  const db = opened.db;
  for (let i = 0; i < 3; i++) await sql`select * from jw_dialect_t where id = ${1}`.execute(db);
  await sql`alter table jw_dialect_t add column extra integer`.execute(db);
  expect((await sql`select * from jw_dialect_t where id = ${1}`.execute(db)).rows[0]).toHaveProperty('extra', null);
});
