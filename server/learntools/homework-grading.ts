import { parseOptions, scoreObjective } from '../../lib/learntools/workbook-rules';
import {
  HOMEWORK_LIMITS,
  HOMEWORK_MESSAGES as M,
  HOMEWORK_SOURCE,
  SUBMISSION_STATUS,
  SUBMISSION_STATUS_TEXT,
  type AnswerItem,
  type GradeInput,
  type ReturnInput,
  type SubmissionDetail,
  type SubmitInput,
} from '../../lib/learntools/homework-types';
import { sanitizeHtml } from '../../lib/sanitize-html';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import type { FileStorage } from '../storage/storage';
import { formatDateTime } from '../core/format';
import { realnamesOf } from '../resources/dicts';
import { checkAttachments, loadHomework, numOrNull, recount, type Actor, type ClazzScope, type HomeworkRow } from './homework';

/**
 * 学员作业's writes (issue #22 item 6): 录入提交 by staff (students do not sign in to the back office), 批改 and
 * 退回订正, and opening a submission (which marks it 已读). Every write names the `version` it read and
 * changes the row only while that version is still stored (one conditional update), so of two teachers
 * grading the same submission at once the second is told 该作业已被他人修改，请刷新后重试 and nothing changes.
 * Workbook answers are stored as JSON `{ [itemId]: { given, score } }`; objective items are scored with
 * lib/learntools/workbook-rules.ts `scoreObjective`, 主观 ones by the teacher.
 */

interface StoredAnswer {
  given: string | null;
  score: number | null;
}
type StoredAnswers = Record<string, StoredAnswer>;

function parseAnswers(raw: string | null): StoredAnswers {
  if (!raw) return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as StoredAnswers) : {};
  } catch {
    return {};
  }
}

interface SubmissionRow {
  id: string;
  homework_id: string;
  student_id: string;
  status: number;
  read_flag: number;
  late: number;
  submitted_time: Date | null;
  content: string | null;
  answers: string | null;
  attachments: string | null;
  score: string | null;
  comment: string | null;
  graded_by: string | null;
  graded_time: Date | null;
  version: number;
}

/** A submission and its homework, both in scope. */
async function loadSubmission(db: Database, id: string, scope: ClazzScope): Promise<{ row: SubmissionRow; hw: HomeworkRow }> {
  const row = await db.selectFrom('tbl_homework_student').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiFailure(M.submissionNotFound);
  const hw = await loadHomework(db, row.homework_id, scope).catch((e: unknown) => {
    if (e instanceof ApiFailure) throw new ApiFailure(M.submissionNotFound);
    throw e;
  });
  return { row, hw };
}

async function workbookItems(db: Database, workbookId: string | null) {
  if (!workbookId) return [];
  return db.selectFrom('tbl_workbook_item').select(['id', 'type', 'stem', 'options', 'answer', 'analysis', 'score']).where('workbook_id', '=', workbookId).orderBy('sort').orderBy('id').execute();
}

/** Changes the row only while `version` is still stored; none changed → 该作业已被他人修改. */
async function guardedUpdate(db: Database, id: string, version: number, set: Record<string, unknown>): Promise<void> {
  const r = await db
    .updateTable('tbl_homework_student')
    .set({ ...set, version: version + 1, update_time: new Date() })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new ApiFailure(M.stale);
}

const assertVersion = (row: SubmissionRow, version: number) => {
  if (row.version !== version) throw new ApiFailure(M.stale);
};

/** One submission for the grading drawer; opening it marks it 已读 (counted in the same transaction). */
export async function openSubmission(db: Database, id: string, scope: ClazzScope): Promise<SubmissionDetail> {
  const first = await loadSubmission(db, id, scope);
  if (first.row.read_flag !== 1) {
    await db.transaction().execute(async (tx) => {
      const r = await tx.updateTable('tbl_homework_student').set({ read_flag: 1 }).where('id', '=', id).where('read_flag', '=', 0).executeTakeFirst();
      if (Number(r.numUpdatedRows)) await recount(tx, first.row.homework_id);
    });
  }
  const { row, hw } = await loadSubmission(db, id, scope);
  const [student, items, nameOf] = await Promise.all([
    db.selectFrom('tbl_student').select('name').where('id', '=', row.student_id).executeTakeFirst(),
    hw.source === HOMEWORK_SOURCE.workbook ? workbookItems(db, hw.workbook_id) : Promise.resolve([]),
    // 批改人 by name (issue #39): graded_by holds the username.
    realnamesOf(db, [row.graded_by]),
  ]);
  const answers = parseAnswers(row.answers);
  return {
    id: row.id,
    homeworkId: hw.id,
    studentId: row.student_id,
    studentName: student?.name ?? row.student_id,
    status: row.status,
    status_dictText: SUBMISSION_STATUS_TEXT[row.status] ?? String(row.status),
    readFlag: 1,
    late: row.late,
    submittedTime: formatDateTime(row.submitted_time),
    score: numOrNull(row.score),
    comment: row.comment,
    gradedBy: nameOf(row.graded_by),
    gradedTime: formatDateTime(row.graded_time),
    version: row.version,
    maxScore: Number(hw.max_score),
    source: hw.source,
    dueTime: formatDateTime(hw.due_time),
    content: row.content ? sanitizeHtml(row.content) : null,
    attachments: row.attachments,
    items: items.map(
      (it): AnswerItem => ({
        itemId: it.id,
        type: it.type,
        stem: it.stem,
        options: parseOptions(it.options),
        answer: it.answer,
        analysis: it.analysis,
        maxScore: Number(it.score),
        given: answers[it.id]?.given ?? null,
        score: answers[it.id]?.score ?? null,
      }),
    ),
  };
}

