/**
 * Pure logic of the 行事历 screen: view state ↔ URL query, the fetched range of a view, wire entries →
 * react-big-calendar events, resource columns and colours (the edit a drag or resize produces: calendar-drag.ts).
 * Kept free of React and react-big-calendar so it is tested on its own.
 *
 * Times: the wire carries Asia/Shanghai wall-clock strings. They are parsed as *local* wall-clock
 * Dates and formatted back the same way, so the grid shows Shanghai times whatever the browser's zone
 * (a floating-time round trip: a Date only ever carries the wall clock between parse and format).
 */
import dayjs, { type Dayjs } from 'dayjs';
import {
  CALENDAR_TIME_FORMAT,
  CALENDAR_TYPES,
  type CalendarEntry,
  type CalendarType,
} from '@/lib/calendar/types';

export type CalView = 'month' | 'week' | 'day' | 'agenda';
export const CAL_VIEWS: { value: CalView; label: string }[] = [
  { value: 'month', label: '月' },
  { value: 'week', label: '周' },
  { value: 'day', label: '日' },
  { value: 'agenda', label: '列表' },
];

/** 'none': plain grid; 'teacher' / 'room': one column per teacher or room (day and week views only). */
export type ResourceMode = 'none' | 'teacher' | 'room';

export interface CalFilters {
  teacherId?: string;
  locationId?: string;
  roomId?: string;
  clazzId?: string;
  courseId?: string;
  types: CalendarType[];
}

/** 我的: the sessions the user teaches; 全部: every teacher's. */
export type Whose = 'mine' | 'all';

export interface CalState {
  view: CalView;
  /** 'YYYY-MM-DD': the day the view is anchored on. */
  date: string;
  resource: ResourceMode;
  filters: CalFilters;
  /** The 我的/全部 switch as chosen; absent: the user's default (whoseSessions). */
  whose?: Whose;
}

/**
 * Whose sessions the calendar shows: a teacher (a user with a teacher record) opens on 我的; the switch is
 * offered to one who may also see 全部 (calendar:entry:all); without that code the server answers 我的 anyway.
 */
export function whoseSessions(chosen: Whose | undefined, user: { isTeacher: boolean; canSeeAll: boolean }): { whose: Whose; switchable: boolean } {
  if (!user.canSeeAll) return { whose: 'mine', switchable: false };
  return { whose: chosen ?? (user.isTeacher ? 'mine' : 'all'), switchable: user.isTeacher };
}

/** How many days the 列表 (agenda) view shows from its date (react-big-calendar's default length). */
export const AGENDA_DAYS = 30;
const DATE = 'YYYY-MM-DD';
const ID_FILTERS = ['teacherId', 'locationId', 'roomId', 'clazzId', 'courseId'] as const;
const TYPE_VALUES = new Set<number>(CALENDAR_TYPES.map((t) => t.value));

/** The query keys this screen owns; anything else in the URL is left alone. */
export const QUERY_KEYS = ['view', 'date', 'res', 'type', 'whose', ...ID_FILTERS] as const;

export function defaultState(today: Dayjs = dayjs()): CalState {
  return { view: 'week', date: today.format(DATE), resource: 'none', filters: { types: [] } };
}

/** The URL query → state; unknown or malformed values fall back to the defaults (a shared link never breaks the page). */
export function stateFromQuery(q: { get(name: string): string | null }, today: Dayjs = dayjs()): CalState {
  const base = defaultState(today);
  const view = q.get('view');
  const date = q.get('date');
  const res = q.get('res');
  const filters: CalFilters = { types: [] };
  for (const k of ID_FILTERS) {
    const v = q.get(k)?.trim();
    if (v) filters[k] = v;
  }
  const types = (q.get('type') ?? '')
    .split(',')
    .filter((s) => /^\d$/.test(s))
    .map(Number)
    .filter((n) => TYPE_VALUES.has(n)) as CalendarType[];
  filters.types = [...new Set(types)].sort();
  return {
    view: CAL_VIEWS.some((v) => v.value === view) ? (view as CalView) : base.view,
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) && dayjs(date, DATE).isValid() ? date : base.date,
    resource: res === 'teacher' || res === 'room' ? res : 'none',
    filters,
    ...(q.get('whose') === 'mine' || q.get('whose') === 'all' ? { whose: q.get('whose') as Whose } : {}),
  };
}

