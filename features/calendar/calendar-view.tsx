'use client';

/**
 * The react-big-calendar grid (with the drag-and-drop addon). Only this module imports the library and
 * its CSS, and the screen that uses it is loaded lazily by the page registry, so neither reaches the
 * first-load JS. Next's App Router accepts global CSS imported from a client component.
 */
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Calendar, dayjsLocalizer, type Components, type EventProps, type Formats, type Messages, type SlotInfo } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { AGENDA_DAYS, scrollOnShow, timeSpan, WORKDAY_START_HOUR, type CalEvent, type CalResource, type CalView, type EventLook } from './calendar-model';
import { isDraggable } from './calendar-drag';
import styles from './calendar-panel.module.css';
import { withNativeComparisons } from './fast-localizer';
import { withLightDragAndDrop } from './light-dnd';

// The shell sets zh-cn too; set here as well so the localizer's weeks start on Monday whoever loads first.
dayjs.locale('zh-cn');
const localizer = withNativeComparisons(dayjsLocalizer(dayjs));
const DnDCalendar = withLightDragAndDrop<CalEvent, CalResource>(Calendar);

/** 'HH:mm–HH:mm' of every event label, with native Dates (1,000 labels a week: dayjs here cost tens of ms). */
const hm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
const hmRange = ({ start, end }: { start: Date; end: Date }) => `${hm(start)}–${hm(end)}`;

const FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  dayFormat: 'M/D ddd',
  weekdayFormat: 'ddd',
  dateFormat: 'D',
  eventTimeRangeFormat: hmRange,
  selectRangeFormat: hmRange,
  agendaDateFormat: 'M月D日 ddd',
  agendaTimeFormat: 'HH:mm',
  agendaTimeRangeFormat: hmRange,
  dayHeaderFormat: 'YYYY年M月D日 dddd',
  monthHeaderFormat: 'YYYY年M月',
};

const MESSAGES: Messages<CalEvent> = {
  date: '日期',
  time: '时间',
  event: '日程',
  allDay: '全天',
  noEventsInRange: '该时段暂无日程',
  showMore: (n) => `还有 ${n} 项`,
};

/** Every event element carries its entry id (e2e and tests find events by it). Memoised: a re-render of the grid with the same events redraws none. */
const EventBox = memo(function EventBox({ event, title }: EventProps<CalEvent>) {
  return (
    <span className={styles.event} data-testid="cal-event" data-entry-id={event.id}>
      {title}
    </span>
  );
});

const COMPONENTS: Components<CalEvent, CalResource> = { event: EventBox };
const SCROLL_TO = new Date(1970, 0, 1, WORKDAY_START_HOUR, 0, 0);

/**
 * Keeps a week / day grid on the working day when it is shown after mounting hidden (scrollOnShow): the
 * grid's height going from 0 to something is the moment it became visible.
 */
function useWorkdayScroll(view: CalView) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || (view !== 'week' && view !== 'day') || typeof ResizeObserver === 'undefined') return;
    let remembered: number | null = null;
    let visible = false;
    const grid = () => root.querySelector<HTMLElement>('.rbc-time-content');
    const onScroll = (e: Event) => {
      const t = e.target as HTMLElement;
      if (t.classList?.contains('rbc-time-content') && t.clientHeight > 0) remembered = t.scrollTop;
    };
    const ro = new ResizeObserver(() => {
      const g = grid();
      const now = !!g && g.clientHeight > 0;
      if (g && now && !visible) {
        const top = scrollOnShow(g, remembered);
        if (top !== null) g.scrollTop = top;
      }
      visible = now;
    });
    ro.observe(root);
    root.addEventListener('scroll', onScroll, true);
    return () => {
      ro.disconnect();
      root.removeEventListener('scroll', onScroll, true);
    };
  }, [view]);
  return ref;
}
/** Per event object (a new fetch makes new ones): the grid asks again on every render. */
const tooltips = new WeakMap<CalEvent, string>();
const tooltip = (e: CalEvent) => {
  let t = tooltips.get(e);
  if (t === undefined) tooltips.set(e, (t = `${e.title}\n${timeSpan(e.entry.clazzStartTime, e.entry.clazzEndTime)}`));
  return t;
};
/** One look per event and colour rule: the same style object each render, so React leaves the element's style alone. */
function cachedLooks(look: (e: CalEvent) => EventLook): (e: CalEvent) => EventLook {
  const looks = new WeakMap<CalEvent, EventLook>();
  return (e) => {
    let v = looks.get(e);
    if (!v) looks.set(e, (v = look(e)));
    return v;
  };
}
const toDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

export interface CalendarViewProps {
  events: CalEvent[];
  resources: CalResource[] | undefined;
  view: CalView;
  date: Date;
  look: (e: CalEvent) => EventLook;
  canAdd: boolean;
  canEdit: boolean;
  onNavigate: (date: Date, view: CalView) => void;
  onSelectEvent: (e: CalEvent) => void;
  onSelectSlot: (slot: { start: Date; end: Date; resourceId?: string }) => void;
  onMove: (e: CalEvent, start: Date, end: Date, resourceId?: string | number) => void;
}

function CalendarViewImpl({ events, resources, view, date, look, canAdd, canEdit, onNavigate, onSelectEvent, onSelectSlot, onMove }: CalendarViewProps) {
  const propGetter = useMemo(() => cachedLooks(look), [look]);
  const drag = useCallback((e: CalEvent) => canEdit && isDraggable(e), [canEdit]);
  const drop = useCallback((a: EventInteractionArgs<CalEvent>) => onMove(a.event, toDate(a.start), toDate(a.end), a.resourceId), [onMove]);
  const slot = useCallback((s: SlotInfo) => onSelectSlot({ start: s.start, end: s.end, resourceId: s.resourceId == null ? undefined : String(s.resourceId) }), [onSelectSlot]);
  const views = useMemo(() => ['month', 'week', 'day', 'agenda'] as CalView[], []);
  const gridRef = useWorkdayScroll(view);
  return (
    <div ref={gridRef} style={{ height: '100%' }} data-testid="cal-grid">
      <DnDCalendar
        localizer={localizer}
        culture="zh-cn"
        events={events}
        resources={resources}
        resourceIdAccessor="id"
        resourceTitleAccessor="title"
        resourceAccessor="resourceId"
        view={view}
        views={views}
        date={date}
        length={AGENDA_DAYS}
        toolbar={false}
        popup
        formats={FORMATS}
        messages={MESSAGES}
        components={COMPONENTS}
        scrollToTime={SCROLL_TO}
        step={30}
        timeslots={2}
        tooltipAccessor={tooltip}
        eventPropGetter={propGetter}
        onNavigate={(d, v) => onNavigate(d, v as CalView)}
        onView={(v) => onNavigate(date, v as CalView)}
        onSelectEvent={onSelectEvent}
        selectable={canAdd}
        onSelectSlot={slot}
        draggableAccessor={drag}
        resizableAccessor={drag}
        resizable={canEdit}
        onEventDrop={drop}
        onEventResize={drop}
        style={{ height: '100%' }}
      />
    </div>
  );
}

export const CalendarView = memo(CalendarViewImpl);
