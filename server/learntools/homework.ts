import { sql } from 'kysely';
import {
  ASSIGNEE_MODE,
  HOMEWORK_LIMITS,
  HOMEWORK_MESSAGES as M,
  HOMEWORK_SOURCE,
  HOMEWORK_STATUS,
  SUBMISSION_STATUS,
  SUBMISSION_STATUS_TEXT,
  type AssignOptions,
  type CalendarHomework,
  type HomeworkDetail,
  type HomeworkInput,
  type HomeworkStudentsAnswer,
  type SubmissionRow,
} from '../../lib/learntools/homework-types';
import { sanitizeHtml } from '../../lib/sanitize-html';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { normaliseStoredPath, StorageError, type FileStorage } from '../storage/storage';
import { formatDateTime, parseDateBoundGmt8 } from '../core/format';
import { realnamesOf } from '../resources/dicts';

/**
 * 作业 (issue #22 item 6): assigning (one submission row per assigned student), editing, the per-class
 * choices of the assign form and the 学员作业 reads. Submissions are recorded and graded in
 * homework-grading.ts. Every function takes the caller's class scope: `null` = every class (教务 / admin),
 * else the classes the caller teaches (server/resources/data-rules.ts `taughtClazzIds`); a homework of
 * another class reads as not found.
 *
 * The list's counters (total / read_count / finish_count) are recounted by `recount` inside the transaction
 * of every write that changes a submission, so they never drift from the rows.
 */

export type ClazzScope = readonly string[] | null;

export interface Actor {
  username: string;
  orgCode: string | null;
}

const inScope = (scope: ClazzScope, clazzId: string) => scope === null || scope.includes(clazzId);

/** Stored homework row, as the services use it. */
export interface HomeworkRow {
  id: string;
  clazz_id: string;
  calendar_id: string | null;
  title: string;
  content: string | null;
  attachments: string | null;
  source: number;
  workbook_id: string | null;
  due_time: Date | null;
  max_score: string;
  assignee_mode: number;
  status: number;
  total: number;
  read_count: number;
  finish_count: number;
}

/** A live homework of a class in scope, or 作业不存在或已删除. */
export async function loadHomework(db: Database, id: string, scope: ClazzScope): Promise<HomeworkRow> {
  const row = await db.selectFrom('tbl_homework').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || !inScope(scope, row.clazz_id)) throw new ApiFailure(M.notFound);
  return row;
}

/** Recounts one homework's counters from its rows (one grouped aggregate), in the caller's transaction. */
export async function recount(db: Database, homeworkId: string): Promise<void> {
  await sql`
    update tbl_homework h set total = s.total, read_count = s.read, finish_count = s.finished
    from (select count(*)::int as total,
                 count(*) filter (where read_flag = 1)::int as read,
                 count(*) filter (where status in (${SUBMISSION_STATUS.submitted}, ${SUBMISSION_STATUS.graded}))::int as finished
          from tbl_homework_student where homework_id = ${homeworkId}) s
    where h.id = ${homeworkId}`.execute(db);
}

/** 已发布 homework past its due time becomes 已截止 (run before the list reads, so its status filter is true). */
export async function closeOverdue(db: Database): Promise<void> {
  await sql`update tbl_homework set status = ${HOMEWORK_STATUS.closed}
    where status = ${HOMEWORK_STATUS.published} and del_flag = 0 and due_time < now()`.execute(db);
}

// ---------------------------------------------------------------- the assign form's choices

async function liveClazz(db: Database, clazzId: string, scope: ClazzScope) {
  const z = await db.selectFrom('tbl_clazz').select(['id', 'name', 'course_id']).where('id', '=', clazzId).where('del_flag', '=', 0).executeTakeFirst();
  if (!z || !inScope(scope, z.id)) throw new ApiFailure(M.clazzUnknown);
  return z;
}

async function activeMembers(db: Database, clazzId: string) {
  return db
    .selectFrom('tbl_clazz_student as m')
    .innerJoin('tbl_student as s', 's.id', 'm.student_id')
    .select(['s.id', 's.name'])
    .where('m.clazz_id', '=', clazzId)
    .where('m.status', '=', 1)
    .where('s.del_flag', '=', 0)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
}

