import { sql, type Kysely, type Transaction } from 'kysely';
import { capacityError } from '../../features/edu/clazz/clazz-resource';
import { studentCourseResource, studentResource } from '../../features/edu/student/student-resource';
import { toWireTime } from '../../lib/calendar/wire-time';
import { FOLLOW_STATUS, LEAD_MESSAGES } from '../../lib/crm/lead-rules';
import type { TrialSessionRow } from '../../lib/crm/trial-session';
import type { BodyRow } from '../../lib/resources/to-schema';
import type { DB } from '../db/schema';
import type { AuthContext } from '../core/context';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { escapeLike } from '../db/like';
import { checkNewStudentCourse } from '../edu/catalog-teaching';
import { newRowColumns } from '../resources/columns';
import { asAny } from '../resources/select';
import { loadSession, log, syncRoll } from '../calendar/attendance-roll';
import { leadResource } from '../../features/crm/lead/lead-resource';
import { dataLogSnapshot, recordDataVersions } from '../resources/data-log';
import { visibleLeadSql, type LeadActor } from './leads';
import { fillRuleClock, nextNumber, STUDENT_NUMBER } from '../system/fill-rules';

/**
 * 转化 and 试听 of a lead (issue #23 §4, domain §7). Both act on any lead the caller sees (server/crm/leads.ts
 * `visibleLeadSql`): one's own, or every owner's with the marketing flag or crm:lead:all (教务 books trials and
 * enrols at the front desk, so seeing all is enough here, unlike moving leads). A lead in the pool must be
 * claimed first. The lead drawer lists the trials (GET /crm/tblLead/trials, leads.ts). The lead's student is found in this order: the one it already has (a 潜在 student made for a
 * 试听), a live student with the same phone (学员 are unique by phone), else a new one; the answer says which.
 * The 课时包 goes through the 学员详情 form's own checks (checkNewStudentCourse) and columns (newRowColumns).
 */

type Db = Kysely<DB>;

export const CONVERT_MESSAGES = {
  converted: '该线索已转化为学员，不能重复转化',
  inPool: '线索池中的线索请先领取',
  emptyPackage: '购买数量与赠送数量不能都为0',
  validRange: '有效期至不能早于生效日期',
  sessionMissing: '课次不存在',
  notLesson: '只能预约教学排课的课次',
  cancelled: '该课次已取消，不能预约试听',
  notOpen: '该课次已点名或已调课，不能预约试听',
  past: '只能预约未开始的课次',
  duplicate: '该学员已在此课次中，不能重复预约',
} as const;

/** Student types (tbl_student.student_type): 0 潜在 1 在读. */
const STUDENT_TYPE = { prospect: 0, enrolled: 1 } as const;
/** tbl_lesson_student.member_type 2 试听. */
const TRIAL_MEMBER = 2;

type LeadRow = { id: string; name: string; phone: string; child_name: string | null; grade: string | null; channel: number | null; own_by: string | null; student_id: string | null; convert_time: Date | null; follow_status: number };

/** The lead, locked for the transaction, if the actor may act on it. */
async function lockLead(tx: Transaction<DB>, leadId: string, actor: LeadActor): Promise<LeadRow> {
  const lead = await tx
    .selectFrom('tbl_lead')
    .select(['id', 'name', 'phone', 'child_name', 'grade', 'channel', 'own_by', 'student_id', 'convert_time', 'follow_status'])
    .where('id', '=', leadId)
    .where('del_flag', '=', 0)
    .where((eb) => eb.or([visibleLeadSql(actor), eb('own_by', 'is', null)]))
    .forUpdate()
    .executeTakeFirst();
  if (!lead) throw new ApiFailure(LEAD_MESSAGES.notFound);
  if (lead.own_by === null) throw new ApiFailure(CONVERT_MESSAGES.inPool);
  return lead;
}

type StudentPick = { id: string; name: string; student_type: number; guardian: string | null; reused: 'lead' | 'phone' | null };

/**
 * Who the student is when a lead is named `name` (typed, else the lead's 孩子姓名, else the lead itself): a lead that
 * names someone else is the parent, kept as 监护人 with the lead's phone; a lead that is the learner has none.
 */