/** State → query entries (only non-default values), merged into `current` so foreign keys survive. */
export function queryFromState(s: CalState, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(current);
  for (const k of QUERY_KEYS) out.delete(k);
  out.set('view', s.view);
  out.set('date', s.date);
  if (s.resource !== 'none') out.set('res', s.resource);
  for (const k of ID_FILTERS) if (s.filters[k]) out.set(k, s.filters[k] as string);
  if (s.filters.types.length) out.set('type', [...s.filters.types].sort().join(','));
  if (s.whose) out.set('whose', s.whose);
  return out;
}

const mondayOf = (d: Dayjs) => d.startOf('day').subtract((d.day() + 6) % 7, 'day');

/** The half-open [start, end) of days a view shows; weeks start on Monday. */
export function viewRange(view: CalView, date: string): { start: Dayjs; end: Dayjs } {
  const d = dayjs(date, DATE).startOf('day');
  switch (view) {
    case 'month': {
      const start = mondayOf(d.startOf('month'));
      const end = mondayOf(d.endOf('month')).add(7, 'day');
      return { start, end };
    }
    case 'week': {
      const start = mondayOf(d);
      return { start, end: start.add(7, 'day') };
    }
    case 'day':
      return { start: d, end: d.add(1, 'day') };
    case 'agenda':
      // react-big-calendar's agenda includes the last day (date + length), hence the extra day.
      return { start: d, end: d.add(AGENDA_DAYS + 1, 'day') };
  }
}

/** The range query of a state (GET /calendar/tblCalendar/range params); 我的 sends `mine=1`. */
export function rangeParams(s: CalState, whose: Whose = 'all'): Record<string, string> {
  const { start, end } = viewRange(s.view, s.date);
  const p: Record<string, string> = { start: start.format(CALENDAR_TIME_FORMAT), end: end.format(CALENDAR_TIME_FORMAT) };
  if (whose === 'mine') p.mine = '1';
  for (const k of ID_FILTERS) if (s.filters[k]) p[k] = s.filters[k] as string;
  if (s.filters.types.length) p.type = s.filters.types.join(',');
  return p;
}

/** Where the week and day grids open: the working day, not midnight. */
export const WORKDAY_START_HOUR = 8;

/**
 * The scrollTop a time grid needs when it becomes visible, or null to leave it. react-big-calendar scrolls to
 * WORKDAY_START_HOUR only once, at mount; a grid mounted hidden (a kept-alive tab, a page still behind the
 * route change) has no height then and stays at 00:00. So when the grid turns visible still at the top, it
 * gets back where the user last was, or the working day.
 */
export function scrollOnShow(grid: { scrollTop: number; scrollHeight: number }, remembered: number | null): number | null {
  if (grid.scrollTop !== 0 || grid.scrollHeight === 0) return null;
  return remembered ?? Math.round((grid.scrollHeight * WORKDAY_START_HOUR) / 24);
}

/** 上一页 / 下一页: one month, week, day or agenda length. */
export function shiftDate(view: CalView, date: string, dir: 1 | -1): string {
  const d = dayjs(date, DATE);
  const next = view === 'month' ? d.add(dir, 'month') : view === 'week' ? d.add(dir * 7, 'day') : view === 'day' ? d.add(dir, 'day') : d.add(dir * AGENDA_DAYS, 'day');
  return next.format(DATE);
}

const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** The visible range label of the toolbar. */
export function rangeLabel(view: CalView, date: string): string {
  const d = dayjs(date, DATE);
  if (view === 'month') return d.format('YYYY年M月');
  if (view === 'day') return `${d.format('YYYY年M月D日')} ${WEEKDAY[d.day()]}`;
  const { start, end } = viewRange(view, date);
  const last = end.subtract(1, 'day');
  const lastFmt = last.year() !== start.year() ? 'YYYY年M月D日' : last.month() !== start.month() ? 'M月D日' : 'D日';
  return `${start.format('YYYY年M月D日')} – ${last.format(lastFmt)}`;
}

