import { sql, type Kysely } from 'kysely';

/*
 * Start-up speed (issue #28): the idempotent seed runs hundreds of "insert … on conflict do nothing" statements on
 * every start. Its fingerprint (the seed's code and options, server/seed/fingerprint.ts) is kept here after a
 * complete run; a start whose fingerprint matches skips the seed with this one select. Kysely<unknown> as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_seed_state (id integer primary key check (id = 1), fingerprint text not null, seeded_at timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_seed_state`.execute(db);
}
