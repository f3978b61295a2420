import { sql, type Kysely } from 'kysely';
import { attended, checkIsOpen, DEDUCT_RANGE_MESSAGE, deductHours, isValidDeduct, makeupStatusAfterCheck } from '../../lib/calendar/deduction';
import type { CheckInput, CheckResult, MemberType } from '../../lib/calendar/types';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { loadSession, log, MSG, num, numText, syncRoll, teachesSession } from './attendance-roll';

/**
 * 点名 then 课消, and its revoke. Both run in one transaction and first lock the session row, so two
 * teachers checking (or a check racing a revoke) serialise on it.
 */

type Db = Kysely<DB>;

export interface CheckOptions {
  /** Set for a caller who may not adjust the calendar (a plain teacher): they may check only sessions they teach. */
  ownSessionsOf?: string;
  now?: Date;
}

/** POST /calendar/lessonStudent/check: 点名 then 课消 in one transaction. */
export async function checkSession(db: Db, input: CheckInput, username: string, { ownSessionsOf, now = new Date() }: CheckOptions = {}): Promise<CheckResult> {
  const ids = input.items.map((i) => i.studentId);
  if (new Set(ids).size !== ids.length) throw new ApiFailure(MSG.duplicateStudent);
  for (const i of input.items) {
    if (i.deductHours !== undefined && i.deductHours !== null && !isValidDeduct(i.deductHours)) throw new ApiFailure(DEDUCT_RANGE_MESSAGE);
  }
  return db.transaction().execute(async (tx) => {
    const session = await loadSession(tx, input.calendarId, true);
    if (!session) throw new ApiFailure(MSG.notFound);
    if (ownSessionsOf && !(await teachesSession(tx, session.id, ownSessionsOf))) throw new ApiFailure(MSG.notOwnSession);
    if (session.type !== 0) throw new ApiFailure(MSG.notLesson);
    if (session.status === 2) throw new ApiFailure(MSG.cancelled);
    if (session.status === 3) throw new ApiFailure(MSG.rescheduled);
    if (session.status === 1) throw new ApiFailure(MSG.alreadyChecked);
    if (!checkIsOpen(session.start_time, now)) throw new ApiFailure(MSG.notStarted);

    const clazz = session.clazz_id
      ? await tx.selectFrom('tbl_clazz').select(['leave_charge', 'absent_charge', 'hours_per_lesson']).where('id', '=', session.clazz_id).executeTakeFirst()
      : undefined;
    // Without a class: the defaults of the schema (请假 free, 缺席 charged).
    const classRules = { leaveCharge: (clazz?.leave_charge ?? 0) === 1, absentCharge: (clazz?.absent_charge ?? 1) === 1 };
    const lessonHours = num(session.hours) > 0 ? num(session.hours) : num(clazz?.hours_per_lesson ?? '0');

    await syncRoll(tx, session, username);
    const roll = await tx
      .selectFrom('tbl_lesson_student as ls')
      .innerJoin('tbl_student as s', 's.id', 'ls.student_id')
      .select(['ls.id', 'ls.student_id', 'ls.member_type', 'ls.makeup_for', 's.name'])
      .where('ls.calendar_id', '=', session.id)
      .where('ls.student_id', 'in', ids)
      .execute();
    const byStudent = new Map(roll.map((r) => [r.student_id, r]));
    if (ids.some((id) => !byStudent.has(id))) throw new ApiFailure(MSG.notOnRoll);

    const planned = input.items.map((i) => ({
      item: i,
      row: byStudent.get(i.studentId)!,
      hours: deductHours({ arrivalStatus: i.arrivalStatus, classRules, lessonHours, override: i.deductHours }),
    }));

    // The package each charged student pays from: active, with hours left first, then earliest valid_to, then oldest.
    const charged = planned.filter((p) => p.hours > 0).map((p) => p.item.studentId);
    const packages =
      session.course_id && charged.length
        ? await tx
            .selectFrom('tbl_student_course')
            .select(['id', 'student_id', 'remain_qty'])
            .where('course_id', '=', session.course_id)
            .where('student_id', 'in', charged)
            .where('status', '=', 0)
            .where('del_flag', '=', 0)
            .orderBy(sql`remain_qty > 0`, 'desc')
            .orderBy(sql`valid_to asc nulls last`)
            .orderBy('create_time')
            .orderBy('id')
            .forUpdate()
            .execute()
        : [];
    const pick = new Map<string, (typeof packages)[number]>();
    for (const p of packages) if (!pick.has(p.student_id)) pick.set(p.student_id, p);

    const warnings: string[] = [];
    let consumed = 0;
    const counts = { 1: 0, 2: 0, 3: 0, 4: 0 };
    for (const p of planned) {
      let hours = p.hours;
      counts[p.item.arrivalStatus] += 1;
      if (hours > 0) {
        const pkg = pick.get(p.item.studentId);
        if (!pkg) {
          warnings.push(`${p.row.name} 没有可用的课时包`);
          hours = 0;
        } else {
          if (num(pkg.remain_qty) < hours) warnings.push(`${p.row.name} 剩余课时不足（剩余 ${numText(pkg.remain_qty)}，本次扣 ${numText(hours)}）`);
          // The database computes both sides (remain_qty is generated), so no float drift enters the log.
          const after = await tx
            .updateTable('tbl_student_course')
            .set({ used_qty: sql`used_qty + ${hours}`, update_by: username, update_time: now })
            .where('id', '=', pkg.id)
            .returning('remain_qty')
            .executeTakeFirstOrThrow();
          await tx
            .insertInto('tbl_consume_log')
            .values({
              id: newId(),
              student_course_id: pkg.id,
              student_id: p.item.studentId,
              calendar_id: session.id,
              lesson_student_id: p.row.id,
              hours: String(hours),
              hours_before: pkg.remain_qty,
              hours_after: after.remain_qty,
              create_by: username,
            })
            .execute();
          consumed += hours;
        }
      }
      await tx
        .updateTable('tbl_lesson_student')
        .set({
          arrival_status: p.item.arrivalStatus,
          deduct_hours: String(hours),
          check_time: now,
          check_by: username,
          makeup_status: makeupStatusAfterCheck(p.item.arrivalStatus, p.row.member_type as MemberType),
        })
        .where('id', '=', p.row.id)
        .execute();
    }

    // A 补课 row attended makes its original absence 已补; a missed one leaves it 待补课 to arrange again.
    const made = planned.filter((p) => p.row.member_type === 3 && p.row.makeup_for);
    const done = made.filter((p) => attended(p.item.arrivalStatus)).map((p) => p.row.makeup_for!);
    const missed = made.filter((p) => !attended(p.item.arrivalStatus)).map((p) => p.row.makeup_for!);
    if (done.length) await tx.updateTable('tbl_lesson_student').set({ makeup_status: 3 }).where('id', 'in', done).execute();
    if (missed.length) await tx.updateTable('tbl_lesson_student').set({ makeup_status: 1 }).where('id', 'in', missed).execute();

    await tx.updateTable('tbl_calendar').set({ status: 1, update_by: username, update_time: now }).where('id', '=', session.id).execute();
    await log(tx, session.id, 'check', `到课 ${counts[1]} 人，迟到 ${counts[2]} 人，请假 ${counts[3]} 人，缺席 ${counts[4]} 人`, username);
    return { checked: planned.length, consumedHours: consumed, warnings };
  });
}