/**
 * 录入提交: staff record what a student handed in (content and attachments, or one answer per workbook item,
 * objective ones scored at once). After the due time it is still taken, flagged late. A graded submission
 * is not overwritten (退回订正 first).
 */
export async function recordSubmission(db: Database, input: SubmitInput, scope: ClazzScope, storage: FileStorage | undefined): Promise<void> {
  const { row, hw } = await loadSubmission(db, input.id, scope);
  assertVersion(row, input.version);
  if (row.status === SUBMISSION_STATUS.graded) throw new ApiFailure('已批改的作业不能重新录入，请先退回订正');
  const now = new Date();
  const late = hw.due_time && now.getTime() > hw.due_time.getTime() ? 1 : 0;
  let set: Record<string, unknown>;
  if (hw.source === HOMEWORK_SOURCE.workbook) {
    const items = await workbookItems(db, hw.workbook_id);
    const given = input.answers ?? {};
    if (!Object.values(given).some((v) => typeof v === 'string' && v.trim() !== '')) throw new ApiFailure(M.answersRequired);
    const stored: StoredAnswers = {};
    for (const it of items) {
      const g = typeof given[it.id] === 'string' ? given[it.id].trim().slice(0, 5000) : null;
      stored[it.id] = { given: g || null, score: scoreObjective({ type: it.type, answer: it.answer, score: it.score }, g) };
    }
    set = { answers: JSON.stringify(stored), content: null, attachments: null };
  } else {
    const content = sanitizeHtml(input.content ?? '') || null;
    if (content && content.length > HOMEWORK_LIMITS.contentMax) throw new ApiFailure('提交内容过长');
    const attachments = await checkAttachments(storage, input.attachments);
    if (!content && !attachments) throw new ApiFailure(M.contentRequired);
    set = { content, attachments, answers: null };
  }
  await db.transaction().execute(async (tx) => {
    await guardedUpdate(tx, row.id, input.version, { ...set, status: SUBMISSION_STATUS.submitted, submitted_time: now, late, score: null, graded_by: null, graded_time: null });
    await recount(tx, hw.id);
  });
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** 批改: score 0..满分 (自定义), or the 主观 items' scores (练习册; objective items re-scored from the stored answers). */
export async function gradeSubmission(db: Database, input: GradeInput, actor: Actor, scope: ClazzScope): Promise<number> {
  const { row, hw } = await loadSubmission(db, input.id, scope);
  assertVersion(row, input.version);
  if (row.status !== SUBMISSION_STATUS.submitted && row.status !== SUBMISSION_STATUS.graded) throw new ApiFailure(M.notSubmitted);
  const max = Number(hw.max_score);
  let score: number;
  let answers: string | null = row.answers;
  if (hw.source === HOMEWORK_SOURCE.workbook) {
    const items = await workbookItems(db, hw.workbook_id);
    const stored = parseAnswers(row.answers);
    const given = input.itemScores ?? {};
    score = 0;
    items.forEach((it, i) => {
      const auto = scoreObjective({ type: it.type, answer: it.answer, score: it.score }, stored[it.id]?.given);
      let points = auto;
      if (points === null) {
        const v = given[it.id];
        if (typeof v !== 'number' || !Number.isFinite(v)) throw new ApiFailure(`请为第${i + 1}题评分`);
        if (v < 0) throw new ApiFailure(M.scoreNegative);
        if (v > Number(it.score)) throw new ApiFailure(M.itemScoreOver(i + 1, Number(it.score)));
        points = round2(v);
      }
      stored[it.id] = { given: stored[it.id]?.given ?? null, score: points };
      score += points;
    });
    score = round2(score);
    answers = JSON.stringify(stored);
  } else {
    if (typeof input.score !== 'number' || !Number.isFinite(input.score)) throw new ApiFailure(M.scoreRequired);
    if (input.score < 0) throw new ApiFailure(M.scoreNegative);
    if (input.score > max) throw new ApiFailure(M.scoreOver(max));
    score = round2(input.score);
  }
  if (score > max) throw new ApiFailure(M.scoreOver(max));
  const comment = (input.comment ?? '').trim().slice(0, HOMEWORK_LIMITS.commentMax) || null;
  await db.transaction().execute(async (tx) => {
    await guardedUpdate(tx, row.id, input.version, { status: SUBMISSION_STATUS.graded, score, answers, comment, graded_by: actor.username, graded_time: new Date(), read_flag: 1 });
    await recount(tx, hw.id);
  });
  return score;
}

/** 退回订正: a submitted or graded submission goes back to the student with a comment (需订正); its score is cleared. */
export async function returnSubmission(db: Database, input: ReturnInput, actor: Actor, scope: ClazzScope): Promise<void> {
  const { row, hw } = await loadSubmission(db, input.id, scope);
  assertVersion(row, input.version);
  if (row.status !== SUBMISSION_STATUS.submitted && row.status !== SUBMISSION_STATUS.graded) throw new ApiFailure(M.notSubmitted);
  const comment = input.comment.trim();
  if (!comment) throw new ApiFailure(M.commentRequired);
  await db.transaction().execute(async (tx) => {
    await guardedUpdate(tx, row.id, input.version, { status: SUBMISSION_STATUS.redo, comment: comment.slice(0, HOMEWORK_LIMITS.commentMax), score: null, graded_by: actor.username, graded_time: new Date() });
    await recount(tx, hw.id);
  });
}
