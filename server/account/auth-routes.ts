import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db';
import type { SysUser } from '../db/schema';
import { consumeCaptcha, issueCaptcha, issueSmsCode, checkSmsCode, type SmsMode } from '../auth/codes';
import { isLoginThrottled, loginAttemptsLeft, recordLoginAttempt, THROTTLED_MESSAGE } from '../auth/throttle';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/password';
import { newId } from '../core/ids';
import { buildLoginResult, loadActiveTenants } from '../auth/users';
import { ApiFailure, ok } from '../core/errors';
import type { AppEnv, Ctx } from '../core/context';
import { mobileField, readBody, smsCodeField } from '../core/validate';
import { pinyinSortKey } from '../resources/pinyin-key';
import { DEFAULT_TENANT_ID } from '../db/tenant-scope';
import { CHALLENGE_TTL_MS, createChallenge, isTwoFactorOn } from '../auth/two-factor';
import { TWO_FACTOR_MESSAGES } from '../../lib/account/security-rules';

const loginSchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(100),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128),
  captcha: z.string().max(16).optional(),
  checkKey: z.union([z.string(), z.number()]).transform(String).optional(),
});

/** The effectiveness checks of contract §2, in JeecgBoot's order and with its messages. */
export async function effectiveUserProblem(db: Database, user: SysUser | undefined): Promise<string | null> {
  if (!user) return '该用户不存在，请注册';
  if (user.del_flag === 1) return '该用户已注销';
  if (user.status === 2) return '该用户已冻结';
  if (user.rel_tenant_ids && (await loadActiveTenants(db, user)).length === 0) return '与该用户关联的租户均已被冻结，无法登录！';
  return null;
}

async function logLogin(c: Ctx, user: SysUser, how: string) {
  await c.var.services.db
    .insertInto('sys_log')
    .values({ log_type: 1, log_content: `用户名: ${user.username},${how}登录成功！`, userid: user.id, username: user.username, ip: c.var.ip })
    .execute();
}

/**
 * Creates the session and builds the `/sys/login` answer (shared by every login route). A user with two-step
 * sign-in on gets no session here but a 5-minute challenge for POST /sys/twoFactorLogin (server/account/security-routes.ts),
 * whatever the first factor was (password, SMS, third party, CAS): a failure for clients that cannot do the second step.
 */
export async function startSession(c: Ctx, user: SysUser, loginType: string, withDicts = true, secondFactorPassed = false) {
  const { db, sessions } = c.var.services;
  if (!secondFactorPassed && (await isTwoFactorOn(db, user.id))) {
    const challenge = await createChallenge(db, { userId: user.id, loginType, withDicts, ip: c.var.ip });
    throw new ApiFailure(TWO_FACTOR_MESSAGES.required, 500, 200, { twoFactor: true, challenge, expiresIn: CHALLENGE_TTL_MS / 1000 });
  }
  const token = await sessions.create(user.id, { ip: c.var.ip, userAgent: c.req.header('user-agent'), loginType });
  await logLogin(c, user, loginType === 'password' ? '' : `${loginType} `);
  const result = await buildLoginResult(db, user, token, withDicts);
  const body = ok(result, '登录成功');
  return body;
}

export const authRoutes = new Hono<AppEnv>();

authRoutes.get('/sys/randomImage/:key', async (c) => {
  const key = c.req.param('key');
  if (!/^[\w-]{1,64}$/.test(key)) throw new ApiFailure('验证码参数错误');
  const image = await issueCaptcha(c.var.services.db, key);
  return c.json({ ...ok(image), code: 0 });
});

authRoutes.post('/sys/login', async (c) => {
  const { db, config } = c.var.services;
  const body = await readBody(c, loginSchema);
  const username = body.username;
  if (config.captcha) {
    if (!body.captcha || !body.checkKey) throw new ApiFailure('验证码无效');
    if (!(await consumeCaptcha(db, body.checkKey, body.captcha))) throw new ApiFailure('验证码错误', 412);
  }
  if (await isLoginThrottled(db, username, c.var.ip)) throw new ApiFailure(THROTTLED_MESSAGE, 429);
  const user = await db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirst();
  const problem = await effectiveUserProblem(db, user);
  if (problem || !user) {
    await recordLoginAttempt(db, username, c.var.ip, false);
    throw new ApiFailure(problem ?? '该用户不存在，请注册');
  }
  if (!(await verifyPassword(body.password, user.password_hash))) {
    await recordLoginAttempt(db, username, c.var.ip, false);
    throw new ApiFailure('用户名或密码错误', 500, 200, await loginAttemptsLeft(db, username, c.var.ip));
  }
  await recordLoginAttempt(db, username, c.var.ip, true);
  return c.json(await startSession(c, user, 'password'));
});

