import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import QuartzListScreen from '../quartz-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';

jest.setTimeout(60_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/QuartzJobList' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const JOB = {
  id: 'j1',
  jobClassName: 'org.jeecg.modules.quartz.job.SampleJob',
  jobClassName_dictText: '示例任务（记录一行日志）',
  cronExpression: '0/5 * * * * ? *',
  parameter: '',
  description: '示例',
  status: 0,
  status_dictText: '正常',
};

const entry = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const ALL = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'pause', 'resume', 'execute'].map((a) => entry(`quartz:job:${a}`));

// jsdom has no layout: CodeMirror (the parameter field) measures text ranges.
beforeAll(() => {
  const empty = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) }) as DOMRect;
});

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  get.mockImplementation((url: string) => (url === '/sys/quartzJob/list' ? ok({ records: [JOB], total: 1 }) : ok(null, url.endsWith('/pause') ? '停止定时任务成功' : '')));
});

describe('定时任务 screen', () => {
  it('without quartz:job:list: 没有权限, nothing requested', async () => {
    render(
      <ScreenGate perm={screenPerm('system/QuartzJobList')}>
        <QuartzListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ auth: [], allAuth: ALL }) },
    );
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('lists jobs with their class label and status; 停止 calls pause and reloads', async () => {
    render(<QuartzListScreen />, { wrapper: wrapper({ auth: ALL, allAuth: ALL }) });
    expect(await screen.findByText('示例任务（记录一行日志）')).toBeInTheDocument();
    expect(screen.getByTestId('quartz-status-j1')).toHaveTextContent('正常');
    expect(screen.getByText('0/5 * * * * ? *')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('quartz-pause-j1'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/quartzJob/pause', { id: 'j1' }));
    await waitFor(() => expect(get.mock.calls.filter(([u]) => u === '/sys/quartzJob/list').length).toBeGreaterThan(1));
  });

  it('hides 停止 / 立即执行 without their codes', async () => {
    const listOnly = [entry('quartz:job:list')];
    render(<QuartzListScreen />, { wrapper: wrapper({ auth: listOnly, allAuth: ALL }) });
    const row = (await screen.findByText('示例任务（记录一行日志）')).closest('tr')!;
    expect(within(row).queryByTestId('quartz-pause-j1')).toBeNull();
    expect(within(row).queryByTestId('quartz-execute-j1')).toBeNull();
    expect(screen.queryByTestId('list-add')).toBeNull();
  });

  it('编辑 shows the expression in the cron field, and its builder opens parsed', async () => {
    render(<QuartzListScreen />, { wrapper: wrapper({ auth: ALL, allAuth: ALL }) });
    fireEvent.click(await screen.findByTestId('row-edit-j1'));
    const input = (await screen.findByTestId('quartz-cron')) as HTMLInputElement;
    expect(input.value).toBe('0/5 * * * * ? *');
    fireEvent.click(screen.getByTestId('quartz-cron-open'));
    expect(((await screen.findByTestId('cron-second-mode-2')) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('cron-expression') as HTMLInputElement).value).toBe('0/5 * * * * ? *');
  });
});