export async function assignOptions(db: Database, scope: ClazzScope, clazzIdRaw?: string, calendarId?: string): Promise<AssignOptions> {
  let clazzQuery = db.selectFrom('tbl_clazz').select(['id', 'name']).where('del_flag', '=', 0).orderBy('name').orderBy('id').limit(1000);
  if (scope !== null) clazzQuery = scope.length ? clazzQuery.where('id', 'in', [...scope]) : clazzQuery.where(sql<boolean>`false`);
  const clazzes = await clazzQuery.execute();
  let clazzId = clazzIdRaw ?? null;
  if (calendarId) {
    const session = await db.selectFrom('tbl_calendar').select('clazz_id').where('id', '=', calendarId).where('del_flag', '=', 0).executeTakeFirst();
    if (!session?.clazz_id || !inScope(scope, session.clazz_id)) throw new ApiFailure(M.sessionUnknown);
    clazzId = session.clazz_id;
  }
  if (!clazzId) return { clazzes, clazzId: null, calendarId: null, students: [], sessions: [] };
  await liveClazz(db, clazzId, scope);
  const [students, sessions] = await Promise.all([
    activeMembers(db, clazzId),
    db
      .selectFrom('tbl_calendar')
      .select(['id', 'start_time', 'lesson_no', 'title', 'status', 'homework_title'])
      .where('clazz_id', '=', clazzId)
      .where('del_flag', '=', 0)
      .where('type', '=', 0)
      .where('status', 'in', [0, 1])
      .orderBy('start_time')
      .limit(1000)
      .execute(),
  ]);
  return {
    clazzes,
    clazzId,
    calendarId: calendarId ?? null,
    students,
    sessions: sessions.map((s) => ({ id: s.id, startTime: formatDateTime(s.start_time) ?? '', lessonNo: s.lesson_no, title: s.title, status: s.status, homeworkTitle: s.homework_title })),
  };
}

// ---------------------------------------------------------------- assign and edit

/** 'YYYY-MM-DD HH:mm[:ss]' Asia/Shanghai → instant; refused when missing or malformed. */
function parseDue(raw: string): Date {
  const text = raw.trim().length === 16 ? `${raw.trim()}:00` : raw.trim();
  const d = /\d{2}:\d{2}:\d{2}$/.test(text) ? parseDateBoundGmt8(text, 'begin') : null;
  if (!d) throw new ApiFailure(M.dueRequired);
  return d;
}

/** Comma-joined stored paths: at most 9, each a valid stored path that exists. */
export async function checkAttachments(storage: FileStorage | undefined, raw: string | null | undefined): Promise<string | null> {
  const paths = [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (!paths.length) return null;
  if (paths.length > HOMEWORK_LIMITS.attachmentsMax) throw new ApiFailure(M.tooManyAttachments);
  const out: string[] = [];
  for (const p of paths) {
    let path: string;
    try {
      path = normaliseStoredPath(p);
    } catch (e) {
      if (e instanceof StorageError) throw new ApiFailure(M.attachmentMissing);
      throw e;
    }
    if (!storage || !(await storage.exists(path))) throw new ApiFailure(M.attachmentMissing);
    out.push(path);
  }
  return out.join(',');
}

/** A published workbook's total item score (its homework's 满分). */
async function workbookTotal(db: Database, workbookId: string): Promise<number> {
  const wb = await db.selectFrom('tbl_workbook').select('id').where('id', '=', workbookId).where('del_flag', '=', 0).where('status', '=', 1).executeTakeFirst();
  if (!wb) throw new ApiFailure(M.workbookUnknown);
  const { rows } = await sql<{ total: string | null; n: string }>`select sum(score) as total, count(*) as n from tbl_workbook_item where workbook_id = ${workbookId}`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  if (!(total > 0)) throw new ApiFailure(M.workbookEmpty);
  return total;
}

async function checkSession(db: Database, clazzId: string, calendarId: string | null | undefined): Promise<string | null> {
  if (!calendarId) return null;
  const s = await db.selectFrom('tbl_calendar').select('id').where('id', '=', calendarId).where('clazz_id', '=', clazzId).where('del_flag', '=', 0).where('type', '=', 0).executeTakeFirst();
  if (!s) throw new ApiFailure(M.sessionUnknown);
  return s.id;
}

/** The students a homework goes to: the class's active members, or the chosen ones (all of them active members). */
async function assignees(db: Database, clazzId: string, mode: number, chosen: readonly string[] | undefined): Promise<string[]> {
  const members = (await activeMembers(db, clazzId)).map((m) => m.id);
  if (mode === ASSIGNEE_MODE.wholeClass) {
    if (!members.length) throw new ApiFailure(M.noMembers);
    return members;
  }
  const wanted = [...new Set(chosen ?? [])];
  if (!wanted.length) throw new ApiFailure(M.studentsRequired);
  const set = new Set(members);
  if (wanted.some((id) => !set.has(id))) throw new ApiFailure(M.notMembers);
  return wanted;
}

interface Prepared {
  calendarId: string | null;
  content: string | null;
  attachments: string | null;
  workbookId: string | null;
  maxScore: number;
  due: Date;
  students: string[];
}

async function prepare(db: Database, input: HomeworkInput, storage: FileStorage | undefined, checkDue: boolean): Promise<Prepared> {
  const due = parseDue(input.dueTime);
  if (checkDue && due.getTime() < Date.now()) throw new ApiFailure(M.duePast);
  const calendarId = await checkSession(db, input.clazzId, input.calendarId);
  const isBook = input.source === HOMEWORK_SOURCE.workbook;
  let workbookId: string | null = null;
  let maxScore = input.maxScore ?? 100;
  if (isBook) {
    if (!input.workbookId) throw new ApiFailure(M.workbookRequired);
    workbookId = input.workbookId;
    maxScore = await workbookTotal(db, workbookId);
  }
  const content = sanitizeHtml(input.content ?? '') || null;
  // A workbook homework carries its items; attachments are for 自定义 only.
  const attachments = isBook ? null : await checkAttachments(storage, input.attachments);
  const students = await assignees(db, input.clazzId, input.assigneeMode, input.studentIds);
  return { calendarId, content, attachments, workbookId, maxScore, due, students };
}

/** 布置作业: publishes the homework and creates one 未提交 row per assigned student, in one transaction. */
export async function assignHomework(db: Database, input: HomeworkInput, actor: Actor, scope: ClazzScope, storage: FileStorage | undefined): Promise<string> {
  await liveClazz(db, input.clazzId, scope);
  const p = await prepare(db, input, storage, true);
  const id = newId();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('tbl_homework')
      .values({
        id,
        clazz_id: input.clazzId,
        calendar_id: p.calendarId,
        title: input.title,
        content: p.content,
        attachments: p.attachments,
        source: input.source,
        workbook_id: p.workbookId,
        due_time: p.due,
        max_score: p.maxScore,
        assignee_mode: input.assigneeMode,
        status: HOMEWORK_STATUS.published,
        sys_org_code: actor.orgCode,
        create_by: actor.username,
      })
      .execute();
    await tx.insertInto('tbl_homework_student').values(p.students.map((s) => ({ id: newId(), homework_id: id, student_id: s }))).execute();
    await recount(tx, id);
  });
  return id;
}

