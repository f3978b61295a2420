import { render, screen, waitFor } from '@testing-library/react';
import { wrapper, type WrapperOptions } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import InnerCalendarScreen from '../inner-calendar-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';
import { calendarEntry } from '../../test-fixtures';

// The real react-big-calendar renders here (week grid under jsdom): slow on a busy 2-core machine.
jest.setTimeout(90_000);
document.elementFromPoint ??= () => null;

const search = new URLSearchParams('view=week&date=2026-11-25');
jest.mock('next/navigation', () => ({
  usePathname: () => '/inner/calendar',
  useSearchParams: () => search,
}));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const ok = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });
const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const ALL = ['calendar:entry:list', 'calendar:inner:list'];
const asUser = (held: string[]): WrapperOptions => ({ auth: held.map(perm), allAuth: ALL.map(perm) });

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/calendar/tblCalendar/options') return ok({ teachers: [], locations: [], rooms: [], classes: [], courses: [] });
    if (url === '/calendar/tblCalendar/range') return ok([calendarEntry({ scope: 1, clazzName: '内部培训班', title: '内部培训班 第1次课' })]);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

describe('内部班行事历', () => {
  it('without calendar:inner:list shows 没有权限 and asks for nothing', () => {
    render(
      <ScreenGate perm={screenPerm('calpanel/InnerCalendarPanel')}>
        <InnerCalendarScreen />
      </ScreenGate>,
      { wrapper: wrapper(asUser(['calendar:entry:list'])) },
    );
    expect(screen.getByTestId('no-permission').getAttribute('data-code')).toBe('calendar:inner:list');
    expect(get).not.toHaveBeenCalled();
  });

  it('reads the scope-1 range and classes and keeps the view in its own URL', async () => {
    const replace = jest.spyOn(window.history, 'replaceState');
    render(<InnerCalendarScreen />, { wrapper: wrapper(asUser(['calendar:entry:list', 'calendar:inner:list'])) });
    expect((await screen.findByTestId('calendar-panel')).getAttribute('data-scope')).toBe('1');
    await waitFor(() => expect(get).toHaveBeenCalledWith('/calendar/tblCalendar/range', expect.objectContaining({ scope: '1', start: '2026-11-23 00:00:00' })));
    expect(get).toHaveBeenCalledWith('/calendar/tblCalendar/options', { scope: '1' });
    screen.getByTestId('cal-next').click();
    expect(replace).toHaveBeenLastCalledWith(null, '', expect.stringMatching(/^\/inner\/calendar\?/));
  });
});
