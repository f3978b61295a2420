import type { Database } from '../db';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const THROTTLED_MESSAGE = `登录失败次数过多，请${LOGIN_LOCK_MINUTES}分钟后再试`;

/**
 * Throttling keyed by username AND client IP: an attacker elsewhere can only lock out their own
 * address, never the real user's. A success resets the count.
 */
async function recentFailures(db: Database, username: string, ip: string): Promise<number> {
  const since = new Date(Date.now() - LOGIN_LOCK_MINUTES * 60_000);
  const lastSuccess = await db
    .selectFrom('sys_login_attempt')
    .select((eb) => eb.fn.max('create_time').as('t'))
    .where('username', '=', username)
    .where('client_ip', '=', ip)
    .where('success', '=', true)
    .executeTakeFirst();
  const from = lastSuccess?.t && new Date(lastSuccess.t) > since ? new Date(lastSuccess.t) : since;
  const row = await db
    .selectFrom('sys_login_attempt')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username', '=', username)
    .where('client_ip', '=', ip)
    .where('success', '=', false)
    .where('create_time', '>', from)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function isLoginThrottled(db: Database, username: string, ip: string): Promise<boolean> {
  return (await recentFailures(db, username, ip)) >= MAX_LOGIN_FAILURES;
}

/**
 * What a wrong password answers besides JeecgBoot's message (which stays verbatim for its own client): how
 * many tries are left before the lock, so the login form can warn before a colleague is locked out.
 */
export async function loginAttemptsLeft(db: Database, username: string, ip: string): Promise<{ remainingAttempts: number; lockMinutes: number }> {
  const left = Math.max(0, MAX_LOGIN_FAILURES - (await recentFailures(db, username, ip)));
  return { remainingAttempts: left, lockMinutes: LOGIN_LOCK_MINUTES };
}

export async function recordLoginAttempt(db: Database, username: string, ip: string, success: boolean) {
  await db.insertInto('sys_login_attempt').values({ username: username.slice(0, 100), client_ip: ip.slice(0, 64), success }).execute();
}
