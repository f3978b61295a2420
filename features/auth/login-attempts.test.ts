/** @jest-environment node */
import { withAttemptsLeft } from './login-attempts';

describe('withAttemptsLeft', () => {
  it('says how many tries are left and for how long sign-in will be locked', () => {
    expect(withAttemptsLeft('用户名或密码错误', { remainingAttempts: 4, lockMinutes: 15 })).toBe('用户名或密码错误，还可尝试4次，之后将锁定15分钟');
    expect(withAttemptsLeft('用户名或密码错误', { remainingAttempts: 1, lockMinutes: 15 })).toBe('用户名或密码错误，还可尝试1次，之后将锁定15分钟');
  });
  it('after the last try says when to come back', () => {
    expect(withAttemptsLeft('用户名或密码错误', { remainingAttempts: 0, lockMinutes: 15 })).toBe('用户名或密码错误，失败次数过多，请15分钟后再试');
  });
  it('shows the message alone when the server sent no count (a JeecgBoot server) or a malformed one', () => {
    for (const result of [null, undefined, 'x', {}, { remainingAttempts: '3', lockMinutes: 15 }, { remainingAttempts: -1, lockMinutes: 15 }, { remainingAttempts: 2.5, lockMinutes: 15 }, { remainingAttempts: 2 }]) {
      expect(withAttemptsLeft('用户名或密码错误', result)).toBe('用户名或密码错误');
    }
  });
});
