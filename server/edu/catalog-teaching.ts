import { sql } from 'kysely';
import { CLAZZ_MESSAGES, clazzResource, isPositiveInt } from '../../features/edu/clazz/clazz-resource';
import { COURSE_MESSAGES, courseResource } from '../../features/edu/course/course-resource';
import { HOLIDAY_MESSAGES, holidayResource } from '../../features/edu/holiday/holiday-resource';
import { ROOM_MESSAGES, roomResource } from '../../features/edu/room/room-resource';
import { innerScheduleResource, scheduleResource } from '../../features/edu/schedule/schedule-resource';
import { studentCourseResource, studentResource } from '../../features/edu/student/student-resource';
import { TEACHER_MESSAGES, TEACHER_STATUS, teacherResource } from '../../features/edu/teacher/teacher-resource';
import { resolvePattern } from '../../lib/resources/patterns';
import type { BodyRow } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import { ApiFailure, NO_PERMISSION } from '../core/errors';
import { loadUserPermCodes } from '../auth/users';
import { withCourseTypes } from './course-types';
import type { CrudHooks, HookCtx } from '../resources/crud';
import { assertLive, checkIntOptions, dateText, fillNames, futureSessionTotal, notUsedByFutureSessions, shanghaiDayStart, shanghaiToday, type SessionOwner } from './catalog-teaching-shared';
import type { Row } from '../resources/query';
import { getResource, registerResource } from '../resources/registry';
import { keepMaskedPhones, maskStudentPhones, phoneFilterGuard, seesFullPhones } from './student-privacy';
import { PERMS } from '../../lib/permissions/codes';
import { CLAZZ_NUMBER, STUDENT_NUMBER } from '../system/fill-rules';
import { withRuleNumber } from '../system/catalog-rules';

/**
 * Teaching resources on the engine (issue 7 §4–6, §8): 教师, 学员 (+ 课时包 add), 班级, 课程, 教室, 节假日 and
 * the read-only 课表. Members, 调动 and the delete checks with their messages are hand-written routes in
 * server/edu/clazz-member-routes.ts; the delete filters here keep busy rows even without them.
 */

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** One id of a picker field that may send a comma list (sel_depart / sel_user editors). */
function singleId(row: BodyRow, name: string, label: string): string | null {
  const v = str(row[name]);
  if (v === null) return null;
  if (v.includes(',')) throw new ApiFailure(`${label}只能选择一个`);
  return v;
}

const DELETE_ACTIONS = new Set(['delete', 'deleteBatch']);
const deleteGuard = (def: ResourceDef, by: SessionOwner) => (ctx: HookCtx) => (DELETE_ACTIONS.has(ctx.action) ? notUsedByFutureSessions(def, by) : undefined);

/** checkBody: a positive integer where the body sends the field (always on add). */
const positiveInt = (name: string, message: string) => (input: Record<string, unknown>, ctx: { mode: 'add' | 'edit' }) => {
  const sent = Object.hasOwn(input, name);
  if ((ctx.mode === 'add' || sent) && !isPositiveInt(input[name])) throw new ApiFailure(message);
};

// ---------------------------------------------------------------- 教师

async function assertDepart(db: Database, id: string) {
  const found = await db.selectFrom('sys_depart').select('id').where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst();
  if (!found) throw new ApiFailure('所选校区不存在，请重新选择');
}

export const teacherHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    checkIntOptions(ctx.def, row);
    const depart = singleId(row, 'departId', '所属校区');
    if (depart) await assertDepart(ctx.db, depart);
    const user = singleId(row, 'userId', '关联账号');
    if (user) {
      const found = await ctx.db.selectFrom('sys_user').select('id').where('id', '=', user).where('del_flag', '=', 0).executeTakeFirst();
      if (!found) throw new ApiFailure('关联账号不存在，请重新选择');
    }
    const venue = str(row.venueId);
    if (venue && venue !== ctx.existing?.venue_id) await assertLive(ctx.db, 'tbl_location', venue, '所选场地不存在，请重新选择');
    // 离职 with lessons still to teach would leave classes without their teacher (domain §3).
    if (ctx.mode === 'edit' && row.status === TEACHER_STATUS.left && ctx.existing?.status !== TEACHER_STATUS.left) {
      const n = await futureSessionTotal(ctx.db, 'teacher', [ctx.id]);
      if (n > 0) throw new ApiFailure(TEACHER_MESSAGES.futureSessions(n));
    }
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'venueId', 'tbl_location');
  },
  extraWhere: deleteGuard(teacherResource, 'teacher'),
};

