import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper, type WrapperOptions } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import type { LessonStudentRow } from '@/lib/calendar/types';
import { buildCheckInput, RollCall } from '../roll-call';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const row = (over: Partial<LessonStudentRow>): LessonStudentRow => ({
  id: 'ls',
  studentId: 's',
  studentName: '学员',
  phone: '138',
  memberType: 0,
  arrivalStatus: 0,
  deductHours: null,
  makeupStatus: 0,
  checkTime: null,
  remainHours: 10,
  ...over,
});

const ROLL = [
  row({ id: 'ls1', studentId: 's1', studentName: '张三', remainHours: 12 }),
  row({ id: 'ls2', studentId: 's2', studentName: '李四', remainHours: 1.5 }),
  row({ id: 'ls3', studentId: 's3', studentName: '王五', memberType: 2, remainHours: null }),
];

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const BOTH = { auth: [perm('calendar:attendance:check'), perm('calendar:attendance:revoke')], allAuth: [perm('calendar:attendance:check'), perm('calendar:attendance:revoke')] };

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string, p: Record<string, string>) => {
    if (url === '/calendar/lessonStudent/list' && p.calendarId === 'c1') return ok(ROLL);
    if (url === '/calendar/lessonStudent/list' && p.calendarId === 'c2')
      return ok(ROLL.map((r, i) => ({ ...r, arrivalStatus: i === 1 ? 4 : 1, deductHours: i === 1 ? 0 : 1.5, checkTime: '2026-11-23 11:35:00' })));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

function renderRoll(calendarId: string, status: 0 | 1 | 2, opts: WrapperOptions = BOTH) {
  const onChanged = jest.fn();
  render(<RollCall calendarId={calendarId} status={status} onChanged={onChanged} />, { wrapper: wrapper(opts) });
  return { onChanged };
}

const radio = (studentId: string, label: string) => within(screen.getByTestId(`roll-status-${studentId}`)).getByLabelText(label);

describe('buildCheckInput', () => {
  it('待签 becomes 到课, drafts win, 扣课时 only when given', () => {
    expect(buildCheckInput('c1', ROLL, { s2: { arrivalStatus: 3 }, s3: { deductHours: 0.5 } })).toEqual({
      calendarId: 'c1',
      items: [
        { studentId: 's1', arrivalStatus: 1 },
        { studentId: 's2', arrivalStatus: 3 },
        { studentId: 's3', arrivalStatus: 1, deductHours: 0.5 },
      ],
    });
    // A cleared 扣课时 falls back to the default (sent without the field).
    expect(buildCheckInput('c1', [row({ studentId: 's1', deductHours: 2 })], { s1: { deductHours: null } }).items).toEqual([{ studentId: 's1', arrivalStatus: 1 }]);
  });
});

describe('点名 panel', () => {
  it('defaults to 到课, submits the marks and hours, shows the warnings and refreshes', async () => {
    post.mockImplementation((url: string) =>
      url === '/calendar/lessonStudent/check' ? ok({ checked: 3, consumedHours: 4, warnings: ['学员 李四 剩余课时不足 2 课时'] }, '点名成功') : Promise.reject(new Error(url)),
    );
    const { onChanged } = renderRoll('c1', 0);
    await screen.findByText('张三');
    expect((radio('s1', '到课') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('无课时包')).toBeTruthy();
    fireEvent.click(radio('s2', '缺席'));
    fireEvent.click(radio('s3', '迟到'));
    const box = screen.getByTestId('roll-deduct-s1');
    const deduct = box.tagName === 'INPUT' ? box : (box.querySelector('input') as HTMLElement);
    fireEvent.change(deduct, { target: { value: '2.5' } });
    fireEvent.blur(deduct);
    await act(async () => fireEvent.click(screen.getByTestId('roll-submit')));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/calendar/lessonStudent/check', {
      calendarId: 'c1',
      items: [
        { studentId: 's1', arrivalStatus: 1, deductHours: 2.5 },
        { studentId: 's2', arrivalStatus: 4 },
        { studentId: 's3', arrivalStatus: 2 },
      ],
    });
    expect(await screen.findByText('学员 李四 剩余课时不足 2 课时')).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(get.mock.calls.filter(([u]) => u === '/calendar/lessonStudent/list').length).toBeGreaterThanOrEqual(2);
  });

  it('已点名: the result read-only, 撤销点名 after a confirmation', async () => {
    post.mockImplementation((url: string) => (url === '/calendar/lessonStudent/revoke' ? ok(null, '已撤销点名') : Promise.reject(new Error(url))));
    const { onChanged } = renderRoll('c2', 1);
    await screen.findByText('张三');
    expect(screen.getByTestId('roll-status-s2').textContent).toBe('缺席');
    expect(screen.getByTestId('roll-status-s1').textContent).toBe('到课');
    expect(screen.queryByTestId('roll-submit')).toBeNull();
    expect(screen.queryByTestId('roll-deduct-s1')).toBeNull();
    fireEvent.click(screen.getByTestId('roll-revoke'));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull());
    await act(async () => fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/lessonStudent/revoke', { calendarId: 'c2' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('a session more than 30 minutes away says 课次未开始 up front: no marks, no 提交点名 (issue #21)', async () => {
    const wire = (ms: number) => new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const { unmount } = render(<RollCall calendarId="c1" status={0} startTime={wire(2 * 3600_000)} onChanged={jest.fn()} />, { wrapper: wrapper(BOTH) });
    await screen.findByText('张三');
    expect(screen.getByTestId('roll-not-open').textContent).toContain('课次未开始，不能点名');
    expect(screen.getByTestId('roll-not-open').textContent).toContain('开课前30分钟');
    expect(screen.queryByTestId('roll-submit')).toBeNull();
    expect(screen.getByTestId('roll-status-s1').textContent).toBe('待签');
    unmount();
    // 20 minutes before the start the form is open.
    render(<RollCall calendarId="c1" status={0} startTime={wire(20 * 60_000)} onChanged={jest.fn()} />, { wrapper: wrapper(BOTH) });
    await screen.findByText('张三');
    expect(screen.queryByTestId('roll-not-open')).toBeNull();
    expect(screen.getByTestId('roll-submit')).toBeTruthy();
    // Names never wrap one character per line beside the wide radio group.
    expect(screen.getByTestId('roll-name-s1').style.whiteSpace).toBe('nowrap');
  });

  it('without the rights: no 提交点名, no 撤销点名', async () => {
    const deny = { auth: [], allAuth: BOTH.allAuth };
    renderRoll('c1', 0, deny);
    await screen.findByText('张三');
    expect(screen.queryByTestId('roll-submit')).toBeNull();
    expect(screen.getByTestId('roll-status-s1').textContent).toBe('待签');
  });
});
