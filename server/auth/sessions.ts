import { sql } from 'kysely';
import type { Database } from '../db';
import type { SysUser } from '../db/schema';
import { newToken, sha256 } from '../core/ids';
import { escapeLike } from '../db/like';
import { noteCacheGeneration } from '../db/cache-generation';

/** Spec 01 §9: login token lifetime 7 days. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** last_seen is only written when older than this, so reads do not cost a write each. */
const TOUCH_EVERY_MS = 60_000;
/** verifyRecent(): how long a successful check may be reused, and how many are remembered. */
export const RECENT_VERIFY_MS = 2_000;
const RECENT_LIMIT = 1_000;

export interface SessionInfo {
  tokenHash: string;
  user: SysUser;
  expiresAt: Date;
}

export type RevokeListener = (tokenHashes: string[]) => void;

export class SessionStore {
  private listeners = new Set<RevokeListener>();
  private recent = new Map<string, { info: SessionInfo; at: number }>();
  constructor(private readonly db: Database) {}

  onRevoke(fn: RevokeListener) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async create(userId: string, meta: { ip?: string | null; userAgent?: string | null; loginType: string }) {
    const token = newToken();
    await this.db
      .insertInto('sys_user_session')
      .values({
        token_hash: sha256(token),
        user_id: userId,
        client_ip: meta.ip ?? null,
        user_agent: meta.userAgent?.slice(0, 255) ?? null,
        login_type: meta.loginType,
        expires_at: new Date(Date.now() + SESSION_TTL_MS),
        revoked_at: null,
        revoke_reason: null,
      })
      .execute();
    return token;
  }

  /** The one check behind every authenticated call: live record, not expired, user active. */
  async verify(token: string | null | undefined): Promise<SessionInfo | null> {
    if (!token || token.length > 200) return null;
    return this.verifyHash(sha256(token));
  }

  private async verifyHash(tokenHash: string): Promise<SessionInfo | null> {
    const row = await this.db
      .selectFrom('sys_user_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .selectAll('u')
      .select(['s.expires_at as s_expires_at', 's.last_seen as s_last_seen'])
      // The request caches' generation (server/db/cache-generation.ts), read here so that checking them costs no statement.
      .select(sql<string>`(select gen::text from sys_cache_gen where id = 1)`.as('s_cache_gen'))
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date())
      .where('u.status', '=', 1)
      .where('u.del_flag', '=', 0)
      .executeTakeFirst();
    if (!row) return null;
    const { s_expires_at, s_last_seen, s_cache_gen, ...user } = row;
    noteCacheGeneration(this.db, s_cache_gen);
    if (Date.now() - new Date(s_last_seen).getTime() > TOUCH_EVERY_MS) {
      await this.db.updateTable('sys_user_session').set({ last_seen: sql`now()` }).where('token_hash', '=', tokenHash).execute();
    }
    return { tokenHash, user: user as SysUser, expiresAt: new Date(s_expires_at) };
  }

  /**
   * verify(), reusing a success of the last RECENT_VERIFY_MS for this token. Only for bursts of
   * requests that cost a database query each otherwise (slice uploads: about a thousand per
   * gigabyte). A revocation in this process (logout, kick-out, freeze, delete, password change) drops
   * the entry at once; one made on another instance is seen here within RECENT_VERIFY_MS.
   */
  async verifyRecent(token: string | null | undefined): Promise<SessionInfo | null> {
    if (!token || token.length > 200) return null;
    const hash = sha256(token);
    const now = Date.now();
    const hit = this.recent.get(hash);
    if (hit && now - hit.at < RECENT_VERIFY_MS && hit.info.expiresAt.getTime() > now) return hit.info;
    this.recent.delete(hash);
    const info = await this.verifyHash(hash);
    if (info) {
      this.recent.set(hash, { info, at: now });
      if (this.recent.size > RECENT_LIMIT) this.recent.delete(this.recent.keys().next().value!);
    }
    return info;
  }

