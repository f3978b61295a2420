import { RRule, type Weekday } from 'rrule';
import type { Insertable } from 'kysely';
import type { Database } from '../db/index';
import { capacityError } from '../../features/edu/clazz/clazz-resource';
import { insertChunks as insertChunksOf } from './chunks';
import type {
  TblCalendarTable, TblCalendarTeacherTable, TblClazzStudentTable, TblClazzTable, TblConsumeLogTable, TblCourseTable, TblLessonStudentTable,
  TblRoomTable, TblScheduleSeriesTable, TblStudentCourseTable, TblStudentTable, TblTeacherTable,
} from '../db/schema';

/**
 * A demo teaching term (issue 7 §8): 4 campuses' rooms, 20 teachers (李文静 and 周明 are the demo
 * users teacher / teacher2), 8 courses, 30 classes, 300 students with lesson packages, and ten weeks of
 * weekly sessions around the current week, so 行事历 always opens on a live week. Sessions before today
 * are 已点名 with their consumption written; absentees wait for a make-up. Every placement goes through
 * the same exclusion constraints as the product; at the end three double bookings are attempted and
 * the database refuses them. Runs once, into an empty tbl_teacher, when the demo seed is on.
 * Deterministic: a seeded random generator, no Math.random.
 */

const TERM_WEEKS = 10;
/** The term starts this many weeks before the current week. */
const WEEKS_BEFORE = 5;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const CHUNK = 400;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Monday 00:00 Asia/Shanghai of the week holding `now`, as a "local midnight in UTC fields" date. */
function localMonday(now: Date): Date {
  const local = new Date(now.getTime() + 8 * HOUR);
  const day = (local.getUTCDay() + 6) % 7; // 0 = Monday
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - day));
}

/** A local wall-clock time on a local date → the real UTC instant (Asia/Shanghai has no DST). */
const at = (localDate: Date, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(localDate.getTime() + (h - 8) * HOUR + m * 60_000);
};

const ROOMS: Omit<Insertable<TblRoomTable>, 'create_by'>[] = [
  { id: 'room_zgc_201', location_id: 'loc_bj_zgc', name: '201教室', capacity: 16 },
  { id: 'room_zgc_202', location_id: 'loc_bj_zgc', name: '202教室', capacity: 16 },
  { id: 'room_zgc_301', location_id: 'loc_bj_zgc', name: '301双师教室', capacity: 40 },
  { id: 'room_gm_a', location_id: 'loc_bj_guomao', name: 'A教室', capacity: 12 },
  { id: 'room_gm_b', location_id: 'loc_bj_guomao', name: 'B教室', capacity: 12 },
  { id: 'room_xjh_1501', location_id: 'loc_sh_xujiahui', name: '1501教室', capacity: 20 },
  { id: 'room_xjh_1502', location_id: 'loc_sh_xujiahui', name: '1502教室', capacity: 20 },
  { id: 'room_xjh_1503', location_id: 'loc_sh_xujiahui', name: '1503教室', capacity: 12 },
  { id: 'room_zj_hall', location_id: 'loc_sh_zhangjiang', name: '报告厅', capacity: 150 },
  { id: 'room_zj_s1', location_id: 'loc_sh_zhangjiang', name: '小教室1', capacity: 14 },
  { id: 'room_zj_s2', location_id: 'loc_sh_zhangjiang', name: '小教室2', capacity: 14 },
  { id: 'room_zj_s3', location_id: 'loc_sh_zhangjiang', name: '小教室3', capacity: 14 },
];

const COURSES: Omit<Insertable<TblCourseTable>, 'create_by'>[] = [
  { id: 'course_math7', name: '初一数学培优', subject: '数学', default_hours: '2', price: '180', total_lessons: 20, color: '#1677ff', intro: '有理数、整式、一元一次方程与几何初步。' },
  { id: 'course_math8', name: '初二数学培优', subject: '数学', default_hours: '2', price: '200', total_lessons: 20, color: '#2f54eb', intro: '全等三角形、轴对称、整式乘法与因式分解。' },
  { id: 'course_math9', name: '中考数学冲刺', subject: '数学', default_hours: '2', price: '240', total_lessons: 20, color: '#0958d9', intro: '二次函数、圆与综合压轴题。' },
  { id: 'course_eng_p', name: '小学英语自然拼读', subject: '英语', default_hours: '1.5', price: '150', total_lessons: 24, color: '#13a8a8', intro: '字母发音、拼读规则与绘本阅读。' },
  { id: 'course_eng_j', name: '初中英语阅读写作', subject: '英语', default_hours: '2', price: '190', total_lessons: 20, color: '#08979c', intro: '阅读策略、语法与书面表达。' },
  { id: 'course_phy', name: '高一物理同步', subject: '物理', default_hours: '2', price: '220', total_lessons: 20, color: '#d46b08', intro: '运动学、力与牛顿运动定律。' },
  { id: 'course_code', name: '少儿编程 Scratch', subject: '编程', default_hours: '1.5', price: '160', total_lessons: 16, color: '#722ed1', intro: '事件、循环、条件与小游戏创作。' },
  { id: 'course_art', name: '素描基础', subject: '美术', default_hours: '2', price: '140', total_lessons: 16, color: '#c41d7f', intro: '线条、几何体与静物写生。' },
];

