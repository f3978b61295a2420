import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { LoginForm } from '@/features/auth/login-form';
import { TWO_FACTOR_MESSAGES as M } from '../security-rules';

/** The login page's second step (issue #26): a challenge answer asks for the code, and what the code step sends. */

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const post = http.post as jest.Mock;

const challengeAnswer = () => new ApiError(M.required, 500, 200, { success: false, code: 500, message: M.required, result: { twoFactor: true, challenge: 'c-1', expiresIn: 300 } });
const signedIn = { success: true, code: 200, message: '登录成功', result: { userInfo: { id: 'u1', username: 'alice', realname: '爱丽丝' }, departs: [], multi_depart: 0, tenantList: [{ id: 1 }] } };

async function passwordStep() {
  render(<LoginForm captcha={false} redirect="/account/settings/security" oauthName={null} />);
  fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'pw' } });
  await waitFor(() => expect(screen.getByTestId('login-submit')).toHaveProperty('disabled', false));
  fireEvent.click(screen.getByTestId('login-submit'));
  return screen.findByTestId('two-factor-login');
}

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
});

it('after the password, asks for the code; a wrong one shows the message; a right one signs in with the ticket', async () => {
  post.mockRejectedValueOnce(challengeAnswer());
  await passwordStep();
  expect(screen.getByTestId('login-form').style.display).toBe('none');
  expect(document.activeElement).toBe(screen.getByTestId('two-factor-code'));

  post.mockRejectedValueOnce(new ApiError(M.codeWrong, 500, 200));
  fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('two-factor-submit'));
  expect((await screen.findByTestId('two-factor-error')).textContent).toContain(M.codeWrong);

  // 使用恢复码: the same field takes a recovery code.
  fireEvent.click(screen.getByTestId('two-factor-use-recovery'));
  post.mockResolvedValueOnce(signedIn);
  fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: 'abcde-fghjk' } });
  fireEvent.click(screen.getByTestId('two-factor-submit'));
  await waitFor(() => expect(post).toHaveBeenLastCalledWith('/sys/twoFactorLogin', { ticket: 'c-1', verifyCode: 'abcde-fghjk' }));
  await waitFor(() => expect(JSON.stringify({ ...window.localStorage })).toContain('爱丽丝'));
});

it('an expired or exhausted challenge goes back to the password form with the reason', async () => {
  post.mockRejectedValueOnce(challengeAnswer());
  await passwordStep();
  post.mockRejectedValueOnce(new ApiError(M.challengeTooMany, 500, 200));
  fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '654321' } });
  fireEvent.click(screen.getByTestId('two-factor-submit'));
  expect((await screen.findByTestId('login-error')).textContent).toContain(M.challengeTooMany);
  expect(screen.queryByTestId('two-factor-login')).toBeNull();
  expect(screen.getByTestId('login-form').style.display).toBe('');
});
