/**
 * 仪表盘 (issue #26 item 2): the endpoints, the analysis figures and the answers' shapes. Data only, shared by
 * the screens and the embedded backend (server/dashboard/dashboard-routes.ts, server/dashboard/dashboard*.ts).
 */

export const DASHBOARD_URLS = {
  /** GET: the signed-in user's 工作台, every part in one answer (`WorkplaceAnswer`). */
  workplace: '/dashboard/workplace',
  /** GET ?begin&end&locationId: one figure's rows (`FigureAnswer`); PERMS.dashboard.analysis. */
  figure: (key: FigureKey) => `/dashboard/analysis/${key}`,
  /** GET ?begin&end&locationId: the same rows as an xlsx download. */
  figureExport: (key: FigureKey) => `/dashboard/analysis/${key}/exportXls`,
} as const;

/** Where the dashboards link to. */
export const DASHBOARD_LINKS = {
  calendar: '/calpanel/CalendarPanel',
  tasks: '/crm/task',
  taskBoard: '/dashboard/task',
  followToday: '/crm/followToday',
  messages: '/isps/userAnnouncement',
  homework: '/learntools/homework',
  homeworkStudents: '/calendar/homeworkStudentInfo',
  monitor: '/isystem/monitor',
  workplace: '/dashboard/workplace',
} as const;

// ---------------------------------------------------------------- 分析页

export type FigureKey = 'enrolment' | 'consumption' | 'consumptionByVenue' | 'attendance' | 'homework' | 'revenue';
export type ColumnKind = 'text' | 'int' | 'decimal' | 'percent';

export interface FigureColumn {
  key: string;
  title: string;
  kind: ColumnKind;
}

export interface FigureDef {
  key: FigureKey;
  title: string;
  chart: 'bar' | 'line' | 'pie';
  /** The category column and the value columns the chart draws (a pie draws the first). */
  x: string;
  y: string[];
  columns: FigureColumn[];
  /** Whether the venue filter applies (students, leads and packages have no venue). */
  byVenue: boolean;
  /** What the numbers count, shown under the title. */
  hint: string;
}

const col = (key: string, title: string, kind: ColumnKind): FigureColumn => ({ key, title, kind });

export const FIGURES: readonly FigureDef[] = [
  {
    key: 'enrolment',
    title: '招生与转化（按月）',
    chart: 'bar',
    x: 'month',
    y: ['students', 'converted'],
    columns: [col('month', '月份', 'text'), col('students', '新增学员', 'int'), col('converted', '线索转化', 'int')],
    byVenue: false,
    hint: '新增学员：当月登记的在读或历史学员（不含潜在学员）；线索转化：当月转化为学员的线索。不按场地筛选。',
  },
  {
    key: 'consumption',
    title: '课消（按月）',
    chart: 'line',
    x: 'month',
    y: ['lessons', 'hours'],
    columns: [col('month', '月份', 'text'), col('lessons', '到课人次', 'int'), col('hours', '消耗课时', 'decimal')],
    byVenue: true,
    hint: '已点名课次中到课与迟到的学员人次，以及这些课次未撤销的课消课时（含按班级规则扣课时的请假、缺席）。',
  },
  {
    key: 'consumptionByVenue',
    title: '课消（按场地）',
    chart: 'pie',
    x: 'venue',
    y: ['hours', 'lessons'],
    columns: [col('venue', '场地', 'text'), col('lessons', '到课人次', 'int'), col('hours', '消耗课时', 'decimal')],
    byVenue: true,
    hint: '与按月课消相同的口径，按课次所在场地汇总；饼图为消耗课时。',
  },
  {
    key: 'attendance',
    title: '各班出勤率',
    chart: 'bar',
    x: 'clazz',
    y: ['rate'],
    columns: [col('clazz', '班级', 'text'), col('expected', '应到人次', 'int'), col('attended', '实到人次', 'int'), col('rate', '出勤率(%)', 'percent')],
    byVenue: true,
    hint: '已点名课次的点名记录：实到为到课与迟到，应到为到课、迟到、请假与缺席。',
  },
  {
    key: 'homework',
    title: '作业完成率',
    chart: 'bar',
    x: 'clazz',
    y: ['rate'],
    columns: [col('clazz', '班级', 'text'), col('assigned', '布置人次', 'int'), col('finished', '已完成', 'int'), col('rate', '完成率(%)', 'percent')],
    byVenue: true,
    hint: '区间内布置的已发布作业（按布置时间）：已完成为已提交与已批改的学员作业。',
  },
  {
    key: 'revenue',
    title: '课时包收入（按月）',
    chart: 'bar',
    x: 'month',
    y: ['amount'],
    columns: [col('month', '月份', 'text'), col('packages', '课时包数', 'int'), col('amount', '金额(元)', 'decimal')],
    byVenue: false,
    hint: '当月新增课时包的金额合计（按课时包的创建时间）。不按场地筛选。',
  },
];

export const figureOf = (key: string): FigureDef | undefined => FIGURES.find((f) => f.key === key);

export type FigureRow = Record<string, string | number>;

export interface FigureAnswer {
  figure: FigureKey;
  begin: string;
  end: string;
  locationId: string | null;
  rows: FigureRow[];
}

export const DASHBOARD_MESSAGES = {
  unknownFigure: '未知的统计项',
  badLocation: '场地不正确',
} as const;

// ---------------------------------------------------------------- 工作台

export interface WorkplaceSession {
  id: string;
  title: string;
  clazzName: string | null;
  lessonNo: number | null;
  place: string | null;
  startTime: string;
  endTime: string;
  /** 0 未开始 1 已点名. */
  status: number;
}

export interface WorkplaceTask {
  id: string;
  title: string;
  status: number;
  dueTime: string | null;
  overdue: boolean;
}

export interface WorkplaceFollowUp {
  id: string;
  name: string;
  childName: string | null;
  nextFollowTime: string | null;
  overdue: boolean;
}

export interface WorkplaceAnnouncement {
  id: string;
  title: string;
  /** '1' 通知公告 '2' 系统消息. */
  category: string;
  priority: string;
  sendTime: string | null;
}

export interface WorkplaceHomework {
  id: string;
  title: string;
  clazzName: string | null;
  /** Submissions waiting to be graded (已提交). */
  waiting: number;
}

/** A part with its first records and the full count; null when the user may not see that part. */
export interface Part<T> {
  total: number;
  records: T[];
}

export interface WorkplaceAnswer {
  today: string;
  week: { begin: string; end: string };
  /** This week's sessions (Monday to Sunday) I teach; today's are those whose startTime begins with `today`. */
  sessions: Part<WorkplaceSession> | null;
  tasks: Part<WorkplaceTask> | null;
  followUps: Part<WorkplaceFollowUp> | null;
  announcements: Part<WorkplaceAnnouncement>;
  homework: Part<WorkplaceHomework> | null;
}