const TEACHER_NAMES: [string, string, string][] = [
  // [name, subject, campus]
  ['李文静', '数学', 'dep_bj'], ['周明', '英语', 'dep_bj'], ['王海涛', '数学', 'dep_bj'], ['陈思雨', '英语', 'dep_bj'], ['刘建国', '物理', 'dep_bj'],
  ['张晓燕', '数学', 'dep_bj'], ['杨帆', '编程', 'dep_bj'], ['赵雪', '美术', 'dep_bj'], ['黄磊', '数学', 'dep_bj'], ['吴佳琪', '英语', 'dep_bj'],
  ['徐志强', '数学', 'dep_sh'], ['孙丽', '英语', 'dep_sh'], ['马骏', '物理', 'dep_sh'], ['朱婷', '数学', 'dep_sh'], ['胡斌', '编程', 'dep_sh'],
  ['郭敏', '美术', 'dep_sh'], ['何静', '英语', 'dep_sh'], ['高远', '数学', 'dep_sh'], ['林晨', '英语', 'dep_sh'], ['罗毅', '物理', 'dep_sh'],
];

/** Weekly slots: [ISO weekday 1–7, start, end]. Evenings on weekdays, four blocks on weekend days. */
const SLOTS: [number, string, string][] = [
  [1, '18:30', '20:30'], [2, '18:30', '20:30'], [3, '18:30', '20:30'], [4, '18:30', '20:30'], [5, '18:30', '20:30'],
  [6, '08:30', '10:30'], [6, '10:45', '12:45'], [6, '14:00', '16:00'], [6, '16:15', '18:15'],
  [7, '08:30', '10:30'], [7, '10:45', '12:45'], [7, '14:00', '16:00'], [7, '16:15', '18:15'],
];
const RRULE_DAYS: Weekday[] = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = ['子涵', '欣怡', '梓轩', '浩宇', '雨桐', '一诺', '思彤', '宇航', '诗涵', '俊熙', '佳怡', '若汐', '天佑', '可馨', '铭泽', '梦琪', '博文', '紫萱', '睿', '昊然', '语嫣', '明轩', '晨曦', '嘉懿', '煜祺', '依诺', '志远', '书瑶', '泽宇', '心怡'];
const GRADES = ['三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三', '高一'];

const insertChunks = <T,>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => insertChunksOf(rows, insert, CHUNK);

export interface TermSeedReport {
  sessions: number;
  refusedConflicts: number;
}

