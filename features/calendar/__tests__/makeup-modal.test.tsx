import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper, type WrapperOptions } from '@/components/pickers/__tests__/helpers';
import { ApiError, http } from '@/lib/http';
import type { LessonStudentRow, PendingMakeupRow } from '@/lib/calendar/types';
import { RollCall, wireInstant } from '../roll-call';

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

const pendingRow = (over: Partial<PendingMakeupRow>): PendingMakeupRow => ({
  id: 'p',
  studentId: 's',
  studentName: '学员',
  phone: '138',
  calendarId: 'old',
  title: '初二数学B班 第2次课',
  clazzId: 'z2',
  clazzName: '初二数学B班',
  courseId: 'k1',
  courseName: '初二数学',
  clazzStartTime: '2026-11-16 10:00:00',
  clazzEndTime: '2026-11-16 11:30:00',
  arrivalStatus: 4,
  ...over,
});

const PENDING = [
  pendingRow({ id: 'p1', studentId: 's7', studentName: '孙七', arrivalStatus: 3 }),
  pendingRow({ id: 'p2', studentId: 's8', studentName: '周八' }),
  // 周八 missed a second lesson too: only one of the two can join this session.
  pendingRow({ id: 'p3', studentId: 's8', studentName: '周八', clazzStartTime: '2026-11-09 10:00:00' }),
];

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const ALL = ['calendar:attendance:check', 'calendar:attendance:makeup'].map(perm);
const ACADEMIC: WrapperOptions = { auth: ALL, allAuth: ALL };
const TEACHER: WrapperOptions = { auth: [perm('calendar:attendance:check')], allAuth: ALL };

const FUTURE = '2099-11-23 10:00:00';
const PAST = '2020-11-23 10:00:00';

let roll: LessonStudentRow[];

beforeEach(() => {
  jest.clearAllMocks();
  roll = [row({ id: 'ls1', studentId: 's1', studentName: '张三' })];
  get.mockImplementation((url: string, p: Record<string, string | number>) => {
    if (url === '/calendar/lessonStudent/list') return ok(roll);
    if (url === '/calendar/lessonStudent/pendingMakeup' && p.toCalendarId === 'c1') return ok({ records: PENDING, total: PENDING.length });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

function renderRoll(opts: WrapperOptions = ACADEMIC, startTime = FUTURE, status: 0 | 1 = 0) {
  const onChanged = jest.fn();
  render(<RollCall calendarId="c1" status={status} startTime={startTime} onChanged={onChanged} />, { wrapper: wrapper(opts) });
  return { onChanged };
}

const checkboxOf = (pendingId: string) => screen.getByTestId(`makeup-row-${pendingId}`).closest('tr')!.querySelector('input[type="checkbox"]') as HTMLInputElement;

describe('wireInstant', () => {
  it('reads a wire time as Asia/Shanghai', () => {
    expect(wireInstant('2026-11-23 10:00:00').toISOString()).toBe('2026-11-23T02:00:00.000Z');
  });
});

describe('安排补课', () => {
  it('lists the pending absentees of the course, adds the chosen ones, then the roll shows them as 补课', async () => {
    post.mockImplementation((url: string) => {
      if (url !== '/calendar/lessonStudent/makeup') return Promise.reject(new Error(url));
      roll = [...roll, row({ id: 'ls7', studentId: 's7', studentName: '孙七', memberType: 3 }), row({ id: 'ls8', studentId: 's8', studentName: '周八', memberType: 3 })];
      return ok({ arranged: 2 }, '补课安排成功');
    });
    const { onChanged } = renderRoll();
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('roll-makeup'));
    const modal = await screen.findByTestId('makeup-modal');
    await within(modal).findByText('孙七');
    expect(get).toHaveBeenCalledWith('/calendar/lessonStudent/pendingMakeup', { toCalendarId: 'c1', pageNo: 1, pageSize: 10 });
    // The reason and the original session are shown.
    const p1 = screen.getByTestId('makeup-row-p1').closest('tr')!;
    expect(within(p1).getByText('请假')).toBeTruthy();
    expect(p1.textContent).toContain('2026-11-16 10:00');
    expect(p1.textContent).toContain('初二数学B班');
    expect(within(screen.getByTestId('makeup-row-p2').closest('tr')!).getByText('缺席')).toBeTruthy();
    expect((screen.getByTestId('makeup-ok') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(checkboxOf('p1'));
    fireEvent.click(checkboxOf('p2'));
    // The same student's other absence cannot be chosen as well.
    await waitFor(() => expect(checkboxOf('p3').disabled).toBe(true));
    expect(screen.getByTestId('makeup-count').textContent).toBe('已选 2 人');
    await act(async () => fireEvent.click(screen.getByTestId('makeup-ok')));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/lessonStudent/makeup', { fromLessonStudentIds: ['p1', 'p2'], toCalendarId: 'c1' }));
    expect(await screen.findByText('补课安排成功')).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const sun = await screen.findByText('孙七', { selector: '.ant-table-tbody span' });
    expect(within(sun.closest('tr')!).getByText('补课')).toBeTruthy();
    expect(screen.getByText('周八', { selector: '.ant-table-tbody span' })).toBeTruthy();
  });

  it("shows the server's capacity refusal in the dialog and keeps it open", async () => {
    post.mockImplementation(() => Promise.reject(new ApiError('超出班级容量（3人）', 500, 200)));
    const { onChanged } = renderRoll();
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('roll-makeup'));
    await screen.findByTestId('makeup-row-p1');
    fireEvent.click(checkboxOf('p1'));
    await act(async () => fireEvent.click(screen.getByTestId('makeup-ok')));
    expect((await screen.findByTestId('makeup-error')).textContent).toContain('超出班级容量（3人）');
    expect(screen.getByTestId('makeup-modal')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('is offered only to holders of calendar:attendance:makeup', async () => {
    renderRoll(TEACHER);
    await screen.findByText('张三');
    expect(screen.queryByTestId('roll-makeup')).toBeNull();
  });

  it('is disabled for a session that has already started', async () => {
    renderRoll(ACADEMIC, PAST);
    await screen.findByText('张三');
    expect((screen.getByTestId('roll-makeup') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is not offered on a checked session', async () => {
    renderRoll(ACADEMIC, PAST, 1);
    await screen.findByText('张三');
    expect(screen.queryByTestId('roll-makeup')).toBeNull();
  });
});

describe('makeup status on the roll', () => {
  it('tags 待补课 / 已安排 / 已补 rows and nothing on the others', async () => {
    roll = [
      row({ id: 'a', studentId: 'a', studentName: '甲', arrivalStatus: 4, makeupStatus: 1 }),
      row({ id: 'b', studentId: 'b', studentName: '乙', arrivalStatus: 3, makeupStatus: 2 }),
      row({ id: 'c', studentId: 'c', studentName: '丙', arrivalStatus: 4, makeupStatus: 3 }),
      row({ id: 'd', studentId: 'd', studentName: '丁', arrivalStatus: 1 }),
    ];
    renderRoll(TEACHER, PAST, 1);
    await screen.findByText('甲');
    expect(screen.getByTestId('roll-makeup-a').textContent).toBe('待补课');
    expect(screen.getByTestId('roll-makeup-b').textContent).toBe('已安排');
    expect(screen.getByTestId('roll-makeup-c').textContent).toBe('已补');
    expect(screen.queryByTestId('roll-makeup-d')).toBeNull();
  });
});
