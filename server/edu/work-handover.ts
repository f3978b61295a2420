import type { Kysely } from 'kysely';
import { countsText, HANDOVER_MESSAGES, handoverInputProblem, STAFF_STATUS, totalOf, type HandoverScope, type WorkCounts } from '../../lib/edu/handover-rules';
import type { DB, SysUser } from '../db/schema';
import type { Services } from '../core/context';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { leadResource } from '../../features/crm/lead/lead-resource';
import { clazzResource } from '../../features/edu/clazz/clazz-resource';
import { studentResource } from '../../features/edu/student/student-resource';
import { dataLogSnapshot, recordDataVersions } from '../resources/data-log';
import { recordOwnerChanges } from '../crm/lead-owner-history';
import { sendSysMessage } from '../message/announcements';
import { pushCalendarChanged } from '../calendar/calendar-notify';
import { collectWork, countsOf, staffRow, teacherIdsOf, type HeldWork } from './staff';
import { reassignClash } from './teacher-transfer';

/**
 * 工作交接 (issue #23 item 8, domain §6): everything one user holds in the chosen scopes moves to another in ONE
 * transaction — leads (own_by, owner_time, history 交接 through recordOwnerChanges), students, classes (own_by, and
 * 班主任 from the giver's teacher record to the receiver's), future sessions (tbl_calendar_teacher rows, where the
 * database's teacher-clash exclusion constraint has the last word) and open tasks — then the tbl_work_handover row
 * with the counts moved. Any failure rolls all of it back. Both users hear of it through the message centre after
 * commit. A 班主任 or a session needs the receiver to have an active teacher record (else refused, nothing moved).
 */

type Conn = Kysely<DB>;

export interface HandoverInput {
  fromUser: string;
  toUser: string;
  scopes: HandoverScope[];
  reason?: string | null;
}

interface Parties {
  from: Awaited<ReturnType<typeof staffRow>>;
  to: Awaited<ReturnType<typeof staffRow>>;
}

/** The checks of both parties; the receiver must be 在职 and not frozen. */
async function checkParties(db: Conn, input: Pick<HandoverInput, 'fromUser' | 'toUser' | 'scopes'>): Promise<Parties> {
  const problem = handoverInputProblem(input);
  if (problem) throw new ApiFailure(problem);
  const from = await staffRow(db, input.fromUser).catch(() => {
    throw new ApiFailure(HANDOVER_MESSAGES.fromUserMissing);
  });
  const to = await staffRow(db, input.toUser).catch(() => {
    throw new ApiFailure(HANDOVER_MESSAGES.toUserMissing);
  });
  if (to.staff_status === STAFF_STATUS.left || to.status !== 1) throw new ApiFailure(HANDOVER_MESSAGES.toUserLeft);
  return { from, to };
}

/** Only the chosen scopes count (collectWork reads only those; this keeps the others at zero). */
function scopedCounts(work: HeldWork, scopes: readonly HandoverScope[]): WorkCounts {
  const all = countsOf(work);
  const out = { ...all };
  for (const s of Object.keys(out) as HandoverScope[]) if (!scopes.includes(s)) out[s] = 0;
  return out;
}

/** The receiver's teacher record, needed when a 班主任 or a session moves. */
async function receivingTeacher(db: Conn, work: HeldWork, toUser: string): Promise<string | null> {
  if (!work.headedClazzIds.length && !work.sessionRows.length) return null;
  const [teacher] = await teacherIdsOf(db, toUser, true);
  if (!teacher) throw new ApiFailure(HANDOVER_MESSAGES.noTeacherRecord);
  return teacher;
}

/** POST /edu/handover/preview: what would move, per scope. */
export async function previewHandover(db: Conn, input: Pick<HandoverInput, 'fromUser' | 'toUser' | 'scopes'>, now: Date): Promise<WorkCounts> {
  // The receiver is optional while the form is being filled in; when given it is checked like the real thing.
  if (input.toUser) await checkParties(db, input);
  else if (!input.scopes.length) throw new ApiFailure(HANDOVER_MESSAGES.noScopes);
  else await staffRow(db, input.fromUser).catch(() => {
    throw new ApiFailure(HANDOVER_MESSAGES.fromUserMissing);
  });
  return scopedCounts(await collectWork(db, input.fromUser, now, input.scopes), input.scopes);
}

const isExclusionViolation = (e: unknown) => {
  const err = e as { code?: unknown; message?: unknown };
  return err?.code === '23P01' || (typeof err?.message === 'string' && err.message.includes('tbl_calendar_teacher_excl'));
};