/** POST /calendar/lessonStudent/revoke: 课消 back to the packages, logs 已撤销, the roll back to 待签. */
export async function revokeSession(db: Db, calendarId: string, reason: string | undefined, username: string, now = new Date()): Promise<{ revokedHours: number }> {
  return db.transaction().execute(async (tx) => {
    const session = await loadSession(tx, calendarId, true);
    if (!session) throw new ApiFailure(MSG.notFound);
    if (session.status !== 1) throw new ApiFailure(MSG.notChecked);
    // Lock the roll so a make-up being arranged from it either commits first (and is seen below) or waits.
    await tx.selectFrom('tbl_lesson_student').select('id').where('calendar_id', '=', calendarId).forUpdate().execute();
    const arranged = await tx
      .selectFrom('tbl_lesson_student')
      .select('id')
      .where('calendar_id', '=', calendarId)
      .where('arrival_status', 'in', [3, 4])
      .where('makeup_status', 'in', [2, 3])
      .executeTakeFirst();
    if (arranged) throw new ApiFailure(MSG.makeupArranged);

    const back = await tx
      .selectFrom('tbl_consume_log')
      .select(sql<string>`coalesce(sum(hours), 0)`.as('h'))
      .where('calendar_id', '=', calendarId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    await sql`update tbl_student_course sc set used_qty = sc.used_qty - x.h, update_by = ${username}, update_time = ${now}
      from (select student_course_id, sum(hours) as h from tbl_consume_log where calendar_id = ${calendarId} and status = 0 group by student_course_id) x
      where sc.id = x.student_course_id`.execute(tx);
    await tx.updateTable('tbl_consume_log').set({ status: 1, revoke_by: username, revoke_time: now }).where('calendar_id', '=', calendarId).where('status', '=', 0).execute();

    // Absences this session's 补课 rows settled (or reopened) go back to 已安排, unless another 补课 row now speaks for them.
    await sql`update tbl_lesson_student o set makeup_status = 2
      where o.id in (select m.makeup_for from tbl_lesson_student m where m.calendar_id = ${calendarId} and m.member_type = 3 and m.makeup_for is not null)
        and o.makeup_status in (1, 3)
        and not exists (select 1 from tbl_lesson_student n where n.makeup_for = o.id and n.calendar_id <> ${calendarId})`.execute(tx);
    await tx
      .updateTable('tbl_lesson_student')
      .set({ arrival_status: 0, deduct_hours: null, check_time: null, check_by: null, makeup_status: 0 })
      .where('calendar_id', '=', calendarId)
      .execute();
    await tx.updateTable('tbl_calendar').set({ status: 0, update_by: username, update_time: now }).where('id', '=', calendarId).execute();
    await log(tx, calendarId, 'revoke', reason ? `撤销点名：${reason}` : '撤销点名', username);
    return { revokedHours: num(back.h) };
  });
}

