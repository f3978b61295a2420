/**
 * 作业 (issue #22 item 6): urls, statuses, messages and wire types shared by server/learntools/homework-routes.ts,
 * server/learntools/homework*.ts and the screens under features/learntools/homework/.
 */

export const HOMEWORK_API = '/learntools/tblHomework';
export const HOMEWORK_URL = {
  list: `${HOMEWORK_API}/list`,
  queryById: `${HOMEWORK_API}/queryById`,
  delete: `${HOMEWORK_API}/delete`,
  exportXls: `${HOMEWORK_API}/exportXls`,
  add: `${HOMEWORK_API}/add`,
  edit: `${HOMEWORK_API}/edit`,
  /** The assign form's choices: classes, and for one class its active members and sessions. */
  assignOptions: `${HOMEWORK_API}/assignOptions`,
  /** One homework for the edit form (content sanitised, assignees). */
  detail: `${HOMEWORK_API}/detail`,
  /** 学员作业: the homework and every assigned student's submission. */
  students: `${HOMEWORK_API}/students`,
  /** One submission with its workbook answers; opening it marks it 已读. */
  submission: `${HOMEWORK_API}/submission`,
  /** 录入提交 (staff record a submission). */
  submit: `${HOMEWORK_API}/submit`,
  grade: `${HOMEWORK_API}/grade`,
  /** 退回订正. */
  returnBack: `${HOMEWORK_API}/return`,
  /** The homework of one calendar session (the session drawer's line). */
  byCalendar: `${HOMEWORK_API}/byCalendar`,
} as const;

/** Full-page screens under /detailOperation (lib/screens.ts `detailOf`). */
export const HOMEWORK_PAGES = {
  list: '/learntools/homework',
  assign: '/learntools/assignWork',
  students: '/calendar/homeworkStudentInfo',
} as const;

export const HOMEWORK_SOURCE = { custom: 0, workbook: 1 } as const;
export const ASSIGNEE_MODE = { wholeClass: 0, chosen: 1 } as const;
export const HOMEWORK_STATUS = { draft: 0, published: 1, closed: 2 } as const;
/** tbl_homework_student.status. 已完成 (the list's counter) = 已提交 or 已批改. */
export const SUBMISSION_STATUS = { pending: 0, submitted: 1, graded: 2, redo: 3 } as const;

export const SOURCE_OPTIONS = [
  { value: '0', text: '自定义' },
  { value: '1', text: '练习册' },
];
export const ASSIGNEE_OPTIONS = [
  { value: '0', text: '全班' },
  { value: '1', text: '指定学员' },
];
export const HOMEWORK_STATUS_OPTIONS = [
  { value: '0', text: '草稿' },
  { value: '1', text: '已发布' },
  { value: '2', text: '已截止' },
];
export const SUBMISSION_STATUS_TEXT: Record<number, string> = { 0: '未提交', 1: '已提交', 2: '已批改', 3: '需订正' };

export const HOMEWORK_LIMITS = { titleMax: 100, contentMax: 100_000, attachmentsMax: 9, commentMax: 1000, studentsMax: 500, maxScoreMax: 9999 } as const;

export const HOMEWORK_MESSAGES = {
  titleRequired: '请输入作业标题',
  titleTooLong: `作业标题不能超过${HOMEWORK_LIMITS.titleMax}个字符`,
  clazzRequired: '请选择班级',
  clazzUnknown: '班级不存在或无权操作',
  sessionUnknown: '所选课次不属于该班级',
  dueRequired: '请选择截止时间',
  duePast: '截止时间不能早于当前时间',
  studentsRequired: '请选择学员',
  notMembers: '只能选择本班在读的学员',
  noMembers: '该班级没有在读学员',
  workbookRequired: '请选择练习册',
  workbookUnknown: '练习册不存在或未发布',
  workbookEmpty: '该练习册没有题目或总分为0',
  contentRequired: '请填写作业内容或上传附件',
  attachmentMissing: '附件不存在，请重新上传',
  tooManyAttachments: `附件最多${HOMEWORK_LIMITS.attachmentsMax}个`,
  notFound: '作业不存在或已删除',
  submissionNotFound: '学员作业不存在',
  stale: '该作业已被他人修改，请刷新后重试',
  scoreOver: (max: number | string) => `分数不能超过满分${max}`,
  scoreNegative: '分数不能小于0',
  scoreRequired: '请输入分数',
  notSubmitted: '学员尚未提交，不能批改',
  commentRequired: '请填写订正意见',
  removeSubmitted: '已提交作业的学员不能移除',
  sourceLocked: '已布置的作业不能更换来源或练习册',
  clazzLocked: '已布置的作业不能更换班级',
  answersRequired: '请填写答案',
  itemScoreOver: (n: number, max: number | string) => `第${n}题的分数不能超过${max}`,
} as const;

