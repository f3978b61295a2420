import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { SWRConfig } from 'swr';
import { http } from '@/lib/http';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import { noticeSocket } from '@/components/notice/notice-socket-bus';
import type { MyAnnouncementRow } from '@/components/notice/notice-types';
import { initListState, listReducer, toListParams } from '@/lib/list-state';
import UserAnnouncementScreen, { MY_NOTICE_SOURCE } from '../user-announcement-screen';

// antd Table + Select under jsdom are slow on a busy 2-core machine.
jest.setTimeout(60_000);

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => '/isps/userAnnouncement' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const put = http.put as jest.Mock;

const URL = '/sys/sysAnnouncementSend/getMyAnnouncementSend';
const row = (i: number, over: Partial<MyAnnouncementRow> = {}): MyAnnouncementRow => ({
  id: `send${i}`, anntId: `annt${i}`, titile: `通知${i}`, msgContent: `<p>内容${i}</p>`, sender: 'admin', priority: 'L', readFlag: '0',
  sendTime: `2026-04-${String(20 - i).padStart(2, '0')} 09:00:00`, msgCategory: '1', openType: null, openPage: null, ...over,
});
const ROWS = [row(1, { priority: 'H' }), row(2, { msgCategory: '2' }), row(3, { readFlag: '1' })];
const answer = (result: unknown, message = '') => Promise.resolve({ success: true, message, code: 200, result });
const listCalls = () => get.mock.calls.filter(([u]) => u === URL).map(([, p]) => p as Record<string, string | number>);

const shell = { menu: [], auth: [], allAuth: [], systemTitle: '教务系统', homePath: '/account/center', account: { userInfo: { id: 'u_teacher' }, departs: [] } } as unknown as ShellData;
const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <App>
      <ShellProvider value={shell}>{children}</ShellProvider>
    </App>
  </SWRConfig>
);
const renderScreen = () => render(<UserAnnouncementScreen />, { wrapper });

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => (url === URL ? answer({ records: ROWS, total: 23 }) : answer(null)));
  put.mockImplementation((url: string) => answer(null, url.endsWith('/readAll') ? '全部已读' : ''));
});

describe('wire params', () => {
  it('sends only the filters that are set', () => {
    const searched = listReducer(initListState(MY_NOTICE_SOURCE), { type: 'search', values: { titile: '', sender: 'admin', readFlag: '0', msgCategory: '' } });
    const onPage2 = listReducer(searched, { type: 'page', pageNo: 2, pageSize: 10 });
    expect(toListParams(onPage2)).toEqual({ pageNo: 2, pageSize: 10, sender: 'admin', readFlag: '0' });
  });
});

describe('我的消息', () => {
  it('lists page 1 of 10 with category, priority and read state', async () => {
    renderScreen();
    expect(await screen.findByText('通知1')).toBeInTheDocument();
    expect(listCalls()[0]).toEqual({ pageNo: 1, pageSize: 10 });
    expect(screen.getByText('我的消息')).toBeInTheDocument();
    const table = screen.getByTestId('my-notice-table');
    expect(within(table).getByText('系统消息')).toBeInTheDocument();
    expect(within(table).getByText('紧急')).toBeInTheDocument();
    expect(within(table).getAllByText('未读')).toHaveLength(2);
    expect(within(table).getByText('已读')).toBeInTheDocument();
    expect(screen.getByText('1-10 共23条')).toBeInTheDocument();
  });

  it('searches by title, sender, read state and category from page 1; 重置 clears them', async () => {
    renderScreen();
    await screen.findByText('通知1');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ pageNo: 2 }));
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: ' 考试 ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入发布人'), { target: { value: 'jiaowu' } });
    const [readSelect, categorySelect] = screen.getAllByRole('combobox');
    fireEvent.mouseDown(readSelect);
    fireEvent.click(await optionEl('未读'));
    fireEvent.mouseDown(categorySelect);
    fireEvent.click(await optionEl('系统消息'));
    fireEvent.click(screen.getByTestId('my-notice-search-submit'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ pageNo: 1, pageSize: 10, titile: '考试', sender: 'jiaowu', readFlag: '0', msgCategory: '2' }));
    fireEvent.click(screen.getByTestId('my-notice-search-reset'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ pageNo: 1, pageSize: 10 }));
  });

  it('查看 opens the detail and marks the announcement (not the send row) read', async () => {
    renderScreen();
    await screen.findByText('通知1');
    fireEvent.click(screen.getAllByTestId('my-notice-view')[0]);
    expect(await screen.findByText('通知消息')).toBeInTheDocument();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: 'annt1' }));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
  });

  it('查看 on a read one does not mark it again', async () => {
    renderScreen();
    await screen.findByText('通知3');
    fireEvent.click(screen.getAllByTestId('my-notice-view')[2]);
    await screen.findByText('通知消息');
    expect(put).not.toHaveBeenCalled();
  });

  it('全部标注已读 asks first, then reads all and reloads', async () => {
    renderScreen();
    await screen.findByText('通知1');
    fireEvent.click(screen.getByTestId('my-notice-read-all'));
    expect(await screen.findByText('是否全部标注已读?')).toBeInTheDocument();
    const before = listCalls().length;
    fireEvent.click(document.querySelector<HTMLElement>('.ant-modal-confirm-btns .ant-btn-primary')!);
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/readAll'));
    expect(await screen.findByText('全部已读')).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });

  it('a topic/user push reloads the list', async () => {
    renderScreen();
    await screen.findByText('通知1');
    const before = listCalls().length;
    act(() => noticeSocket.message({ cmd: 'user', msgId: 'n' }));
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });
});

/** The dropdown option with this text (waits for it). */
const optionEl = (text: string) =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${text}"]`);
    if (!el) throw new Error(`no option ${text}`);
    return el;
  });