// ---------------------------------------------------------------- 学员 and 课时包

/** Phone numbers are masked for a caller without edu:student:phone (server/edu/student-privacy.ts). */
export const studentHooks: CrudHooks = {
  checkBody: (input, ctx) => (ctx.mode === 'edit' ? keepMaskedPhones(input, ctx) : undefined),
  beforeSave(row, ctx) {
    checkIntOptions(ctx.def, row);
  },
  extraWhere: phoneFilterGuard,
  /** 课时包: the remaining hours of the page's students' live packages, one grouped query; phones masked. */
  async afterLoad(records, ctx) {
    if (!(await seesFullPhones(ctx))) maskStudentPhones(records);
    const ids = records.map((r) => r.id).filter((v): v is string => typeof v === 'string');
    const sums = new Map<string, number>();
    if (ids.length) {
      const rows = await ctx.db
        .selectFrom('tbl_student_course')
        .select(['student_id', sql<string>`sum(remain_qty)`.as('left')])
        .where('student_id', 'in', ids)
        .where('del_flag', '=', 0)
        .where('status', '=', 0)
        .groupBy('student_id')
        .execute();
      for (const r of rows) sums.set(r.student_id, Number(r.left));
    }
    for (const r of records) r.hoursLeft = sums.get(String(r.id)) ?? 0;
  },
};

export const STUDENT_COURSE_MESSAGES = {
  student: '学员不存在，请刷新后重试',
  course: '所选课程不存在，请重新选择',
  negative: (label: string) => `${label}不能为负数`,
} as const;

/**
 * The checks of one new 课时包 (a body parsed by toSchema(studentCourseResource, 'add')), shared by the
 * form's add and the drawer's 批量添加 (server/edu/student-package-routes.ts): live student and course,
 * non-negative numbers, 金额 with two decimals at most; the status is set to 0 (正常). Returns the course row (its unit is copied).
 */
export async function checkNewStudentCourse(db: Database, row: BodyRow): Promise<Row> {
  await assertLive(db, 'tbl_student', String(row.studentId), STUDENT_COURSE_MESSAGES.student);
  const course = await assertLive(db, 'tbl_course', String(row.courseId), STUDENT_COURSE_MESSAGES.course);
  for (const [name, label] of [['buyQty', '购买数量'], ['giftQty', '赠送数量'], ['amount', '金额']] as const) {
    if (typeof row[name] === 'number' && (row[name] as number) < 0) throw new ApiFailure(STUDENT_COURSE_MESSAGES.negative(label));
  }
  // The schema checks a field's pattern on text only: a JSON number such as 1.234 would be rounded by
  // numeric(10,2), so 金额's money pattern (two decimals at most) is checked here on the number as well.
  const money = resolvePattern('money');
  if (typeof row.amount === 'number' && !money.test(String(row.amount))) throw new ApiFailure(money.message);
  row.status = 0;
  return course;
}

export const studentCourseHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    const codes = await loadUserPermCodes(ctx.db, ctx.auth.user.id);
    // Adding a package changes the student's record: the drawer offers it with edu:student:edit (the engine checks :add).
    if (!codes.has(PERMS.student.edit)) throw new ApiFailure(NO_PERMISSION, 510);
    await checkNewStudentCourse(ctx.db, row);
  },
  async afterSave(_row, ctx) {
    // The package counts in its course's unit (课时 / 天 / 月); unit is not a form field.
    await ctx.db
      .updateTable('tbl_student_course')
      .set({ unit: sql<number>`(select unit from tbl_course where tbl_course.id = tbl_student_course.course_id)` })
      .where('id', '=', ctx.id)
      .execute();
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'courseId', 'tbl_course');
    await fillNames(ctx.db, records, 'studentId', 'tbl_student');
  },
};

// ---------------------------------------------------------------- 课程

export const courseHooks: CrudHooks = {
  beforeSave(row, ctx) {
    checkIntOptions(ctx.def, row);
    for (const [name, label] of [['defaultHours', '每次课时'], ['price', '价格'], ['totalLessons', '总课次']] as const) {
      if (typeof row[name] === 'number' && (row[name] as number) < 0) throw new ApiFailure(COURSE_MESSAGES.nonNegative(label));
    }
  },
  extraWhere: deleteGuard(courseResource, 'course'),
};

