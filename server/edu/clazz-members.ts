import { sql } from 'kysely';
import { capacityError, CLAZZ_MESSAGES, CLAZZ_STATUS, MEMBER_STATUS, type ClazzMemberRow } from '../../features/edu/clazz/clazz-resource';
import type { Database } from '../db';
import type { SysUser } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { dateText, shanghaiToday } from './catalog-teaching-shared';
import { dropFromClazzGroups } from './clazz-groups';

/** 班级成员 (server/edu/clazz-member-routes.ts): a class's members, and joining or leaving under rule R4. */

export const NOT_FOUND = '未找到对应数据';

const MEMBER_STATUS_TEXT: Record<number, string> = { [MEMBER_STATUS.active]: '正常', [MEMBER_STATUS.left]: '已退班' };

/** A live class's members, active ones first; null when the class is not live. */
export async function listMembers(db: Database, clazzId: string): Promise<ClazzMemberRow[] | null> {
  const clazz = clazzId ? await db.selectFrom('tbl_clazz').select('id').where('id', '=', clazzId).where('del_flag', '=', 0).executeTakeFirst() : undefined;
  if (!clazz) return null;
  const rows = await db
    .selectFrom('tbl_clazz_student as m')
    .innerJoin('tbl_student as s', 's.id', 'm.student_id')
    .select(['m.id', 'm.student_id', 's.name', 's.phone', 'm.status', 'm.join_date', 'm.leave_date'])
    .where('m.clazz_id', '=', clazzId)
    .orderBy('m.status')
    .orderBy('m.join_date')
    .orderBy('s.name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    name: r.name,
    phone: r.phone,
    status: r.status,
    status_dictText: MEMBER_STATUS_TEXT[r.status] ?? String(r.status),
    joinDate: dateText(r.join_date),
    leaveDate: dateText(r.leave_date),
  }));
}

/** The class, locked for the rest of the transaction so two concurrent additions cannot both pass R4. */
async function lockClazz(tx: Database, clazzId: string) {
  const clazz = await tx
    .selectFrom('tbl_clazz')
    .select(['id', 'capacity', 'allow_over', 'room_id', 'status'])
    .where('id', '=', clazzId)
    .where('del_flag', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!clazz) throw new ApiFailure(NOT_FOUND);
  return clazz;
}

/** The class's future sessions whose rolls follow membership: live, 未开始, not yet started. */
const futureSessionIds = (tx: Database, clazzId: string) =>
  tx.selectFrom('tbl_calendar').select('id').where('clazz_id', '=', clazzId).where('del_flag', '=', 0).where('status', '=', 0).where('start_time', '>', sql<Date>`now()`);

/** Adds students (already active ones are left as they are; 已退班 ones come back); answers how many joined. */
export async function addMembers(db: Database, me: Pick<SysUser, 'username'>, clazzId: string, chosen: string[]): Promise<number> {
  const studentIds = [...new Set(chosen)];
  return db.transaction().execute(async (tx) => {
    const clazz = await lockClazz(tx, clazzId);
    if (clazz.status === CLAZZ_STATUS.closed) throw new ApiFailure(CLAZZ_MESSAGES.closed);
    const students = await tx.selectFrom('tbl_student').select('id').where('id', 'in', studentIds).where('del_flag', '=', 0).execute();
    if (students.length !== studentIds.length) throw new ApiFailure('所选学员不存在，请刷新后重试');
    const memberships = await tx.selectFrom('tbl_clazz_student').select(['id', 'student_id', 'status']).where('clazz_id', '=', clazz.id).execute();
    const byStudent = new Map(memberships.map((m) => [m.student_id, m]));
    const active = memberships.filter((m) => m.status === MEMBER_STATUS.active).length;
    // Already active members are left as they are; 已退班 ones come back, the rest are new.
    const joining = studentIds.filter((s) => byStudent.get(s)?.status !== MEMBER_STATUS.active);
    if (!joining.length) return 0;
    if (clazz.allow_over !== 1) {
      const room = clazz.room_id ? await tx.selectFrom('tbl_room').select(['name', 'capacity']).where('id', '=', clazz.room_id).where('del_flag', '=', 0).executeTakeFirst() : undefined;
      const refused = capacityError({ capacity: clazz.capacity, allowOver: clazz.allow_over }, room ?? null, active, joining.length);
      if (refused) throw new ApiFailure(refused);
    }
    const today = shanghaiToday();
    const back = joining.filter((s) => byStudent.has(s));
    const fresh = joining.filter((s) => !byStudent.has(s));
    if (back.length) {
      await tx.updateTable('tbl_clazz_student').set({ status: MEMBER_STATUS.active, join_date: today, leave_date: null }).where('clazz_id', '=', clazz.id).where('student_id', 'in', back).execute();
    }
    if (fresh.length) {
      await tx
        .insertInto('tbl_clazz_student')
        .values(fresh.map((s) => ({ id: newId(), clazz_id: clazz.id, student_id: s, status: MEMBER_STATUS.active, join_date: today, create_by: me.username })))
        .execute();
    }
    const sessions = await futureSessionIds(tx, clazz.id).execute();
    if (sessions.length) {
      const rows = sessions.flatMap((sess) => joining.map((s) => ({ id: newId(), calendar_id: sess.id, student_id: s, member_type: 0, create_by: me.username })));
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insertInto('tbl_lesson_student')
          .values(rows.slice(i, i + 1000))
          .onConflict((oc) => oc.columns(['calendar_id', 'student_id']).doNothing())
          .execute();
      }
    }
    return joining.length;
  });
}

/** The student leaves the class: off its groups and the rolls still to be taken. */
export async function removeMember(db: Database, clazzId: string, studentId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const clazz = await lockClazz(tx, clazzId);
    const r = await tx
      .updateTable('tbl_clazz_student')
      .set({ status: MEMBER_STATUS.left, leave_date: shanghaiToday() })
      .where('clazz_id', '=', clazz.id)
      .where('student_id', '=', studentId)
      .where('status', '=', MEMBER_STATUS.active)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw new ApiFailure('该学员不是本班的在读成员');
    await dropFromClazzGroups(tx, clazz.id, studentId);
    // Off the rolls still to be taken; a roll already called keeps its record.
    await tx
      .deleteFrom('tbl_lesson_student')
      .where('student_id', '=', studentId)
      .where('arrival_status', '=', 0)
      .where('calendar_id', 'in', futureSessionIds(tx, clazz.id))
      .execute();
  });
}
