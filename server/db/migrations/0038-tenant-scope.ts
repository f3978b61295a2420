import { sql, type Kysely } from 'kysely';

/*
 * 租户 (issue #24 item 3): every business table gets tenant_id (server/db/tenant-scope.ts scopes each request's
 * queries by it). Existing rows and rows written outside a request (seed, jobs) belong to tenant 1, the tenant every
 * installation starts with; every user without a tenant joins it, so with one tenant nothing changes for anyone.
 * Phone numbers of teachers, students and leads are unique per tenant from now on (two schools may share a parent).
 * The lead pool's settings and live presence stay installation-wide (tenant-scope.ts NOT_SCOPED).
 */
const TABLES = [
  'tbl_location', 'tbl_teacher', 'tbl_teacher_transfer', 'tbl_room', 'tbl_course', 'tbl_clazz', 'tbl_clazz_student',
  'tbl_clazz_group', 'tbl_clazz_group_member', 'tbl_student', 'tbl_student_course', 'tbl_holiday', 'tbl_schedule_series',
  'tbl_calendar', 'tbl_calendar_teacher', 'tbl_lesson_student', 'tbl_consume_log', 'tbl_calendar_log', 'tbl_calendar_apply',
  'tbl_course_material', 'tbl_course_type', 'tbl_course_chapter', 'tbl_teach_template', 'tbl_teach_template_item',
  'tbl_calendar_material', 'tbl_workbook', 'tbl_workbook_item', 'tbl_homework', 'tbl_homework_student', 'tbl_lead',
  'tbl_lead_follow', 'tbl_lead_owner_history', 'tbl_task', 'tbl_goods', 'tbl_goods_stock_log', 'tbl_work_handover',
];

const PHONES: [index: string, table: string, where: string][] = [
  ['tbl_teacher_phone', 'tbl_teacher', 'phone is not null and del_flag = 0'],
  ['tbl_student_phone', 'tbl_student', 'del_flag = 0'],
  ['tbl_lead_phone', 'tbl_lead', 'del_flag = 0'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) {
    await sql`alter table ${sql.table(t)} add column tenant_id integer not null default 1`.execute(db);
  }
  for (const [index, table, where] of PHONES) {
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
    await sql`create unique index ${sql.ref(index)} on ${sql.table(table)} (tenant_id, phone) where ${sql.raw(where)}`.execute(db);
  }
  await sql`update sys_user set rel_tenant_ids = '1' where rel_tenant_ids is null or trim(rel_tenant_ids) = ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [index, table, where] of PHONES) {
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
    await sql`create unique index ${sql.ref(index)} on ${sql.table(table)} (phone) where ${sql.raw(where)}`.execute(db);
  }
  for (const t of TABLES) await sql`alter table ${sql.table(t)} drop column if exists tenant_id`.execute(db);
}
