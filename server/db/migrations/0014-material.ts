import { sql, type Kysely } from 'kysely';

/*
 * 课程资料 (issue 5 item 6; features/edu/material, server/edu/catalog-material.ts): files of a
 * course stored through /sys/common/upload. Audit columns and soft delete like 0012's teaching tables.
 * Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table tbl_course_material (
    id varchar(32) primary key,
    course_id varchar(32) not null references tbl_course (id),
    name varchar(100) not null,
    material_type integer not null,
    file_path varchar(500) not null,
    file_size bigint,
    cover_path varchar(500),
    remark varchar(500),
    del_flag integer not null default 0,
    create_by varchar(50),
    create_time timestamptz not null default now(),
    update_by varchar(50),
    update_time timestamptz,
    constraint tbl_course_material_type check (material_type between 1 and 4),
    constraint tbl_course_material_name check (char_length(name) between 1 and 100))`.execute(db);
  // The list filters by course and sorts by creation time.
  await sql`create index tbl_course_material_course on tbl_course_material (course_id, create_time)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists tbl_course_material`.execute(db);
}
