import { verifyPassword } from './auth/password';
import type { Database } from './db';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/seed-data';

/**
 * Production refusals (issue #27): with NODE_ENV=production and DATABASE_URL set — a real deployment — the
 * process does not start with the development session secret or the published demo passwords. Each message
 * names the setting to change. The embedded default (`npm start` with no DATABASE_URL) is a trial: unaffected.
 */
export function isProductionDeployment(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production' && !!env.DATABASE_URL?.trim();
}

const SECRET_HINT = 'set SESSION_SECRET to a random string of at least 32 characters, the same on every instance (e.g. `openssl rand -base64 48`)';

/** What the environment alone tells: the session secret and the demo seed. */
export function settingsRefusals(env: NodeJS.ProcessEnv): string[] {
  if (!isProductionDeployment(env)) return [];
  const out: string[] = [];
  const secret = env.SESSION_SECRET?.trim() ?? '';
  if (!secret) {
    // The development default: a secret generated into DATA_DIR, different on every instance.
    out.push(`SESSION_SECRET is not set (the development default generates one per DATA_DIR): ${SECRET_HINT}`);
  } else if (secret.length < 32) {
    out.push(`SESSION_SECRET is shorter than 32 characters: ${SECRET_HINT}`);
  } else if (new Set(secret).size < 8) {
    // 'x' × 40 or 'changeme' repeated: no random string of this length has so few different characters.
    out.push(`SESSION_SECRET looks like a placeholder (fewer than 8 different characters): ${SECRET_HINT}`);
  }
  if ((env.SEED_DEMO ?? 'true').toLowerCase() !== 'false') {
    out.push(`SEED_DEMO is on (the default), which creates demo accounts with the published password ${DEMO_PASSWORD}: set SEED_DEMO=false`);
  }
  return out;
}

/**
 * Active demo accounts (admin, jiaowu, teacher…) whose password still verifies against DEMO_PASSWORD. Only the
 * demo usernames are checked, and each distinct hash once (the seed gives them one hash): one scrypt in the
 * usual case, about 60 ms at start.
 */
export async function demoPasswordRefusals(env: NodeJS.ProcessEnv, db: Database, verify = verifyPassword): Promise<string[]> {
  if (!isProductionDeployment(env)) return [];
  const rows = await db
    .selectFrom('sys_user')
    .select(['username', 'password_hash'])
    .where('username', 'in', DEMO_USERS.map((u) => u.username))
    .where('del_flag', '=', 0)
    .where('status', '=', 1)
    .execute();
  const byHash = new Map<string, string[]>();
  for (const r of rows) byHash.set(r.password_hash, [...(byHash.get(r.password_hash) ?? []), r.username]);
  const still: string[] = [];
  for (const [hash, names] of byHash) if (await verify(DEMO_PASSWORD, hash)) still.push(...names);
  if (!still.length) return [];
  still.sort();
  return [
    `demo account(s) ${still.join(', ')} still have the demo password ${DEMO_PASSWORD}: change their passwords (系统管理 → 用户管理 → 密码) ` +
      'or freeze them, e.g. from an instance started against the same DATABASE_URL without NODE_ENV=production',
  ];
}

/** The text printed when refusing: one line per setting, then why. */
export function refusalText(refusals: string[]): string {
  return ['Refusing to start in production (NODE_ENV=production with DATABASE_URL):', ...refusals.map((r) => `  - ${r}`)].join('\n');
}
