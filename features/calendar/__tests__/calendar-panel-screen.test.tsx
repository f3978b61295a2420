import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper, type WrapperOptions } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import type { CalendarEntry, CalendarEntryDetail } from '@/lib/calendar/types';
import CalendarPanelScreen from '../calendar-panel-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';
import { calendarEntry } from '../test-fixtures';
import { noticeSocket } from '@/components/notice/notice-socket-bus';

// The real react-big-calendar renders here (week grid under jsdom): slow on a busy 2-core machine.
jest.setTimeout(90_000);

// react-big-calendar's slot selection asks what is under the pointer; jsdom has no layout.
document.elementFromPoint ??= () => null;

let search = new URLSearchParams('view=week&date=2026-11-25');
jest.mock('next/navigation', () => ({
  usePathname: () => '/calpanel/CalendarPanel',
  useSearchParams: () => search,
}));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const ok = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });

const ENTRY: CalendarEntry = calendarEntry();
const MEETING: CalendarEntry = { ...ENTRY, id: 'c2', type: 4, title: '教研会', clazzId: null, clazzName: null, teachers: [], roomId: null, roomName: null, clazzStartTime: '2026-11-24 14:00:00', clazzEndTime: '2026-11-24 15:00:00', status: 2 };
const DETAIL: CalendarEntryDetail = {
  ...ENTRY,
  content: '<p>一次函数<script>alert(1)</script></p><img src="x" onerror="alert(2)">',
  liveUrl: 'https://live.example.com/room/1',
  remark: '带练习册',
  overrideReason: null,
  auditStatus: 1,
  log: [{ action: '新建', detail: null, operator: '赵立新', createTime: '2026-11-20 09:00:00' }],
};
const OPTIONS = {
  teachers: [
    { id: 't1', name: '周明' },
    { id: 't2', name: '李文静' },
  ],
  locations: [{ id: 'l1', name: '中关村校区' }],
  rooms: [{ id: 'r1', name: '201教室', locationId: 'l1', capacity: 20 }],
  classes: [{ id: 'z1', name: '初二数学A班', courseId: 'k1', locationId: 'l1', roomId: 'r1', headTeacher: 't1', capacity: 20, hoursPerLesson: 1.5, color: '#eb2f96' }],
  courses: [{ id: 'k1', name: '初二数学', color: null }],
};

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const ALL = ['calendar:entry:list', 'calendar:entry:add', 'calendar:entry:edit', 'calendar:entry:cancel', 'calendar:series:add', 'calendar:attendance:check'];
const asUser = (held: string[]): WrapperOptions => ({ auth: held.map(perm), allAuth: ALL.map(perm) });