/** Any method, anonymous (contract §2): the token header says which session ends. */
authRoutes.all('/sys/logout', async (c) => {
  const token = c.req.header('x-access-token');
  if (!token) throw new ApiFailure('退出登录失败！');
  const { db, sessions } = c.var.services;
  const userId = await sessions.revokeToken(token, 'logout');
  if (!userId) throw new ApiFailure('Token无效!');
  const user = await db.selectFrom('sys_user').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
  if (user) {
    await db.insertInto('sys_log').values({ log_type: 1, log_content: `用户名: ${user.username},退出成功！`, userid: user.id, username: user.username, ip: c.var.ip }).execute();
  }
  return c.json(ok(null, '退出登录成功！'));
});

const smsSchema = z.object({ mobile: mobileField, smsmode: z.enum(['0', '1', '2'], { error: '短信类型错误' }) });

authRoutes.post('/sys/sms', async (c) => {
  const { db, sms } = c.var.services;
  const { mobile, smsmode } = await readBody(c, smsSchema);
  const user = await db.selectFrom('sys_user').selectAll().where('phone', '=', mobile).where('del_flag', '=', 0).executeTakeFirst();
  if (smsmode === '1') {
    if (user) throw new ApiFailure('该手机号已经注册，请直接登录！');
  } else {
    const problem = await effectiveUserProblem(db, user);
    if (problem) throw new ApiFailure(problem);
  }
  const code = await issueSmsCode(db, mobile, smsmode as SmsMode);
  if (!code) throw new ApiFailure('验证码10分钟内，仍然有效！');
  await sms.send(mobile, code, smsmode);
  return c.json(ok(null, '短信验证码发送成功'));
});

authRoutes.post('/sys/phoneLogin', async (c) => {
  const { db } = c.var.services;
  const body = await readBody(c, z.object({ mobile: mobileField, captcha: smsCodeField }));
  const user = await db.selectFrom('sys_user').selectAll().where('phone', '=', body.mobile).where('del_flag', '=', 0).executeTakeFirst();
  const problem = await effectiveUserProblem(db, user);
  if (problem || !user) throw new ApiFailure(problem ?? '该用户不存在，请注册');
  if (!(await checkSmsCode(db, body.mobile, '0', body.captcha, true))) throw new ApiFailure('手机验证码错误');
  return c.json(await startSession(c, user, 'phone'));
});

/** CAS: the ticket is validated against `${CAS_URL}/p3/serviceValidate` with the same service address (contract §9). */
authRoutes.on(['GET', 'POST'], '/sys/cas/client/validateLogin', async (c) => {
  const { db, config, fetchExternal } = c.var.services;
  if (!config.casUrl) throw new ApiFailure('未启用单点登录');
  const ticket = c.req.query('ticket') ?? '';
  const service = c.req.query('service') ?? '';
  if (!ticket || !service || ticket.length > 512 || service.length > 2048) throw new ApiFailure('单点登录参数缺失');
  const url = `${config.casUrl}/p3/serviceValidate?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`;
  let xml: string;
  try {
    const res = await fetchExternal(url, { signal: AbortSignal.timeout(10_000) });
    xml = await res.text();
  } catch {
    throw new ApiFailure('单点登录服务不可用');
  }
  const principal = /<cas:user>\s*([^<\s]+)\s*<\/cas:user>/.exec(xml)?.[1];
  if (!principal) {
    const reason = /<cas:authenticationFailure[^>]*>([\s\S]*?)<\/cas:authenticationFailure>/.exec(xml)?.[1]?.trim();
    throw new ApiFailure(reason || '单点登录票据无效');
  }
  const user = await db.selectFrom('sys_user').selectAll().where('username', '=', principal).executeTakeFirst();
  const problem = await effectiveUserProblem(db, user);
  if (problem || !user) throw new ApiFailure(problem ?? '该用户不存在，请注册');
  // Contract §9: the CAS answer carries no dictionaries.
  return c.json(await startSession(c, user, 'cas', false));
});

