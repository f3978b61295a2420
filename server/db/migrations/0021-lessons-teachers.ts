import { sql, type Kysely } from 'kysely';

/*
 * Issue #21, the calendar's two findings that need existing rows changed.
 *
 * 第N次课 by start time: a session added later used to take the class's next number, so a
 * session inserted today read 第11次课 while a later one read 第6次课. From now on every write renumbers a
 * class's live sessions (未开始 / 已点名) by start time (server/calendar/calendar-rules.ts
 * `renumberLessons`); this renumbers what exists once. Cancelled and rescheduled sessions keep theirs.
 *
 * One teacher identity: a teacher is a teacher record (tbl_teacher) linked to an account, no longer an
 * account holding the role 'teacher' (server/edu/teachers.ts). Every active account with that role and
 * no record gets one: an unlinked record with its phone is linked, otherwise one is created from the account
 * (a copy of `linkTeacherAccounts` at the time of writing, as a migration must not change later).
 * Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update tbl_calendar c set lesson_no = n.no
    from (
      select id, row_number() over (partition by clazz_id order by start_time, id)::int as no
      from tbl_calendar
      where clazz_id is not null and del_flag = 0 and type = 0 and status in (0, 1)
    ) n
    where c.id = n.id and c.lesson_no is distinct from n.no`.execute(db);

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

export async function down(): Promise<void> {
  // The old numbers (creation order) are not kept, and the linked teacher records are real data now.
}
