'use client';

import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { usePathname, useSearchParams } from 'next/navigation';
import useSWR from 'swr';
import dayjs from 'dayjs';
import { App, Button, Card, Flex, Segmented, Select, Space, Spin, Typography } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useAuth } from '@/components/shell/shell-context';
import { LoadError } from '@/components/data/list/list-feedback';
import { noticeSocket } from '@/components/notice/notice-socket-bus';
import { readCommand } from '@/lib/notice-poll';
import { CALENDAR_CHANGED, CALENDAR_TYPES, type CalendarEntry, type CalendarEntryDetail, type CalendarType, type SeriesScope } from '@/lib/calendar/types';
import { CAL_API, editEntry, EMPTY_OPTIONS, type CalendarOptions, fetchRange, fetchScopedOptions, scopedParams, type CalendarScope, type Override } from './calendar-api';
import { PERMS } from '@/lib/permissions/codes';
import {
  CAL_VIEWS,
  eventColor,
  eventLook,
  queryFromState,
  rangeLabel,
  rangeParams,
  resourcesFor,
  shiftDate,
  stateFromQuery,
  toEvents,
  whoseSessions,
  type CalEvent,
  type CalFilters,
  type CalState,
  type CalView,
  type ResourceMode,
  type Whose,
} from './calendar-model';
import { applyEdit, moveEdit } from './calendar-drag';
import { CalendarView } from './calendar-view';
import { useConflictGuard } from './conflict-guard';
import { useApplyChoice } from './use-apply-choice';
import { useApplyActions } from './apply-actions';
import { useNeighbourPrefetch } from './use-neighbour-prefetch';
import type { EntryModalProps } from './entry-modal';
import styles from './calendar-panel.module.css';

// Loaded on first use, not with the home page: the drawer brings the roll-call table, sanitize-html, homework
// and materials; the modal the forms, date pickers and the editor (bench/first-load-js.ts, docs/benchmarks.md).
const DetailDrawer = dynamic(() => import('./detail-drawer').then((m) => m.DetailDrawer), { ssr: false });
const EntryModal = dynamic(() => import('./entry-modal').then((m) => m.EntryModal), { ssr: false });

/**
 * 行事历 (calpanel/CalendarPanel): the home calendar of teaching sessions, activities, exams and meetings.
 * `scope` 1 is the 内部班 variant (features/calendar/inner): its reads ask for scope-1 rows and classes.
 */
export default function CalendarPanelScreen({ scope = 0 }: { scope?: CalendarScope }) {
  return <CalendarPanel scope={scope} />;
}

const RESOURCE_OPTIONS: { value: ResourceMode; label: string }[] = [
  { value: 'none', label: '不分组' },
  { value: 'teacher', label: '按教师' },
  { value: 'room', label: '按教室' },
];

const WHOSE_OPTIONS: { value: Whose; label: string }[] = [
  { value: 'mine', label: '我的' },
  { value: 'all', label: '全部' },
];

const sel = (xs: { id: string; name: string }[]) => xs.map((x) => ({ value: x.id, label: x.name }));

/**
 * The filter row. Memoised with a stable `onFilter`: switching weeks re-renders the toolbar and the grid, not these
 * six Selects (each antd re-render runs its style hooks; issue #28, week switch).
 */
type FilterRowProps = {
  filters: CalFilters;
  options: CalendarOptions;
  rooms: CalendarOptions['rooms'];
  empty: boolean;
  onFilter: (patch: Partial<CalFilters>) => void;
};
/** The URL gives a new filters object with every state change: compare what it holds. */
const sameFilters = (x: CalFilters, y: CalFilters) =>
  x.teacherId === y.teacherId && x.locationId === y.locationId && x.roomId === y.roomId && x.clazzId === y.clazzId && x.courseId === y.courseId && x.types.join() === y.types.join();
const sameFilterRow = (a: FilterRowProps, b: FilterRowProps) =>
  a.options === b.options && a.rooms === b.rooms && a.empty === b.empty && a.onFilter === b.onFilter && sameFilters(a.filters, b.filters);

