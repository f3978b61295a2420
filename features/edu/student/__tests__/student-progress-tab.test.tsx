import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ok, wrapper } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import { StudentDetailDrawer } from '../student-detail-drawer';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;

const MATH = {
  courseId: 'c1',
  courseName: '初一数学',
  clazzes: [
    { id: 'z1', name: '初一数学A班', status: 1, status_dictText: '正常' },
    { id: 'z2', name: '初一数学B班', status: 2, status_dictText: '已退班' },
  ],
  planned: 10,
  done: 4,
  attended: 3,
  leave: 1,
  absent: 0,
  makeupPending: 1,
  attendanceRate: 75,
  hoursBought: 15,
  hoursGift: 5,
  hoursUsed: 5,
  hoursRemain: 15,
  lastSession: '2026-11-20 10:00:00',
  nextSession: '2026-11-27 10:00:00',
};

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/edu/student/courses') return Promise.resolve(ok({ packages: [], logs: [] }));
    if (url === '/edu/tblStudent/progress') return Promise.resolve(ok({ studentId: 's1', courses: [MATH] }));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const STUDENT = { id: 's1', name: '张三', phone: '13900000001' };

describe('学员详情: 学习进度 tab', () => {
  it('loads progress only when the tab is opened and shows each course’s bars and numbers', async () => {
    render(<StudentDetailDrawer student={STUDENT} canAddPackage={false} onClose={jest.fn()} onChanged={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByTestId('student-packages');
    expect(get).not.toHaveBeenCalledWith('/edu/tblStudent/progress', expect.anything());

    await act(async () => fireEvent.click(screen.getByTestId('student-tab-progress')));
    const card = await screen.findByTestId('student-progress-c1');
    expect(get).toHaveBeenCalledWith('/edu/tblStudent/progress', { studentId: 's1' });
    expect(screen.queryByTestId('student-packages')).toBeNull();
    const text = card.textContent ?? '';
    expect(text).toContain('初一数学');
    expect(text).toContain('初一数学A班');
    expect(text).toContain('初一数学B班（已退班）');
    expect(text).toContain('课次 已上 4 / 计划 10');
    expect(text).toContain('出勤 到课 3 / 已上 4');
    expect(text).toContain('课时 已用 5 / 共 20');
    expect(within(card).getByText('40%')).toBeTruthy();
    expect(within(card).getAllByText('75%').length).toBeGreaterThan(0);
    expect(within(card).getByText('25%')).toBeTruthy();
    expect(text).toContain('2026-11-20 10:00:00');
    expect(text).toContain('2026-11-27 10:00:00');
  });

  it('says so when the student has no course', async () => {
    get.mockImplementation((url: string) => {
      if (url === '/edu/student/courses') return Promise.resolve(ok({ packages: [], logs: [] }));
      if (url === '/edu/tblStudent/progress') return Promise.resolve(ok({ studentId: 's1', courses: [] }));
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    render(<StudentDetailDrawer student={STUDENT} canAddPackage={false} onClose={jest.fn()} onChanged={jest.fn()} />, { wrapper: wrapper() });
    await act(async () => fireEvent.click(await screen.findByTestId('student-tab-progress')));
    await waitFor(() => expect(screen.getByTestId('student-progress-empty')).toBeTruthy());
  });
});
