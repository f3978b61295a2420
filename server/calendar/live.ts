import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { newId } from '../core/ids';
import { ApiFailure } from '../core/errors';
import { LIVE_LIST_DAYS, LIVE_ONLINE_SECONDS, type CalendarStatus, type CalendarType, type LivePresence, type LiveSession } from '../../lib/calendar/types';
import { toWireTime } from '../../lib/calendar/wire-time';
import { shanghaiDayStart, shanghaiToday } from '../edu/catalog-teaching-shared';
import { liveState } from '../../lib/calendar/live-model';
import { CALENDAR_MESSAGES, cleanLiveUrl, writeLog, type Actor } from './calendar';
import { entryTitle } from '../../lib/calendar/entry-title';

/**
 * 直播课堂 (issue 7 item 8): the sessions of today and the next week with their live link, generating a link
 * from LIVE_PROVIDER_URL, and who is on a session (presence refreshed by the page's heartbeat). Scope-1
 * (内部班) sessions exist only for callers holding calendar:inner:list.
 */

type Db = Kysely<DB>;

export const LIVE_MESSAGES = {
  notFound: CALENDAR_MESSAGES.notFound,
  closed: '已取消或已调课的课次不能直播',
  noProvider: '未配置直播服务，请手动填写直播链接',
  noLink: '该课次尚未设置直播链接',
  notStarted: '直播尚未开始，请在开课前15分钟内进入',
  ended: '直播已结束',
} as const;

/* ---------- configuration ---------- */

/**
 * LIVE_PROVIDER_URL: an http(s) URL template containing `{id}` (the session id), e.g.
 * `https://meet.jit.si/jiaowu-{id}`. Empty = no generated links. Anything else stops the start.
 */