/**
 * 编辑: title, content, attachments, session, due time, 满分 (自定义) and the assignees. The class, the source and
 * the workbook stay (submissions refer to them); a student who has handed something in cannot be removed.
 * A due time moved is checked against now; one left as it was is not.
 */
export async function editHomework(db: Database, input: HomeworkInput & { id: string }, actor: Actor, scope: ClazzScope, storage: FileStorage | undefined): Promise<void> {
  const old = await loadHomework(db, input.id, scope);
  if (old.clazz_id !== input.clazzId) throw new ApiFailure(M.clazzLocked);
  if (old.source !== input.source || (input.source === HOMEWORK_SOURCE.workbook && (input.workbookId ?? null) !== old.workbook_id)) throw new ApiFailure(M.sourceLocked);
  const dueChanged = !old.due_time || parseDue(input.dueTime).getTime() !== old.due_time.getTime();
  const p = await prepare(db, input, storage, dueChanged);
  const graded = await db
    .selectFrom('tbl_homework_student')
    .select(sql<string | null>`max(score)`.as('top'))
    .where('homework_id', '=', old.id)
    .where('status', '=', SUBMISSION_STATUS.graded)
    .executeTakeFirst();
  if (graded?.top != null && Number(graded.top) > p.maxScore) throw new ApiFailure(M.scoreOver(p.maxScore));

  await db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom('tbl_homework_student').select(['id', 'student_id', 'status']).where('homework_id', '=', old.id).execute();
    const wanted = new Set(p.students);
    const gone = rows.filter((r) => !wanted.has(r.student_id));
    if (gone.some((r) => r.status !== SUBMISSION_STATUS.pending)) throw new ApiFailure(M.removeSubmitted);
    if (gone.length) await tx.deleteFrom('tbl_homework_student').where('id', 'in', gone.map((r) => r.id)).execute();
    const have = new Set(rows.map((r) => r.student_id));
    const added = p.students.filter((s) => !have.has(s));
    if (added.length) await tx.insertInto('tbl_homework_student').values(added.map((s) => ({ id: newId(), homework_id: old.id, student_id: s }))).execute();
    await tx
      .updateTable('tbl_homework')
      .set({
        calendar_id: p.calendarId,
        title: input.title,
        content: p.content,
        attachments: p.attachments,
        due_time: p.due,
        max_score: p.maxScore,
        assignee_mode: input.assigneeMode,
        // A due time moved into the future opens a 已截止 homework again.
        status: p.due.getTime() > Date.now() ? HOMEWORK_STATUS.published : old.status,
        update_by: actor.username,
        update_time: new Date(),
      })
      .where('id', '=', old.id)
      .execute();
    await recount(tx, old.id);
  });
}

