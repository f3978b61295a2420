import { createElement, type ComponentType, type ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { SWRConfig } from 'swr';
import { http } from '@/lib/http';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import AnalysisScreen from '../analysis/analysis-screen';
import TaskBoardScreen from '../task/task-board-screen';
import WorkplaceScreen from '../workplace/workplace-screen';
import type { WorkplaceAnswer } from '../../../lib/dashboard/dashboard-api';

/**
 * 仪表盘 (issue #26): the analysis page draws each figure through the chart wrapper (react-chartjs-2 mocked: no
 * canvas in jsdom), switches a figure to its table, and sends the date filter as begin/end; the task board moves a
 * card by drag and drop and by its 移到… menu through the task screens' endpoint; the workplace shows its parts.
 */

jest.mock('next/navigation', () => ({ usePathname: () => '/dashboard/analysis' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('react-chartjs-2', () => {
  const fake = (type: string) =>
    function FakeChart({ data }: { data: { labels: string[]; datasets: { label: string; data: number[] }[] } }) {
      return <div data-testid={`chartjs-${type}`} data-labels={data.labels.join(',')} data-series={data.datasets.map((d) => `${d.label}:${d.data.join('|')}`).join(';')} />;
    };
  return { Bar: fake('bar'), Line: fake('line'), Pie: fake('pie') };
});
// The venue picker (regions, its own list) is not under test here.
jest.mock('@/components/pickers/location-picker', () => ({ LocationPicker: () => <input data-testid="analysis-venue" readOnly /> }));

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const Shell = ShellProvider as ComponentType<{ value: ShellData; children?: ReactNode }>;

function wrapper(codes: string[]) {
  const shell = {
    account: { userInfo: { id: 'u_me', username: 'me', realname: '我' } },
    menu: [
      { id: 'm1', route: '1', path: '/edu/clazz', name: 'clazz', component: 'clazz/TblClazzList', meta: { title: '班级管理', keepAlive: false, internalOrExternal: false, componentName: 'x' } },
      { id: 'm2', route: '1', path: '/dashboard/workplace', name: 'wp', component: 'dashboard/Workplace', meta: { title: '工作台', keepAlive: false, internalOrExternal: false, componentName: 'x' } },
    ],
    auth: codes.map(perm),
    allAuth: codes.map(perm),
    systemTitle: '教务系统',
    homePath: '/',
  } as unknown as ShellData;
  return function Wrapper({ children }: { children: ReactNode }) {
    return createElement(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, createElement(ConfigProvider, { theme: { token: { motion: false } } }, createElement(Shell, { value: shell }, createElement(App, null, children))));
  };
}

const FIGURE_ROWS: Record<string, unknown[]> = {
  enrolment: [
    { month: '2025-01', students: 3, converted: 0 },
    { month: '2025-02', students: 1, converted: 2 },
  ],
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

test('分析页: charts through the wrapper, a figure\'s table and totals, and the dates sent as begin/end', async () => {
  get.mockImplementation((url: string, params: Record<string, string>) => {
    const key = url.split('/').pop()!;
    return ok({ figure: key, begin: params.begin, end: params.end, locationId: null, rows: FIGURE_ROWS[key] ?? [] });
  });
  render(<AnalysisScreen />, { wrapper: wrapper(['dashboard:analysis', 'system:monitor:list']) });
  const chart = await screen.findByTestId('chartjs-bar', {}, { timeout: 15000 });
  expect(chart.dataset.labels).toBe('2025-01,2025-02');
  expect(chart.dataset.series).toBe('新增学员:3|1;线索转化:0|2');
  expect(screen.getByTestId('analysis-monitor-link').getAttribute('href')).toBe('/isystem/monitor');
  // The default filter: the last six months, sent to every figure.
  const first = get.mock.calls.find(([url]) => url === '/dashboard/analysis/enrolment')![1] as Record<string, string>;
  expect(Object.keys(first)).toEqual(['begin', 'end']);
  expect(first.begin).toMatch(/^\d{4}-\d{2}-01$/);

  // 表格: the rows and the totals.
  const figure = screen.getByTestId('figure-enrolment');
  fireEvent.click(within(screen.getByTestId('figure-view-enrolment')).getByText('表格'));
  const table = await within(figure).findByTestId('figure-table-enrolment');
  expect(within(table).getByText('2025-02')).toBeTruthy();
  expect(within(figure).queryByTestId('chartjs-bar')).toBeNull();
  expect(screen.getByTestId('figure-total-enrolment-students').textContent).toBe('4');
  expect(screen.getByTestId('figure-total-enrolment-converted').textContent).toBe('2');

  // A reversed range is refused before it is sent; a good one is sent on 查询.
  const type = (placeholder: string, value: string) => {
    const input = screen.getByPlaceholderText(placeholder);
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  };
  type('开始日期', '2025-04-01');
  type('结束日期', '2025-03-31');
  expect((await screen.findByTestId('analysis-range-problem')).textContent).toContain('开始日期不能晚于结束日期');
  expect(screen.getByTestId('analysis-search').hasAttribute('disabled')).toBe(true);
  type('开始日期', '2025-01-01');
  fireEvent.click(screen.getByTestId('analysis-search'));
  await waitFor(() => expect(get).toHaveBeenCalledWith('/dashboard/analysis/enrolment', { begin: '2025-01-01', end: '2025-03-31' }));
  expect(get).toHaveBeenCalledWith('/dashboard/analysis/consumptionByVenue', { begin: '2025-01-01', end: '2025-03-31' });
});

const TASKS = [
  { id: 't1', title: '回访王丽', status: 0, assignee: 'u_me', createBy: 'boss', dueTime: '2099-01-01 09:00:00' },
  { id: 't2', title: '核对课时', status: 1, assignee: 'u_me', createBy: 'boss', dueTime: null },
  { id: 't3', title: '已办结', status: 2, assignee: 'u_me', createBy: 'boss', dueTime: null },
];

function mockTasks() {
  get.mockImplementation((url: string, params: Record<string, unknown>) => {
    expect(url).toBe('/crm/task/list');
    const records = TASKS.filter((t) => t.status === Number(params.status));
    return ok({ records, total: records.length });
  });
  post.mockImplementation(() => ok(null, '任务已开始'));
}

test('任务: dragging a card to 进行中 changes its status through the task endpoint; closed tasks do not move', async () => {
  mockTasks();
  render(<TaskBoardScreen />, { wrapper: wrapper(['crm:task:list', 'crm:task:edit']) });
  const card = await screen.findByTestId('task-card-t1');
  expect(get).toHaveBeenCalledWith('/crm/task/list', expect.objectContaining({ view: 'mine', status: 0, column: 'dueTime', order: 'asc' }));
  const dataTransfer = { setData: jest.fn(), getData: jest.fn(() => 't1'), effectAllowed: '', dropEffect: '' };
  fireEvent.dragStart(card, { dataTransfer });
  const doing = screen.getByTestId('task-column-1');
  await waitFor(() => expect(doing.dataset.accepts).toBe('true'));
  // 待办 is never a target: nothing is reopened.
  expect(screen.getByTestId('task-column-0').dataset.accepts).toBe('false');
  fireEvent.dragOver(doing, { dataTransfer });
  fireEvent.drop(doing, { dataTransfer });
  await waitFor(() => expect(post).toHaveBeenCalledWith('/crm/task/changeStatus', { id: 't1', status: 1 }));
  // A finished task has no 移到… and cannot be dragged.
  expect(screen.queryByTestId('task-move-t3')).toBeNull();
  expect((await screen.findByTestId('task-card-t3')).getAttribute('draggable')).toBe('false');
});

test('任务: 移到… 已完成 asks for the result, then posts it', async () => {
  mockTasks();
  render(<TaskBoardScreen />, { wrapper: wrapper(['crm:task:list', 'crm:task:edit']) });
  fireEvent.click(await screen.findByTestId('task-move-t2'));
  fireEvent.click(await screen.findByTestId('task-move-t2-2'));
  fireEvent.change(await screen.findByTestId('task-board-finish-result'), { target: { value: '已核对完毕' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('task-board-finish-ok'));
  });
  await waitFor(() => expect(post).toHaveBeenCalledWith('/crm/task/changeStatus', { id: 't2', status: 2, result: '已核对完毕' }));
});

test('工作台: the parts of one answer, today\'s sessions first, and shortcuts from the menu', async () => {
  const answer: WorkplaceAnswer = {
    today: '2026-11-27',
    week: { begin: '2026-11-23', end: '2026-11-29' },
    sessions: {
      total: 2,
      records: [
        { id: 's1', title: '初一数学', clazzName: '初一数学', lessonNo: 3, place: '甲校区 · 101', startTime: '2026-11-27 09:00:00', endTime: '2026-11-27 10:30:00', status: 0 },
        { id: 's2', title: '初二物理', clazzName: '初二物理', lessonNo: 5, place: null, startTime: '2026-11-28 09:00:00', endTime: '2026-11-28 10:30:00', status: 0 },
      ],
    },
    tasks: { total: 1, records: [{ id: 't1', title: '回访王丽', status: 0, dueTime: '2026-11-26 09:00:00', overdue: true }] },
    followUps: null,
    announcements: { total: 0, records: [] },
    homework: { total: 1, records: [{ id: 'h1', title: '第三章练习', clazzName: '初一数学', waiting: 4 }] },
  };
  get.mockImplementation((url: string) => (url === '/dashboard/workplace' ? ok(answer) : ok(null)));
  render(<WorkplaceScreen />, { wrapper: wrapper(['crm:task:list']) });
  expect(await screen.findByTestId('wp-session-s1')).toBeTruthy();
  expect(screen.queryByTestId('wp-session-s2')).toBeNull();
  expect(screen.getByTestId('wp-stat-today').textContent).toContain('1');
  expect(screen.getByTestId('wp-stat-week').textContent).toContain('2');
  fireEvent.click(within(screen.getByTestId('wp-session-view')).getByText(/本周/));
  expect(await screen.findByTestId('wp-session-s2')).toBeTruthy();
  expect(screen.queryByTestId('wp-followups')).toBeNull();
  expect(screen.getByTestId('wp-homework-h1').closest('a')!.getAttribute('href')).toBe('/calendar/homeworkStudentInfo?homeworkId=h1');
  expect(screen.getByTestId('wp-shortcut-/edu/clazz').getAttribute('href')).toBe('/edu/clazz');
  expect(screen.queryByTestId('wp-shortcut-/dashboard/workplace')).toBeNull();
});