export function readLiveProviderUrl(env: Record<string, string | undefined>): string | null {
  const raw = env.LIVE_PROVIDER_URL?.trim();
  if (!raw) return null;
  if (!raw.includes('{id}')) throw new Error('LIVE_PROVIDER_URL must contain {id} (the session id), e.g. https://meet.jit.si/jiaowu-{id}');
  let url: URL;
  try {
    url = new URL(raw.replaceAll('{id}', 'x'));
  } catch {
    throw new Error(`LIVE_PROVIDER_URL is not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('LIVE_PROVIDER_URL must be an http(s) URL');
  return raw;
}

/** The template filled for one session (ids are hex, encoded anyway). */
export const liveUrlFor = (template: string, id: string) => template.replaceAll('{id}', encodeURIComponent(id));

/* ---------- list ---------- */

/** Today's start in Shanghai, as a UTC instant. */
export const todayStart = (now: Date): Date => shanghaiDayStart(shanghaiToday(now.getTime()));

export interface LiveListQuery {
  now: Date;
  allowInner: boolean;
  /** A provider is configured, so sessions without a link can still get one. */
  canGenerate: boolean;
  offset: number;
  limit: number;
}

const onlineSince = (now: Date) => new Date(now.getTime() - LIVE_ONLINE_SECONDS * 1000);

/** Live (未开始 / 已点名) sessions of today and the next 7 days with a link (or any, when one can be generated), earliest first. */
export async function listLiveSessions(db: Db, q: LiveListQuery): Promise<{ records: LiveSession[]; total: number }> {
  const from = todayStart(q.now);
  const to = new Date(from.getTime() + LIVE_LIST_DAYS * 86_400_000);
  let base = db
    .selectFrom('tbl_calendar as c')
    .where('c.del_flag', '=', 0)
    .where('c.status', 'in', [0, 1])
    .where('c.start_time', '<', to)
    .where('c.end_time', '>', from);
  if (!q.allowInner) base = base.where('c.scope', '=', 0);
  if (!q.canGenerate) base = base.where('c.live_url', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
      .leftJoin('tbl_course as k', 'k.id', 'c.course_id')
      .select([
        'c.id', 'c.type', 'c.title', 'c.lesson_no', 'c.start_time', 'c.end_time', 'c.status', 'c.scope', 'c.live_url', 'z.name as clazz_name', 'k.name as course_name',
        (eb) =>
          eb
            .selectFrom('tbl_calendar_teacher as ct')
            .innerJoin('tbl_teacher as t', 't.id', 'ct.teacher_id')
            .select(sql<string>`string_agg(t.name, '、' order by ct.role, t.name)`.as('n'))
            .whereRef('ct.calendar_id', '=', 'c.id')
            .as('teachers'),
        (eb) =>
          eb
            .selectFrom('tbl_live_presence as p')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('p.calendar_id', '=', 'c.id')
            .where('p.last_seen', '>', onlineSince(q.now))
            .as('online'),
      ])
      .orderBy('c.start_time')
      .orderBy('c.id')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      id: r.id,
      title: entryTitle(r),
      type: r.type as CalendarType,
      clazzName: r.clazz_name ?? null,
      courseName: r.course_name ?? null,
      teachers: r.teachers ?? '',
      clazzStartTime: toWireTime(r.start_time),
      clazzEndTime: toWireTime(r.end_time),
      status: r.status as CalendarStatus,
      scope: r.scope === 1 ? 1 : 0,
      liveUrl: r.live_url,
      canGenerate: q.canGenerate,
      online: Number(r.online ?? 0),
    })),
  };
}

/* ---------- one session ---------- */

/** The session, or 日程不存在或已删除 when missing, deleted or an inner-class one the caller may not see. */
async function loadSession(db: Db, id: string, allowInner: boolean, lock = false) {
  let q = db.selectFrom('tbl_calendar').select(['id', 'start_time', 'end_time', 'status', 'scope', 'live_url']).where('id', '=', id).where('del_flag', '=', 0);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || (row.scope === 1 && !allowInner)) throw new ApiFailure(LIVE_MESSAGES.notFound);
  return row;
}

/** {id} → the template's link when the session has none; {id, url} → that link (http(s), checked like the calendar's). */
export async function setLiveLink(db: Db, input: { id: string; url?: string | null }, template: string | null, actor: Actor, allowInner: boolean): Promise<{ liveUrl: string }> {
  return db.transaction().execute(async (tx) => {
    const s = await loadSession(tx, input.id, allowInner, true);
    if (s.status !== 0 && s.status !== 1) throw new ApiFailure(LIVE_MESSAGES.closed);
    const given = input.url?.trim();
    let url: string;
    if (given) {
      url = cleanLiveUrl(given)!;
    } else {
      if (s.live_url) return { liveUrl: s.live_url };
      if (!template) throw new ApiFailure(LIVE_MESSAGES.noProvider);
      url = liveUrlFor(template, s.id);
    }
    if (url === s.live_url) return { liveUrl: url };
    await tx.updateTable('tbl_calendar').set({ live_url: url, update_by: actor.username, update_time: new Date() }).where('id', '=', s.id).execute();
    await writeLog(tx, [{ calendarId: s.id, action: 'edit', detail: `直播地址 ${url}` }], actor);
    return { liveUrl: url };
  });
}

/**
 * Join / heartbeat: records that the user is on the session. Allowed only while it is live (LIVE_JOIN_LEAD
 * minutes before the start until its end) and has a link. A beat after more than a minute of silence starts
 * a new stay (joined_at reset).
 */
export async function touchPresence(db: Db, id: string, user: { id: string; realname: string | null; username: string }, allowInner: boolean, now = new Date()): Promise<{ liveUrl: string }> {
  const s = await loadSession(db, id, allowInner);
  if (s.status !== 0 && s.status !== 1) throw new ApiFailure(LIVE_MESSAGES.closed);
  if (!s.live_url) throw new ApiFailure(LIVE_MESSAGES.noLink);
  const state = liveState(s.start_time, s.end_time, now);
  if (state === 'upcoming') throw new ApiFailure(LIVE_MESSAGES.notStarted);
  if (state === 'ended') throw new ApiFailure(LIVE_MESSAGES.ended);
  const since = onlineSince(now);
  await db
    .insertInto('tbl_live_presence')
    .values({ id: newId(), calendar_id: s.id, user_id: user.id, realname: user.realname || user.username, joined_at: now, last_seen: now })
    .onConflict((oc) =>
      oc.columns(['calendar_id', 'user_id']).doUpdateSet({
        realname: (eb) => eb.ref('excluded.realname'),
        joined_at: sql<Date>`case when tbl_live_presence.last_seen > ${since} then tbl_live_presence.joined_at else excluded.joined_at end`,
        last_seen: (eb) => eb.ref('excluded.last_seen'),
      }),
    )
    .execute();
  return { liveUrl: s.live_url };
}

/** Who is on the session now (seen within LIVE_ONLINE_SECONDS), by join time. */
export async function listPresence(db: Db, id: string, allowInner: boolean, now = new Date()): Promise<LivePresence[]> {
  await loadSession(db, id, allowInner);
  const rows = await db
    .selectFrom('tbl_live_presence')
    .select(['user_id', 'realname', 'joined_at', 'last_seen'])
    .where('calendar_id', '=', id)
    .where('last_seen', '>', onlineSince(now))
    .orderBy('joined_at')
    .orderBy('user_id')
    .limit(500)
    .execute();
  return rows.map((r) => ({ userId: r.user_id, realname: r.realname ?? '', joinedAt: toWireTime(r.joined_at), lastSeen: toWireTime(r.last_seen) }));
}
