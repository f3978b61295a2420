import 'server-only';
import { resolveSessionSecret } from './secret';

export { resolveSessionSecret };

export interface ServerEnv {
  sessionSecret: string;
  cookieSecure: boolean;
  legacyApiUrl: string | null;
  casUrl: string | null;
  appUrl: string | null;
  trustProxy: boolean;
  allowedOrigins: string[];
  systemTitle: string;
  captcha: boolean;
  helpUrl: string;
}

let cached: ServerEnv | null = null;

/** Read lazily so `next build` needs no secrets. */
export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const env = process.env;
  const legacy = env.LEGACY_API_URL?.trim() || null;
  if (legacy && !/^https?:\/\//.test(legacy)) throw new Error('LEGACY_API_URL must be an http(s) URL');
  cached = {
    sessionSecret: resolveSessionSecret(env),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === '1' : env.NODE_ENV === 'production',
    legacyApiUrl: legacy?.replace(/\/+$/, '') ?? null,
    casUrl: env.CAS_URL?.trim().replace(/\/+$/, '') || null,
    appUrl: env.APP_URL?.trim().replace(/\/+$/, '') || null,
    trustProxy: env.TRUST_PROXY === '1',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    systemTitle: env.SYSTEM_TITLE?.trim() || '教务系统',
    captcha: (env.LOGIN_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    helpUrl: env.HELP_URL?.trim() || 'https://help.example.edu.cn/jiaowu',
  };
  return cached;
}

/** Tests change the environment between cases. */
export function resetServerEnvCache() {
  cached = null;
}
