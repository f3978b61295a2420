import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import MessageListScreen from '../message-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';

jest.setTimeout(60_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/message' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const ok = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });

const MSG = {
  id: 'm1',
  titile: '调课通知：初二数学提高班',
  templateName: '调课通知',
  priority: 'H',
  priority_dictText: '紧急',
  receiverNames: '周明、李文静',
  receiverCount: 2,
  readCount: 1,
  sender: 'admin',
  sendTime: '2026-03-01 10:00:00',
  msgContent: '<p>课程已调整<img src=x onerror="alert(1)"></p><script>alert(2)</script>',
  busId: 'tpl_course_change',
};

const entry = (action: string) => ({ action, type: '1', describe: action, status: '1' });

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  get.mockImplementation((url: string) => (url === '/sys/message/sysMessage/list' ? ok({ records: [MSG], total: 1 }) : ok(null)));
});

describe('消息记录 screen', () => {
  it('without system:message:list: 没有权限, nothing requested', async () => {
    render(
      <ScreenGate perm={screenPerm('system/SysMessageList')}>
        <MessageListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ auth: [], allAuth: [entry('system:message:list')] }) },
    );
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('lists the server’s page with template, receivers and counts; no add or delete; 详情 shows the content sanitised', async () => {
    render(<MessageListScreen />, { wrapper: wrapper({ auth: [entry('system:message:list')], allAuth: [entry('system:message:list')] }) });
    expect(await screen.findByText('周明、李文静')).toBeInTheDocument();
    const row = screen.getByText('调课通知：初二数学提高班').closest('tr')!;
    expect(within(row).getByText('调课通知')).toBeInTheDocument();
    expect(within(row).getByText('紧急')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/message/sysMessage/list', expect.objectContaining({ column: 'sendTime', order: 'desc' }));
    expect(screen.queryByTestId('list-add')).toBeNull();
    expect(screen.queryByTestId('row-delete-m1')).toBeNull();

    fireEvent.click(screen.getByTestId('row-detail-m1'));
    const content = await screen.findByTestId('msg-record-content');
    await waitFor(() => expect(content).toHaveTextContent('课程已调整'));
    expect(content.innerHTML).not.toMatch(/onerror|script/);
  });
});
