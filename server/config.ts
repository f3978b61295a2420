import path from 'node:path';
import { readMaxBodyBytes } from '../lib/server/body-limit';
import { readMapSettings, type MapSettings } from './edu/geocode';
import { readLiveProviderUrl } from './calendar/live';
import { readOperationLogDays } from './ops/operation-log';

/** Backend settings, read once from the environment (validated; bad values fail at start, not mid-request). */
export interface BackendConfig {
  /** The venue form's map and geocoder (MAP_TILE_URL, MAP_TILE_ATTRIBUTION, MAP_GEOCODER_URL); a bad value stops the start. */
  map: MapSettings;
  captcha: boolean;
  casUrl: string | null;
  seedDemo: boolean;
  /**
   * With seedDemo: also a teaching term (teachers, classes, students, ten weeks of sessions) into empty
   * teaching tables. SEED_TERM=false turns it off; the Jest helper leaves it off unless a suite asks.
   */
  seedTerm: boolean;
  databaseUrl: string | null;
  dataDir: string;
  /** Where the development SMS sender also appends codes (JSON lines), for automated browser tests. */
  smsOutbox: string | null;
  /** Trust the client IP header set by our own BFF (in process) or a proxy (TRUST_PROXY=1). */
  trustClientIpHeader: boolean;
  oauth: OAuthProviderConfig | null;
  /** 直播课堂: LIVE_PROVIDER_URL, an http(s) template with `{id}` (the session id); null = no generated links. */
  liveProviderUrl: string | null;
  /** 操作日志 older than this many days are pruned (OPERATION_LOG_DAYS, 1–3650, default 90). */
  operationLogDays: number;
  /**
   * 多数据源 / 测试连接 may reach a database on this host's loopback (127/8, ::1): ONLINE_DATASOURCE_ALLOW_LOOPBACK=1.
   * Off by default: loopback is the server itself. Link-local, multicast, broadcast and unspecified are never allowed.
   */
  dataSourceAllowLoopback: boolean;
  /** JSON and form bodies above this many bytes are refused with 413 (MAX_BODY_BYTES, default 1 MB; lib/server/body-limit.ts). */
  maxBodyBytes: number;
}

export interface OAuthProviderConfig {
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export function readBackendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const casUrl = env.CAS_URL?.trim() || null;
  if (casUrl && !/^https?:\/\//.test(casUrl)) throw new Error('CAS_URL must be an http(s) URL');
  const captchaSetting = (env.LOGIN_CAPTCHA ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(captchaSetting)) throw new Error('LOGIN_CAPTCHA must be on or off');
  const oauth =
    env.OAUTH_CLIENT_ID && env.OAUTH_AUTHORIZE_URL && env.OAUTH_TOKEN_URL && env.OAUTH_USERINFO_URL
      ? {
          name: env.OAUTH_NAME || 'oauth2',
          authorizeUrl: env.OAUTH_AUTHORIZE_URL,
          tokenUrl: env.OAUTH_TOKEN_URL,
          userInfoUrl: env.OAUTH_USERINFO_URL,
          clientId: env.OAUTH_CLIENT_ID,
          clientSecret: env.OAUTH_CLIENT_SECRET ?? '',
          scope: env.OAUTH_SCOPE || 'openid profile',
        }
      : null;
  return {
    captcha: captchaSetting === 'on',
    casUrl: casUrl?.replace(/\/+$/, '') ?? null,
    seedDemo: (env.SEED_DEMO ?? 'true').toLowerCase() !== 'false',
    seedTerm: (env.SEED_TERM ?? 'true').toLowerCase() !== 'false',
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    smsOutbox: env.SMS_DEV_OUTBOX?.trim() || null,
    trustClientIpHeader: env.TRUST_PROXY === '1',
    oauth,
    map: readMapSettings(env),
    liveProviderUrl: readLiveProviderUrl(env),
    operationLogDays: readOperationLogDays(env),
    dataSourceAllowLoopback: env.ONLINE_DATASOURCE_ALLOW_LOOPBACK === '1',
    maxBodyBytes: readMaxBodyBytes(env),
  };
}