authRoutes.get('/sys/user/checkOnlyUser', async (c) => {
  const { db } = c.var.services;
  const username = c.req.query('username');
  const phone = c.req.query('phone');
  if (!username && !phone) throw new ApiFailure('数据为空,不作处理！');
  let q = db.selectFrom('sys_user').select('id');
  q = username ? q.where('username', '=', username) : q.where('phone', '=', phone!).where('del_flag', '=', 0);
  if (await q.executeTakeFirst()) throw new ApiFailure('用户账号已存在');
  return c.json(ok(null, '该值可用！'));
});

const usernameField = z
  .string({ error: '请输入用户名' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{2,31}$/, '用户名须以字母开头，3-32位字母、数字或下划线');

authRoutes.post('/sys/user/register', async (c) => {
  const { db } = c.var.services;
  const body = await readBody(
    c,
    z.object({ username: usernameField, password: z.string({ error: '请输入密码' }), phone: mobileField, smscode: smsCodeField, email: z.string().email('邮箱格式不正确').optional().or(z.literal('')) }),
  );
  const pwProblem = passwordProblem(body.password);
  if (pwProblem) throw new ApiFailure(pwProblem);
  if (await db.selectFrom('sys_user').select('id').where('username', '=', body.username).executeTakeFirst()) throw new ApiFailure('用户名已存在');
  if (await db.selectFrom('sys_user').select('id').where('phone', '=', body.phone).where('del_flag', '=', 0).executeTakeFirst())
    throw new ApiFailure('该手机号已经注册，请直接登录！');
  if (!(await checkSmsCode(db, body.phone, '1', body.smscode, true))) throw new ApiFailure('手机验证码错误');
  const id = newId();
  const passwordHash = await hashPassword(body.password);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('sys_user')
      .values({
        id, username: body.username, realname: body.username, realname_pinyin: pinyinSortKey(body.username), password_hash: passwordHash, phone: body.phone, email: body.email || null,
        avatar: null, birthday: null, sex: null, org_code: null, status: 1, del_flag: 0, work_no: null, post: null, telephone: null,
        user_identity: 1, rel_tenant_ids: String(DEFAULT_TENANT_ID), is_admin: 0, is_marketing: 0, account_end_time: null, create_by: body.username, update_by: null, update_time: null,
      })
      .execute();
    // Self-registered accounts get only the basic role (account center); an admin grants the rest.
    const basic = await tx.selectFrom('sys_role').select('id').where('role_code', '=', 'user').executeTakeFirst();
    if (basic) await tx.insertInto('sys_user_role').values({ id: newId(), user_id: id, role_id: basic.id }).execute();
  });
  return c.json(ok(null, '注册成功'));
});

authRoutes.post('/sys/user/phoneVerification', async (c) => {
  const { db } = c.var.services;
  const body = await readBody(c, z.object({ phone: mobileField, smscode: smsCodeField }));
  if (!(await checkSmsCode(db, body.phone, '2', body.smscode, false))) throw new ApiFailure('手机验证码错误');
  const user = await db.selectFrom('sys_user').select('username').where('phone', '=', body.phone).where('del_flag', '=', 0).executeTakeFirst();
  if (!user) throw new ApiFailure('该用户不存在，请注册');
  return c.json(ok({ username: user.username, smscode: body.smscode }, '验证成功'));
});

authRoutes.post('/sys/user/passwordChange', async (c) => {
  const { db, sessions } = c.var.services;
  const body = await readBody(c, z.object({ phone: mobileField, smscode: smsCodeField, password: z.string({ error: '请输入新密码' }) }));
  const pwProblem = passwordProblem(body.password);
  if (pwProblem) throw new ApiFailure(pwProblem);
  const user = await db.selectFrom('sys_user').selectAll().where('phone', '=', body.phone).where('del_flag', '=', 0).executeTakeFirst();
  if (!user) throw new ApiFailure('该用户不存在，请注册');
  if (!(await checkSmsCode(db, body.phone, '2', body.smscode, true))) throw new ApiFailure('手机验证码错误');
  await db.updateTable('sys_user').set({ password_hash: await hashPassword(body.password), update_time: new Date(), update_by: user.username }).where('id', '=', user.id).execute();
  // A reset password must not leave a thief's session alive.
  await sessions.revokeUser(user.id, 'password-reset');
  return c.json(ok({ username: user.username }, '密码重置完成！'));
});

