/**
 * Wire types of class groups (分组) and study progress (学习进度), issue 7 items 4 and 6 (domain.md §2).
 * Shared by server/edu/clazz-group-routes.ts and the screens under features/edu.
 */

export const CLAZZ_GROUP_API = '/clazz/tblClazzGroup';
export const CLAZZ_GROUP_URL = {
  list: `${CLAZZ_GROUP_API}/list`,
  add: `${CLAZZ_GROUP_API}/add`,
  edit: `${CLAZZ_GROUP_API}/edit`,
  delete: `${CLAZZ_GROUP_API}/delete`,
  setMembers: `${CLAZZ_GROUP_API}/setMembers`,
} as const;
export const STUDENT_PROGRESS_URL = '/edu/tblStudent/progress';
export const CLAZZ_PROGRESS_URL = '/clazz/tblClazz/progress';

export const GROUP_LIMITS = { nameMax: 30, perClazz: 50, membersMax: 500 } as const;

export const GROUP_MESSAGES = {
  nameRequired: '请输入分组名称',
  nameTooLong: `分组名称不能超过${GROUP_LIMITS.nameMax}个字符`,
  duplicate: (name: string) => `本班已有名为「${name}」的分组`,
  tooMany: `每个班级最多${GROUP_LIMITS.perClazz}个分组`,
  notFound: '分组不存在，请刷新后重试',
  clazzNotFound: '班级不存在，请刷新后重试',
  notMembers: '只能选择本班在读的学员',
} as const;

export interface ClazzGroupMember {
  studentId: string;
  name: string;
  phone: string;
}

/** One group of GET /clazz/tblClazzGroup/list?clazzId= (members: in-class 正常 students only). */
export interface ClazzGroup {
  id: string;
  clazzId: string;
  name: string;
  sort: number;
  members: ClazzGroupMember[];
}

export interface ClazzGroupAddInput {
  clazzId: string;
  name: string;
  sort?: number;
}
export interface ClazzGroupEditInput {
  id: string;
  name: string;
  sort?: number;
}
/** The group's complete member list: students in another group of the class move here. */
export interface ClazzGroupSetMembersInput {
  groupId: string;
  studentIds: string[];
}

/** Attendance counts over one student's roll rows (tbl_lesson_student). */
export interface AttendanceCounts {
  /** Live sessions (未开始 or 已点名) the student is on the roll of. */
  planned: number;
  /** 已点名 sessions the student is on the roll of. */
  done: number;
  /** 到课 + 迟到. */
  attended: number;
  leave: number;
  absent: number;
  /** Rolls still waiting for a 补课 (待补课). */
  makeupPending: number;
  /** attended ÷ done in percent with one decimal; null before any session was taken. */
  attendanceRate: number | null;
}

/**
 * Chapters and homework (issue #22 item 7). A chapter is done when an 已点名 session the student attended, or
 * whose homework of theirs is 已批改, was filled from a template lesson of that chapter; the total is the
 * course's live chapters. Homework: assigned rows, 已完成 (已提交 or 已批改) and the average of graded scores
 * in percent of each homework's 满分 (one decimal; null before any grade).
 */
export interface ContentProgress {
  chaptersDone: number;
  chaptersTotal: number;
  homeworkAssigned: number;
  homeworkFinished: number;
  homeworkAvgScore: number | null;
}

export interface StudentCourseProgress extends AttendanceCounts, ContentProgress {
  courseId: string;
  courseName: string;
  /** Classes of this course the student is or was in. */
  clazzes: { id: string; name: string; status: number; status_dictText: string }[];
  /** 课时包 totals (packages not deleted). */
  hoursBought: number;
  hoursGift: number;
  hoursUsed: number;
  hoursRemain: number;
  /** Last past and next future live session, 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai. */
  lastSession: string | null;
  nextSession: string | null;
}

export interface StudentProgressAnswer {
  studentId: string;
  courses: StudentCourseProgress[];
}

export interface ClazzMemberProgress extends AttendanceCounts, ContentProgress {
  studentId: string;
  name: string;
  /** tbl_clazz_student.status: 1 正常 2 已退班. */
  status: number;
}

/** Class progress: ETMS FinishCount ÷ PlanCount over the class's live 课次. */
export interface ClazzProgressAnswer {
  clazzId: string;
  planned: number;
  done: number;
  /** done ÷ planned in percent with one decimal; null without planned sessions. */
  percent: number | null;
  /** The course's 总课次 (tbl_course.total_lessons), when set. */
  courseLessons: number | null;
  /** Chapters covered by the class's 已点名 sessions (filled from a template lesson) / the course's live chapters. */
  chaptersDone: number;
  chaptersTotal: number;
  /** The class's homework, their submissions, the finished ones and the graded average (percent of 满分). */
  homeworkCount: number;
  homeworkAssigned: number;
  homeworkFinished: number;
  homeworkAvgScore: number | null;
  members: ClazzMemberProgress[];
}

/** Percent with one decimal, null when the base is 0. */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
