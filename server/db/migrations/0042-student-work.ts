import { sql, type Kysely } from 'kysely';

/*
 * 学员作品 (issue #26 item 4; features/work/works, server/work/catalog-work.ts): a student's image, video
 * or PDF uploaded by a teacher, tied to the student and optionally a class and a course. Named tbl_* so the
 * tenant scope plugin (server/db/tenant-scope.ts) fills and filters tenant_id like every business table.
 * file_kind is decided by the server from the stored file (extension and first bytes), never by the form.
 * Kysely<unknown> on purpose, as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table tbl_student_work (
    id varchar(32) primary key,
    tenant_id integer not null default 1,
    title varchar(50) not null,
    description varchar(500),
    student_id varchar(32) not null references tbl_student (id),
    clazz_id varchar(32) references tbl_clazz (id),
    course_id varchar(32) references tbl_course (id),
    file varchar(500) not null,
    file_kind varchar(10) not null,
    file_name varchar(255),
    file_size bigint,
    shared boolean not null default false,
    del_flag integer not null default 0,
    create_by varchar(50),
    create_time timestamptz not null default now(),
    update_by varchar(50),
    update_time timestamptz,
    constraint tbl_student_work_kind check (file_kind in ('image', 'video', 'pdf')),
    constraint tbl_student_work_title check (char_length(title) between 1 and 50))`.execute(db);
  // The gallery: newest first within a tenant; the 学员 filter.
  await sql`create index tbl_student_work_recent on tbl_student_work (tenant_id, create_time desc) where del_flag = 0`.execute(db);
  await sql`create index tbl_student_work_student on tbl_student_work (student_id) where del_flag = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists tbl_student_work`.execute(db);
}