const CalendarFilters = memo(function CalendarFilters({ filters, options, rooms, empty, onFilter }: FilterRowProps) {
  return (
    <Flex wrap gap={8} style={{ marginBottom: 12 }}>
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="教师" style={{ width: 140 }} value={filters.teacherId} options={sel(options.teachers)} onChange={(v?: string) => onFilter({ teacherId: v })} data-testid="cal-filter-teacher" />
      <Select
        allowClear
        placeholder="校区/场地"
        style={{ width: 160 }}
        value={filters.locationId}
        options={sel(options.locations)}
        onChange={(v?: string) => {
          const room = options.rooms.find((r) => r.id === filters.roomId);
          onFilter({ locationId: v, roomId: room && v && room.locationId !== v ? undefined : filters.roomId });
        }}
        data-testid="cal-filter-location"
      />
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="教室" style={{ width: 140 }} value={filters.roomId} options={sel(rooms)} onChange={(v?: string) => onFilter({ roomId: v })} data-testid="cal-filter-room" />
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="班级" style={{ width: 160 }} value={filters.clazzId} options={sel(options.classes)} onChange={(v?: string) => onFilter({ clazzId: v })} data-testid="cal-filter-class" />
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="课程" style={{ width: 160 }} value={filters.courseId} options={sel(options.courses)} onChange={(v?: string) => onFilter({ courseId: v })} data-testid="cal-filter-course" />
      <Select
        mode="multiple"
        allowClear
        placeholder="类型"
        style={{ minWidth: 160 }}
        maxTagCount="responsive"
        value={filters.types}
        options={CALENDAR_TYPES.map((t) => ({ value: t.value, label: t.text }))}
        onChange={(v: CalendarType[]) => onFilter({ types: [...v].sort() })}
        data-testid="cal-filter-type"
      />
      {empty && (
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }} data-testid="cal-empty">
          本时段暂无日程
        </Typography.Text>
      )}
    </Flex>
  );
}, sameFilterRow);

