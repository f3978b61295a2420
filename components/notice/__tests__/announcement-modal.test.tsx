import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http } from '@/lib/http';
import { AnnouncementModal, CONTENT_MAX_HEIGHT } from '../announcement-modal';
import { noticeSocket } from '../notice-socket-bus';
import { fromAnnouncement, fromMyRow, type NoticeDetail } from '../notice-types';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const put = http.put as jest.Mock;

const NOTICE: NoticeDetail = {
  anntId: 'a1',
  titile: '期中考试监考安排',
  sender: 'jiaowu',
  sendTime: '2026-04-20 09:00:00',
  priority: 'H',
  msgContent: '<p onclick="steal()">请提前到场<script>alert(1)</script><img src=x onerror=alert(2)></p>',
  openType: null,
  openPage: null,
};

const show = (notice: NoticeDetail | null, props: { onClose?: () => void; onRead?: () => void } = {}) =>
  render(
    <App>
      <AnnouncementModal notice={notice} onClose={props.onClose ?? jest.fn()} onRead={props.onRead} />
    </App>,
  );

beforeEach(() => {
  jest.clearAllMocks();
  put.mockResolvedValue({ success: true, message: '', code: 200, result: null });
});

describe('AnnouncementModal', () => {
  it('shows title, sender, send time, priority and the sanitised content', async () => {
    show(NOTICE);
    expect(await screen.findByText('通知消息')).toBeInTheDocument();
    expect(screen.getByText('期中考试监考安排')).toBeInTheDocument();
    expect(screen.getByText('发布人：jiaowu')).toBeInTheDocument();
    expect(screen.getByText('发布时间：2026-04-20 09:00:00')).toBeInTheDocument();
    expect(screen.getByText('紧急')).toBeInTheDocument();
    const content = screen.getByTestId('announcement-content');
    expect(content.innerHTML).toBe('<p>请提前到场<img src="x"></p>');
    expect(content.querySelector('script')).toBeNull();
    expect(screen.queryByTestId('announcement-go')).toBeNull();
  });

  it('keeps its footer in the window: centered, the content scrolling within the window’s height (issue #21)', async () => {
    show(NOTICE);
    await screen.findByTestId('announcement-modal');
    expect(document.querySelector('.ant-modal-wrap')).toHaveClass('ant-modal-centered');
    expect(screen.getByTestId('announcement-content').style.maxHeight).toBe(CONTENT_MAX_HEIGHT);
    expect(CONTENT_MAX_HEIGHT).toMatch(/^calc\(100vh - \d+px\)$/);
  });

  it('shows the sender’s real name from the bell’s record and from 我的消息’s row (issue #21)', () => {
    const base = { titile: 't', msgContent: null, sender: 'jiaowu', sender_dictText: '赵立新', sendTime: null, priority: 'L', msgCategory: '1', openType: null, openPage: null };
    expect(fromAnnouncement({ ...base, id: 'a', createTime: null }).sender).toBe('赵立新');
    expect(fromMyRow({ ...base, id: 's', anntId: 'a', readFlag: '0' }).sender).toBe('赵立新');
    // A legacy upstream without the real name: the login name.
    expect(fromAnnouncement({ ...base, sender_dictText: undefined, id: 'a', createTime: null }).sender).toBe('jiaowu');
  });

  it('opening marks it read once, then tells the bell and the caller to reload', async () => {
    const onRead = jest.fn();
    const bus = jest.fn();
    const stop = noticeSocket.subscribe(bus);
    show(NOTICE, { onRead });
    await waitFor(() => expect(onRead).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: 'a1' });
    expect(bus).toHaveBeenCalledWith({ type: 'reload' });
    stop();
  });

  it('an already read notice is not marked again; a failed mark is only logged', async () => {
    show({ ...NOTICE, readFlag: '1' });
    await screen.findByText('通知消息');
    expect(put).not.toHaveBeenCalled();
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    put.mockRejectedValueOnce(new Error('网络连接失败'));
    const onRead = jest.fn();
    show({ ...NOTICE, anntId: 'a2' }, { onRead });
    await waitFor(() => expect(info).toHaveBeenCalledWith('[notice] mark read failed', expect.any(Error)));
    expect(onRead).not.toHaveBeenCalled();
    info.mockRestore();
  });

  it('关闭 closes', async () => {
    const onClose = jest.fn();
    show(NOTICE, { onClose });
    fireEvent.click(await screen.findByTestId('announcement-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('openType url: 去处理 closes and goes to the page', async () => {
    const onClose = jest.fn();
    show({ ...NOTICE, openType: 'url', openPage: '/account/settings/security' }, { onClose });
    const go = await screen.findByTestId('announcement-go');
    expect(go).toHaveTextContent('去处理');
    await act(async () => fireEvent.click(go));
    expect(onClose).toHaveBeenCalled();
    expect(push).toHaveBeenCalledWith('/account/settings/security');
  });

  it.each([
    ['url', 'https://evil.example/'],
    ['url', '//evil.example/'],
    ['url', 'javascript:alert(1)'],
    ['component', '/account/center'],
  ])('no 去处理 for openType %s → %s', async (openType, openPage) => {
    show({ ...NOTICE, openType, openPage });
    await screen.findByText('通知消息');
    expect(screen.queryByTestId('announcement-go')).toBeNull();
  });
});