/* ------------------------------------------------------------------ times */

/** A wire time → a Date carrying that wall clock in the browser's zone. */
const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** The wire's wall clock as a local Date when it is a plain, existing one (no 02-30, no 25:00), else null. */
function wallClock(s: string): Date | null {
  const m = WIRE_TIME.exec(s);
  if (!m) return null;
  const d = new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  return d.getDate() === +m[3] && d.getMonth() === +m[2] - 1 && d.getHours() === +m[4] && d.getMinutes() === +m[5] && d.getSeconds() === +m[6] ? d : null;
}
/** The wire's wall clock → a local Date (a week switch parses two per session: the plain form skips dayjs's format parser). */
export const parseWire = (s: string): Date => wallClock(s) ?? dayjs(s, CALENDAR_TIME_FORMAT).toDate();
/** A Date's wall clock → the wire. */
export const formatWire = (d: Date | Dayjs): string => dayjs(d).format(CALENDAR_TIME_FORMAT);

/**
 * 'YYYY-MM-DD HH:mm–HH:mm' (with the date when the end is on another day). Every drawn event's tooltip has one:
 * plain wires are cut to shape (their digits are the answer); anything else goes through dayjs as before.
 */
export function timeSpan(startWire: string, endWire: string): string {
  if (wallClock(startWire) && wallClock(endWire)) {
    return `${startWire.slice(0, 16)}–${startWire.slice(0, 10) === endWire.slice(0, 10) ? endWire.slice(11, 16) : endWire.slice(0, 16)}`;
  }
  const s = dayjs(startWire);
  const e = dayjs(endWire);
  return `${s.format('YYYY-MM-DD HH:mm')}–${e.isSame(s, 'day') ? e.format('HH:mm') : e.format('YYYY-MM-DD HH:mm')}`;
}

/* ------------------------------------------------------------------ events */

export interface CalEvent {
  /** Unique per drawn copy: the entry id, plus the column in a resource view (one entry may sit under two teachers). */
  key: string;
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  /** The column this copy sits in (resource views only). */
  resourceId?: string;
  entry: CalendarEntry;
}

/** The column of entries without a teacher / room in a resource view. */
export const NO_RESOURCE = '__none__';

export const mainTeachers = (e: Pick<CalendarEntry, 'teachers'>) => e.teachers.filter((t) => t.role === 1);

/** `班级 · 教室 · 主讲` (type 0) or `标题 · 教室`; ⚠ first when saved over a clash. */
export function eventTitle(e: CalendarEntry): string {
  const head = e.type === 0 ? e.clazzName || e.title : e.title || e.clazzName;
  const place = e.roomName || e.locationName;
  const lead = mainTeachers(e)
    .map((t) => t.name)
    .filter(Boolean)
    .join('/');
  const text = [head, place, lead].filter(Boolean).join(' · ');
  return e.conflictOverride ? `⚠ ${text}` : text;
}

function baseEvent(e: CalendarEntry): Omit<CalEvent, 'key'> {
  return { id: e.id, title: eventTitle(e), start: parseWire(e.clazzStartTime), end: parseWire(e.clazzEndTime), allDay: e.allDay, entry: e };
}

/**
 * Entries → events. In the teacher view an entry with two teachers yields one copy per teacher (so it
 * shows in both columns and a drag knows which column it left); in the room view one copy in its room.
 */
export function toEvents(entries: CalendarEntry[], mode: ResourceMode): CalEvent[] {
  const out: CalEvent[] = [];
  for (const e of entries) {
    const base = baseEvent(e);
    if (mode === 'teacher') {
      if (e.teachers.length === 0) out.push({ ...base, key: `${e.id}:${NO_RESOURCE}`, resourceId: NO_RESOURCE });
      for (const t of e.teachers) out.push({ ...base, key: `${e.id}:${t.teacherId}`, resourceId: t.teacherId });
    } else if (mode === 'room') {
      const r = e.roomId ?? NO_RESOURCE;
      out.push({ ...base, key: `${e.id}:${r}`, resourceId: r });
    } else {
      out.push({ ...base, key: e.id });
    }
  }
  return out;
}

