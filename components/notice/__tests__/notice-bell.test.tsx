import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { http } from '@/lib/http';
import { NoticeBell } from '../notice-bell';
import { noticeSocket } from '../notice-socket-bus';
import type { AnnouncementRecord, NoticeLists } from '../notice-types';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const put = http.put as jest.Mock;

const rec = (id: string, titile: string, priority: string, sendTime: string): AnnouncementRecord => ({
  id, titile, priority, sendTime, createTime: sendTime, msgContent: `<p>${titile}</p>`, sender: 'admin', msgCategory: '1', openType: null, openPage: null,
});
const LISTS: NoticeLists = {
  anntMsgList: [rec('a3', '期中考试监考安排', 'M', '2026-04-20 09:00:00'), rec('a2', '教学质量评估', 'L', '2026-04-19 09:00:00'), rec('a1', '寒假放假安排', 'H', '2026-04-18 09:00:00')],
  anntMsgTotal: 7,
  sysMsgList: [{ ...rec('s1', '账户安全提醒', 'L', '2026-04-20 10:00:00'), msgCategory: '2' }],
  sysMsgTotal: 1,
};
const answer = (result: unknown) => Promise.resolve({ success: true, message: '', code: 200, result });

const listCalls = () => get.mock.calls.filter(([url]) => url === '/sys/annountCement/listByUser');

function renderBell() {
  return render(
    <App>
      <NoticeBell />
    </App>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation(() => answer(LISTS));
  put.mockImplementation(() => answer(null));
});

describe('NoticeBell', () => {
  it('loads 5 per tab and badges the unread total', async () => {
    renderBell();
    // Until the first answer the bell says it has not loaded (journeys read the badge against it).
    expect(screen.getByTestId('notice-bell')).toHaveAttribute('data-loaded', 'false');
    await waitFor(() => expect(screen.getByTestId('notice-badge')).toHaveTextContent('8'));
    expect(screen.getByTestId('notice-bell')).toHaveAttribute('data-loaded', 'true');
    expect(listCalls()[0]).toEqual(['/sys/annountCement/listByUser', { pageSize: 5 }]);
  });

  it('the popover has 通知(n) and 系统消息(n), items in the server’s newest-first order, and 查看更多', async () => {
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-badge')).toHaveTextContent('8'));
    fireEvent.click(screen.getByTestId('notice-bell'));
    expect(await screen.findByRole('tab', { name: '通知(7)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '系统消息(1)' })).toBeInTheDocument();
    const items = within(screen.getByTestId('notice-annt-list')).getAllByTestId('notice-item');
    // The titles alone: no '标题：' repeated on every line (issue #21).
    expect(items.map((i) => i.textContent)).toEqual(['期中考试监考安排', '教学质量评估', '寒假放假安排']);
    expect(screen.getByText('重要消息')).toBeInTheDocument();
    expect(screen.getByText('2026-04-20 09:00:00 发布')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('notice-annt-list')).getByTestId('notice-more'));
    expect(push).toHaveBeenCalledWith('/isps/userAnnouncement');
  });

  it('reloads on the shell socket’s topic/user messages, not on others', async () => {
    renderBell();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    act(() => noticeSocket.message({ cmd: 'user', msgId: 'x', msgTxt: '新消息' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    act(() => noticeSocket.message('{"cmd":"topic"}'));
    await waitFor(() => expect(listCalls()).toHaveLength(3));
    act(() => noticeSocket.message({ cmd: 'permission' }));
    act(() => noticeSocket.message('garbage'));
    await new Promise((r) => setTimeout(r, 20));
    expect(listCalls()).toHaveLength(3);
    expect(info).toHaveBeenCalledWith('[notice] unparseable socket message', 'garbage');
    info.mockRestore();
  });

  it('opening an item shows the detail, marks it read and reloads the counts', async () => {
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-badge')).toHaveTextContent('8'));
    fireEvent.click(screen.getByTestId('notice-bell'));
    get.mockImplementation(() => answer({ ...LISTS, anntMsgList: LISTS.anntMsgList.slice(1), anntMsgTotal: 6 }));
    fireEvent.click((await screen.findAllByTestId('notice-item'))[0]);
    expect(await screen.findByText('通知消息')).toBeInTheDocument();
    expect(within(screen.getByTestId('announcement-modal')).getByRole('heading', { name: '期中考试监考安排' })).toBeInTheDocument();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: 'a3' }));
    await waitFor(() => expect(screen.getByTestId('notice-badge')).toHaveTextContent('7'));
  });

  it('a failed load stops the polling; coming back online resumes it', async () => {
    jest.useFakeTimers();
    try {
      const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
      get.mockImplementationOnce(() => Promise.reject(new Error('网络连接失败')));
      renderBell();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(30_000);
      });
      expect(listCalls()).toHaveLength(1);
      expect(screen.getByTestId('notice-bell')).toHaveAttribute('data-loaded', 'false');
      await act(async () => {
        window.dispatchEvent(new Event('online'));
        await jest.advanceTimersByTimeAsync(6_000);
      });
      expect(listCalls()).toHaveLength(3);
      info.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('NoticeBell and an ended session', () => {
  it('a poll answered with the BFF’s Token失效 raises 登录已过期 (the BFF drops the cookie, so later calls could not)', async () => {
    const { ApiError } = jest.requireActual('@/lib/http') as typeof import('@/lib/http');
    get.mockImplementation(() => Promise.reject(new ApiError('Token失效，请重新登录!', 401, 401)));
    renderBell();
    expect(await screen.findByText('登录已过期', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新登录' })).toBeInTheDocument();
  });

  it('other poll failures stay silent', async () => {
    const { ApiError } = jest.requireActual('@/lib/http') as typeof import('@/lib/http');
    get.mockImplementation(() => Promise.reject(new ApiError('网络超时', 504, 504)));
    renderBell();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(screen.queryByText('登录已过期')).toBeNull();
    expect(screen.queryByText('网络超时')).toBeNull();
  });
});
