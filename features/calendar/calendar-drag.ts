import type { CalendarEntry, CalendarEntryEdit, EntryTeacher } from '@/lib/calendar/types';
import { formatWire, NO_RESOURCE, type CalEvent, type ResourceMode } from './calendar-model';

/** 行事历's drag and resize (calendar-model.ts holds the view state and the events): who may move, and what a move changes. */

/** Only entries still 未开始 may be dragged or resized. */
export const isDraggable = (ev: Pick<CalEvent, 'entry'>) => ev.entry.status === 0;

/* ------------------------------------------------------------------ drag and drop */

/**
 * The edit of a drop or resize. In the teacher view a drop on another column replaces the teacher the
 * event was dragged from (keeping that teacher's role); in the room view it changes the room.
 * `null` when nothing changes.
 */
export function moveEdit(ev: CalEvent, start: Date, end: Date, mode: ResourceMode, targetResourceId?: string | number): CalendarEntryEdit | null {
  const e = ev.entry;
  const edit: CalendarEntryEdit = { id: e.id, clazzStartTime: formatWire(start), clazzEndTime: formatWire(end) };
  const target = targetResourceId == null ? undefined : String(targetResourceId);
  let changed = edit.clazzStartTime !== e.clazzStartTime || edit.clazzEndTime !== e.clazzEndTime;
  if (target && target !== ev.resourceId && target !== NO_RESOURCE) {
    if (mode === 'room') {
      edit.roomId = target;
      changed = true;
    } else if (mode === 'teacher') {
      const from = ev.resourceId;
      const role = e.teachers.find((t) => t.teacherId === from)?.role ?? 1;
      // The target may already teach this entry (as 辅导): one row per teacher, the moved role winning.
      const others = e.teachers.filter((t) => t.teacherId !== from && t.teacherId !== target).map(strip);
      edit.teachers = [{ teacherId: target, role }, ...others].sort((a, b) => a.role - b.role);
      changed = true;
    }
  }
  return changed ? edit : null;
}

const strip = (t: EntryTeacher): EntryTeacher => ({ teacherId: t.teacherId, role: t.role });

/** The optimistic copy of an entry after an edit (names filled from the options), so the grid moves at once. */
export function applyEdit(e: CalendarEntry, edit: CalendarEntryEdit, names: { teacher: (id: string) => string | undefined; room: (id: string) => string | undefined }): CalendarEntry {
  const next: CalendarEntry = { ...e };
  if (edit.clazzStartTime) next.clazzStartTime = edit.clazzStartTime;
  if (edit.clazzEndTime) next.clazzEndTime = edit.clazzEndTime;
  if (edit.roomId !== undefined) {
    next.roomId = edit.roomId;
    next.roomName = edit.roomId ? (names.room(edit.roomId) ?? null) : null;
  }
  if (edit.teachers) next.teachers = edit.teachers.map((t) => ({ ...t, name: names.teacher(t.teacherId) ?? e.teachers.find((x) => x.teacherId === t.teacherId)?.name }));
  return next;
}
