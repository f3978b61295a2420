import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { ok, wrapper } from '@/components/data/list/__tests__/helpers';
import { ResetPasswordModal } from '../reset-password-modal';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const put = http.put as jest.Mock;
const target = { id: 'u_teacher', username: 'teacher', realname: '李文静' };

function open() {
  const onClose = jest.fn();
  render(<ResetPasswordModal target={target} onClose={onClose} />, { wrapper: wrapper() });
  return { onClose };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('reset-password-submit'));

beforeEach(() => jest.clearAllMocks());

describe('ResetPasswordModal', () => {
  it('shows the account, read-only, and what a reset does', async () => {
    open();
    expect(await screen.findByText('重置密码')).toBeTruthy();
    const account = screen.getByTestId('reset-password-username') as HTMLInputElement;
    expect(account.value).toBe('teacher');
    expect(account.disabled).toBe(true);
    expect(screen.getByText('重置后，李文静的所有登录会话立即失效，需使用新密码重新登录。')).toBeTruthy();
  });

  it('checks the password rule and the confirmation before calling the server', async () => {
    open();
    await screen.findByText('重置密码');
    submit();
    expect(await screen.findByText('请输入登录密码')).toBeTruthy();
    type('reset-password-new', 'abc12');
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    type('reset-password-new', 'abcdefgh');
    expect(await screen.findByText('密码须同时包含字母和数字')).toBeTruthy();
    type('reset-password-new', 'New2026ok');
    type('reset-password-confirm', 'New2026ko');
    submit();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('sends username, password and confirmPassword, then closes', async () => {
    put.mockResolvedValue(ok('密码修改成功!'));
    const { onClose } = open();
    await screen.findByText('重置密码');
    type('reset-password-new', 'New2026ok');
    type('reset-password-confirm', 'New2026ok');
    submit();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/user/changePassword', { username: 'teacher', password: 'New2026ok', confirmPassword: 'New2026ok' }));
    expect(await screen.findByText('密码修改成功!')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('puts a refusal about the password under the field and stays open', async () => {
    put.mockRejectedValue(new ApiError('密码不能超过64位', 500, 200));
    const { onClose } = open();
    await screen.findByText('重置密码');
    type('reset-password-new', 'New2026ok');
    type('reset-password-confirm', 'New2026ok');
    submit();
    await waitFor(() => expect(screen.getAllByText('密码不能超过64位').length).toBeGreaterThanOrEqual(2));
    expect(onClose).not.toHaveBeenCalled();
  });
});
