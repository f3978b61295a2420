import { sql, type Kysely } from 'kysely';

/*
 * Teaching affairs (issue 7, ../shared/domain.md §1–§3): teachers, rooms, courses, classes and their
 * members, students and their lesson packages, holidays, schedule series, calendar entries (课次 =
 * type 0), their teachers, attendance (点名), lesson consumption (课消), the entry log and the
 * leave / reschedule applications.
 *
 * Double booking is refused by the database itself (rule R1): btree_gist exclusion constraints on
 * the half-open range [start, end) of every live entry (not deleted, status 未开始 or 已点名, not saved
 * with a logged override), per room, per class and — through tbl_calendar_teacher, whose copy of the
 * times is kept by triggers — per teacher. Touching ranges do not overlap. The services check first
 * to name the clash; the constraints close the race between two writers (PGlite and PostgreSQL alike).
 * Ids are varchar(32) without foreign keys, as elsewhere (JeecgBoot style, soft deletes).
 */

const AUDIT = sql.raw(`
  del_flag integer not null default 0,
  create_by varchar(50),
  create_time timestamptz not null default now(),
  update_by varchar(50),
  update_time timestamptz`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);

  await sql`create table tbl_teacher (
    id varchar(32) primary key,
    user_id varchar(32),
    name varchar(50) not null,
    phone varchar(30),
    gender integer,
    job_type integer not null default 1,
    status integer not null default 1,
    subjects varchar(200),
    certification varchar(200),
    teach_roles varchar(10) not null default '1,2',
    venue_id varchar(32),
    depart_id varchar(32),
    remark varchar(500),
    own_by varchar(32),
    sys_org_code varchar(64),
    ${AUDIT})`.execute(db);
  await sql`create unique index tbl_teacher_user on tbl_teacher (user_id) where user_id is not null and del_flag = 0`.execute(db);
  await sql`create unique index tbl_teacher_phone on tbl_teacher (phone) where phone is not null and del_flag = 0`.execute(db);
  await sql`create index tbl_teacher_create_time on tbl_teacher (create_time, id)`.execute(db);

  await sql`create table tbl_teacher_transfer (
    id varchar(32) primary key,
    teacher_id varchar(32) not null,
    from_depart varchar(32),
    to_depart varchar(32) not null,
    from_venue varchar(32),
    to_venue varchar(32),
    effective_date date not null,
    reason varchar(500),
    reassign_to varchar(32),
    reassigned integer not null default 0,
    create_by varchar(50),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index tbl_teacher_transfer_teacher on tbl_teacher_transfer (teacher_id, create_time)`.execute(db);

  await sql`create table tbl_room (
    id varchar(32) primary key,
    location_id varchar(32) not null,
    name varchar(50) not null,
    capacity integer not null,
    status integer not null default 1,
    remark varchar(500),
    ${AUDIT},
    constraint tbl_room_capacity check (capacity > 0))`.execute(db);
  await sql`create unique index tbl_room_name on tbl_room (location_id, name) where del_flag = 0`.execute(db);

  await sql`create table tbl_course (
    id varchar(32) primary key,
    name varchar(100) not null,
    subject varchar(50),
    mode integer not null default 2,
    unit integer not null default 1,
    default_hours numeric(6,2) not null default 1,
    price numeric(10,2),
    total_lessons integer,
    color varchar(16),
    intro text,
    status integer not null default 1,
    own_by varchar(32),
    sys_org_code varchar(64),
    ${AUDIT})`.execute(db);
  await sql`create index tbl_course_create_time on tbl_course (create_time, id)`.execute(db);

  await sql`create table tbl_clazz (
    id varchar(32) primary key,
    name varchar(100) not null,
    course_id varchar(32),
    head_teacher varchar(32),
    location_id varchar(32),
    room_id varchar(32),
    capacity integer not null,
    allow_over integer not null default 0,
    leave_charge integer not null default 0,
    absent_charge integer not null default 1,
    hours_per_lesson numeric(6,2) not null default 1,
    status integer not null default 0,
    schedule_status integer not null default 0,
    scope integer not null default 0,
    start_date date,
    end_date date,
    color varchar(16),
    remark varchar(500),
    own_by varchar(32),
    sys_org_code varchar(64),
    ${AUDIT},
    constraint tbl_clazz_capacity check (capacity > 0))`.execute(db);
  await sql`create index tbl_clazz_create_time on tbl_clazz (create_time, id)`.execute(db);
  await sql`create index tbl_clazz_head on tbl_clazz (head_teacher)`.execute(db);

  await sql`create table tbl_student (
    id varchar(32) primary key,
    name varchar(50) not null,
    phone varchar(30) not null,
    gender integer,
    birthday date,
    school varchar(100),
    grade varchar(20),
    guardian varchar(50),
    guardian_phone varchar(30),
    source integer,
    student_type integer not null default 1,
    status integer not null default 1,
    tags varchar(200),
    remark varchar(500),
    own_by varchar(32),
    sys_org_code varchar(64),
    ${AUDIT})`.execute(db);
  // 学员 are deduplicated by phone (domain §3), among live rows.
  await sql`create unique index tbl_student_phone on tbl_student (phone) where del_flag = 0`.execute(db);
  await sql`create index tbl_student_create_time on tbl_student (create_time, id)`.execute(db);

  await sql`create table tbl_clazz_student (
    id varchar(32) primary key,
    clazz_id varchar(32) not null,
    student_id varchar(32) not null,
    status integer not null default 1,
    join_date date,
    leave_date date,
    create_by varchar(50),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create unique index tbl_clazz_student_pair on tbl_clazz_student (clazz_id, student_id)`.execute(db);
  await sql`create index tbl_clazz_student_student on tbl_clazz_student (student_id)`.execute(db);

  await sql`create table tbl_clazz_group (
    id varchar(32) primary key,
    clazz_id varchar(32) not null,
    name varchar(50) not null,
    sort integer not null default 0,
    create_by varchar(50),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create table tbl_clazz_group_member (
    id varchar(32) primary key,
    group_id varchar(32) not null,
    student_id varchar(32) not null)`.execute(db);
  await sql`create unique index tbl_clazz_group_member_pair on tbl_clazz_group_member (group_id, student_id)`.execute(db);

  // 课时包: remaining hours are derived, never stored apart from what they derive from.
  await sql`create table tbl_student_course (
    id varchar(32) primary key,
    student_id varchar(32) not null,
    course_id varchar(32) not null,
    unit integer not null default 1,
    buy_qty numeric(8,2) not null default 0,
    gift_qty numeric(8,2) not null default 0,
    used_qty numeric(8,2) not null default 0,
    remain_qty numeric(8,2) generated always as (buy_qty + gift_qty - used_qty) stored,
    amount numeric(10,2),
    valid_from date,
    valid_to date,
    status integer not null default 0,
    remark varchar(500),
    ${AUDIT},
    constraint tbl_student_course_qty check (buy_qty >= 0 and gift_qty >= 0))`.execute(db);
  await sql`create index tbl_student_course_student on tbl_student_course (student_id, course_id)`.execute(db);

  await sql`create table tbl_holiday (
    id varchar(32) primary key,
    name varchar(50) not null,
    start_date date not null,
    end_date date not null,
    remark varchar(200),
    ${AUDIT},
    constraint tbl_holiday_range check (end_date >= start_date))`.execute(db);

  await sql`create table tbl_schedule_series (
    id varchar(32) primary key,
    clazz_id varchar(32) not null,
    rrule text not null,
    exdates jsonb not null default '[]',
    start_date date not null,
    end_date date,
    count integer,
    start_time varchar(5) not null,
    end_time varchar(5) not null,
    location_id varchar(32),
    room_id varchar(32),
    teachers jsonb not null default '[]',
    skip_holiday integer not null default 1,
    hours numeric(6,2) not null default 1,
    template_id varchar(32),
    ${AUDIT})`.execute(db);
  await sql`create index tbl_schedule_series_clazz on tbl_schedule_series (clazz_id)`.execute(db);

  await sql`create table tbl_calendar (
    id varchar(32) primary key,
    type integer not null default 0,
    title varchar(100),
    clazz_id varchar(32),
    course_id varchar(32),
    series_id varchar(32),
    lesson_no integer,
    start_time timestamptz not null,
    end_time timestamptz not null,
    all_day integer not null default 0,
    location_id varchar(32),
    room_id varchar(32),
    hours numeric(6,2) not null default 0,
    content text,
    live_url varchar(500),
    status integer not null default 0,
    audit_status integer not null default 1,
    scope integer not null default 0,
    color varchar(16),
    remark varchar(500),
    conflict_override integer not null default 0,
    override_reason varchar(200),
    rescheduled_to varchar(32),
    own_by varchar(32),
    sys_org_code varchar(64),
    ${AUDIT},
    constraint tbl_calendar_range check (end_time > start_time),
    constraint tbl_calendar_room_excl exclude using gist (room_id with =, tstzrange(start_time, end_time) with &&)
      where (room_id is not null and del_flag = 0 and status in (0, 1) and conflict_override = 0),
    constraint tbl_calendar_clazz_excl exclude using gist (clazz_id with =, tstzrange(start_time, end_time) with &&)
      where (clazz_id is not null and del_flag = 0 and status in (0, 1) and conflict_override = 0))`.execute(db);
  await sql`create index tbl_calendar_start on tbl_calendar (start_time, id)`.execute(db);
  await sql`create index tbl_calendar_series on tbl_calendar (series_id, start_time)`.execute(db);
  await sql`create index tbl_calendar_clazz on tbl_calendar (clazz_id, start_time)`.execute(db);

  // A teacher's entries (主讲 role 1, 辅导 role 2). start_time / end_time / live are copies of the entry's,
  // kept by the triggers below so the exclusion constraint can see them.
  await sql`create table tbl_calendar_teacher (
    id varchar(32) primary key,
    calendar_id varchar(32) not null,
    teacher_id varchar(32) not null,
    role integer not null default 1,
    start_time timestamptz not null default now(),
    end_time timestamptz not null default now() + interval '1 second',
    live integer not null default 1,
    constraint tbl_calendar_teacher_excl exclude using gist (teacher_id with =, tstzrange(start_time, end_time) with &&) where (live = 1))`.execute(db);
  await sql`create unique index tbl_calendar_teacher_pair on tbl_calendar_teacher (calendar_id, teacher_id)`.execute(db);
  await sql`create index tbl_calendar_teacher_teacher on tbl_calendar_teacher (teacher_id, start_time)`.execute(db);

  await sql`create function tbl_calendar_teacher_fill() returns trigger language plpgsql as $$
    declare c record;
    begin
      select start_time, end_time, del_flag, status, conflict_override into c from tbl_calendar where id = new.calendar_id;
      if not found then raise exception 'calendar entry % not found', new.calendar_id using errcode = '23503'; end if;
      new.start_time := c.start_time;
      new.end_time := c.end_time;
      new.live := case when c.del_flag = 0 and c.status in (0, 1) and c.conflict_override = 0 then 1 else 0 end;
      return new;
    end $$`.execute(db);
  await sql`create trigger tbl_calendar_teacher_fill before insert or update on tbl_calendar_teacher
    for each row execute function tbl_calendar_teacher_fill()`.execute(db);
  await sql`create function tbl_calendar_sync_teachers() returns trigger language plpgsql as $$
    begin
      update tbl_calendar_teacher set start_time = new.start_time where calendar_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger tbl_calendar_sync_teachers after update of start_time, end_time, del_flag, status, conflict_override on tbl_calendar
    for each row execute function tbl_calendar_sync_teachers()`.execute(db);

  await sql`create table tbl_lesson_student (
    id varchar(32) primary key,
    calendar_id varchar(32) not null,
    student_id varchar(32) not null,
    member_type integer not null default 0,
    arrival_status integer not null default 0,
    deduct_hours numeric(6,2),
    check_time timestamptz,
    check_by varchar(50),
    makeup_status integer not null default 0,
    makeup_for varchar(32),
    remark varchar(200),
    create_by varchar(50),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create unique index tbl_lesson_student_pair on tbl_lesson_student (calendar_id, student_id)`.execute(db);
  await sql`create index tbl_lesson_student_student on tbl_lesson_student (student_id)`.execute(db);

  await sql`create table tbl_consume_log (
    id varchar(32) primary key,
    student_course_id varchar(32) not null,
    student_id varchar(32) not null,
    calendar_id varchar(32) not null,
    lesson_student_id varchar(32) not null,
    hours numeric(6,2) not null,
    hours_before numeric(8,2) not null,
    hours_after numeric(8,2) not null,
    status integer not null default 0,
    revoke_by varchar(50),
    revoke_time timestamptz,
    create_by varchar(50),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index tbl_consume_log_student on tbl_consume_log (student_id, create_time)`.execute(db);
  await sql`create index tbl_consume_log_calendar on tbl_consume_log (calendar_id)`.execute(db);

  await sql`create table tbl_calendar_log (
    id varchar(32) primary key,
    calendar_id varchar(32) not null,
    action varchar(20) not null,
    detail text,
    operator varchar(50),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index tbl_calendar_log_calendar on tbl_calendar_log (calendar_id, create_time)`.execute(db);

  // 请假 (kind 1) and 调课 (kind 2) applications with their audit status (0 待审核 1 已通过 2 已驳回 3 已撤销).
  await sql`create table tbl_calendar_apply (
    id varchar(32) primary key,
    kind integer not null,
    calendar_id varchar(32) not null,
    student_id varchar(32),
    teacher_id varchar(32),
    to_start timestamptz,
    to_end timestamptz,
    to_room_id varchar(32),
    reason varchar(500),
    audit_status integer not null default 0,
    audit_by varchar(50),
    audit_time timestamptz,
    audit_remark varchar(500),
    result_calendar_id varchar(32),
    create_by varchar(50),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index tbl_calendar_apply_status on tbl_calendar_apply (audit_status, create_time)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'tbl_calendar_apply', 'tbl_calendar_log', 'tbl_consume_log', 'tbl_lesson_student', 'tbl_calendar_teacher', 'tbl_calendar',
    'tbl_schedule_series', 'tbl_holiday', 'tbl_student_course', 'tbl_clazz_group_member', 'tbl_clazz_group', 'tbl_clazz_student',
    'tbl_student', 'tbl_clazz', 'tbl_course', 'tbl_room', 'tbl_teacher_transfer', 'tbl_teacher',
  ]) {
    await sql`drop table if exists ${sql.raw(t)}`.execute(db);
  }
  await sql`drop function if exists tbl_calendar_sync_teachers()`.execute(db);
  await sql`drop function if exists tbl_calendar_teacher_fill()`.execute(db);
}
