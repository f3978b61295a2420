import { Hono } from 'hono';
import { z } from 'zod';
import { checkSmsCode, issueSmsCode } from '../auth/codes';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/password';
import { isLoginThrottled, recordLoginAttempt, THROTTLED_MESSAGE } from '../auth/throttle';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody, smsCodeField } from '../core/validate';

/**
 * The signed-in user's own password (account settings → 安全设置). The user is always the token's;
 * a `username` in the body is ignored. A change ends every OTHER session of the user, so a stolen
 * session elsewhere dies, while the one that made the change stays signed in.
 */
export const accountRoutes = new Hono<AppEnv>();

export const PASSWORD_CHANGED = '密码修改成功！';
export const NO_PHONE = '您尚未绑定手机号';

const newPasswordFields = {
  password: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').max(128, '密码不能超过64位'),
  confirmpassword: z.string({ error: '请确认新密码' }).max(128),
};

/** Mismatch first (what the user most likely got wrong), then the password rule. */
function newPasswordProblem(body: { password: string; confirmpassword: string }): string | null {
  if (body.password !== body.confirmpassword) return '两次输入密码不一致';
  return passwordProblem(body.password);
}

async function setPassword(c: Ctx, password: string) {
  const { db, sessions } = c.var.services;
  const { user, tokenHash } = authOf(c);
  await db.updateTable('sys_user').set({ password_hash: await hashPassword(password), update_time: new Date(), update_by: user.username }).where('id', '=', user.id).execute();
  await sessions.revokeUser(user.id, 'password-change', tokenHash);
}

accountRoutes.put('/sys/user/updatePassword', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const body = await readBody(c, z.object({ oldpassword: z.string({ error: '请输入旧密码' }).min(1, '请输入旧密码').max(128), ...newPasswordFields }));
  // Guessing the old password through a live session counts against the same budget as login.
  if (await isLoginThrottled(db, user.username, c.var.ip)) throw new ApiFailure(THROTTLED_MESSAGE, 429);
  if (!(await verifyPassword(body.oldpassword, user.password_hash))) {
    await recordLoginAttempt(db, user.username, c.var.ip, false);
    throw new ApiFailure('旧密码输入错误');
  }
  const problem = newPasswordProblem(body);
  if (problem) throw new ApiFailure(problem);
  await recordLoginAttempt(db, user.username, c.var.ip, true);
  await setPassword(c, body.password);
  return c.json(ok(null, PASSWORD_CHANGED));
});

/** Sends a mode '3' code to the user's own bound phone; the client never names a number. */
accountRoutes.post('/sys/user/sendChangePasswordSms', async (c) => {
  const { db, sms } = c.var.services;
  const { user } = authOf(c);
  if (!user.phone) throw new ApiFailure(NO_PHONE);
  const code = await issueSmsCode(db, user.phone, '3');
  if (!code) throw new ApiFailure('验证码10分钟内，仍然有效！');
  await sms.send(user.phone, code, '3');
  return c.json(ok(null, '短信验证码发送成功'));
});

accountRoutes.post('/sys/user/updatePasswordBySms', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const body = await readBody(c, z.object({ smscode: smsCodeField, ...newPasswordFields }));
  if (!user.phone) throw new ApiFailure(NO_PHONE);
  // Form mistakes are reported before the code is checked, so they do not burn an attempt.
  const problem = newPasswordProblem(body);
  if (problem) throw new ApiFailure(problem);
  if (!(await checkSmsCode(db, user.phone, '3', body.smscode, true))) throw new ApiFailure('手机验证码错误');
  await setPassword(c, body.password);
  return c.json(ok(null, PASSWORD_CHANGED));
});
