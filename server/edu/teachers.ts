import { sql } from 'kysely';
import type { Database } from '../db';
import { escapeLike } from '../db/like';

/**
 * The teacher options of the venue form's 负责人 picker (spec 01 §3 "Teacher option": value = id,
 * text = realname, plus phone): `GET /clazz/tblTeachScheduleTeacher/teacherList`.
 * One identity for a teacher (issue #21): a teacher record of 教师管理 (tbl_teacher, 在职, undeleted) linked
 * to an active account (tbl_teacher.user_id), the same link the calendar's 我的 and 点名 use. The role named
 * 'teacher' no longer makes anyone a teacher. `value` / `id` stay the account id, which a venue's 负责人
 * (tbl_location.in_charge) stores; `teacherId` is the record's id, the one sessions carry.
 */

export const TEACHER_LIST_LIMIT = 500;
const MAX_KEYWORD = 50;
/** tbl_teacher.status 在职 (0 未入职, 1 在职, 2 离职). */
const TEACHER_ACTIVE = 1;

export interface TeacherOption {
  value: string;
  text: string;
  phone: string | null;
  id: string;
  realname: string;
  /** The teacher record (tbl_teacher.id). */
  teacherId: string;
}

export interface TeacherQuery {
  /** Part of the name, phone or username (matched literally). */
  keyword?: string;
  /** Only these account ids (the options already chosen). */
  ids?: string[];
  limit?: number;
}

/** Teachers with an account, by name; also the check that a venue's 负责人 is one (`ids: [id]`). */
export async function listTeachers(db: Database, query: TeacherQuery = {}): Promise<TeacherOption[]> {
  let q = db
    .selectFrom('tbl_teacher as t')
    .innerJoin('sys_user as u', 'u.id', 't.user_id')
    .select(['u.id', 't.id as teacher_id', 't.name', sql<string | null>`coalesce(t.phone, u.phone)`.as('phone')])
    .where('t.del_flag', '=', 0)
    .where('t.status', '=', TEACHER_ACTIVE)
    .where('u.status', '=', 1)
    .where('u.del_flag', '=', 0);
  const keyword = query.keyword?.trim().slice(0, MAX_KEYWORD);
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    q = q.where((eb) => eb.or([eb('t.name', 'ilike', pattern), eb('t.phone', 'ilike', pattern), eb('u.phone', 'ilike', pattern), eb('u.username', 'ilike', pattern)]));
  }
  if (query.ids) {
    if (!query.ids.length) return [];
    q = q.where('u.id', 'in', query.ids);
  }
  // tbl_teacher_user keeps one live record per account, so an account is one option.
  const rows = await q
    .orderBy('t.name')
    .orderBy('u.id')
    .limit(Math.min(query.limit ?? TEACHER_LIST_LIMIT, TEACHER_LIST_LIMIT))
    .execute();
  return rows.map((r) => ({ value: r.id, text: r.name, phone: r.phone, id: r.id, realname: r.name, teacherId: r.teacher_id }));
}

/**
 * Gives every active account holding the role 'teacher' and no teacher record one: the bridge from "a teacher
 * is an account with the role" to "a teacher is a record linked to an account". An unlinked record with the
 * account's phone is the same person and gets linked; otherwise a record is created from the account. Run by
 * migration 0021 on existing databases and by the seed right after it creates the demo users (never on a
 * restart, so a record 教务 deleted stays deleted).
 */
export async function linkTeacherAccounts(db: Database): Promise<void> {
  const teacherAccount = sql`u.status = 1 and u.del_flag = 0
    and exists (select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id and r.role_code = 'teacher')
    and not exists (select 1 from tbl_teacher l where l.user_id = u.id and l.del_flag = 0)`;
  await sql`
    update tbl_teacher t set user_id = u.id
    from sys_user u
    where t.user_id is null and t.del_flag = 0 and t.phone is not null and t.phone = u.phone and ${teacherAccount}`.execute(db);
  await sql`
    insert into tbl_teacher (id, user_id, name, phone, status, create_by)
    select md5('tch:' || u.id), u.id, u.realname, case when exists (select 1 from tbl_teacher p where p.phone = u.phone and p.del_flag = 0) then null else u.phone end, 1, 'system'
    from sys_user u
    where ${teacherAccount}
    on conflict (id) do nothing`.execute(db);
}

/**
 * The teacher records linked to an account (tbl_teacher.user_id): who "I" am on the calendar, 课表 and
 * 点名. Only undeleted records count; a 离职 record still owns its past sessions.
 */
export async function teacherIdsOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('tbl_teacher').select('id').where('user_id', '=', userId).where('del_flag', '=', 0).orderBy('id').execute();
  return rows.map((r) => r.id);
}
