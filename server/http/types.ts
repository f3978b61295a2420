import type { Context } from 'hono';
import type { Database } from '../db';
import type { SysUser } from '../db/schema';
import type { SessionStore } from '../auth/sessions';
import type { BackendConfig } from '../config';
import type { SmsSender } from '../auth/sms';

export interface AuthContext {
  token: string;
  tokenHash: string;
  user: SysUser;
  tenantId: number;
}

export interface Services {
  db: Database;
  sessions: SessionStore;
  config: BackendConfig;
  sms: SmsSender;
  /** Stub-able for CAS/OAuth tests. */
  fetchExternal: typeof fetch;
}

export type AppEnv = {
  Variables: {
    auth: AuthContext | null;
    ip: string;
    services: Services;
  };
};

export type Ctx = Context<AppEnv>;

/** The authenticated user; only called from routes behind the auth middleware. */
export function authOf(c: Ctx): AuthContext {
  const a = c.get('auth');
  if (!a) throw new Error('route reached without authentication');
  return a;
}