beforeEach(() => {
  jest.clearAllMocks();
  search = new URLSearchParams('view=week&date=2026-11-25');
  get.mockImplementation((url: string, p?: Record<string, string>) => {
    if (url === '/calendar/tblCalendar/options') return ok(OPTIONS);
    if (url === '/calendar/tblCalendar/range') return ok([ENTRY, MEETING]);
    if (url === '/calendar/tblCalendar/queryById' && p?.id === 'c1') return ok(DETAIL);
    if (url === '/calendar/lessonStudent/list') return ok([]);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const rangeCalls = () => get.mock.calls.filter(([u]) => u === '/calendar/tblCalendar/range').map(([, p]) => p as Record<string, string>);
const eventEl = (id: string) => document.querySelector(`[data-testid="cal-event"][data-entry-id="${id}"]`) as HTMLElement | null;

describe('行事历 screen', () => {
  it('without calendar:entry:list shows 没有权限 and asks for nothing', () => {
    render(
      <ScreenGate perm={screenPerm('calpanel/CalendarPanel')}>
        <CalendarPanelScreen />
      </ScreenGate>,
      { wrapper: wrapper(asUser([])) },
    );
    expect(screen.getByTestId('no-permission').getAttribute('data-code')).toBe('calendar:entry:list');
    expect(get).not.toHaveBeenCalled();
  });

  it('fetches the week from the URL, draws each entry with its colour and look, hides buttons without rights', async () => {
    search = new URLSearchParams('view=week&date=2026-11-25&teacherId=t1&type=0,4');
    render(<CalendarPanelScreen />, { wrapper: wrapper(asUser(['calendar:entry:list'])) });
    expect(await screen.findByTestId('calendar-panel')).toBeTruthy();
    await waitFor(() => expect(eventEl('c1')).not.toBeNull());
    expect(rangeCalls()[0]).toEqual({ start: '2026-11-23 00:00:00', end: '2026-11-30 00:00:00', teacherId: 't1', type: '0,4' });
    expect(eventEl('c1')!.textContent).toBe('初二数学A班 · 201教室 · 周明');
    // Class colour for a teaching session; the cancelled meeting greyed and struck through.
    const box = eventEl('c1')!.closest('.rbc-event') as HTMLElement;
    expect(box.style.backgroundColor).toBe('rgb(235, 47, 150)');
    const cancelled = eventEl('c2')!.closest('.rbc-event') as HTMLElement;
    expect(cancelled.className).toContain('cal-ev-cancelled');
    expect(cancelled.style.textDecoration).toBe('line-through');
    expect(screen.getByTestId('cal-range-label').textContent).toBe('2026年11月23日 – 29日');
    expect(screen.queryByTestId('cal-add')).toBeNull();
    expect(screen.queryByTestId('cal-add-series')).toBeNull();
  });

  it('once the week has settled, the weeks before and after are read with the same filters; 下一页 draws from them at once', async () => {
    search = new URLSearchParams('view=week&date=2026-11-25&teacherId=t1');
    const NEXT: CalendarEntry = { ...ENTRY, id: 'c9', clazzStartTime: '2026-12-01 09:00:00', clazzEndTime: '2026-12-01 10:30:00' };
    let releaseNext: () => void = () => undefined;
    let nextReads = 0;
    get.mockImplementation((url: string, p?: Record<string, string>) => {
      if (url === '/calendar/tblCalendar/options') return ok(OPTIONS);
      if (url === '/calendar/tblCalendar/range' && p?.start === '2026-11-30 00:00:00') {
        // The prefetch answers; the revalidation after 下一页 hangs, so what is drawn can only come from the prefetch.
        nextReads += 1;
        return nextReads === 1 ? ok([NEXT]) : new Promise((resolve) => (releaseNext = () => resolve({ success: true, code: 200, message: '', result: [NEXT] })));
      }
      if (url === '/calendar/tblCalendar/range') return ok([ENTRY]);
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    const { rerender } = render(<CalendarPanelScreen />, { wrapper: wrapper(asUser(['calendar:entry:list'])) });
    await waitFor(() => expect(eventEl('c1')).not.toBeNull());
    await waitFor(() => expect(rangeCalls().map((p) => p.start).sort()).toEqual(['2026-11-16 00:00:00', '2026-11-23 00:00:00', '2026-11-30 00:00:00']));
    expect(rangeCalls().every((p) => p.teacherId === 't1')).toBe(true);
    // 下一页 writes the URL (history.replaceState); the mocked useSearchParams hands the screen the new one.
    fireEvent.click(screen.getByTestId('cal-next'));
    search = new URLSearchParams('view=week&date=2026-12-02&teacherId=t1');
    rerender(<CalendarPanelScreen />);
    await waitFor(() => expect(eventEl('c9')).not.toBeNull());
    expect(screen.getByTestId('cal-range-label').textContent).toBe('2026年11月30日 – 12月6日');
    // swr revalidates the prefetched week behind what is drawn (that read hangs here).
    await waitFor(() => expect(nextReads).toBe(2));
    act(() => releaseNext());
  });

  it('toolbar and filters write the URL with history.replaceState (foreign keys kept)', async () => {
    search = new URLSearchParams('view=week&date=2026-11-25&keep=1');
    const replace = jest.spyOn(window.history, 'replaceState');
    render(<CalendarPanelScreen />, { wrapper: wrapper(asUser(ALL)) });
    await waitFor(() => expect(eventEl('c1')).not.toBeNull());
    expect(screen.getByTestId('cal-add')).toBeTruthy();
    expect(screen.getByTestId('cal-add-series')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cal-next'));
    expect(replace).toHaveBeenLastCalledWith(null, '', '/calpanel/CalendarPanel?keep=1&view=week&date=2026-12-02');
    fireEvent.click(within(screen.getByTestId('cal-view')).getByText('月'));
    expect(replace).toHaveBeenLastCalledWith(null, '', '/calpanel/CalendarPanel?keep=1&view=month&date=2026-11-25');
    fireEvent.click(within(screen.getByTestId('cal-resource')).getByText('按教师'));
    expect(replace).toHaveBeenLastCalledWith(null, '', '/calpanel/CalendarPanel?keep=1&view=week&date=2026-11-25&res=teacher');
    fireEvent.mouseDown(within(screen.getByTestId('cal-filter-teacher')).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="周明"]')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="周明"]') as HTMLElement);
    expect(replace).toHaveBeenLastCalledWith(null, '', '/calpanel/CalendarPanel?keep=1&view=week&date=2026-11-25&teacherId=t1');
  });

  it('a teacher opens on 我的 (mine=1), may switch to 全部; a pushed calendar change reloads the range (issue #21)', async () => {
    get.mockImplementation((url: string) => {
      if (url === '/calendar/tblCalendar/options') return ok({ ...OPTIONS, myTeacherIds: ['t1'] });
      if (url === '/calendar/tblCalendar/range') return ok([ENTRY]);
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    const replace = jest.spyOn(window.history, 'replaceState');
    render(<CalendarPanelScreen />, { wrapper: wrapper(asUser([...ALL, 'calendar:entry:all'])) });
    await waitFor(() => expect(eventEl('c1')).not.toBeNull());
    // The range waited for the options: never a 全部 read first.
    expect(rangeCalls().every((p) => p.mine === '1')).toBe(true);
    fireEvent.click(within(screen.getByTestId('cal-whose')).getByText('全部'));
    expect(replace).toHaveBeenLastCalledWith(null, '', '/calpanel/CalendarPanel?view=week&date=2026-11-25&whose=all');
    // The shown week's reads (the neighbours' prefetch reads other weeks).
    const shownWeek = () => rangeCalls().filter((p) => p.start === '2026-11-23 00:00:00').length;
    const before = shownWeek();
    act(() => noticeSocket.message({ cmd: 'calendar', msgTxt: '行事历已更新' }));
    await waitFor(() => expect(shownWeek()).toBe(before + 1));
    // Other messages (the bell's) leave the calendar alone.
    act(() => noticeSocket.message({ cmd: 'user', msgId: 'm1' }));
    expect(shownWeek()).toBe(before + 1);
  });

  it('without calendar:entry:all: 我的课次 only, no switch', async () => {
    get.mockImplementation((url: string) => {
      if (url === '/calendar/tblCalendar/options') return ok({ ...OPTIONS, myTeacherIds: ['t1'] });
      if (url === '/calendar/tblCalendar/range') return ok([ENTRY]);
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    render(<CalendarPanelScreen />, { wrapper: wrapper({ auth: ['calendar:entry:list'].map(perm), allAuth: [...ALL, 'calendar:entry:all'].map(perm) }) });
    await waitFor(() => expect(eventEl('c1')).not.toBeNull());
    expect(screen.queryByTestId('cal-whose')).toBeNull();
    expect(screen.getByTestId('cal-whose-mine').textContent).toBe('我的课次');
    expect(rangeCalls()[0].mine).toBe('1');
  });

  it('a week grid mounted hidden (kept-alive tab) opens on the working day once shown, not at 00:00 (issue #21)', async () => {
    const callbacks: ResizeObserverCallback[] = [];
    const Real = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(cb: ResizeObserverCallback) {
        callbacks.push(cb);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      render(<CalendarPanelScreen />, { wrapper: wrapper(asUser(ALL)) });
      await waitFor(() => expect(eventEl('c1')).not.toBeNull());
      const grid = document.querySelector('.rbc-time-content') as HTMLElement;
      // jsdom has no layout: the grid is what a hidden one is, 0 high, at the top.
      const fire = () => act(() => callbacks.forEach((cb) => cb([], {} as ResizeObserver)));
      fire();
      expect(grid.scrollTop).toBe(0);
      Object.defineProperty(grid, 'clientHeight', { configurable: true, value: 500 });
      Object.defineProperty(grid, 'scrollHeight', { configurable: true, value: 960 });
      fire();
      expect(grid.scrollTop).toBe(320);
    } finally {
      globalThis.ResizeObserver = Real;
    }
  });

  it('teacher resource view: an entry with two teachers appears in both columns', async () => {
    search = new URLSearchParams('view=day&date=2026-11-23&res=teacher');
    render(<CalendarPanelScreen />, { wrapper: wrapper(asUser(ALL)) });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="cal-event"][data-entry-id="c1"]')).toHaveLength(2));
    const headers = Array.from(document.querySelectorAll('.rbc-time-header .rbc-row-resource .rbc-header')).map((h) => h.textContent);
    // The meeting in the answer has no teacher: it sits under 未指定.
    expect(headers).toEqual(['周明', '李文静', '未指定']);
  });

  it('a click opens the detail: sanitised 教学内容, live link in a new tab, 点名 tab', async () => {
    render(<CalendarPanelScreen />, { wrapper: wrapper(asUser(ALL)) });
    await waitFor(() => expect(eventEl('c1')).not.toBeNull());
    await act(async () => fireEvent.click(eventEl('c1')!));
    const drawer = await screen.findByTestId('cal-detail');
    await waitFor(() => expect(within(drawer).getByTestId('cal-detail-content')).toBeTruthy());
    const content = within(drawer).getByTestId('cal-detail-content');
    expect(content.innerHTML).toContain('一次函数');
    expect(content.innerHTML).not.toContain('script');
    expect(content.innerHTML).not.toContain('onerror');
    const live = within(drawer).getByTestId('cal-detail-live');
    expect(live.getAttribute('target')).toBe('_blank');
    expect(live.getAttribute('rel')).toContain('noopener');
    expect(within(drawer).getByText('周明（主讲）')).toBeTruthy();
    expect(within(drawer).getByText('李文静（辅导）')).toBeTruthy();
    expect(within(drawer).getByText('赵立新', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('cal-detail-edit')).toBeTruthy();
    expect(screen.getByTestId('cal-detail-cancel')).toBeTruthy();
    fireEvent.click(within(drawer).getByText('点名'));
    expect(await screen.findByTestId('cal-roll')).toBeTruthy();
  });
});
