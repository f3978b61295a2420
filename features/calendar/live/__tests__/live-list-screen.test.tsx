import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper, type WrapperOptions } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import { toWireTime } from '@/lib/calendar/wire-time';
import type { LivePresence, LiveSession } from '@/lib/calendar/types';
import LiveListScreen, { LIVE_REFRESH_MS } from '../live-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

// antd tables and popovers under jsdom are slow on a busy 2-core machine.
jest.setTimeout(90_000);

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const ok = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });
const at = (min: number) => toWireTime(new Date(Date.now() + min * 60_000));

const base: LiveSession = {
  id: 's1', title: '初二数学A班 第3次课', type: 0, clazzName: '初二数学A班', courseName: '初二数学', teachers: '周明', clazzStartTime: at(-10), clazzEndTime: at(50),
  status: 0, scope: 0, liveUrl: 'https://meet.example.org/jiaowu-s1', canGenerate: true, online: 2,
};
const SOON: LiveSession = { ...base, id: 's2', title: '家长会', clazzStartTime: at(120), clazzEndTime: at(180), liveUrl: null, online: 0 };
const OVER: LiveSession = { ...base, id: 's3', title: '早课', clazzStartTime: at(-120), clazzEndTime: at(-60), online: 0 };
const PRESENCE: LivePresence[] = [{ userId: 'u1', realname: '王晓雨', joinedAt: '2026-11-23 10:01:00', lastSeen: '2026-11-23 10:05:00' }];

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const ALL = ['calendar:live:list', 'calendar:live:edit'];
const asUser = (held: string[]): WrapperOptions => ({ auth: held.map(perm), allAuth: ALL.map(perm) });

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/calendar/live/list') return ok({ records: [base, SOON, OVER], total: 3 });
    if (url === '/calendar/live/presence') return ok(PRESENCE);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  post.mockImplementation(() => ok({ liveUrl: 'x' }));
});
afterEach(() => jest.useRealTimers());

describe('直播课堂', () => {
  it('without calendar:live:list shows 没有权限 and asks for nothing', () => {
    render(
      <ScreenGate perm={screenPerm('calendar/LiveList')}>
        <LiveListScreen />
      </ScreenGate>,
      { wrapper: wrapper(asUser([])) },
    );
    expect(screen.getByTestId('no-permission').getAttribute('data-code')).toBe('calendar:live:list');
    expect(get).not.toHaveBeenCalled();
  });

  it('shows each session with its state from the times and its online count; no edit buttons without calendar:live:edit', async () => {
    render(<LiveListScreen />, { wrapper: wrapper(asUser(['calendar:live:list'])) });
    expect((await screen.findByTestId('live-state-s1')).textContent).toBe('直播中');
    expect(screen.getByTestId('live-state-s2').textContent).toBe('未开始');
    expect(screen.getByTestId('live-state-s3').textContent).toBe('已结束');
    expect(screen.getByTestId('live-online-s1').textContent).toContain('在线 2 人');
    expect(screen.queryByTestId('live-set-s1')).toBeNull();
    expect(screen.queryByTestId('live-generate-s2')).toBeNull();
    // Only a live session with a link can be entered.
    expect((screen.getByTestId('live-enter-s2') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('live-enter-s3') as HTMLButtonElement).disabled).toBe(true);
  });

  it('进入直播 opens the link in a new tab without opener, joins, and beats every 30 s while the page is open', async () => {
    jest.useFakeTimers();
    const { unmount } = render(<LiveListScreen />, { wrapper: wrapper(asUser(['calendar:live:list'])) });
    const enter = await screen.findByTestId('live-enter-s1');
    expect(enter.getAttribute('href')).toBe('https://meet.example.org/jiaowu-s1');
    expect(enter.getAttribute('target')).toBe('_blank');
    expect(enter.getAttribute('rel')).toContain('noopener');
    fireEvent.click(enter);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/live/join', { id: 's1' }));
    await waitFor(() => expect(screen.getByTestId('live-enter-s1').getAttribute('data-watching')).toBe('true'));
    expect(post).not.toHaveBeenCalledWith('/calendar/live/heartbeat', expect.anything());
    await act(async () => {
      jest.advanceTimersByTime(LIVE_REFRESH_MS);
    });
    expect(post).toHaveBeenCalledWith('/calendar/live/heartbeat', { id: 's1' });
    const beats = () => post.mock.calls.filter(([u]) => u === '/calendar/live/heartbeat').length;
    expect(beats()).toBe(1);
    unmount();
    await act(async () => {
      jest.advanceTimersByTime(LIVE_REFRESH_MS * 2);
    });
    expect(beats()).toBe(1);
  });

  it('在线 n 人 lists who is on the session', async () => {
    render(<LiveListScreen />, { wrapper: wrapper(asUser(['calendar:live:list'])) });
    fireEvent.click(await screen.findByTestId('live-online-s1'));
    const list = await screen.findByTestId('live-presence-list');
    expect(within(list).getByText(/王晓雨/)).toBeTruthy();
    expect(list.textContent).toContain('10:01 进入');
    expect(get).toHaveBeenCalledWith('/calendar/live/presence', { id: 's1' });
  });

  it('with calendar:live:edit generates a missing link and sets one', async () => {
    render(<LiveListScreen />, { wrapper: wrapper(asUser(['calendar:live:list', 'calendar:live:edit'])) });
    fireEvent.click(await screen.findByTestId('live-generate-s2'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/live/link', { id: 's2' }));
    expect(screen.queryByTestId('live-generate-s1')).toBeNull();
    fireEvent.click(screen.getByTestId('live-set-s3'));
    const input = (await screen.findByTestId('live-url-input')) as HTMLInputElement;
    expect(input.value).toBe('https://meet.example.org/jiaowu-s1');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('直播地址必须以 http:// 或 https:// 开头')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'https://zoom.example.com/j/9' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/live/link', { id: 's3', url: 'https://zoom.example.com/j/9' }));
  });
});
