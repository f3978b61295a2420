import { sql, type Kysely } from 'kysely';

/*
 * Caches with invalidation (issue #28): what every list request used to read again — permission codes, data rules,
 * custom columns, dictionaries and the small tables behind table dictionaries — is cached per process and dropped
 * whenever `sys_cache_gen.gen` moves. Triggers move it for every change of those tables, whoever makes it (a route,
 * the seed, another instance, an administrator's SQL), in the change's own transaction: the counter and the change
 * become visible together. Each authenticated request reads the counter in its session statement
 * (server/auth/sessions.ts), so the next request after a commit, on any instance, sees the change.
 *
 * The bump is a deferred constraint trigger (it runs at commit, once per transaction): the counter row is locked
 * only for the commit itself, never while a transaction goes on to lock other rows (no new deadlocks). TRUNCATE,
 * which row triggers do not see, bumps at once. Kysely<unknown> on purpose, as in 0001.
 */
export const CACHED_TABLES = [
  'sys_permission',
  'sys_role_permission',
  'sys_user_role',
  'sys_permission_data_rule',
  'sys_table_column',
  'sys_dict',
  'sys_dict_item',
  'sys_role',
  'sys_depart',
  'sys_position',
  'sys_tenant',
  'sys_category',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_cache_gen (id integer primary key check (id = 1), gen bigint not null default 0)`.execute(db);
  await sql`insert into sys_cache_gen (id, gen) values (1, 0)`.execute(db);
  await sql`create function jw_cache_gen_bump() returns trigger language plpgsql as $$
    begin
      -- Once per transaction: the setting is transaction-local.
      if coalesce(current_setting('jw.cache_gen_bumped', true), '') <> '1' then
        perform set_config('jw.cache_gen_bumped', '1', true);
        update sys_cache_gen set gen = gen + 1 where id = 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function jw_cache_gen_bump_now() returns trigger language plpgsql as $$
    begin
      update sys_cache_gen set gen = gen + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const t of CACHED_TABLES) {
    // Names from the constant list above, never from input.
    await sql`create constraint trigger ${sql.raw(`${t}_cache_gen`)} after insert or update or delete on ${sql.table(t)}
      deferrable initially deferred for each row execute function jw_cache_gen_bump()`.execute(db);
    await sql`create trigger ${sql.raw(`${t}_cache_gen_truncate`)} after truncate on ${sql.table(t)}
      for each statement execute function jw_cache_gen_bump_now()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of CACHED_TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${t}_cache_gen`)} on ${sql.table(t)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${t}_cache_gen_truncate`)} on ${sql.table(t)}`.execute(db);
  }
  await sql`drop function if exists jw_cache_gen_bump()`.execute(db);
  await sql`drop function if exists jw_cache_gen_bump_now()`.execute(db);
  await sql`drop table if exists sys_cache_gen`.execute(db);
}