export async function seedTerm(db: Database, now = new Date()): Promise<TermSeedReport | null> {
  if (await db.selectFrom('tbl_teacher').select('id').limit(1).executeTakeFirst()) return null;
  // The rooms live in the demo venues; without them (SEED_DEMO off, or venues removed) there is no term.
  const venues = await db.selectFrom('tbl_location').select('id').where('id', 'in', [...new Set(ROOMS.map((r) => r.location_id))]).execute();
  if (venues.length < 4) return null;
  const rand = rng(20261122);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

  const teachers: Insertable<TblTeacherTable>[] = TEACHER_NAMES.map(([name, subject, campus], i) => ({
    id: `tch_${pad(i + 1)}`,
    user_id: i === 0 ? 'u_teacher' : i === 1 ? 'u_teacher2' : null,
    name,
    phone: i === 0 ? '13800000001' : i === 1 ? '13800000002' : `139${String(10000000 + i * 7919).slice(0, 8)}`,
    gender: i % 3 === 0 ? 2 : 1,
    job_type: i % 5 === 4 ? 2 : 1,
    status: 1,
    subjects: subject,
    teach_roles: '1,2',
    venue_id: campus === 'dep_bj' ? (i % 2 ? 'loc_bj_guomao' : 'loc_bj_zgc') : i % 2 ? 'loc_sh_zhangjiang' : 'loc_sh_xujiahui',
    depart_id: campus,
    own_by: 'u_academic',
    sys_org_code: campus === 'dep_bj' ? 'A01A03' : 'A01A04',
    create_by: 'jiaowu',
  }));

  // The term: TERM_WEEKS weeks from a Monday WEEKS_BEFORE weeks back, so every class is running today.
  const monday0 = new Date(localMonday(now).getTime() - WEEKS_BEFORE * 7 * DAY);
  const termEnd = new Date(monday0.getTime() + TERM_WEEKS * 7 * DAY - DAY);

  // 30 classes: each course's teachers in turn; rooms on the teacher's campus; 开班 / 结班 = the term.
  const classes: Insertable<TblClazzTable>[] = [];
  const classTeacher = new Map<string, string>();
  const courseIds = COURSES.map((c) => c.id);
  for (let i = 0; i < 30; i++) {
    const courseId = courseIds[i % courseIds.length];
    const course = COURSES.find((c) => c.id === courseId)!;
    const subject = course.subject!;
    const able = teachers.filter((t) => t.subjects === subject);
    const teacher = able[Math.floor(i / courseIds.length) % able.length];
    const campusRooms = ROOMS.filter((r) => (teacher.depart_id === 'dep_bj' ? r.location_id.startsWith('loc_bj') : r.location_id.startsWith('loc_sh')) && r.capacity < 100);
    const room = campusRooms[i % campusRooms.length];
    const id = `clz_${pad(i + 1)}`;
    const inner = i >= 28; // two 内部班 (teacher training) for the inner-class screens
    classes.push({
      id,
      name: inner ? `${course.subject}教研培训${i - 27}期` : `${course.name.replace(/培优|同步|冲刺|基础/, '')}${'ABCD'[Math.floor(i / courseIds.length)]}班`,
      course_id: courseId,
      head_teacher: teacher.id,
      location_id: room.location_id,
      room_id: room.id,
      capacity: Math.min(12, room.capacity),
      allow_over: 0,
      leave_charge: 0,
      absent_charge: i % 3 === 0 ? 0 : 1,
      hours_per_lesson: course.default_hours,
      status: 1,
      start_date: ymd(monday0),
      end_date: ymd(termEnd),
      schedule_status: 2,
      scope: inner ? 1 : 0,
      color: course.color,
      own_by: 'u_academic',
      sys_org_code: teacher.sys_org_code,
      create_by: 'jiaowu',
    });
    classTeacher.set(id, teacher.id);
  }

  // 300 students, 10 per class; the first 30 also take a second class of another course where it has room.
  const students: Insertable<TblStudentTable>[] = [];
  const members: Insertable<TblClazzStudentTable>[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < 300; i++) {
    let name = '';
    do name = pick([...SURNAMES]) + pick(GIVEN);
    while (usedNames.has(name) && usedNames.size < 2500);
    usedNames.add(name);
    const id = `stu_${String(i + 1).padStart(3, '0')}`;
    students.push({
      id, name, phone: `137${String(20000000 + i * 3301).slice(0, 8)}`, gender: 1 + (i % 2), grade: pick(GRADES), school: pick(['海淀实验中学', '人大附中', '上海中学', '徐汇中学', '育才小学', '实验小学']),
      guardian: `${name[0]}${pick(['爸爸', '妈妈'])}`, guardian_phone: `136${String(30000000 + i * 2711).slice(0, 8)}`, source: 1 + (i % 3), student_type: 1, status: 1,
      own_by: 'u_marketing', sys_org_code: 'A01A02', create_by: 'marketing',
    });
  }
  const memberOf = new Map<string, string[]>();
  const addMember = (clazzId: string, studentId: string) => {
    members.push({ id: `cm_${clazzId.slice(4)}_${studentId.slice(4)}`, clazz_id: clazzId, student_id: studentId, status: 1, create_by: 'jiaowu' });
    memberOf.set(clazzId, [...(memberOf.get(clazzId) ?? []), studentId]);
  };
  classes.forEach((c, ci) => {
    for (let k = 0; k < 10; k++) addMember(c.id, students[ci * 10 + k].id!);
  });
  // Spread over the 28 对外教学 classes (11 and 28 are coprime: at most two each), and only within the
  // capacity rule the product enforces (R4), which the demo must obey like any user.
  const roomOf = new Map(ROOMS.map((r) => [r.id, r]));
  for (let i = 0; i < 30; i++) {
    const c = classes[(i * 11 + 3) % 28];
    const room = roomOf.get(c.room_id!);
    const full = capacityError({ capacity: c.capacity, allowOver: c.allow_over ?? 0 }, room ? { name: room.name, capacity: room.capacity } : null, memberOf.get(c.id)!.length, 1);
    if (!full && !memberOf.get(c.id)!.includes(students[i].id!) && classes[Math.floor(i / 10)].course_id !== c.course_id) addMember(c.id, students[i].id!);
  }
  const packageOf = new Map<string, Insertable<TblStudentCourseTable> & { used: number }>();
  for (const m of members) {
    const course = classes.find((c) => c.id === m.clazz_id)!.course_id!;
    const key = `${m.student_id}|${course}`;
    if (packageOf.has(key)) continue;
    // A few nearly used-up packages so the low-balance warning shows up in the demo.
    const buy = rand() < 0.08 ? 24 : 40;
    const row = { id: `pkg_${m.student_id.slice(4)}_${course.slice(7)}`.slice(0, 32), student_id: m.student_id, course_id: course, unit: 1, buy_qty: String(buy), gift_qty: String(rand() < 0.3 ? 4 : 0), used_qty: '0', amount: String(buy * 180), status: 0, create_by: 'marketing', used: 0 };
    packageOf.set(key, row);
  }

  // The 双师 room: a 辅导 teacher sits in with the class while the 主讲 teaches live.
  const ASSISTANT = 'tch_10';
  const assistantOf = (c: Insertable<TblClazzTable>) => (c.room_id === 'room_zgc_301' && classTeacher.get(c.id!) !== ASSISTANT ? ASSISTANT : undefined);
  // Slots: greedy, so no teacher, room or class is ever double-booked.
  const taken = new Set<string>();
  const classSlots = new Map<string, number[]>();
  classes.forEach((c, ci) => {
    const wanted = ci % 3 === 0 ? 2 : 1;
    const got: number[] = [];
    for (let s = (ci * 5) % SLOTS.length, n = 0; n < SLOTS.length && got.length < wanted; n++, s = (s + 1) % SLOTS.length) {
      const day = SLOTS[s][0];
      if (got.some((g) => SLOTS[g][0] === day)) continue;
      const assistant = assistantOf(c);
      const keys = [`r|${c.room_id}|${s}`, `t|${classTeacher.get(c.id!)}|${s}`, ...(assistant ? [`t|${assistant}|${s}`] : [])];
      if (keys.some((k) => taken.has(k))) continue;
      keys.forEach((k) => taken.add(k));
      got.push(s);
    }
    classSlots.set(c.id!, got);
  });

  const holidays = [
    { id: 'hol_2026_national', name: '国庆节', start_date: '2026-10-01', end_date: '2026-10-07', remark: '全体停课' },
    { id: 'hol_2027_newyear', name: '元旦', start_date: '2027-01-01', end_date: '2027-01-03', remark: null },
    { id: 'hol_2027_spring', name: '春节', start_date: '2027-02-05', end_date: '2027-02-13', remark: '寒假集训班另行安排' },
    { id: 'hol_2027_qingming', name: '清明节', start_date: '2027-04-03', end_date: '2027-04-05', remark: null },
  ];
  const isHoliday = (d: Date) => holidays.some((h) => ymd(d) >= h.start_date && ymd(d) <= h.end_date);

  const series: Insertable<TblScheduleSeriesTable>[] = [];
  const entries: Insertable<TblCalendarTable>[] = [];
  const entryTeachers: Insertable<TblCalendarTeacherTable>[] = [];
  const rolls: Insertable<TblLessonStudentTable>[] = [];
  const consumes: Insertable<TblConsumeLogTable>[] = [];

  for (const c of classes) {
    const teacherId = classTeacher.get(c.id!)!;
    const assistant = assistantOf(c);
    let lessonNo = 0;
    for (const s of classSlots.get(c.id!)!) {
      const [weekday, start, end] = SLOTS[s];
      const seriesId = `ser_${c.id!.slice(4)}_${s}`;
      const dtstart = new Date(monday0.getTime() + (weekday - 1) * DAY);
      series.push({
        id: seriesId, clazz_id: c.id!, start_date: ymd(dtstart), end_date: ymd(termEnd), count: null, start_time: start, end_time: end,
        rrule: new RRule({ freq: RRule.WEEKLY, byweekday: [RRULE_DAYS[weekday - 1]], dtstart, until: termEnd }).toString(),
        location_id: c.location_id, room_id: c.room_id, teachers: JSON.stringify([{ teacherId, role: 1 }]) as unknown as { teacherId: string; role: number }[],
        skip_holiday: 1, hours: c.hours_per_lesson, create_by: 'jiaowu',
      });
    }
    // Lessons in date order across the class's slots, so lesson numbers follow the calendar.
    const dates: { date: Date; slot: number; seriesId: string }[] = [];
    for (let w = 0; w < TERM_WEEKS; w++) {
      for (const s of classSlots.get(c.id!)!) {
        const date = new Date(monday0.getTime() + (w * 7 + SLOTS[s][0] - 1) * DAY);
        if (!isHoliday(date)) dates.push({ date, slot: s, seriesId: `ser_${c.id!.slice(4)}_${s}` });
      }
    }
    dates.sort((a, b) => a.date.getTime() - b.date.getTime() || SLOTS[a.slot][1].localeCompare(SLOTS[b.slot][1]));
    for (const { date, slot, seriesId } of dates) {
      lessonNo++;
      const [, start, end] = SLOTS[slot];
      const startAt = at(date, start);
      const endAt = at(date, end);
      const id = `cal_${c.id!.slice(4)}_${pad(lessonNo)}`;
      const past = endAt.getTime() < now.getTime();
      entries.push({
        id, type: 0, title: null, clazz_id: c.id!, course_id: c.course_id, series_id: seriesId, lesson_no: lessonNo, start_time: startAt, end_time: endAt,
        location_id: c.location_id, room_id: c.room_id, hours: c.hours_per_lesson, status: past ? 1 : 0, scope: c.scope, color: c.color,
        content: `<p>第${lessonNo}讲：${COURSES.find((x) => x.id === c.course_id)!.intro}</p>`, live_url: c.room_id === 'room_zgc_301' ? 'https://live.example.edu.cn/room/zgc301' : null,
        own_by: 'u_academic', sys_org_code: c.sys_org_code, create_by: 'jiaowu',
      });
      entryTeachers.push({ id: `ct_${id.slice(4)}_1`, calendar_id: id, teacher_id: teacherId, role: 1 });
      if (assistant) entryTeachers.push({ id: `ct_${id.slice(4)}_2`, calendar_id: id, teacher_id: assistant, role: 2 });
      for (const studentId of memberOf.get(c.id!)!) {
        const rollId = `ls_${id.slice(4)}_${studentId.slice(4)}`;
        if (!past) {
          rolls.push({ id: rollId, calendar_id: id, student_id: studentId, member_type: 0, arrival_status: 0, create_by: 'jiaowu' });
          continue;
        }
        const r = rand();
        const arrival = r < 0.86 ? 1 : r < 0.92 ? 2 : r < 0.97 ? 3 : 4;
        const charge = arrival <= 2 || (arrival === 4 && c.absent_charge === 1) || (arrival === 3 && c.leave_charge === 1);
        const hours = charge ? Number(c.hours_per_lesson) : 0;
        rolls.push({
          id: rollId, calendar_id: id, student_id: studentId, member_type: 0, arrival_status: arrival, deduct_hours: String(hours),
          check_time: new Date(endAt.getTime() - 10 * 60_000), check_by: 'teacher', makeup_status: arrival >= 3 ? 1 : 0, create_by: 'jiaowu',
        });
        if (hours > 0) {
          const pkg = packageOf.get(`${studentId}|${c.course_id}`)!;
          const before = Number(pkg.buy_qty) + Number(pkg.gift_qty) - pkg.used;
          pkg.used += hours;
          consumes.push({
            id: `cl_${rollId.slice(3)}`.slice(0, 32), student_course_id: pkg.id!, student_id: studentId, calendar_id: id, lesson_student_id: rollId,
            hours: String(hours), hours_before: String(before), hours_after: String(before - hours), status: 0, create_by: 'teacher', create_time: endAt,
          });
        }
      }
    }
  }

  // Non-teaching entries of the current week: a meeting, an exam, an open day.
  const monday = localMonday(now);
  const events: Insertable<TblCalendarTable>[] = [
    { id: 'cal_evt_meeting', type: 4, title: '教研组周例会', start_time: at(new Date(monday.getTime() + 2 * DAY), '12:30'), end_time: at(new Date(monday.getTime() + 2 * DAY), '13:30'), location_id: 'loc_bj_zgc', room_id: 'room_zgc_301', content: '<p>议题：期中考试命题分工、公开课安排。</p>' },
    { id: 'cal_evt_exam', type: 2, title: '期中测评（数学）', start_time: at(new Date(monday.getTime() + 5 * DAY), '19:00'), end_time: at(new Date(monday.getTime() + 5 * DAY), '20:30'), location_id: 'loc_sh_zhangjiang', room_id: 'room_zj_hall' },
    { id: 'cal_evt_openday', type: 1, title: '家长开放日', start_time: at(new Date(monday.getTime() + 6 * DAY), '19:00'), end_time: at(new Date(monday.getTime() + 6 * DAY), '21:00'), location_id: 'loc_bj_guomao', room_id: null, content: '<p>展示学员作品，介绍下学期课程。</p>' },
  ].map((e) => ({ ...e, own_by: 'u_academic', create_by: 'jiaowu' }));

  await db.transaction().execute(async (tx) => {
    await tx.insertInto('tbl_room').values(ROOMS.map((r) => ({ ...r, create_by: 'jiaowu' }))).execute();
    await tx.insertInto('tbl_course').values(COURSES.map((c) => ({ ...c, own_by: 'u_academic', create_by: 'jiaowu' }))).execute();
    await tx.insertInto('tbl_teacher').values(teachers).execute();
    await tx.insertInto('tbl_holiday').values(holidays.map((h) => ({ ...h, create_by: 'jiaowu' }))).execute();
    await tx.insertInto('tbl_clazz').values(classes).execute();
    await insertChunks(students, (rows) => tx.insertInto('tbl_student').values(rows).execute());
    await insertChunks(members, (rows) => tx.insertInto('tbl_clazz_student').values(rows).execute());
    await insertChunks([...packageOf.values()].map(({ used, ...p }) => ({ ...p, used_qty: String(used) })), (rows) => tx.insertInto('tbl_student_course').values(rows).execute());
    await insertChunks(series, (rows) => tx.insertInto('tbl_schedule_series').values(rows).execute());
    await insertChunks([...entries, ...events], (rows) => tx.insertInto('tbl_calendar').values(rows).execute());
    await insertChunks(entryTeachers, (rows) => tx.insertInto('tbl_calendar_teacher').values(rows).execute());
    await tx.insertInto('tbl_calendar_teacher').values([
      { id: 'ct_evt_meeting_1', calendar_id: 'cal_evt_meeting', teacher_id: 'tch_01', role: 1 },
      { id: 'ct_evt_meeting_2', calendar_id: 'cal_evt_meeting', teacher_id: 'tch_03', role: 2 },
    ]).execute();
    await insertChunks(rolls, (rows) => tx.insertInto('tbl_lesson_student').values(rows).execute());
    await insertChunks(consumes, (rows) => tx.insertInto('tbl_consume_log').values(rows).execute());
  });

  // Three double bookings a scheduler might try: each is refused by the database's exclusion constraints.
  const clash = entries.find((e) => e.status === 0 && e.clazz_id === 'clz_01')!;
  const attempts: { entry: Insertable<TblCalendarTable>; teacher?: string }[] = [
    { entry: { id: 'cal_try_teacher', type: 4, title: '家长沟通会', start_time: clash.start_time, end_time: clash.end_time, location_id: 'loc_bj_guomao' }, teacher: classTeacher.get('clz_01') },
    { entry: { id: 'cal_try_room', type: 1, title: '试听课', start_time: clash.start_time, end_time: clash.end_time, location_id: clash.location_id, room_id: clash.room_id } },
    { entry: { id: 'cal_try_clazz', type: 0, clazz_id: 'clz_01', start_time: new Date(clash.start_time.getTime() + 30 * 60_000), end_time: clash.end_time, room_id: 'room_zj_hall' } },
  ];
  let refused = 0;
  for (const a of attempts) {
    try {
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('tbl_calendar').values({ ...a.entry, create_by: 'jiaowu' }).execute();
        if (a.teacher) await tx.insertInto('tbl_calendar_teacher').values({ id: `ct_${a.entry.id.slice(4)}`, calendar_id: a.entry.id, teacher_id: a.teacher, role: 1 }).execute();
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23P01') refused++;
      else throw e;
    }
  }
  return { sessions: entries.length, refusedConflicts: refused };
}
