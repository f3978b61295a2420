import { sql, type Kysely } from 'kysely';

/*
 * One run per schedule across instances (issue #27): every instance on one database schedules the same
 * sys_quartz_job rows, and each tick first claims its slot (job, scheduled time) here. The primary key lets
 * exactly one claim win, on PGlite and PostgreSQL alike, however the instances' ticks interleave (an advisory
 * lock held only while a run lasts would let a second instance that ticks after the first finished run it
 * again). The row then keeps the run's outcome. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_quartz_run (
    job_id varchar(32) not null,
    fire_time timestamptz not null,
    instance varchar(64) not null,
    start_time timestamptz not null default now(),
    end_time timestamptz,
    ok boolean,
    message varchar(500),
    primary key (job_id, fire_time))`.execute(db);
  await sql`create index sys_quartz_run_time on sys_quartz_run (fire_time)`.execute(db);
}