export interface CalResource {
  id: string;
  title: string;
}

export interface NamedOption {
  id: string;
  name: string;
}

/**
 * The columns of a resource view: the chosen teacher (room) when filtered; otherwise those the visible
 * entries use (plus, for rooms, every room of the chosen venue), in the options' order, and 未指定
 * when some entry has none. With nothing to show, every option, so there is somewhere to drop.
 */
export function resourcesFor(
  mode: ResourceMode,
  entries: CalendarEntry[],
  opts: { teachers: NamedOption[]; rooms: (NamedOption & { locationId: string | null })[] },
  filters: CalFilters,
): CalResource[] | undefined {
  if (mode === 'none') return undefined;
  const list = mode === 'teacher' ? opts.teachers : opts.rooms;
  const chosen = mode === 'teacher' ? filters.teacherId : filters.roomId;
  const used = new Set<string>();
  let missing = false;
  for (const e of entries) {
    if (mode === 'teacher') {
      if (e.teachers.length === 0) missing = true;
      for (const t of e.teachers) used.add(t.teacherId);
    } else if (e.roomId) used.add(e.roomId);
    else missing = true;
  }
  if (mode === 'room' && filters.locationId) for (const r of opts.rooms) if (r.locationId === filters.locationId) used.add(r.id);
  const names = new Map(list.map((o) => [o.id, o.name]));
  // Names the options do not know (a teacher who left) still come from the entries.
  const entryName = (id: string) => {
    for (const e of entries) {
      if (mode === 'teacher') {
        const t = e.teachers.find((x) => x.teacherId === id);
        if (t?.name) return t.name;
      } else if (e.roomId === id && e.roomName) return e.roomName;
    }
    return id;
  };
  let ids: string[];
  if (chosen) ids = [chosen];
  else {
    const ordered = list.map((o) => o.id).filter((id) => used.has(id));
    const extra = [...used].filter((id) => !names.has(id));
    ids = [...ordered, ...extra];
    if (ids.length === 0 && !missing) ids = list.map((o) => o.id);
  }
  const out = ids.map((id) => ({ id, title: names.get(id) ?? entryName(id) }));
  if (missing && !chosen) out.push({ id: NO_RESOURCE, title: '未指定' });
  return out;
}

/* ------------------------------------------------------------------ colours */

export const typeColor = (t: CalendarType) => CALENDAR_TYPES.find((x) => x.value === t)?.color ?? '#1677ff';

/** A teaching session takes its class colour (entry first, then the class option); other types their type colour. */
export function eventColor(e: CalendarEntry, classColor?: (clazzId: string) => string | null | undefined): string {
  if (e.type === 0) {
    const c = e.color || (e.clazzId ? classColor?.(e.clazzId) : null);
    if (c) return c;
  }
  return typeColor(e.type);
}

export interface EventLook {
  className: string;
  style: Record<string, string | number>;
}

/** eventPropGetter's answer: colour, cancelled greyed and struck through, overridden with a red dashed border. */
export function eventLook(e: CalendarEntry, color: string): EventLook {
  const classes = ['cal-ev'];
  const style: Record<string, string | number> = { backgroundColor: color, borderColor: color, color: '#fff' };
  if (e.status === 2) {
    classes.push('cal-ev-cancelled');
    Object.assign(style, { backgroundColor: '#f5f5f5', borderColor: '#d9d9d9', color: '#8c8c8c', textDecoration: 'line-through' });
  } else if (e.status === 3) {
    classes.push('cal-ev-moved');
    Object.assign(style, { opacity: 0.55 });
  }
  if (e.conflictOverride) {
    classes.push('cal-ev-override');
    Object.assign(style, { border: '2px dashed #ff4d4f' });
  }
  return { className: classes.join(' '), style };
}