  /** Ends the session behind `token`; answers its user id, or null when it was unknown or already ended. */
  async revokeToken(token: string, reason = 'logout'): Promise<string | null> {
    const rows = await this.db
      .updateTable('sys_user_session')
      .set({ revoked_at: sql`now()`, revoke_reason: reason })
      .where('token_hash', '=', sha256(token))
      .where('revoked_at', 'is', null)
      .returning(['token_hash', 'user_id'])
      .execute();
    this.notify(rows.map((r) => r.token_hash));
    return rows[0]?.user_id ?? null;
  }

  /** Ends one live session by its full hash (an administrator's kick-out of a single session). */
  async revokeSession(tokenHash: string, reason: string) {
    const rows = await this.db
      .updateTable('sys_user_session')
      .set({ revoked_at: sql`now()`, revoke_reason: reason })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning('token_hash')
      .execute();
    return this.notify(rows.map((r) => r.token_hash));
  }

  /** Live sessions (the same test as `verify`: not revoked, not expired, user active), newest first. */
  private liveQuery(username?: string) {
    let q = this.db
      .selectFrom('sys_user_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date())
      .where('u.status', '=', 1)
      .where('u.del_flag', '=', 0);
    if (username) q = q.where('u.username', 'ilike', `%${escapeLike(username)}%`);
    return q;
  }

  async listLive(opts: { username?: string; offset: number; limit: number }) {
    const [{ n }, rows] = await Promise.all([
      this.liveQuery(opts.username).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.liveQuery(opts.username)
        .select(['s.token_hash', 's.user_id', 's.client_ip', 's.login_type', 's.create_time', 's.last_seen', 'u.username', 'u.realname', 'u.avatar', 'u.sex', 'u.phone', 'u.birthday'])
        .orderBy('s.create_time', 'desc')
        .orderBy('s.token_hash')
        .offset(opts.offset)
        .limit(opts.limit)
        .execute(),
    ]);
    return { total: Number(n), rows };
  }

  /** One user's live sessions, most recently active first (安全设置: the user's own devices). */
  async listForUser(userId: string, limit: number) {
    return this.liveQuery()
      .where('s.user_id', '=', userId)
      .select(['s.token_hash', 's.client_ip', 's.user_agent', 's.login_type', 's.create_time', 's.last_seen'])
      .orderBy('s.last_seen', 'desc')
      .orderBy('s.create_time', 'desc')
      .limit(limit)
      .execute();
  }

  /** Full hashes of the live sessions whose hash starts with `prefix` (lower-case hex only). */
  async findLiveByPrefix(prefix: string) {
    if (!/^[0-9a-f]{1,64}$/.test(prefix)) return [];
    const rows = await this.liveQuery().select(['s.token_hash', 's.user_id']).where('s.token_hash', 'like', `${prefix}%`).limit(2).execute();
    return rows;
  }

  /** Ends every live session of a user (freeze, kick-out, password change), optionally sparing one. */
  async revokeUser(userId: string, reason: string, exceptTokenHash?: string) {
    let q = this.db
      .updateTable('sys_user_session')
      .set({ revoked_at: sql`now()`, revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptTokenHash) q = q.where('token_hash', '!=', exceptTokenHash);
    const rows = await q.returning('token_hash').execute();
    return this.notify(rows.map((r) => r.token_hash));
  }

  private notify(hashes: string[]) {
    for (const h of hashes) this.recent.delete(h);
    if (hashes.length) for (const fn of this.listeners) fn(hashes);
    return hashes.length;
  }

  /** Housekeeping: expired and long-revoked sessions go after a day. */
  async prune() {
    await this.db
      .deleteFrom('sys_user_session')
      .where((eb) => eb.or([eb('expires_at', '<', new Date(Date.now() - 86400_000)), eb('revoked_at', '<', new Date(Date.now() - 86400_000))]))
      .execute();
  }
}
