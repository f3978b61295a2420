/**
 * The 行事历 endpoints (issue 7) and the helpers around them: fetchers for swr, and reading a 409
 * conflict answer out of an ApiError.
 */
import { ApiError, http } from '@/lib/http';
import {
  CONFLICT_CODE,
  type CalendarEntry,
  type CalendarEntryDetail,
  type CalendarEntryEdit,
  type CalendarEntryInput,
  type CheckInput,
  type ConflictResult,
  type LessonStudentRow,
  type MakeupInput,
  type SeriesInput,
  type SeriesPreview,
  type SeriesScope,
} from '@/lib/calendar/types';

export const CAL_API = {
  range: '/calendar/tblCalendar/range',
  queryById: '/calendar/tblCalendar/queryById',
  options: '/calendar/tblCalendar/options',
  add: '/calendar/tblCalendar/add',
  edit: '/calendar/tblCalendar/edit',
  cancel: '/calendar/tblCalendar/cancel',
  seriesPreview: '/calendar/scheduleSeries/preview',
  seriesAdd: '/calendar/scheduleSeries/add',
  roll: '/calendar/lessonStudent/list',
  check: '/calendar/lessonStudent/check',
  revoke: '/calendar/lessonStudent/revoke',
  pendingMakeup: '/calendar/lessonStudent/pendingMakeup',
  makeup: '/calendar/lessonStudent/makeup',
  liveList: '/calendar/live/list',
  liveLink: '/calendar/live/link',
  liveJoin: '/calendar/live/join',
  liveHeartbeat: '/calendar/live/heartbeat',
  livePresence: '/calendar/live/presence',
} as const;

/** 0 对外教学 (the home 行事历), 1 内部班 (the 内部班 menu; the server checks calendar:inner:list). */
export type CalendarScope = 0 | 1;

export interface CalendarOptions {
  /** The caller's own teacher records (tbl_teacher.user_id): non-empty for a teacher, who opens on 我的. */
  myTeacherIds: string[];
  teachers: { id: string; name: string }[];
  locations: { id: string; name: string }[];
  rooms: { id: string; name: string; locationId: string | null; capacity: number | null }[];
  classes: {
    id: string;
    name: string;
    courseId: string | null;
    locationId: string | null;
    roomId: string | null;
    headTeacher: string | null;
    capacity: number | null;
    hoursPerLesson: number | null;
    color: string | null;
  }[];
  courses: { id: string; name: string; color: string | null }[];
}

export const EMPTY_OPTIONS: CalendarOptions = { myTeacherIds: [], teachers: [], locations: [], rooms: [], classes: [], courses: [] };

export const fetchRange = ([url, params]: readonly [string, Record<string, string>]) => http.get<CalendarEntry[]>(url, params).then((r) => r.result ?? []);
export const fetchOptions = (url: string) => http.get<CalendarOptions>(url).then((r) => ({ ...EMPTY_OPTIONS, ...r.result }));
/** The options of one scope's classes; scope 0 sends no parameter (the server's default). */
export const fetchScopedOptions = ([url, scope]: readonly [string, CalendarScope]) =>
  (scope === 1 ? http.get<CalendarOptions>(url, { scope: '1' }) : http.get<CalendarOptions>(url)).then((r) => ({ ...EMPTY_OPTIONS, ...r.result }));
/** The range params of one scope: scope 0 is the server's default and is not sent. */
export const scopedParams = (params: Record<string, string>, scope: CalendarScope): Record<string, string> => (scope === 1 ? { ...params, scope: '1' } : params);
export const fetchDetail = ([url, id]: readonly [string, string]) => http.get<CalendarEntryDetail>(url, { id }).then((r) => r.result);
export const fetchRoll = ([url, calendarId]: readonly [string, string]) => http.get<LessonStudentRow[]>(url, { calendarId }).then((r) => r.result ?? []);

export interface Override {
  reason: string;
}

export const addEntry = (body: CalendarEntryInput) => http.post<unknown>(CAL_API.add, body);
export const editEntry = (body: CalendarEntryEdit) => http.put<unknown>(CAL_API.edit, body);
export const cancelEntry = (body: { id: string; apply: SeriesScope; reason: string }) => http.post<unknown>(CAL_API.cancel, body);
export const previewSeries = (body: SeriesInput) => http.post<SeriesPreview>(CAL_API.seriesPreview, body).then((r) => r.result);
export const addSeries = (body: SeriesInput) => http.post<{ seriesId: string; count: number }>(CAL_API.seriesAdd, body);
export const checkRoll = (body: CheckInput) => http.post<{ checked: number; consumedHours: number; warnings: string[] }>(CAL_API.check, body);
export const revokeRoll = (calendarId: string) => http.post<unknown>(CAL_API.revoke, { calendarId });
export const arrangeMakeup = (body: MakeupInput) => http.post<{ arranged: number }>(CAL_API.makeup, body);

export interface ConflictAnswer extends ConflictResult {
  message: string;
}

/** The clash list of a 409 answer, or null for any other failure. */
export function conflictOf(e: unknown): ConflictAnswer | null {
  if (!(e instanceof ApiError) || e.code !== CONFLICT_CODE) return null;
  const r = e.envelope?.result as Partial<ConflictResult> | null | undefined;
  return { message: e.message, conflicts: Array.isArray(r?.conflicts) ? r.conflicts : [], canOverride: r?.canOverride === true };
}