export function studentIdentity(lead: Pick<LeadRow, 'name' | 'phone' | 'child_name'>, typed?: string | null): { name: string; guardian: string | null; guardianPhone: string | null } {
  const name = typed?.trim() || lead.child_name?.trim() || lead.name;
  const isChild = name !== lead.name.trim();
  return { name, guardian: isChild ? lead.name : null, guardianPhone: isChild ? lead.phone : null };
}

const STUDENT_PICK = ['id', 'name', 'student_type', 'guardian'] as const;

/** The lead's student: its own, one with the same phone, or a new one of `type` (owned by the lead's owner). */
async function studentFor(tx: Transaction<DB>, lead: LeadRow, auth: AuthContext, type: number, override: { name?: string | null; grade?: string | null } = {}): Promise<StudentPick> {
  if (lead.student_id) {
    const s = await tx.selectFrom('tbl_student').select(STUDENT_PICK).where('id', '=', lead.student_id).where('del_flag', '=', 0).executeTakeFirst();
    if (s) return { ...s, reused: 'lead' };
  }
  const same = await tx.selectFrom('tbl_student').select(STUDENT_PICK).where('phone', '=', lead.phone).where('del_flag', '=', 0).executeTakeFirst();
  if (same) return { ...same, reused: 'phone' };
  const id = newId();
  const who = studentIdentity(lead, override.name);
  const body: BodyRow = {
    name: who.name,
    phone: lead.phone,
    grade: override.grade?.trim() || lead.grade,
    guardian: who.guardian,
    guardianPhone: who.guardianPhone,
    // 来源: 转介绍 stays 转介绍; any other channel was a salesperson's (业务员).
    source: lead.channel === 2 ? 2 : 3,
    studentType: type,
    status: 1,
    ownBy: lead.own_by,
    // 学号 from the 填值规则, as the 学员 form's add fills it (issue #24).
    studentNo: await nextNumber(tx, STUDENT_NUMBER, {}, fillRuleClock.now()),
  };
  await asAny(tx).insertInto('tbl_student').values(newRowColumns(studentResource, body, id, auth)).execute();
  return { id, name: who.name, student_type: type, guardian: who.guardian, reused: null };
}

/** The lead's 孩子姓名 follows the student named for it (a 转化 prefills it), unless the lead is the learner. */
const childNameUpdate = (lead: LeadRow, student: { name: string }) => (student.name !== lead.name && student.name !== lead.child_name ? { child_name: student.name } : {});

export interface ConvertInput {
  leadId: string;
  /** The 课时包 as toSchema(studentCourseResource, 'add') parsed it (studentId is set here). */
  pkg: BodyRow;
  validFrom: string | null;
  studentName?: string | null;
  grade?: string | null;
}

export interface ConvertResult {
  studentId: string;
  studentName: string;
  studentCourseId: string;
  /** 'lead': the lead's 试听 student; 'phone': an existing student with the same phone; null: a new student. */
  reused: 'lead' | 'phone' | null;
  /** The 试听 student's name before 转化 renamed it to the typed 学员姓名 (not renamed: null). */
  renamedFrom: string | null;
}

