import { readMaxBodyBytes } from './body-limit';
import { JEECG_SIGN_SECRET_DEFAULT } from './jeecg-sign';
import { resolveSessionSecret } from './secret';
import type { OAuthClientSettings } from './oauth';

/* No 'server-only' here: server.ts (outside React's server graph) builds the BFF from this too. */

export interface ServerEnv {
  sessionSecret: string;
  cookieSecure: boolean;
  legacyApiUrl: string | null;
  /** JeecgBoot 3.x `jeecg.signatureSecret` for signed dictionary calls to LEGACY_API_URL (LEGACY_SIGN_SECRET; default: JeecgBoot's). */
  legacySignSecret: string;
  casUrl: string | null;
  appUrl: string | null;
  trustProxy: boolean;
  allowedOrigins: string[];
  systemTitle: string;
  captcha: boolean;
  helpUrl: string;
  /** The settings drawer is a development preview (spec 01 §2): on in development, or with SETTINGS_DRAWER=on. */
  settingsDrawer: boolean;
  /** Third-party login (same OAUTH_* variables as the backend); never holds the client secret. */
  oauth: OAuthClientSettings | null;
  /** The Next route handlers' body limit (MAX_BODY_BYTES, default 1 MB), the same as the embedded backend's. */
  maxBodyBytes: number;
}

/** The web tier's settings from the environment; bad values fail at start. */
export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const legacy = env.LEGACY_API_URL?.trim() || null;
  if (legacy && !/^https?:\/\//.test(legacy)) throw new Error('LEGACY_API_URL must be an http(s) URL');
  return {
    sessionSecret: resolveSessionSecret(env),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === '1' : env.NODE_ENV === 'production',
    legacyApiUrl: legacy?.replace(/\/+$/, '') ?? null,
    legacySignSecret: env.LEGACY_SIGN_SECRET?.trim() || JEECG_SIGN_SECRET_DEFAULT,
    casUrl: env.CAS_URL?.trim().replace(/\/+$/, '') || null,
    appUrl: env.APP_URL?.trim().replace(/\/+$/, '') || null,
    trustProxy: env.TRUST_PROXY === '1',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    systemTitle: env.SYSTEM_TITLE?.trim() || '教务系统',
    captcha: (env.LOGIN_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    helpUrl: env.HELP_URL?.trim() || '/manual/index.html',
    settingsDrawer: env.SETTINGS_DRAWER ? env.SETTINGS_DRAWER === 'on' : env.NODE_ENV !== 'production',
    maxBodyBytes: readMaxBodyBytes(env),
    // Enabled under the same condition as server/config.ts, so the two sides always agree.
    oauth:
      env.OAUTH_CLIENT_ID && env.OAUTH_AUTHORIZE_URL && env.OAUTH_TOKEN_URL && env.OAUTH_USERINFO_URL
        ? {
            name: env.OAUTH_NAME || 'oauth2',
            authorizeUrl: env.OAUTH_AUTHORIZE_URL,
            clientId: env.OAUTH_CLIENT_ID,
            scope: env.OAUTH_SCOPE || 'openid profile',
          }
        : null,
  };
}
