import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper } from '@/components/pickers/__tests__/helpers';
import { ApiError, http } from '@/lib/http';
import type { CalendarEntry } from '@/lib/calendar/types';
import type { CalendarViewProps } from '../calendar-view';
import CalendarPanelScreen from '../calendar-panel-screen';
import { calendarEntry } from '../test-fixtures';

jest.setTimeout(60_000);

jest.mock('next/navigation', () => ({
  usePathname: () => '/calpanel/CalendarPanel',
  useSearchParams: () => new URLSearchParams('view=week&date=2026-11-25&res=teacher'),
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
}));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
// The grid is react-big-calendar's (tested there); this stand-in shows where each event sits and performs a drop.
jest.mock('../calendar-view', () => {
  const { createElement: h } = jest.requireActual<typeof import('react')>('react');
  return {
    CalendarView: (p: CalendarViewProps) =>
      h(
        'div',
        null,
        p.events.map((e) => h('div', { key: e.key, 'data-testid': 'stub-event' }, `${e.key} ${e.entry.clazzStartTime} ${e.title}`)),
        h('button', { type: 'button', onClick: () => p.onMove(p.events[0], new Date(2026, 10, 24, 14, 0), new Date(2026, 10, 24, 15, 30), 't3') }, 'drop'),
      ),
  };
});

const get = http.get as jest.Mock;
const put = http.put as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const ENTRY: CalendarEntry = calendarEntry({ teachers: [{ teacherId: 't1', role: 1, name: '周明' }] });
const OPTIONS = { teachers: [{ id: 't1', name: '周明' }, { id: 't3', name: '王芳' }], locations: [], rooms: [], classes: [], courses: [] };
const MESSAGE = '教师 王芳 在 2026-11-24 14:00-15:00 已有课次「初三英语B班 第1次课」（中关村校区 202教室）';
const CLASH = new ApiError(MESSAGE, 409, 200, {
  success: false,
  code: 409,
  message: MESSAGE,
  result: {
    canOverride: true,
    conflicts: [{ kind: 'teacher', resourceName: '王芳', calendarId: 'c7', title: '初三英语B班 第1次课', clazzStartTime: '2026-11-24 14:00:00', clazzEndTime: '2026-11-24 15:00:00', locationName: '中关村校区', roomName: '202教室', teacherNames: ['王芳'] }],
  },
});

let entries: CalendarEntry[] = [ENTRY];
beforeEach(() => {
  jest.clearAllMocks();
  entries = [ENTRY];
  get.mockImplementation((url: string) => {
    if (url === '/calendar/tblCalendar/options') return ok(OPTIONS);
    if (url === '/calendar/tblCalendar/range') return ok(entries);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const CODES = ['calendar:entry:list', 'calendar:entry:edit', 'calendar:entry:override'];
const renderScreen = () => render(<CalendarPanelScreen />, { wrapper: wrapper({ auth: CODES.map(perm), allAuth: CODES.map(perm) }) });
const stubText = () => screen.getAllByTestId('stub-event').map((e) => e.textContent);

describe('drag and drop on the 行事历', () => {
  it('moves at once, reverts on 409 and lists the clash; 仍然保存 with a reason re-sends with override', async () => {
    let release: (v: unknown) => void = () => undefined;
    put.mockImplementationOnce(() => new Promise((_, reject) => (release = () => reject(CLASH))));
    renderScreen();
    await waitFor(() => expect(stubText()).toEqual(['c1:t1 2026-11-23 10:00:00 初二数学A班 · 201教室 · 周明']));
    await act(async () => fireEvent.click(screen.getByText('drop')));
    // Optimistic: already moved to the new time and teacher while the server decides.
    await waitFor(() => expect(stubText()).toEqual(['c1:t3 2026-11-24 14:00:00 初二数学A班 · 201教室 · 王芳']));
    expect(put).toHaveBeenCalledWith('/calendar/tblCalendar/edit', {
      id: 'c1',
      clazzStartTime: '2026-11-24 14:00:00',
      clazzEndTime: '2026-11-24 15:30:00',
      teachers: [{ teacherId: 't3', role: 1 }],
      apply: 'this',
    });
    await act(async () => release(null));
    const box = await screen.findByTestId('cal-conflict');
    expect(within(box).getAllByTestId('cal-conflict-item')[0].textContent).toContain('王芳');
    await waitFor(() => expect(stubText()).toEqual(['c1:t1 2026-11-23 10:00:00 初二数学A班 · 201教室 · 周明']));

    put.mockImplementationOnce(() => ok(null, '编辑成功!'));
    entries = [{ ...ENTRY, clazzStartTime: '2026-11-24 14:00:00', clazzEndTime: '2026-11-24 15:30:00', teachers: [{ teacherId: 't3', role: 1, name: '王芳' }], conflictOverride: true }];
    fireEvent.change(screen.getByTestId('cal-conflict-reason'), { target: { value: '王芳老师同意' } });
    await act(async () => fireEvent.click(screen.getByTestId('cal-conflict-override')));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[1][1]).toMatchObject({ id: 'c1', apply: 'this', override: { reason: '王芳老师同意' } });
    expect(await screen.findByText('已调整')).toBeTruthy();
    await waitFor(() => expect(stubText()).toEqual(['c1:t3 2026-11-24 14:00:00 ⚠ 初二数学A班 · 201教室 · 王芳']));
  });

  it('a series member asks 仅此课次 / 此课次及以后 / 全部 first; dismissing sends nothing', async () => {
    entries = [{ ...ENTRY, seriesId: 's1' }];
    put.mockImplementation(() => ok(null));
    renderScreen();
    await waitFor(() => expect(stubText()).toHaveLength(1));
    await act(async () => fireEvent.click(screen.getByText('drop')));
    expect(await screen.findByText('此课次及以后')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cal-apply-cancel'));
    await waitFor(() => expect(screen.queryByText('此课次及以后')).toBeNull());
    expect(put).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByText('drop')));
    fireEvent.click(await screen.findByText('此课次及以后'));
    await act(async () => fireEvent.click(screen.getByTestId('cal-apply-ok')));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0][1]).toMatchObject({ id: 'c1', apply: 'following' });
    expect(await screen.findByText('已调整')).toBeTruthy();
  });
});