/** 转化: student (new or reused, made 在读) + 课时包 + the lead marked 已转化, in one transaction. */
export async function convertLead(db: Db, auth: AuthContext, actor: LeadActor, input: ConvertInput): Promise<ConvertResult> {
  const buy = Number(input.pkg.buyQty ?? 0);
  const gift = Number(input.pkg.giftQty ?? 0);
  if (!(buy + gift > 0)) throw new ApiFailure(CONVERT_MESSAGES.emptyPackage);
  if (input.validFrom && typeof input.pkg.validTo === 'string' && input.pkg.validTo && input.pkg.validTo < input.validFrom) throw new ApiFailure(CONVERT_MESSAGES.validRange);
  return db.transaction().execute(async (tx) => {
    const lead = await lockLead(tx, input.leadId, actor);
    if (lead.convert_time) throw new ApiFailure(CONVERT_MESSAGES.converted);
    const leadBefore = await dataLogSnapshot(tx, leadResource, [lead.id]);
    const student = await studentFor(tx, lead, auth, STUDENT_TYPE.enrolled, { name: input.studentName, grade: input.grade });
    const studentBefore = student.reused ? await dataLogSnapshot(tx, studentResource, [student.id]) : undefined;
    const now = new Date();
    // 转化 uses what is typed: the 试听 student takes the typed 学员姓名 (the lead, if it was named after it, becomes its 监护人).
    const typed = input.studentName?.trim();
    const rename = student.reused === 'lead' && typed && typed !== student.name ? typed : null;
    const who = rename ? studentIdentity(lead, rename) : null;
    const patch = {
      ...(student.reused && student.student_type === STUDENT_TYPE.prospect ? { student_type: STUDENT_TYPE.enrolled } : {}),
      ...(rename ? { name: rename } : {}),
      ...(who && !student.guardian && who.guardian ? { guardian: who.guardian, guardian_phone: who.guardianPhone } : {}),
    };
    if (Object.keys(patch).length) {
      await tx.updateTable('tbl_student').set({ ...patch, update_by: auth.user.username, update_time: now }).where('id', '=', student.id).execute();
    }
    const studentName = rename ?? student.name;
    const row: BodyRow = { ...input.pkg, studentId: student.id };
    const course = await checkNewStudentCourse(tx, row);
    const packageId = newId();
    const columns = newRowColumns(studentCourseResource, row, packageId, auth);
    columns.unit = course.unit;
    columns.valid_from = input.validFrom;
    await asAny(tx).insertInto('tbl_student_course').values(columns).execute();
    await tx
      .updateTable('tbl_lead')
      .set({ student_id: student.id, convert_time: now, follow_status: FOLLOW_STATUS.converted, ...childNameUpdate(lead, { name: studentName }), update_by: auth.user.username, update_time: now })
      .where('id', '=', lead.id)
      .execute();
    await recordDataVersions(tx, leadResource, [lead.id], auth.user, leadBefore);
    await recordDataVersions(tx, studentResource, [student.id], auth.user, studentBefore);
    return { studentId: student.id, studentName, studentCourseId: packageId, reused: student.reused, renamedFrom: rename ? student.name : null };
  });
}

// ---------------------------------------------------------------- 试听

export interface TrialResult {
  lessonStudentId: string;
  studentId: string;
  studentName: string;
  reused: 'lead' | 'phone' | null;
}

export interface TrialInput {
  leadId: string;
  calendarId: string;
  /** 学员姓名: the child a new 潜在 student is made for (the lead stays its 监护人). */
  studentName: string;
}

/** 试听: the lead's student (a new one is 潜在, named as typed) joins a future session as member_type 2. */
export async function bookTrial(db: Db, auth: AuthContext, actor: LeadActor, input: TrialInput, now: Date): Promise<TrialResult> {
  const { leadId, calendarId } = input;
  return db.transaction().execute(async (tx) => {
    const lead = await lockLead(tx, leadId, actor);
    const leadBefore = await dataLogSnapshot(tx, leadResource, [lead.id]);
    // Locking the session serialises the capacity check of concurrent bookings (as 安排补课 does).
    const session = await loadSession(tx, calendarId, true);
    if (!session) throw new ApiFailure(CONVERT_MESSAGES.sessionMissing);
    if (session.type !== 0) throw new ApiFailure(CONVERT_MESSAGES.notLesson);
    if (session.status === 2) throw new ApiFailure(CONVERT_MESSAGES.cancelled);
    if (session.status !== 0) throw new ApiFailure(CONVERT_MESSAGES.notOpen);
    if (session.start_time.getTime() <= now.getTime()) throw new ApiFailure(CONVERT_MESSAGES.past);
    const student = await studentFor(tx, lead, auth, STUDENT_TYPE.prospect, { name: input.studentName });
    await syncRoll(tx, session, auth.user.username);
    const onRoll = await tx.selectFrom('tbl_lesson_student').select('id').where('calendar_id', '=', session.id).where('student_id', '=', student.id).executeTakeFirst();
    if (onRoll) throw new ApiFailure(CONVERT_MESSAGES.duplicate);
    // Capacity (rule R4, the one used when members join): the class's unless it may be exceeded, and the room's.
    const { n } = await tx.selectFrom('tbl_lesson_student').select(sql<string>`count(*)`.as('n')).where('calendar_id', '=', session.id).executeTakeFirstOrThrow();
    const clazz = session.clazz_id ? await tx.selectFrom('tbl_clazz').select(['capacity', 'allow_over']).where('id', '=', session.clazz_id).executeTakeFirst() : undefined;
    const room = session.room_id ? await tx.selectFrom('tbl_room').select(['name', 'capacity']).where('id', '=', session.room_id).executeTakeFirst() : undefined;
    const refused = capacityError({ capacity: clazz?.capacity ?? Number.MAX_SAFE_INTEGER, allowOver: clazz?.allow_over ?? 0 }, room ?? null, Number(n), 1);
    if (refused) throw new ApiFailure(refused);
    const id = newId();
    await tx.insertInto('tbl_lesson_student').values({ id, calendar_id: session.id, student_id: student.id, member_type: TRIAL_MEMBER, create_by: auth.user.username }).execute();
    await log(tx, session.id, 'trial', `预约试听：${student.name}`, auth.user.username);
    const status = lead.follow_status < FOLLOW_STATUS.booked ? FOLLOW_STATUS.booked : lead.follow_status;
    await tx
      .updateTable('tbl_lead')
      .set({ student_id: student.id, follow_status: status, ...childNameUpdate(lead, student), update_by: auth.user.username, update_time: new Date() })
      .where('id', '=', lead.id)
      .execute();
    await recordDataVersions(tx, leadResource, [lead.id], auth.user, leadBefore);
    if (!student.reused) await recordDataVersions(tx, studentResource, [student.id], auth.user);
    return { lessonStudentId: id, studentId: student.id, studentName: student.name, reused: student.reused };
  });
}

