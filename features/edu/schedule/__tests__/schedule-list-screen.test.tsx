import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import ScheduleListScreen from '../schedule-list-screen';

/** 课表 (issue #21): a teacher opens on her own sessions from today; 全部 and 含以往课次 widen it. */

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/schedule' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const CODES = ['calendar:schedule:list', 'calendar:entry:list', 'calendar:entry:all'];
const OPTIONS = { myTeacherIds: ['tch_01'], teachers: [], locations: [], rooms: [], classes: [], courses: [] };

const listCalls = () => get.mock.calls.filter(([u]) => u === '/calendar/tblCalendarList/list').map(([, p]) => p as Record<string, unknown>);

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) =>
    Promise.resolve(url === '/calendar/tblCalendar/options' ? { success: true, code: 200, message: '', result: OPTIONS } : page([], 0)),
  );
});

it('a teacher with calendar:entry:all opens on 我的 from today, and may switch to 全部 and 含以往课次', async () => {
  render(<ScheduleListScreen />, { wrapper: wrapper({ auth: CODES.map(perm), allAuth: CODES.map(perm) }) });
  await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
  // Never a whole-school first page: every call so far is 我的, from today.
  expect(listCalls().every((p) => p.mine === '1' && p.upcoming === '1')).toBe(true);
  fireEvent.click(within(screen.getByTestId('schedule-whose')).getByText('全部'));
  await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ upcoming: '1' }));
  await waitFor(() => expect(listCalls().at(-1)!.mine).toBeUndefined());
  fireEvent.click(screen.getByTestId('schedule-past'));
  await waitFor(() => expect(listCalls().at(-1)!.upcoming).toBeUndefined());
});

it('without calendar:entry:all: 我的课次 only, no switch', async () => {
  const held = ['calendar:schedule:list', 'calendar:entry:list'];
  render(<ScheduleListScreen />, { wrapper: wrapper({ auth: held.map(perm), allAuth: CODES.map(perm) }) });
  await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
  expect(screen.queryByTestId('schedule-whose')).toBeNull();
  expect(within(screen.getByTestId('schedule-scope')).getByText('我的课次')).toBeTruthy();
  expect(listCalls()[0]).toMatchObject({ mine: '1', upcoming: '1' });
});
