import { sql, type Kysely } from 'kysely';

/*
 * Teaching content (issue #22, domain §2, §4, §5): course types, chapters, teaching templates and their lessons,
 * courseware fields on 课程资料, workbooks and their items, homework and each student's submission.
 * Audit columns and soft delete like 0012's teaching tables. Kysely<unknown> on purpose, as in 0001.
 *
 * Study progress is derived (from 已点名 sessions whose lesson names a chapter, and from graded homework),
 * not stored, so it can never disagree with the roll.
 */

const AUDIT = sql.raw(`
  del_flag integer not null default 0,
  create_by varchar(50),
  create_time timestamptz not null default now(),
  update_by varchar(50),
  update_time timestamptz`);

export async function up(db: Kysely<unknown>): Promise<void> {
  // 课程分类: a tree; a course points at one node.
  await sql`create table tbl_course_type (
    id varchar(32) primary key,
    parent_id varchar(32),
    name varchar(50) not null,
    sort integer not null default 0,
    ${AUDIT},
    constraint tbl_course_type_name check (char_length(name) between 1 and 50))`.execute(db);
  await sql`create index tbl_course_type_parent on tbl_course_type (parent_id, sort)`.execute(db);
  await sql`alter table tbl_course add column type_id varchar(32)`.execute(db);
  await sql`create index tbl_course_type_id on tbl_course (type_id)`.execute(db);

  // 章节 of a course: a tree under the course.
  await sql`create table tbl_course_chapter (
    id varchar(32) primary key,
    course_id varchar(32) not null references tbl_course (id),
    parent_id varchar(32),
    title varchar(100) not null,
    sort integer not null default 0,
    ${AUDIT},
    constraint tbl_course_chapter_title check (char_length(title) between 1 and 100))`.execute(db);
  await sql`create index tbl_course_chapter_course on tbl_course_chapter (course_id, parent_id, sort)`.execute(db);

  // 教学模板: status 0 草稿 1 启用 2 停用; one item per lesson (lesson_no unique within a live template).
  await sql`create table tbl_teach_template (
    id varchar(32) primary key,
    course_id varchar(32) not null references tbl_course (id),
    name varchar(100) not null,
    status integer not null default 1,
    remark varchar(500),
    ${AUDIT},
    constraint tbl_teach_template_name check (char_length(name) between 1 and 100))`.execute(db);
  await sql`create index tbl_teach_template_course on tbl_teach_template (course_id, create_time)`.execute(db);
  await sql`create table tbl_teach_template_item (
    id varchar(32) primary key,
    template_id varchar(32) not null references tbl_teach_template (id),
    lesson_no integer not null,
    chapter_id varchar(32),
    title varchar(100) not null,
    content text,
    material_ids varchar(1000),
    homework_title varchar(100),
    homework_content text,
    workbook_id varchar(32),
    constraint tbl_teach_template_item_no check (lesson_no between 1 and 999),
    constraint tbl_teach_template_item_title check (char_length(title) between 1 and 100))`.execute(db);
  await sql`create unique index tbl_teach_template_item_lesson on tbl_teach_template_item (template_id, lesson_no)`.execute(db);

  // A session filled from a template item: which item, and the content as applied (a session whose content
  // differs from applied_content was changed by a teacher: re-applying asks first). Its materials are links.
  await sql`alter table tbl_calendar add column template_item_id varchar(32)`.execute(db);
  await sql`alter table tbl_calendar add column applied_content text`.execute(db);
  await sql`create table tbl_calendar_material (
    id varchar(32) primary key,
    calendar_id varchar(32) not null,
    material_id varchar(32) not null,
    create_time timestamptz not null default now())`.execute(db);
  await sql`create unique index tbl_calendar_material_pair on tbl_calendar_material (calendar_id, material_id)`.execute(db);

  // 课件 on 课程资料: the chapter, who may see it (0 所有教师, 1 本课程教师) and downloads counted.
  // material_type widens from 1 音频 2 视频 3 图片 4 文档 to add 5 PPT 6 PDF 7 其他.
  await sql`alter table tbl_course_material add column chapter_id varchar(32)`.execute(db);
  await sql`alter table tbl_course_material add column visibility integer not null default 0`.execute(db);
  await sql`alter table tbl_course_material add column download_count integer not null default 0`.execute(db);
  await sql`alter table tbl_course_material drop constraint tbl_course_material_type`.execute(db);
  await sql`alter table tbl_course_material add constraint tbl_course_material_type check (material_type between 1 and 7)`.execute(db);

  // 练习册: status 0 草稿 1 已发布 2 停用; items: type 1 单选 2 多选 3 判断 4 填空 5 主观, options a JSON array.
  await sql`create table tbl_workbook (
    id varchar(32) primary key,
    name varchar(100) not null,
    course_id varchar(32),
    grade varchar(20),
    status integer not null default 0,
    remark varchar(500),
    ${AUDIT},
    constraint tbl_workbook_name check (char_length(name) between 1 and 100))`.execute(db);
  await sql`create index tbl_workbook_create_time on tbl_workbook (create_time, id)`.execute(db);
  await sql`create table tbl_workbook_item (
    id varchar(32) primary key,
    workbook_id varchar(32) not null references tbl_workbook (id),
    type integer not null,
    stem text not null,
    options text,
    answer text,
    analysis text,
    score numeric(6,2) not null default 0,
    sort integer not null default 0,
    constraint tbl_workbook_item_type check (type between 1 and 5),
    constraint tbl_workbook_item_score check (score >= 0))`.execute(db);
  await sql`create index tbl_workbook_item_book on tbl_workbook_item (workbook_id, sort)`.execute(db);

  // 作业: source 0 自定义 1 练习册; assignee_mode 0 全班 1 指定学员; status 0 草稿 1 已发布 2 已截止.
  // total / read_count / finish_count are the list's counters, kept by the writes that change them.
  await sql`create table tbl_homework (
    id varchar(32) primary key,
    clazz_id varchar(32) not null,
    calendar_id varchar(32),
    title varchar(100) not null,
    content text,
    attachments text,
    source integer not null default 0,
    workbook_id varchar(32),
    due_time timestamptz,
    max_score numeric(6,2) not null default 100,
    assignee_mode integer not null default 0,
    status integer not null default 1,
    total integer not null default 0,
    read_count integer not null default 0,
    finish_count integer not null default 0,
    sys_org_code varchar(64),
    ${AUDIT},
    constraint tbl_homework_title check (char_length(title) between 1 and 100),
    constraint tbl_homework_max_score check (max_score > 0))`.execute(db);
  await sql`create index tbl_homework_clazz on tbl_homework (clazz_id, create_time)`.execute(db);
  await sql`create index tbl_homework_calendar on tbl_homework (calendar_id)`.execute(db);
  // Each assigned student's submission: status 0 未提交 1 已提交 2 已批改 3 需订正; late 1 when submitted after
  // the due time; version guards grading (two teachers at once: the second is told it changed).
  await sql`create table tbl_homework_student (
    id varchar(32) primary key,
    homework_id varchar(32) not null references tbl_homework (id),
    student_id varchar(32) not null,
    status integer not null default 0,
    read_flag integer not null default 0,
    submitted_time timestamptz,
    late integer not null default 0,
    content text,
    answers text,
    attachments text,
    score numeric(6,2),
    comment varchar(1000),
    graded_by varchar(50),
    graded_time timestamptz,
    version integer not null default 0,
    create_time timestamptz not null default now(),
    update_time timestamptz)`.execute(db);
  await sql`create unique index tbl_homework_student_pair on tbl_homework_student (homework_id, student_id)`.execute(db);
  await sql`create index tbl_homework_student_student on tbl_homework_student (student_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['tbl_homework_student', 'tbl_homework', 'tbl_workbook_item', 'tbl_workbook', 'tbl_calendar_material', 'tbl_teach_template_item', 'tbl_teach_template', 'tbl_course_chapter', 'tbl_course_type']) {
    await sql`drop table if exists ${sql.raw(t)}`.execute(db);
  }
  await sql`alter table tbl_course_material drop constraint tbl_course_material_type`.execute(db);
  await sql`update tbl_course_material set material_type = 4 where material_type > 4`.execute(db);
  await sql`alter table tbl_course_material add constraint tbl_course_material_type check (material_type between 1 and 4)`.execute(db);
  for (const c of ['chapter_id', 'visibility', 'download_count']) await sql`alter table tbl_course_material drop column ${sql.raw(c)}`.execute(db);
  await sql`alter table tbl_calendar drop column template_item_id`.execute(db);
  await sql`alter table tbl_calendar drop column applied_content`.execute(db);
  await sql`alter table tbl_course drop column type_id`.execute(db);
}
