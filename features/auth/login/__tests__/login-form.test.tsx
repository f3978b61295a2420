import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { call, CallError } from '../api';
import { LoginForm } from '../login-form';
import { TWO_FACTOR_MESSAGES as M } from '@/lib/account/security-rules';

/**
 * The login page's form without antd (issue #28): the field messages, a failed attempt (attempts left, a new
 * captcha), the second step (issue #26) and the department choice.
 */

jest.mock('../api', () => {
  const actual = jest.requireActual('../api');
  return { ...actual, call: jest.fn() };
});
const mockCall = call as jest.Mock;

const challengeAnswer = () => new CallError(M.required, { success: false, code: 500, message: M.required, result: { twoFactor: true, challenge: 'c-1', expiresIn: 300 } });
const signedIn = (extra = {}) => ({ success: true, code: 200, message: '登录成功', result: { userInfo: { id: 'u1', username: 'alice', realname: '爱丽丝' }, departs: [], multi_depart: 0, tenantList: [{ id: 1 }], ...extra } });
const calledPaths = () => mockCall.mock.calls.map((c) => `${c[0]} ${c[1]}`);

async function passwordStep(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  render(<LoginForm captcha={false} redirect="/account/settings/security" oauthName={null} {...props} />);
  fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'pw' } });
  await waitFor(() => expect(screen.getByTestId('login-submit')).toHaveProperty('disabled', false));
  fireEvent.click(screen.getByTestId('login-submit'));
}

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
});

it('empty fields show 请输入用户名 / 请输入密码 / 请输入验证码 and call nothing; typing clears a message', async () => {
  render(<LoginForm captcha redirect="/" oauthName={null} initialCaptcha={{ checkKey: 'k0', image: 'data:image/png;base64,AA==', error: null }} />);
  await waitFor(() => expect(screen.getByTestId('login-submit')).toHaveProperty('disabled', false));
  fireEvent.click(screen.getByTestId('login-submit'));
  for (const text of ['请输入用户名', '请输入密码', '请输入验证码']) expect(screen.getByText(text)).toBeTruthy();
  fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: 'alice' } });
  expect(screen.queryByText('请输入用户名')).toBeNull();
  // The server-issued captcha is used as is: no request for another one.
  expect(mockCall).not.toHaveBeenCalled();
});

it('a wrong password shows the message with the attempts left and brings a new captcha', async () => {
  mockCall.mockRejectedValueOnce(new CallError('用户名或密码错误', { success: false, code: 500, message: '用户名或密码错误', result: { remainingAttempts: 3, lockMinutes: 10 } }));
  mockCall.mockResolvedValueOnce({ success: true, code: 0, message: '', result: 'data:image/png;base64,BB==' });
  render(<LoginForm captcha redirect="/" oauthName={null} initialCaptcha={{ checkKey: 'k0', image: 'data:image/png;base64,AA==', error: null }} />);
  fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: ' alice ' } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'pw' } });
  fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: 'ab12' } });
  await waitFor(() => expect(screen.getByTestId('login-submit')).toHaveProperty('disabled', false));
  fireEvent.click(screen.getByTestId('login-submit'));
  expect((await screen.findByTestId('login-error')).textContent).toBe('用户名或密码错误，还可尝试3次，之后将锁定10分钟');
  expect(mockCall).toHaveBeenCalledWith('POST', '/sys/login', { username: 'alice', password: 'pw', captcha: 'ab12', checkKey: 'k0' });
  await waitFor(() => expect(screen.getByAltText('验证码图片').getAttribute('src')).toBe('data:image/png;base64,BB=='));
  expect(calledPaths()[1]).toMatch(/^GET \/sys\/randomImage\/\w+$/);
  expect((screen.getByPlaceholderText('验证码') as HTMLInputElement).value).toBe('');
});

it('after the password, asks for the code; a wrong one shows the message; a right one signs in with the ticket', async () => {
  mockCall.mockRejectedValueOnce(challengeAnswer());
  await passwordStep();
  await screen.findByTestId('two-factor-login');
  expect(screen.getByTestId('login-form').style.display).toBe('none');
  expect(document.activeElement).toBe(screen.getByTestId('two-factor-code'));

  mockCall.mockRejectedValueOnce(new CallError(M.codeWrong));
  fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('two-factor-submit'));
  expect((await screen.findByTestId('two-factor-error')).textContent).toContain(M.codeWrong);

  // 使用恢复码: the same field takes a recovery code.
  fireEvent.click(screen.getByTestId('two-factor-use-recovery'));
  mockCall.mockResolvedValueOnce(signedIn());
  fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: 'abcde-fghjk' } });
  fireEvent.click(screen.getByTestId('two-factor-submit'));
  await waitFor(() => expect(mockCall).toHaveBeenLastCalledWith('POST', '/sys/twoFactorLogin', { ticket: 'c-1', verifyCode: 'abcde-fghjk' }));
  await waitFor(() => expect(JSON.stringify({ ...window.localStorage })).toContain('爱丽丝'));
});

it('an expired or exhausted challenge goes back to the password form with the reason', async () => {
  mockCall.mockRejectedValueOnce(challengeAnswer());
  await passwordStep();
  await screen.findByTestId('two-factor-login');
  mockCall.mockRejectedValueOnce(new CallError(M.challengeTooMany));
  fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '654321' } });
  fireEvent.click(screen.getByTestId('two-factor-submit'));
  expect((await screen.findByTestId('login-error')).textContent).toContain(M.challengeTooMany);
  expect(screen.queryByTestId('two-factor-login')).toBeNull();
  expect(screen.getByTestId('login-form').style.display).toBe('');
});

it('several departments: 部门选择 asks for one, POST /sys/selectDepart {orgCode, username}, and the new user info is stored', async () => {
  const departs = [
    { id: 'd1', departName: '北京校区', orgCode: 'A01' },
    { id: 'd2', departName: '上海校区', orgCode: 'A02' },
  ];
  mockCall.mockResolvedValueOnce(signedIn({ departs, multi_depart: 2 }));
  await passwordStep();
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('部门选择');
  fireEvent.click(screen.getByTestId('depart-confirm'));
  expect(screen.getByText('请选择部门')).toBeTruthy();
  mockCall.mockResolvedValueOnce({ success: true, code: 200, message: '', result: { userInfo: { id: 'u1', username: 'alice', realname: '爱丽丝·上海' } } });
  fireEvent.click(screen.getByText('上海校区'));
  fireEvent.click(screen.getByTestId('depart-confirm'));
  await waitFor(() => expect(mockCall).toHaveBeenLastCalledWith('POST', '/sys/selectDepart', { orgCode: 'A02', username: 'alice' }));
  await waitFor(() => expect(JSON.stringify({ ...window.localStorage })).toContain('爱丽丝·上海'));
});