function CalendarPanel({ scope }: { scope: CalendarScope }) {
  const { message } = App.useApp();
  const { mode } = useAuth();
  const canAdd = mode(PERMS.calendar.add) === 'show';
  const canSeries = mode(PERMS.series.add) === 'show';
  const canEdit = mode(PERMS.calendar.edit) === 'show';
  const canSeeAll = mode(PERMS.calendar.all) === 'show';
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => stateFromQuery(searchParams), [searchParams]);

  const setState = useCallback(
    (patch: Partial<CalState>) => {
      const next = { ...state, ...patch };
      // The native history call (integrated with useSearchParams since Next 14.1) keeps the view in the
      // URL without a server round trip: router.replace would re-render the signed-in layout on every click,
      // and a shell refresh racing it could drop the change.
      window.history.replaceState(null, '', `${pathname}?${queryFromState(next, new URLSearchParams(searchParams.toString())).toString()}`);
    },
    [state, pathname, searchParams],
  );
  const setFilter = (patch: Partial<CalFilters>) => setState({ filters: { ...state.filters, ...patch } });
  // The latest setFilter behind a stable function, so the memoised filter row does not re-render with every state change.
  const setFilterRef = useRef(setFilter);
  useEffect(() => {
    setFilterRef.current = setFilter;
  });
  const onFilter = useCallback((patch: Partial<CalFilters>) => setFilterRef.current(patch), []);

  const { data: loadedOptions, error: optionsError } = useSWR([CAL_API.options, scope] as const, fetchScopedOptions, { revalidateOnFocus: false });
  const options = loadedOptions ?? EMPTY_OPTIONS;
  // Whose sessions depends on the options' myTeacherIds: the range waits for them, so a teacher never sees 全部 flash first.
  const optionsSettled = loadedOptions !== undefined || optionsError !== undefined;
  const { whose, switchable } = whoseSessions(state.whose, { isTeacher: options.myTeacherIds.length > 0, canSeeAll });
  const params = useMemo(() => scopedParams(rangeParams(state, whose), scope), [state, whose, scope]);
  const { data, error, isLoading, isValidating, mutate } = useSWR(optionsSettled ? ([CAL_API.range, params] as const) : null, fetchRange, { keepPreviousData: true });
  const entries = useMemo(() => data ?? [], [data]);
  useNeighbourPrefetch(data !== undefined && !isValidating && !error, state, whose, scope);

  // A session added, moved or cancelled by 教务 reaches an open calendar without a reload (server pushes CALENDAR_CHANGED).
  useEffect(
    () =>
      noticeSocket.subscribe((event) => {
        if (event.type !== 'socketMessage') return;
        const r = readCommand(event.data);
        if ('cmd' in r && r.cmd === CALENDAR_CHANGED.cmd) void mutate();
      }),
    [mutate],
  );

  const resourceMode: ResourceMode = state.view === 'week' || state.view === 'day' ? state.resource : 'none';
  const events = useMemo(() => toEvents(entries, resourceMode), [entries, resourceMode]);
  const resources = useMemo(() => resourcesFor(resourceMode, entries, options, state.filters), [resourceMode, entries, options, state.filters]);
  const classColors = useMemo(() => new Map(options.classes.map((c) => [c.id, c.color])), [options.classes]);
  const look = useCallback((e: CalEvent) => eventLook(e.entry, eventColor(e.entry, (id) => classColors.get(id))), [classColors]);
  const names = useMemo(() => {
    const t = new Map(options.teachers.map((x) => [x.id, x.name]));
    const r = new Map(options.rooms.map((x) => [x.id, x.name]));
    return { teacher: (id: string) => t.get(id), room: (id: string) => r.get(id) };
  }, [options]);

  const [detailId, setDetailId] = useState<string | null>(null);
  const [modal, setModal] = useState<EntryModalProps['open']>(null);
  // Mounted from the first opening on (and kept, so closing still animates).
  const [used, setUsed] = useState({ detail: false, modal: false });
  if ((detailId && !used.detail) || (modal && !used.modal)) setUsed({ detail: used.detail || !!detailId, modal: used.modal || !!modal });
  // Destructured so the drag handler depends only on the stable functions, not on per-render objects.
  const { save: guardedSave, modal: conflictModal } = useConflictGuard();
  const { ask: askApply, modal: applyModal } = useApplyChoice();
  // Filing an application changes nothing on the calendar until it is approved (审核).
  const applyActions = useApplyActions(() => undefined);

  const onMove = useCallback(
    async (ev: CalEvent, start: Date, end: Date, resourceId?: string | number) => {
      const edit = moveEdit(ev, start, end, resourceMode, resourceId);
      if (!edit) return;
      let scope: SeriesScope = 'this';
      if (ev.entry.seriesId) {
        const a = await askApply();
        if (!a) return;
        scope = a;
      }
      const original = ev.entry;
      const swap = (to: CalendarEntry) => (list: CalendarEntry[] | undefined) => list?.map((x) => (x.id === original.id ? to : x));
      // Optimistic: the event sits where it was dropped while the server checks for clashes.
      await mutate(swap(applyEdit(original, edit, names)), { revalidate: false });
      const body = { ...edit, apply: scope };
      const ok = await guardedSave(
        (override?: Override) => editEntry(override ? { ...body, override } : body),
        () => {
          message.success('已调整');
          void mutate();
        },
      );
      if (!ok) await mutate(swap(original), { revalidate: false });
    },
    [resourceMode, askApply, mutate, names, guardedSave, message],
  );

  const onNavigate = useCallback((d: Date, v: CalView) => setState({ date: dayjs(d).format('YYYY-MM-DD'), view: v }), [setState]);
  const onSelectEvent = useCallback((e: CalEvent) => setDetailId(e.id), []);
  const onSelectSlot = useCallback(
    ({ start, end }: { start: Date; end: Date }) => {
      if (!canAdd && !canSeries) return;
      // A whole-day pick (month view) becomes a 09:00 session of 90 minutes.
      const whole = dayjs(end).diff(start, 'hour') >= 24 || (dayjs(start).hour() === 0 && dayjs(end).isSame(dayjs(start).add(1, 'day')));
      const s = whole ? dayjs(start).hour(9).minute(0) : dayjs(start);
      const e = whole ? s.add(90, 'minute') : dayjs(end);
      setModal({ mode: 'create', start: s.toDate(), end: e.toDate() });
    },
    [canAdd, canSeries],
  );

  const rooms = useMemo(() => options.rooms.filter((r) => !state.filters.locationId || r.locationId === state.filters.locationId), [options.rooms, state.filters.locationId]);
  const date = useMemo(() => dayjs(state.date).toDate(), [state.date]);
  const empty = optionsSettled && !isLoading && !error && entries.length === 0;

  return (
    <Card styles={{ body: { padding: 16 } }}>
      <div data-testid="calendar-panel" data-scope={scope}>
        <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 12 }}>
          <Space wrap>
            <Button onClick={() => setState({ date: dayjs().format('YYYY-MM-DD') })} data-testid="cal-today">
              今天
            </Button>
            <Button icon={<LeftOutlined />} onClick={() => setState({ date: shiftDate(state.view, state.date, -1) })} aria-label="上一页" title="上一页" data-testid="cal-prev" />
            <Button icon={<RightOutlined />} onClick={() => setState({ date: shiftDate(state.view, state.date, 1) })} aria-label="下一页" title="下一页" data-testid="cal-next" />
            <Typography.Text strong style={{ fontSize: 16 }} data-testid="cal-range-label">
              {rangeLabel(state.view, state.date)}
            </Typography.Text>
            {isValidating && <Spin size="small" />}
          </Space>
          <Space wrap>
            {switchable ? (
              <Segmented value={whose} options={WHOSE_OPTIONS} onChange={(v) => setState({ whose: v as Whose })} data-testid="cal-whose" />
            ) : (
              whose === 'mine' && (
                <Typography.Text type="secondary" data-testid="cal-whose-mine">
                  我的课次
                </Typography.Text>
              )
            )}
            <Segmented value={state.view} options={CAL_VIEWS} onChange={(v) => setState({ view: v as CalView })} data-testid="cal-view" />
            {(state.view === 'week' || state.view === 'day') && (
              <Space size={4}>
                <Typography.Text type="secondary">资源视图</Typography.Text>
                <Segmented value={state.resource} options={RESOURCE_OPTIONS} onChange={(v) => setState({ resource: v as ResourceMode })} data-testid="cal-resource" />
              </Space>
            )}
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ mode: 'create', tab: 'single' })} data-testid="cal-add">
                新建日程
              </Button>
            )}
            {canSeries && (
              <Button icon={<ScheduleOutlined />} onClick={() => setModal({ mode: 'create', tab: 'series' })} data-testid="cal-add-series">
                批量排课
              </Button>
            )}
          </Space>
        </Flex>
        <CalendarFilters filters={state.filters} options={options} rooms={rooms} empty={empty} onFilter={onFilter} />
        {error && <LoadError title="日程加载失败" error={error} onRetry={() => void mutate()} testId="cal-error" />}
        <div className={styles.root}>
          <CalendarView
            events={events}
            resources={resources}
            view={state.view}
            date={date}
            look={look}
            canAdd={canAdd || canSeries}
            canEdit={canEdit}
            onNavigate={onNavigate}
            onSelectEvent={onSelectEvent}
            onSelectSlot={onSelectSlot}
            onMove={onMove}
          />
        </div>
      </div>
      {used.detail && (
        <DetailDrawer
          id={detailId}
          onClose={() => setDetailId(null)}
          onEdit={(entry: CalendarEntryDetail) => {
            setDetailId(null);
            setModal({ mode: 'edit', entry });
          }}
          onChanged={() => void mutate()}
          renderActions={applyActions.renderActions}
          renderRollActions={applyActions.renderRollActions}
        />
      )}
      {applyActions.modal}
      {used.modal && (
        <EntryModal open={modal} options={options} canSingle={canAdd} canSeries={canSeries} askApply={askApply} scope={scope} onClose={() => setModal(null)} onSaved={() => void mutate()} />
      )}
      {conflictModal}
      {applyModal}
    </Card>
  );
}
