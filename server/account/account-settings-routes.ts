import { Hono } from 'hono';
import { z } from 'zod';
import { checkSmsCode, issueSmsCode } from '../auth/codes';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { formatDateTime } from '../core/format';
import { pushToUsers } from '../realtime/notify';
import {
  bindThirdAccount,
  canUnbindAny,
  linksOf,
  loadNotifySettings,
  newPhoneProblem,
  notifySettingsSchema,
  profileChanges,
  profileSchema,
  saveNotifySettings,
  setPhone,
  toProfile,
  unbindThirdAccount,
  type ThirdBinding,
} from './account-settings';
import { BIND_MESSAGES, PROFILE_MESSAGES } from '../../lib/account/account-rules';
import { exchangeSchema, fetchProviderUser } from './third-login-routes';
import { mobileField, readBody, smsCodeField } from '../core/validate';

const phoneSchema = z.object({ phone: mobileField });

/**
 * 账户设置 (issue #26). Every route acts on the token's user only, so it needs a session and no permission
 * code (as 安全设置's password routes): the menu gives these pages to every role.
 *
 * - GET  /sys/user/login/setting/getUserData → SysUser (JeecgBoot's).
 * - POST|PUT /sys/user/login/setting/userEdit {id?, realname, email, birthday, sex, avatar} (JeecgBoot's; absent keys
 *   untouched; `username` ignored; `phone` only as it is) → 更新个人信息成功.
 * - POST /sys/user/sendChangePhoneSms {phone} → SMS code (mode 4) to the NEW number.
 * - PUT  /sys/user/updateMobile {phone, smscode} (JeecgBoot's) → 手机号设置成功!
 * - GET|PUT /sys/user/notifySetting {announcement, task, homework, approval} (booleans).
 * - GET  /sys/user/thirdBinding → {enabled, providers: ThirdBinding[], canUnbind}.
 * - POST /sys/user/thirdBinding/bind {code, codeVerifier, redirectUri, thirdType} (the OAuth callback in bind mode).
 * - DELETE /sys/user/thirdBinding/unbind?thirdType=.
 * Not under /sys/thirdLogin/: that prefix is anonymous (server/app.ts).
 */
export const accountSettingsRoutes = new Hono<AppEnv>();

accountSettingsRoutes.get('/sys/user/login/setting/getUserData', (c) => c.json(ok(toProfile(authOf(c).user))));

accountSettingsRoutes.on(['POST', 'PUT'], '/sys/user/login/setting/userEdit', async (c) => {
  const { db, storage } = c.var.services;
  const { user } = authOf(c);
  const body = await readBody(c, profileSchema);
  const set = await profileChanges(user, body, storage);
  if (Object.keys(set).length) {
    await db.updateTable('sys_user').set({ ...set, update_time: new Date(), update_by: user.username }).where('id', '=', user.id).execute();
  }
  return c.json(ok(null, PROFILE_MESSAGES.saved));
});

accountSettingsRoutes.post('/sys/user/sendChangePhoneSms', async (c) => {
  const { db, sms } = c.var.services;
  const { user } = authOf(c);
  const { phone } = await readBody(c, phoneSchema);
  const problem = await newPhoneProblem(db, user, phone);
  if (problem) throw new ApiFailure(problem);
  const code = await issueSmsCode(db, phone, '4');
  if (!code) throw new ApiFailure(PROFILE_MESSAGES.smsLive);
  await sms.send(phone, code, '4');
  return c.json(ok(null, PROFILE_MESSAGES.smsSent));
});

accountSettingsRoutes.put('/sys/user/updateMobile', async (c) => {
  const { db } = c.var.services;
  const { user } = authOf(c);
  const body = await readBody(c, phoneSchema.extend({ smscode: smsCodeField }));
  // The duplicate is reported before the code is checked, so it does not burn an attempt.
  const problem = await newPhoneProblem(db, user, body.phone);
  if (problem) throw new ApiFailure(problem);
  if (!(await checkSmsCode(db, body.phone, '4', body.smscode, true))) throw new ApiFailure(PROFILE_MESSAGES.smsWrong);
  if (!(await setPhone(db, user, body.phone))) throw new ApiFailure(PROFILE_MESSAGES.phoneTaken);
  return c.json(ok(null, PROFILE_MESSAGES.phoneSaved));
});

accountSettingsRoutes.get('/sys/user/notifySetting', async (c) => c.json(ok(await loadNotifySettings(c.var.services.db, authOf(c).user.id))));

accountSettingsRoutes.put('/sys/user/notifySetting', async (c) => {
  const { user } = authOf(c);
  const body = await readBody(c, notifySettingsSchema);
  await saveNotifySettings(c.var.services.db, user.id, body);
  // The user's open bells (other tabs too) reload with the new switches at once.
  await pushToUsers(c.var.services, [user.id], { cmd: 'user', msgTxt: '消息通知设置已更新' });
  return c.json(ok(body, '保存成功'));
});

accountSettingsRoutes.get('/sys/user/thirdBinding', async (c) => {
  const { db, config } = c.var.services;
  const { user } = authOf(c);
  const links = await linksOf(db, user.id);
  // The configured provider first; links of a provider no longer configured stay listed so they can be removed.
  const types = [...new Set([...(config.oauth ? [config.oauth.name] : []), ...links.map((l) => l.third_type)])];
  const providers: ThirdBinding[] = types.map((t) => {
    const link = links.find((l) => l.third_type === t);
    return { thirdType: t, bound: !!link, realname: link?.realname ?? null, avatar: link?.avatar ?? null, bindTime: link ? formatDateTime(link.create_time) : null };
  });
  return c.json(ok({ enabled: !!config.oauth, providers, canUnbind: canUnbindAny(user, links.length) }));
});

accountSettingsRoutes.post('/sys/user/thirdBinding/bind', async (c) => {
  const { db, config, fetchExternal } = c.var.services;
  const oauth = config.oauth;
  if (!oauth) throw new ApiFailure(BIND_MESSAGES.notEnabled);
  const body = await readBody(c, exchangeSchema);
  if (body.thirdType !== oauth.name) throw new ApiFailure(BIND_MESSAGES.notEnabled);
  const provider = await fetchProviderUser(oauth, fetchExternal, body);
  if (typeof provider === 'string') throw new ApiFailure(provider);
  await bindThirdAccount(db, authOf(c).user.id, oauth.name, provider);
  return c.json(ok(null, BIND_MESSAGES.bound));
});

accountSettingsRoutes.delete('/sys/user/thirdBinding/unbind', async (c) => {
  const { thirdType } = z.object({ thirdType: z.string().trim().min(1).max(50) }).catch({ thirdType: '' }).parse(c.req.query());
  if (!thirdType) throw new ApiFailure(BIND_MESSAGES.notBound);
  await unbindThirdAccount(c.var.services.db, authOf(c).user, thirdType);
  return c.json(ok(null, BIND_MESSAGES.unbound));
});
