import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { uploadFile } from '@/lib/upload/upload-file';
import { ok, wrapper } from '@/components/data/list/__tests__/helpers';
import BaseSettingScreen from '../base-setting-screen';
import BindingScreen from '../binding-screen';
import NotificationScreen from '../notification-screen';

/** 账户设置's screens (issue #26): what each sends, and the header refresh after a save. */

const refresh = jest.fn();
const push = jest.fn();
let search = '';
jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh, push, replace: jest.fn() }),
  usePathname: () => '/account/settings/binding',
  useSearchParams: () => new URLSearchParams(search),
}));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('@/lib/upload/upload-file', () => ({ uploadFile: jest.fn() }));
// The cropper needs a canvas jsdom lacks: the test uploads the chosen file as it is.
jest.mock('antd-img-crop', () => ({ __esModule: true, default: ({ children }: { children: ReactNode }) => children }));

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const put = http.put as jest.Mock;
const answer = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });

const PROFILE = { id: 'u1', username: 'teacher2', realname: '周明', avatar: null, birthday: '1990-05-06', sex: 1, email: 'zm@example.edu.cn', phone: '13800000002' };

beforeEach(() => {
  jest.clearAllMocks();
  search = '';
});

describe('基本设置', () => {
  beforeEach(() => get.mockImplementation(() => answer(PROFILE)));

  it('shows the sign-in name read-only and saves the edited fields, then refreshes the header', async () => {
    post.mockResolvedValue(ok('更新个人信息成功'));
    render(<BaseSettingScreen />, { wrapper: wrapper() });
    const username = await screen.findByTestId('base-username');
    expect(username).toHaveProperty('disabled', true);
    expect(screen.getByTestId('base-phone').textContent).toBe('138****0002');
    fireEvent.change(screen.getByTestId('base-realname'), { target: { value: '周明明' } });
    fireEvent.click(screen.getByTestId('base-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/sys/user/login/setting/userEdit', { realname: '周明明', email: 'zm@example.edu.cn', birthday: '1990-05-06', sex: 1 }),
    );
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('uploads a new avatar into the avatar folder with the image rules, saves it and refreshes the header', async () => {
    (uploadFile as jest.Mock).mockResolvedValue({ path: 'avatar/1_abc.png' });
    post.mockResolvedValue(ok());
    const { container } = render(<BaseSettingScreen />, { wrapper: wrapper() });
    await screen.findByTestId('avatar-upload');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/user/login/setting/userEdit', { avatar: 'avatar/1_abc.png' }));
    expect((uploadFile as jest.Mock).mock.calls[0][1]).toEqual({ biz: 'avatar', kind: 'image' });
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('refuses a file that is not an image before uploading', async () => {
    const { container } = render(<BaseSettingScreen />, { wrapper: wrapper() });
    await screen.findByTestId('avatar-upload');
    await act(async () => {
      fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    });
    expect(await screen.findByText('错误的文件格式')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('changes the phone with a code sent to the new number; a taken number shows on its field', async () => {
    post.mockRejectedValueOnce(Object.assign(new Error('该手机号已被其他账号使用'), { code: 500 })).mockResolvedValue(ok('短信验证码发送成功'));
    put.mockResolvedValue(ok('手机号设置成功!'));
    render(<BaseSettingScreen />, { wrapper: wrapper() });
    fireEvent.click(await screen.findByTestId('base-phone-change'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('phone-input'), { target: { value: '13800000003' } });
    fireEvent.click(within(dialog).getByTestId('phone-send-code'));
    expect((await within(dialog).findAllByText('该手机号已被其他账号使用')).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByTestId('phone-input'), { target: { value: '13912345678' } });
    fireEvent.click(within(dialog).getByTestId('phone-send-code'));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/sys/user/sendChangePhoneSms', { phone: '13912345678' }));
    fireEvent.change(within(dialog).getByTestId('phone-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('phone-submit'));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/user/updateMobile', { phone: '13912345678', smscode: '123456' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });
});

describe('新消息通知', () => {
  it('saves all four switches when one changes', async () => {
    get.mockImplementation(() => answer({ announcement: true, task: true, homework: true, approval: true }));
    put.mockResolvedValue(ok('保存成功'));
    render(<NotificationScreen />, { wrapper: wrapper() });
    fireEvent.click(await screen.findByTestId('notify-switch-task'));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/user/notifySetting', { announcement: true, task: false, homework: true, approval: true }));
    await waitFor(() => expect(screen.getByTestId('notify-switch-task').getAttribute('aria-checked')).toBe('false'));
  });
});

describe('账号绑定', () => {
  it('starts the OAuth flow in bind mode, disables 解绑 of the only sign-in way, and shows the outcome by its key', async () => {
    search = 'bind=taken';
    get.mockImplementation(() =>
      answer({
        enabled: true,
        canUnbind: false,
        providers: [
          { thirdType: 'dingtalk', bound: true, realname: '钉钉用户', avatar: null, bindTime: '2026-01-01 10:00:00' },
          { thirdType: 'campus', bound: false, realname: null, avatar: null, bindTime: null },
        ],
      }),
    );
    render(<BindingScreen />, { wrapper: wrapper() });
    expect((await screen.findByTestId('binding-bind-campus')).getAttribute('href')).toBe('/oauth/start?mode=bind&redirect=%2Faccount%2Fsettings%2Fbinding');
    expect(screen.getByTestId('binding-unbind-dingtalk')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('binding-outcome').textContent).toBe('该第三方账号已绑定其他用户');
  });
});