// ---------------------------------------------------------------- reads

async function detailOf(db: Database, h: HomeworkRow): Promise<HomeworkDetail> {
  const [clazz, students] = await Promise.all([
    db.selectFrom('tbl_clazz').select('name').where('id', '=', h.clazz_id).executeTakeFirst(),
    db.selectFrom('tbl_homework_student').select('student_id').where('homework_id', '=', h.id).orderBy('student_id').execute(),
  ]);
  return {
    id: h.id,
    clazzId: h.clazz_id,
    clazzName: clazz?.name ?? h.clazz_id,
    calendarId: h.calendar_id,
    title: h.title,
    // Sanitised again on the way out (stored HTML is never trusted).
    content: h.content ? sanitizeHtml(h.content) : null,
    attachments: h.attachments,
    source: h.source,
    workbookId: h.workbook_id,
    dueTime: formatDateTime(h.due_time) ?? '',
    maxScore: Number(h.max_score),
    assigneeMode: h.assignee_mode,
    status: h.status === HOMEWORK_STATUS.published && h.due_time && h.due_time.getTime() < Date.now() ? HOMEWORK_STATUS.closed : h.status,
    studentIds: students.map((s) => s.student_id),
    total: h.total,
    readCount: h.read_count,
    finishCount: h.finish_count,
  };
}

export async function homeworkDetail(db: Database, id: string, scope: ClazzScope): Promise<HomeworkDetail> {
  return detailOf(db, await loadHomework(db, id, scope));
}

export const numOrNull = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** 学员作业: the homework and each assigned student's row (a class's worth: not paged). */
export async function homeworkStudents(db: Database, homeworkId: string, scope: ClazzScope): Promise<HomeworkStudentsAnswer> {
  const h = await loadHomework(db, homeworkId, scope);
  const rows = await db
    .selectFrom('tbl_homework_student as hs')
    .innerJoin('tbl_student as s', 's.id', 'hs.student_id')
    .select(['hs.id', 'hs.student_id', 's.name', 'hs.status', 'hs.read_flag', 'hs.late', 'hs.submitted_time', 'hs.score', 'hs.comment', 'hs.graded_by', 'hs.graded_time', 'hs.version'])
    .where('hs.homework_id', '=', h.id)
    .orderBy('s.name')
    .orderBy('hs.id')
    .execute();
  // 批改人 by name (issue #39): graded_by holds the username.
  const nameOf = await realnamesOf(db, rows.map((r) => r.graded_by));
  const records: SubmissionRow[] = rows.map((r) => ({
    id: r.id,
    studentId: r.student_id,
    studentName: r.name,
    status: r.status,
    status_dictText: SUBMISSION_STATUS_TEXT[r.status] ?? String(r.status),
    readFlag: r.read_flag,
    late: r.late,
    submittedTime: formatDateTime(r.submitted_time),
    score: numOrNull(r.score),
    comment: r.comment,
    gradedBy: nameOf(r.graded_by),
    gradedTime: formatDateTime(r.graded_time),
    version: r.version,
  }));
  return { homework: await detailOf(db, h), records };
}

/** The session drawer's line: the homework tied to one session (in scope). */
export async function calendarHomework(db: Database, calendarId: string, scope: ClazzScope): Promise<CalendarHomework> {
  const session = await db.selectFrom('tbl_calendar').select(['id', 'clazz_id']).where('id', '=', calendarId).where('del_flag', '=', 0).executeTakeFirst();
  const clazzId = session?.clazz_id ?? null;
  if (!clazzId || !inScope(scope, clazzId)) return { calendarId, clazzId: null, count: 0, items: [] };
  const items = await db
    .selectFrom('tbl_homework')
    .select(['id', 'title', 'total', 'finish_count'])
    .where('calendar_id', '=', calendarId)
    .where('del_flag', '=', 0)
    .orderBy('create_time')
    .limit(50)
    .execute();
  return { calendarId, clazzId, count: items.length, items: items.map((i) => ({ id: i.id, title: i.title, total: i.total, finishCount: i.finish_count })) };
}