// ---------------------------------------------------------------- 教室

export const roomHooks: CrudHooks = {
  checkBody: positiveInt('capacity', ROOM_MESSAGES.capacityPositive),
  async beforeSave(row, ctx) {
    checkIntOptions(ctx.def, row);
    const location = String(row.locationId ?? ctx.existing?.location_id ?? '');
    if (row.locationId !== undefined && row.locationId !== ctx.existing?.location_id) await assertLive(ctx.db, 'tbl_location', location, ROOM_MESSAGES.venueUnknown);
    const name = row.name !== undefined ? String(row.name).trim() : String(ctx.existing?.name ?? '');
    if (row.name !== undefined) row.name = name;
    // Unique per venue among live rooms (the partial unique index tbl_room_name closes the race).
    let q = ctx.db.selectFrom('tbl_room').select('id').where('location_id', '=', location).where('name', '=', name).where('del_flag', '=', 0);
    if (ctx.mode === 'edit') q = q.where('id', '<>', ctx.id);
    if (await q.executeTakeFirst()) throw new ApiFailure(ROOM_MESSAGES.duplicateName);
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'locationId', 'tbl_location');
  },
  extraWhere: deleteGuard(roomResource, 'room'),
};

// ---------------------------------------------------------------- 节假日

/** The stored or sent value of a date field as 'YYYY-MM-DD'. */
const dateOf = (row: BodyRow, existing: Row | undefined, name: string, column: string) => (row[name] !== undefined ? dateText(row[name]) : dateText(existing?.[column]));

export const holidayHooks: CrudHooks = {
  beforeSave(row, ctx) {
    const start = dateOf(row, ctx.existing, 'startDate', 'start_date');
    const end = dateOf(row, ctx.existing, 'endDate', 'end_date');
    if (start && end && end < start) throw new ApiFailure(HOLIDAY_MESSAGES.range);
  },
};

// ---------------------------------------------------------------- 班级

export const clazzHooks: CrudHooks = {
  checkBody: positiveInt('capacity', CLAZZ_MESSAGES.capacityPositive),
  async beforeSave(row, ctx) {
    const { db, existing } = ctx;
    checkIntOptions(ctx.def, row);
    const changed = (name: string, column: string) => str(row[name]) !== null && row[name] !== existing?.[column];
    if (changed('courseId', 'course_id')) await assertLive(db, 'tbl_course', String(row.courseId), '所选课程不存在，请重新选择');
    if (changed('headTeacher', 'head_teacher')) {
      const t = await assertLive(db, 'tbl_teacher', String(row.headTeacher), '所选班主任不存在，请重新选择');
      if (Number(t.status) === TEACHER_STATUS.left) throw new ApiFailure('班主任须为未离职的教师');
    }
    if (changed('locationId', 'location_id')) await assertLive(db, 'tbl_location', String(row.locationId), '所选场地不存在，请重新选择');
    const room = row.roomId !== undefined ? str(row.roomId) : ((existing?.room_id as string | null) ?? null);
    const location = row.locationId !== undefined ? str(row.locationId) : ((existing?.location_id as string | null) ?? null);
    if (room && (row.roomId !== undefined || row.locationId !== undefined)) {
      const r = await assertLive(db, 'tbl_room', room, '所选教室不存在，请重新选择');
      if (location && r.location_id !== location) throw new ApiFailure('默认教室不属于所选场地');
    }
    const start = dateOf(row, existing, 'startDate', 'start_date');
    const end = dateOf(row, existing, 'endDate', 'end_date');
    if (start && end && end < start) throw new ApiFailure(CLAZZ_MESSAGES.dateRange);
    if (typeof row.hoursPerLesson === 'number' && row.hoursPerLesson <= 0) throw new ApiFailure('每次课时须大于0');
  },
  /** Reference names and 人数 (active members), a few grouped queries per page. */
  async afterLoad(records, ctx) {
    const { db } = ctx;
    await fillNames(db, records, 'courseId', 'tbl_course');
    await fillNames(db, records, 'headTeacher', 'tbl_teacher');
    await fillNames(db, records, 'locationId', 'tbl_location');
    await fillNames(db, records, 'roomId', 'tbl_room');
    const ids = records.map((r) => r.id).filter((v): v is string => typeof v === 'string');
    const counts = new Map<string, number>();
    if (ids.length) {
      const rows = await db.selectFrom('tbl_clazz_student').select(['clazz_id', sql<string>`count(*)`.as('n')]).where('clazz_id', 'in', ids).where('status', '=', 1).groupBy('clazz_id').execute();
      for (const r of rows) counts.set(r.clazz_id, Number(r.n));
    }
    for (const r of records) r.memberCount = counts.get(String(r.id)) ?? 0;
  },
  extraWhere: deleteGuard(clazzResource, 'clazz'),
};