/** An id + name choice. */
export interface Choice {
  id: string;
  name: string;
}

export interface SessionChoice {
  id: string;
  /** 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai. */
  startTime: string;
  lessonNo: number | null;
  title: string | null;
  status: number;
  /** The template lesson's homework (应用到班级, issue #39): 布置作业 proposes it as the title. */
  homeworkTitle: string | null;
}

/** GET assignOptions?clazzId=&calendarId=: the classes the caller may assign to; for a chosen class its members and sessions. */
export interface AssignOptions {
  clazzes: Choice[];
  clazzId: string | null;
  calendarId: string | null;
  students: Choice[];
  sessions: SessionChoice[];
}

/** The body of add / edit. */
export interface HomeworkInput {
  id?: string;
  clazzId: string;
  calendarId?: string | null;
  title: string;
  content?: string | null;
  /** Comma-joined stored paths (the upload widgets' value). */
  attachments?: string | null;
  source: number;
  workbookId?: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai. */
  dueTime: string;
  /** 自定义 only (a workbook's is its total item score). */
  maxScore?: number | null;
  assigneeMode: number;
  studentIds?: string[];
}

export interface HomeworkDetail extends Omit<HomeworkInput, 'maxScore' | 'studentIds'> {
  id: string;
  clazzName: string;
  maxScore: number;
  status: number;
  studentIds: string[];
  total: number;
  readCount: number;
  finishCount: number;
}

export interface SubmissionRow {
  id: string;
  studentId: string;
  studentName: string;
  status: number;
  status_dictText: string;
  readFlag: number;
  late: number;
  submittedTime: string | null;
  score: number | null;
  comment: string | null;
  gradedBy: string | null;
  gradedTime: string | null;
  version: number;
}

/** GET students?homeworkId=. */
export interface HomeworkStudentsAnswer {
  homework: HomeworkDetail;
  /** A homework whose submissions the caller may record and grade (learn:homework:grade). */
  records: SubmissionRow[];
}

/** One workbook item as a submission shows it: the given answer and the points earned (null: not graded yet). */
export interface AnswerItem {
  itemId: string;
  type: number;
  stem: string;
  options: string[] | null;
  answer: string | null;
  analysis: string | null;
  maxScore: number;
  given: string | null;
  score: number | null;
}

export interface SubmissionDetail extends SubmissionRow {
  homeworkId: string;
  maxScore: number;
  source: number;
  dueTime: string | null;
  content: string | null;
  attachments: string | null;
  items: AnswerItem[];
}

/** 录入提交: content/attachments for 自定义, answers per item for 练习册. */
export interface SubmitInput {
  id: string;
  version: number;
  content?: string | null;
  attachments?: string | null;
  answers?: Record<string, string>;
}

/** 批改: the total for 自定义; for 练习册 the scores of the 主观 items (objective ones are scored automatically). */
export interface GradeInput {
  id: string;
  version: number;
  score?: number | null;
  itemScores?: Record<string, number>;
  comment?: string | null;
}

export interface ReturnInput {
  id: string;
  version: number;
  comment: string;
}

/** GET byCalendar?calendarId=. */
export interface CalendarHomework {
  calendarId: string;
  clazzId: string | null;
  count: number;
  items: { id: string; title: string; total: number; finishCount: number }[];
}
