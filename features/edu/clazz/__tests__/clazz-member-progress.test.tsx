import { render, screen, waitFor, within } from '@testing-library/react';
import { ok, wrapper } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import { ClazzMemberModal } from '../clazz-member-modal';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;

const MEMBERS = [
  { id: 'm1', studentId: 's1', name: '张三', phone: '13900000001', status: 1, status_dictText: '正常', joinDate: '2026-09-01', leaveDate: null },
  { id: 'm2', studentId: 's2', name: '李四', phone: '13900000002', status: 1, status_dictText: '正常', joinDate: '2026-09-01', leaveDate: null },
];
const counts = { planned: 0, done: 0, attended: 0, leave: 0, absent: 0, makeupPending: 0, attendanceRate: null, chaptersDone: 0, chaptersTotal: 6, homeworkAssigned: 0, homeworkFinished: 0, homeworkAvgScore: null };
const PROGRESS = {
  clazzId: 'c1',
  planned: 12,
  done: 4,
  percent: 33.3,
  courseLessons: 20,
  chaptersDone: 2,
  chaptersTotal: 6,
  homeworkCount: 2,
  homeworkAssigned: 4,
  homeworkFinished: 3,
  homeworkAvgScore: 88.5,
  members: [
    { ...counts, studentId: 's1', name: '张三', status: 1, planned: 12, done: 4, attended: 3, leave: 1, attendanceRate: 75, chaptersDone: 2, homeworkAssigned: 2, homeworkFinished: 2, homeworkAvgScore: 88.5 },
    { ...counts, studentId: 's2', name: '李四', status: 1, planned: 8 },
  ],
};

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/clazz/tblClazz/members') return Promise.resolve(ok(MEMBERS));
    if (url === '/clazz/tblClazz/progress') return Promise.resolve(ok(PROGRESS));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

describe('班级成员 dialog: 课次进度', () => {
  it('shows 已上 / 计划 of the class and each member’s attendance', async () => {
    render(<ClazzMemberModal clazz={{ id: 'c1', name: '初二数学A班' }} canEdit={false} onClose={jest.fn()} onChanged={jest.fn()} />, { wrapper: wrapper() });
    const line = await screen.findByTestId('clazz-progress');
    expect(get).toHaveBeenCalledWith('/clazz/tblClazz/progress', { clazzId: 'c1' });
    expect(line.textContent).toContain('课次进度：已上 4 / 计划 12（课程总课次 20）');
    expect(within(line).getByText('33.3%')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('clazz-member-attendance-s1').textContent).toBe('3/4（75%）'));
    expect(screen.getByTestId('clazz-member-attendance-s1').getAttribute('title')).toBe('请假 1 次，缺席 0 次，待补课 0 次');
    // No session taken yet: no rate.
    expect(screen.getByTestId('clazz-member-attendance-s2').textContent).toBe('0/0');
    // Chapters and homework (issue #22 item 7).
    expect(screen.getByTestId('clazz-progress-content').textContent).toBe('章节 2/6；作业 2 份，完成 3/4，平均分 88.5（百分制）');
    expect(screen.getByTestId('clazz-member-homework-s1').textContent).toBe('2/2');
    expect(screen.getByTestId('clazz-member-homework-s1').getAttribute('title')).toBe('章节 2/6；作业平均分 88.5（百分制）');
  });
});