// ---------------------------------------------------------------- 课表

/**
 * Teaching sessions (type 0) of one scope: 课表 shows 对外教学 (0), 内部班课表 (behind calendar:inner:list) shows 1.
 * `mine=1` (the 我的 switch) keeps the sessions the caller's teacher records teach; a caller without
 * calendar:entry:all always gets only those. `upcoming=1` starts at today (Asia/Shanghai), where a teacher
 * looks first.
 */
const scheduleHooksFor = (scope: 0 | 1): CrudHooks => ({
  extraWhere: (ctx) => {
    const mine = ctx.c.req.query('mine') === '1' || !ctx.c.get('permCodes')?.has(PERMS.calendar.all);
    const from = ctx.c.req.query('upcoming') === '1' ? shanghaiDayStart(shanghaiToday()) : null;
    const me = ctx.auth.user.id;
    return (eb) =>
      eb.and([
        // Teaching sessions only (type 0); other calendar entries are 行事历's.
        eb(sql.ref('type'), '=', 0),
        eb(sql.ref('scope'), '=', scope),
        ...(from ? [eb(sql.ref('start_time'), '>=', from)] : []),
        ...(mine
          ? [eb(sql<boolean>`exists (select 1 from tbl_calendar_teacher ct join tbl_teacher t on t.id = ct.teacher_id where ct.calendar_id = ${sql.ref('tbl_calendar.id')} and t.user_id = ${me} and t.del_flag = 0)`, '=', true)]
          : []),
      ]);
  },
  afterLoad: scheduleAfterLoad,
});

async function scheduleAfterLoad(records: Row[], ctx: HookCtx): Promise<void> {
  const { db } = ctx;
  await fillNames(db, records, 'clazzId', 'tbl_clazz');
  await fillNames(db, records, 'roomId', 'tbl_room');
  const ids = records.map((r) => r.id).filter((v): v is string => typeof v === 'string');
  const names = new Map<string, string>();
  if (ids.length) {
    const rows = await db
      .selectFrom('tbl_calendar_teacher as ct')
      .innerJoin('tbl_teacher as t', 't.id', 'ct.teacher_id')
      .select(['ct.calendar_id', sql<string>`string_agg(t.name, '、' order by t.name)`.as('names')])
      .where('ct.calendar_id', 'in', ids)
      .where('ct.role', '=', 1)
      .groupBy('ct.calendar_id')
      .execute();
    for (const r of rows) names.set(r.calendar_id, r.names);
  }
  for (const r of records) r.teachers = names.get(String(r.id)) ?? '';
}

export const scheduleHooks = scheduleHooksFor(0);
export const innerScheduleHooks = scheduleHooksFor(1);

/** Every teaching resource with its hooks. */
export const TEACHING_RESOURCES: [ResourceDef, CrudHooks][] = [
  [teacherResource, teacherHooks],
  // 学员编号 / 班级编号 from their 填值规则 when the form leaves them empty.
  [studentResource, withRuleNumber(studentHooks, STUDENT_NUMBER)],
  [studentCourseResource, studentCourseHooks],
  // 课程分类: checked on save, named in the list, `typeTree` filters by a type and its descendants.
  [courseResource, withCourseTypes(courseHooks)],
  [roomResource, roomHooks],
  [holidayResource, holidayHooks],
  [clazzResource, withRuleNumber(clazzHooks, CLAZZ_NUMBER)],
  [scheduleResource, scheduleHooks],
  [innerScheduleResource, innerScheduleHooks],
];

/** Idempotent (the registry is process-wide; several test backends share it). Called from registerCatalog (server/areas.ts). */
export function registerTeachingResources(): void {
  for (const [def, hooks] of TEACHING_RESOURCES) {
    if (getResource(def.name)?.def === def) continue;
    registerResource(def, hooks);
  }
}