/** The 意向课程 of a lead the actor may book a trial for (not found: 未找到对应数据). */
export async function intendedCourseOf(db: Db, actor: LeadActor, leadId: string): Promise<string | null> {
  const lead = await db.selectFrom('tbl_lead').select('intention_course_id').where('id', '=', leadId).where('del_flag', '=', 0).where(visibleLeadSql(actor)).executeTakeFirst();
  if (!lead) throw new ApiFailure(LEAD_MESSAGES.notFound);
  return lead.intention_course_id;
}

/**
 * Sessions a trial may be booked into: 教学排课, 未开始, of public classes, from now for `days` days; paged on the
 * server. Those of `intendedCourseId` (the lead's 意向课程) come first, then by time; full ones are marked.
 */
export async function listTrialSessions(db: Db, f: { keyword?: string; days: number; now: Date; intendedCourseId?: string | null }, page: { offset: number; limit: number }): Promise<{ records: TrialSessionRow[]; total: number }> {
  const until = new Date(f.now.getTime() + f.days * 86_400_000);
  const intended = f.intendedCourseId ? sql<boolean>`coalesce(c.course_id, z.course_id) = ${f.intendedCourseId}` : sql<boolean>`false`;
  let base = db
    .selectFrom('tbl_calendar as c')
    .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
    .leftJoin('tbl_course as co', (j) => j.on(sql<boolean>`co.id = coalesce(c.course_id, z.course_id)`))
    .leftJoin('tbl_room as r', 'r.id', 'c.room_id')
    .where('c.del_flag', '=', 0)
    .where('c.type', '=', 0)
    .where('c.status', '=', 0)
    .where('c.scope', '=', 0)
    .where('c.start_time', '>', f.now)
    .where('c.start_time', '<', until);
  const kw = f.keyword?.trim();
  if (kw) {
    const like = `%${escapeLike(kw)}%`;
    base = base.where((eb) => eb.or([eb('co.name', 'like', like), eb('z.name', 'like', like), eb('c.title', 'like', like)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'c.id', 'c.start_time', 'c.end_time', 'c.title', 'co.id as course_id', 'co.name as course_name', 'z.name as clazz_name', 'r.name as room_name', 'z.capacity', 'z.allow_over',
        sql<string>`(select count(*) from tbl_lesson_student ls where ls.calendar_id = c.id)`.as('headcount'),
        sql<boolean>`coalesce(${intended}, false)`.as('intended'),
      ])
      .orderBy(sql`case when coalesce(${intended}, false) then 0 else 1 end`)
      .orderBy('c.start_time')
      .orderBy('c.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      id: r.id,
      startTime: toWireTime(r.start_time),
      endTime: toWireTime(r.end_time),
      title: r.title,
      courseId: r.course_id,
      courseName: r.course_name,
      clazzName: r.clazz_name,
      roomName: r.room_name,
      headcount: Number(r.headcount),
      capacity: r.capacity ?? null,
      intended: Boolean(r.intended),
      full: r.capacity !== null && r.capacity !== undefined && Number(r.headcount) >= r.capacity,
      allowOver: r.allow_over === 1,
    })),
  };
}
