/**
 * The create / edit forms' values → wire bodies, and the class prefill (pure, tested on its own).
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { CalendarEntryDetail, CalendarEntryInput, CalendarType, EntryTeacher, SeriesInput, TeacherRole } from '@/lib/calendar/types';
import type { CalendarOptions } from './calendar-api';
import { formatWire } from './calendar-model';

export interface TeacherRow {
  teacherId?: string;
  role?: TeacherRole;
}

export interface EntryFormValues {
  type: CalendarType;
  clazzId?: string | null;
  teachers?: TeacherRow[];
  locationId?: string | null;
  roomId?: string | null;
  start: Dayjs;
  end: Dayjs;
  title?: string;
  content?: string;
  liveUrl?: string;
  remark?: string;
}

export interface SeriesFormValues {
  clazzId: string;
  teachers?: TeacherRow[];
  locationId?: string | null;
  roomId?: string | null;
  startDate: Dayjs;
  endMode: 'date' | 'count';
  endDate?: Dayjs | null;
  count?: number | null;
  weekdays: number[];
  startTime: Dayjs;
  endTime: Dayjs;
  skipHoliday: boolean;
}

export const WEEKDAY_OPTIONS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((label, i) => ({ label, value: i + 1 }));

/** Filled teacher rows only, one per teacher (the first role given wins). */
export function cleanTeachers(rows: TeacherRow[] | undefined): EntryTeacher[] {
  const seen = new Set<string>();
  const out: EntryTeacher[] = [];
  for (const r of rows ?? []) {
    if (!r?.teacherId || seen.has(r.teacherId)) continue;
    seen.add(r.teacherId);
    out.push({ teacherId: r.teacherId, role: r.role ?? 1 });
  }
  return out;
}

const blank = (s: string | undefined | null) => (s && s.trim() ? s.trim() : null);
/** The editor answers '' for an empty document, and '<p></p>' is as empty. */
const blankHtml = (s: string | undefined | null) => (s && s.replace(/<p>\s*<\/p>/g, '').trim() ? s : null);

export function buildEntryInput(v: EntryFormValues): CalendarEntryInput {
  const teaching = v.type === 0;
  return {
    type: v.type,
    title: blank(v.title) ?? undefined,
    clazzId: teaching ? (v.clazzId ?? null) : null,
    clazzStartTime: formatWire(v.start.second(0)),
    clazzEndTime: formatWire(v.end.second(0)),
    locationId: v.locationId ?? null,
    roomId: v.roomId ?? null,
    teachers: cleanTeachers(v.teachers),
    content: blankHtml(v.content),
    liveUrl: blank(v.liveUrl),
    remark: blank(v.remark),
  };
}

export function buildSeriesInput(v: SeriesFormValues): SeriesInput {
  return {
    clazzId: v.clazzId,
    startDate: v.startDate.format('YYYY-MM-DD'),
    endDate: v.endMode === 'date' && v.endDate ? v.endDate.format('YYYY-MM-DD') : null,
    count: v.endMode === 'count' ? (v.count ?? null) : null,
    weekdays: [...v.weekdays].sort((a, b) => a - b),
    startTime: v.startTime.format('HH:mm'),
    endTime: v.endTime.format('HH:mm'),
    locationId: v.locationId ?? null,
    roomId: v.roomId ?? null,
    teachers: cleanTeachers(v.teachers),
    skipHoliday: v.skipHoliday,
  };
}

/** What choosing a class fills in: its venue, room and head teacher as 主讲. */
export function classPrefill(opts: CalendarOptions, clazzId: string | null | undefined): Partial<Pick<EntryFormValues, 'locationId' | 'roomId' | 'teachers'>> {
  const c = opts.classes.find((x) => x.id === clazzId);
  if (!c) return {};
  const out: Partial<Pick<EntryFormValues, 'locationId' | 'roomId' | 'teachers'>> = {};
  if (c.locationId) out.locationId = c.locationId;
  if (c.roomId) out.roomId = c.roomId;
  if (c.headTeacher) out.teachers = [{ teacherId: c.headTeacher, role: 1 }];
  return out;
}

/** An entry's form values for 编辑. */
export function valuesOfEntry(e: CalendarEntryDetail): EntryFormValues {
  return {
    type: e.type,
    clazzId: e.clazzId,
    teachers: e.teachers.map((t) => ({ teacherId: t.teacherId, role: t.role })),
    locationId: e.locationId,
    roomId: e.roomId,
    start: dayjs(e.clazzStartTime),
    end: dayjs(e.clazzEndTime),
    title: e.title ?? '',
    content: e.content ?? '',
    liveUrl: e.liveUrl ?? '',
    remark: e.remark ?? '',
  };
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day. */
export const isoWeekday = (d: Dayjs) => ((d.day() + 6) % 7) + 1;