/** POST /edu/handover/add: moves the work; answers the handover's id and the counts moved. */
export async function runHandover(services: Services, me: Pick<SysUser, 'id' | 'username' | 'realname'>, input: HandoverInput, now: Date): Promise<{ id: string; counts: WorkCounts }> {
  const { db } = services;
  const { from, to } = await checkParties(db, input);
  const id = newId();
  let sessionIds: string[] = [];
  let toTeacher: string | null = null;
  let counts: WorkCounts;
  try {
    counts = await db.transaction().execute(async (tx) => {
      const work = await collectWork(tx, from.id, now, input.scopes);
      const moved = scopedCounts(work, input.scopes);
      if (!totalOf(moved)) throw new ApiFailure(HANDOVER_MESSAGES.nothingToMove);
      toTeacher = await receivingTeacher(tx, work, to.id);
      const audit = { update_by: me.username, update_time: now };

      // 数据日志: the moved leads, students and classes are versioned like any save (snapshots before the writes).
      const author = { username: me.username, realname: me.realname };
      const clazzIds = [...new Set([...work.ownedClazzIds, ...(toTeacher ? work.headedClazzIds : [])])];
      const before = {
        leads: await dataLogSnapshot(tx, leadResource, work.leadIds),
        students: await dataLogSnapshot(tx, studentResource, work.studentIds),
        clazzes: await dataLogSnapshot(tx, clazzResource, clazzIds),
      };
      if (work.leadIds.length) {
        await tx.updateTable('tbl_lead').set({ own_by: to.id, owner_time: now, return_warned_time: null, ...audit }).where('id', 'in', work.leadIds).execute();
        await recordOwnerChanges(
          tx,
          work.leadIds.map((leadId) => ({ leadId, fromUser: from.id, toUser: to.id, action: '交接' as const, operator: me.username, reason: input.reason || null })),
        );
      }
      if (work.studentIds.length) await tx.updateTable('tbl_student').set({ own_by: to.id, ...audit }).where('id', 'in', work.studentIds).execute();
      if (work.ownedClazzIds.length) await tx.updateTable('tbl_clazz').set({ own_by: to.id, ...audit }).where('id', 'in', work.ownedClazzIds).execute();
      if (work.headedClazzIds.length && toTeacher) {
        await tx.updateTable('tbl_clazz').set({ head_teacher: toTeacher, ...audit }).where('id', 'in', work.headedClazzIds).where('head_teacher', 'in', work.teacherIds).execute();
      }
      if (work.sessionRows.length && toTeacher) {
        sessionIds = [...new Set(work.sessionRows.map((r) => r.calendarId))];
        // Sessions the receiver already teaches lose the giver's row; the others change teacher, which the fill
        // trigger re-times so tbl_calendar_teacher_excl judges the receiver's timetable (a clash aborts everything).
        const already = new Set(
          (await tx.selectFrom('tbl_calendar_teacher').select('calendar_id').where('teacher_id', '=', toTeacher).where('calendar_id', 'in', sessionIds).execute()).map((r) => r.calendar_id),
        );
        const drop = work.sessionRows.filter((r) => already.has(r.calendarId)).map((r) => r.id);
        // A session the giver teaches twice (two records) keeps one row for the receiver.
        const seen = new Set<string>();
        const move: string[] = [];
        for (const r of work.sessionRows) {
          if (already.has(r.calendarId)) continue;
          if (seen.has(r.calendarId)) drop.push(r.id);
          else {
            seen.add(r.calendarId);
            move.push(r.id);
          }
        }
        if (drop.length) await tx.deleteFrom('tbl_calendar_teacher').where('id', 'in', drop).execute();
        if (move.length) await tx.updateTable('tbl_calendar_teacher').set({ teacher_id: toTeacher }).where('id', 'in', move).execute();
      }
      await recordDataVersions(tx, leadResource, work.leadIds, author, before.leads);
      await recordDataVersions(tx, studentResource, work.studentIds, author, before.students);
      await recordDataVersions(tx, clazzResource, clazzIds, author, before.clazzes);
      if (work.taskIds.length) await tx.updateTable('tbl_task').set({ assignee: to.id, ...audit }).where('id', 'in', work.taskIds).execute();

      await tx
        .insertInto('tbl_work_handover')
        .values({ id, from_user: from.id, to_user: to.id, scopes: input.scopes.join(','), counts: JSON.stringify(moved), status: 1, reason: input.reason || null, create_by: me.username, create_time: now })
        .execute();
      return moved;
    });
  } catch (e) {
    if (!isExclusionViolation(e)) throw e;
    // Rolled back: name the receiver's clashing session (read after the rollback, outside the transaction).
    const name = to.realname;
    const clash = toTeacher ? await reassignClash(db, toTeacher, name, sessionIds) : null;
    throw new ApiFailure(HANDOVER_MESSAGES.clash(clash ?? `接收人 ${name} 在交接的课次时间已有课次`));
  }

  // After commit: open 行事历 of both reload when sessions moved (pushCalendarChanged never throws), and one
  // message reaches both users' bells; a failure here is logged, the handover stands.
  if (sessionIds.length) await pushCalendarChanged(services, sessionIds, { before: [from.id] });
  try {
    const text = countsText(counts, input.scopes);
    await sendSysMessage(services, {
      title: `工作交接：${from.realname} → ${to.realname}`,
      content: `${from.realname} 的工作已交接给 ${to.realname}：${text}。\n操作人：${me.realname || me.username}${input.reason ? `\n交接原因：${input.reason}` : ''}`,
      userIds: [from.id, to.id],
      sender: me.username,
      busType: 'work_handover',
      busId: id,
    });
  } catch (e) {
    console.error('[handover] notice failed:', (e as Error).message);
  }
  return { id, counts };
}
