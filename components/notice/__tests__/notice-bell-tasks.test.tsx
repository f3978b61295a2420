import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { http } from '@/lib/http';
import { NoticeBell } from '../notice-bell';
import { EMPTY_NOTICES } from '../notice-types';

/* The bell's 任务 tab (issue #23): my 待办 协商任务 join the badge and open 协商任务; the announcement wire is untouched. */

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const answer = (result: unknown) => Promise.resolve({ success: true, message: '', code: 200, result });
const TODO = { total: 2, records: [{ id: 't1', title: '回访试听家长', dueTime: '2026-11-20 10:00:00', overdue: true }, { id: 't2', title: '提醒续费', dueTime: null, overdue: false }] };

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => answer(url === '/crm/task/myTodo' ? TODO : { ...EMPTY_NOTICES, anntMsgTotal: 3 }));
});

it('with crm:task:list the badge counts my 待办 tasks and 任务(n) lists them, linking to 协商任务', async () => {
  render(<App><NoticeBell withTasks /></App>);
  await waitFor(() => expect(screen.getByTestId('notice-badge')).toHaveTextContent('5'));
  expect(get).toHaveBeenCalledWith('/sys/annountCement/listByUser', { pageSize: 5 });
  fireEvent.click(screen.getByTestId('notice-bell'));
  fireEvent.click(await screen.findByText('任务(2)'));
  const list = await screen.findByTestId('notice-task-list');
  expect(within(list).getAllByTestId('notice-task-item').map((i) => i.textContent)).toEqual(['回访试听家长', '提醒续费']);
  expect(within(list).getByText('已逾期')).toBeInTheDocument();
  fireEvent.click(within(list).getAllByTestId('notice-task-item')[0]);
  expect(push).toHaveBeenCalledWith('/crm/task');
});

it('without it the bell never asks for tasks', async () => {
  render(<App><NoticeBell /></App>);
  await waitFor(() => expect(screen.getByTestId('notice-badge')).toHaveTextContent('3'));
  expect(get.mock.calls.map(([url]) => url)).not.toContain('/crm/task/myTodo');
});
