import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import { http } from '@/lib/http';
import { HOMEWORK_URL, type HomeworkStudentsAnswer, type SubmissionDetail } from '@/lib/learntools/homework-types';
import HomeworkStudentsScreen from '../homework-students-screen';

/** 学员作业: the homework's counters, each student's row, and grading a submission with the version it read. */

jest.mock('next/navigation', () => ({
  usePathname: () => '/calendar/homeworkStudentInfo',
  useSearchParams: () => new URLSearchParams('homeworkId=h1'),
  useRouter: () => ({ push: jest.fn() }),
}));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const envelope = (result: unknown) => ({ success: true, code: 200, message: '', result });

const row = { readFlag: 1, late: 0, submittedTime: '2026-11-20 10:00:00', score: null, comment: null, gradedBy: null, gradedTime: null, version: 3 };
const ANSWER: HomeworkStudentsAnswer = {
  homework: { id: 'h1', clazzId: 'z1', clazzName: '一班', calendarId: null, title: '课后练习', content: null, attachments: null, source: 0, workbookId: null, dueTime: '2026-11-21 20:00:00', maxScore: 10, assigneeMode: 0, status: 1, studentIds: ['s1', 's2'], total: 2, readCount: 1, finishCount: 1 },
  records: [
    { ...row, id: 'r1', studentId: 's1', studentName: '张一', status: 1, status_dictText: '已提交', late: 1 },
    { ...row, id: 'r2', studentId: 's2', studentName: '张二', status: 0, status_dictText: '未提交', readFlag: 0, submittedTime: null, version: 0 },
  ],
};
const DETAIL: SubmissionDetail = { ...ANSWER.records[0], homeworkId: 'h1', maxScore: 10, source: 0, dueTime: '2026-11-21 20:00:00', content: '<p>答案<img src=x onerror=alert(1)></p>', attachments: null, items: [] };

it('shows the counters and rows, opens a submission and grades it with the version it read', async () => {
  get.mockImplementation((url: string) => Promise.resolve(envelope(url === HOMEWORK_URL.students ? ANSWER : DETAIL)));
  post.mockResolvedValue(envelope({ score: 9 }));
  render(<HomeworkStudentsScreen />, { wrapper: wrapper({ auth: [{ action: 'learn:homework:grade', type: '1', describe: '批改作业' }] }) });
  expect((await screen.findByTestId('homework-counters')).textContent).toBe('2 / 1 / 1');
  const table = screen.getByTestId('homework-students');
  expect(within(table).getByText('迟交')).toBeTruthy();
  expect(within(table).getByTestId('submission-open-s2').textContent).toBe('录入提交');

  fireEvent.click(within(table).getByTestId('submission-open-s1'));
  await waitFor(() => expect(get).toHaveBeenCalledWith(HOMEWORK_URL.submission, { id: 'r1' }));
  const drawer = await screen.findByTestId('grade-form');
  // Content is sanitised before it reaches the DOM.
  expect(document.querySelector('.submission-content img')?.getAttribute('onerror')).toBeNull();
  fireEvent.change(within(drawer).getByTestId('grade-score').querySelector('input') ?? within(drawer).getByTestId('grade-score'), { target: { value: '9' } });
  fireEvent.click(within(drawer).getByTestId('grade-submit'));
  await waitFor(() => expect(post).toHaveBeenCalledWith(HOMEWORK_URL.grade, { id: 'r1', version: 3, comment: '', score: 9 }));
});
