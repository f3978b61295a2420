import type { Context } from 'hono';
import type { Database } from '../db';
import type { SysUser } from '../db/schema';
import type { AuthContext as PermissionFacts } from '../../lib/permissions/rule';
import type { SessionStore } from '../auth/sessions';
import type { BackendConfig } from '../config';
import type { SmsSender } from '../auth/sms';
import type { FileStorage } from '../storage/storage';

export interface AuthContext {
  token: string;
  tokenHash: string;
  user: SysUser;
  tenantId: number;
}

/** What the caller is granted, loaded once per request (server/core/perm.ts `permCodesOf`, server/auth/users.ts `loadUserPermCodes`). */
export interface UserPermissions {
  /** The rule (`hasButtonAuth`): held through a role, or switched off system-wide (status '0'). */
  has(code: string): boolean;
  /** Held through the user's own roles (`holdsButton`): for "keep your own rights" guards. */
  holds(code: string): boolean;
  /** The facts, as contract §3's lists (`auth` = the user's active buttons; `allAuth` = the switched-off rows). */
  readonly context: PermissionFacts;
}

/** Pushes a realtime message to every open socket of each user (server.ts wires it to the hub). */
export type Notifier = (userIds: string[], message: object) => void | Promise<void>;

export interface Services {
  db: Database;
  sessions: SessionStore;
  config: BackendConfig;
  sms: SmsSender;
  /** Stub-able for CAS/OAuth tests. */
  fetchExternal: typeof fetch;
  /** Realtime push to users; absent or a no-op when no hub is connected. */
  notify?: Notifier;
  /** Uploaded and generated files (local disk under DATA_DIR/upload by default). */
  storage?: FileStorage;
  /** Realtime push to every connected user (announcements to ALL); absent = fall back to `notify` with every active user. */
  broadcast?: (message: object) => void | Promise<void>;
}

export type AppEnv = {
  Variables: {
    auth: AuthContext | null;
    ip: string;
    services: Services;
    /** The caller's permissions, once loaded in this request (server/core/perm.ts `permCodesOf`). */
    permCodes?: UserPermissions;
  };
};

export type Ctx = Context<AppEnv>;

/** The authenticated user; only called from routes behind the auth middleware. */
export function authOf(c: Ctx): AuthContext {
  const a = c.get('auth');
  if (!a) throw new Error('route reached without authentication');
  return a;
}
