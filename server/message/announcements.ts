import { ROW_VERSION_FIELD } from '../../lib/resources/row-version';
import { msVersion } from '../resources/row-version';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import type { SysAnnouncement, SysMessageTemplate, SysUser } from '../db/schema';
import type { Services } from '../core/context';
import { escapeHtml, sanitizeHtml, stripTags } from '../../lib/sanitize-html';
import { newId, parseIdList } from '../core/ids';
import { formatDateTime } from '../core/format';
import { pushToUsers } from '../realtime/notify';

/** Announcements and system messages (contract §5): visibility, read state, pushes, templates. */

export const PRIORITY_TEXT: Record<string, string> = { L: '一般', M: '重要', H: '紧急' };
export const CATEGORY_TEXT: Record<string, string> = { '1': '通知公告', '2': '系统消息' };
export const MSG_TYPE_TEXT: Record<string, string> = { USER: '指定用户', ALL: '全体用户' };
export const SEND_STATUS_TEXT: Record<string, string> = { '0': '未发布', '1': '已发布', '2': '已撤销' };

export const PUBLISHED = '1';
export const NOT_FOUND = '未找到对应实体';

/** The same 32-char id for (announcement, user) whether JS or the lazy SQL insert creates the row. */
export const sendRowId = (anntId: string, userId: string) => createHash('md5').update(`${anntId}|${userId}`).digest('hex');

/** SysAnnouncement as JeecgBoot serialises it, with the `_dictText` siblings of its list (contract §1). */
export function toAnnouncement(a: SysAnnouncement, { showUserIds }: { showUserIds: boolean }) {
  return {
    id: a.id,
    // The version the 编辑 form sends back (issue #39).
    [ROW_VERSION_FIELD]: msVersion(a),
    titile: a.titile,
    msgContent: a.msg_content,
    startTime: formatDateTime(a.start_time),
    endTime: formatDateTime(a.end_time),
    sender: a.sender,
    priority: a.priority,
    priority_dictText: PRIORITY_TEXT[a.priority] ?? a.priority,
    msgCategory: a.msg_category,
    msgCategory_dictText: CATEGORY_TEXT[a.msg_category] ?? a.msg_category,
    msgType: a.msg_type,
    msgType_dictText: MSG_TYPE_TEXT[a.msg_type] ?? a.msg_type,
    sendStatus: a.send_status,
    sendStatus_dictText: SEND_STATUS_TEXT[a.send_status] ?? a.send_status,
    sendTime: formatDateTime(a.send_time),
    cancelTime: formatDateTime(a.cancel_time),
    delFlag: a.del_flag,
    // Who else got a USER announcement is the administrator's business only.
    userIds: showUserIds ? a.user_ids : null,
    busType: a.bus_type,
    busId: a.bus_id,
    openType: a.open_type,
    openPage: a.open_page,
    msgAbstract: a.msg_abstract,
    dtTaskId: a.dt_task_id,
    createBy: a.create_by,
    createTime: formatDateTime(a.create_time),
    updateBy: a.update_by,
    updateTime: formatDateTime(a.update_time),
  };
}
export type AnnouncementDto = ReturnType<typeof toAnnouncement>;

/**
 * 发布人 as people know them (issue #21): `sender` stays the sender's username (contract §5, JeecgBoot's
 * doReleaseData), and its `_dictText` sibling (contract §1) is the user's real name, or the username
 * when there is no such user.
 */
export async function withSenderNames<T extends { sender: string | null }>(db: Database, rows: T[]): Promise<(T & { sender_dictText: string | null })[]> {
  const usernames = [...new Set(rows.map((r) => r.sender).filter((s): s is string => !!s))];
  const found = usernames.length ? await db.selectFrom('sys_user').select(['username', 'realname']).where('username', 'in', usernames).execute() : [];
  const names = new Map(found.filter((u) => u.realname).map((u) => [u.username, u.realname]));
  return rows.map((r) => ({ ...r, sender_dictText: r.sender ? (names.get(r.sender) ?? r.sender) : null }));
}

/**
 * listByUser's first step: an unread send row for every published, undeleted ALL announcement the
 * user has none for and whose end is not before the user joined (no end = always). Idempotent.
 */
export async function materializeAll(db: Database, user: SysUser): Promise<void> {
  await db
    .insertInto('sys_announcement_send')
    .columns(['id', 'annt_id', 'user_id', 'read_flag', 'create_by'])
    .expression((eb) =>
      eb
        .selectFrom('sys_announcement as a')
        .select([
          sql<string>`md5(a.id || ${'|' + user.id}::text)`.as('id'),
          'a.id as annt_id',
          sql<string>`${user.id}::varchar`.as('user_id'),
          sql<string>`'0'`.as('read_flag'),
          sql<string>`${user.username}::varchar`.as('create_by'),
        ])
        .where('a.msg_type', '=', 'ALL')
        .where('a.del_flag', '=', '0')
        .where('a.send_status', '=', PUBLISHED)
        .where((w) => w.or([w('a.end_time', 'is', null), w('a.end_time', '>=', user.create_time)]))
        .where((w) =>
          w.not(w.exists(w.selectFrom('sys_announcement_send as s').select('s.id').whereRef('s.annt_id', '=', 'a.id').where('s.user_id', '=', user.id))),
        ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * One category of the user's unread, published announcements, newest first, and their real count. `mutedBusTypes`:
 * system messages the user switched off in 新消息通知 (issue #26), left out of both.
 */
export async function unreadOf(db: Database, userId: string, category: string, limit: number, mutedBusTypes: string[] = []) {
  let base = db
    .selectFrom('sys_announcement as a')
    .innerJoin('sys_announcement_send as s', 's.annt_id', 'a.id')
    .where('s.user_id', '=', userId)
    .where('s.read_flag', '=', '0')
    .where('a.send_status', '=', PUBLISHED)
    .where('a.del_flag', '=', '0')
    .where('a.msg_category', '=', category);
  if (mutedBusTypes.length) base = base.where((eb) => eb.or([eb('a.bus_type', 'is', null), eb('a.bus_type', 'not in', mutedBusTypes)]));
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll('a').orderBy('a.send_time', 'desc').orderBy('a.create_time', 'desc').orderBy('a.id').limit(limit).execute(),
  ]);
  return { total: Number(n), rows };
}

/** A published, undeleted announcement this user was sent: a send row, or ALL and not ended before they joined. */
export async function findVisible(db: Database, id: string, user: SysUser): Promise<SysAnnouncement | undefined> {
  return db
    .selectFrom('sys_announcement as a')
    .selectAll('a')
    .where('a.id', '=', id)
    .where('a.del_flag', '=', '0')
    .where('a.send_status', '=', PUBLISHED)
    .where((w) =>
      w.or([
        w.exists(w.selectFrom('sys_announcement_send as s').select('s.id').whereRef('s.annt_id', '=', 'a.id').where('s.user_id', '=', user.id)),
        w.and([w('a.msg_type', '=', 'ALL'), w.or([w('a.end_time', 'is', null), w('a.end_time', '>=', user.create_time)])]),
      ]),
    )
    .executeTakeFirst();
}

/** Marks one visible announcement read for the user (keeps the first read time). False when not theirs. */
export async function markRead(db: Database, anntId: string, user: SysUser): Promise<boolean> {
  if (!(await findVisible(db, anntId, user))) return false;
  const now = new Date();
  await db
    .insertInto('sys_announcement_send')
    .values({ id: sendRowId(anntId, user.id), annt_id: anntId, user_id: user.id, read_flag: '1', read_time: now, create_by: user.username, update_by: null, update_time: null })
    .onConflict((oc) =>
      oc.columns(['annt_id', 'user_id']).doUpdateSet({ read_flag: '1', read_time: now, update_by: user.username, update_time: now }).where('sys_announcement_send.read_flag', '=', '0'),
    )
    .execute();
  return true;
}

/** 全部已读: every published announcement of the user (ALL ones included) read; drafts' rows stay unread. */
export async function readAllFor(db: Database, user: SysUser): Promise<number> {
  await materializeAll(db, user);
  const now = new Date();
  const r = await db
    .updateTable('sys_announcement_send')
    .set({ read_flag: '1', read_time: now, update_by: user.username, update_time: now })
    .where('user_id', '=', user.id)
    .where('read_flag', '=', '0')
    .where('annt_id', 'in', (eb) => eb.selectFrom('sys_announcement').select('id').where('send_status', '=', PUBLISHED).where('del_flag', '=', '0'))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A USER announcement's send rows follow its user list: missing rows added (unread), removed users' rows deleted. */
export async function syncUserSends(db: Database, anntId: string, userIds: string[], by: string): Promise<void> {
  let del = db.deleteFrom('sys_announcement_send').where('annt_id', '=', anntId);
  if (userIds.length) del = del.where('user_id', 'not in', userIds);
  await del.execute();
  if (!userIds.length) return;
  await db
    .insertInto('sys_announcement_send')
    .values(userIds.map((uid) => ({ id: sendRowId(anntId, uid), annt_id: anntId, user_id: uid, read_flag: '0', read_time: null, create_by: by, update_by: null, update_time: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Pushes to every connected user; without a broadcaster, to every active user through `notify`. Never throws. */
export async function pushToAll(services: Services, message: object): Promise<void> {
  try {
    if (services.broadcast) {
      await services.broadcast(message);
      return;
    }
    const users = await services.db.selectFrom('sys_user').select('id').where('del_flag', '=', 0).where('status', '=', 1).execute();
    await pushToUsers(services, users.map((u) => u.id), message);
  } catch (e) {
    console.error('[notify] broadcast failed:', (e as Error).message);
  }
}

/** Tells an announcement's audience to reload: ALL → `{cmd:'topic'}` to everyone, USER → `{cmd:'user'}` to its users. */
export async function pushAnnouncement(services: Services, a: Pick<SysAnnouncement, 'id' | 'msg_type' | 'user_ids'>, msgTxt: string): Promise<void> {
  if (a.msg_type === 'ALL') await pushToAll(services, { cmd: 'topic', msgId: a.id, msgTxt });
  else await pushToUsers(services, parseIdList(a.user_ids), { cmd: 'user', msgId: a.id, msgTxt });
}

// ---------------------------------------------------------------- message templates

const PLACEHOLDER = /\$\{\s*([A-Za-z_][\w.]*)\s*\}/g;
export type TemplateData = Record<string, string | number | boolean>;

/** The `${name}` placeholders a template uses, in order of first use. */
export function templateVariables(tpl: Pick<SysMessageTemplate, 'template_title' | 'template_content'>): string[] {
  const names = new Set<string>();
  for (const text of [tpl.template_title, tpl.template_content]) for (const m of text.matchAll(PLACEHOLDER)) names.add(m[1]);
  return [...names];
}

/**
 * Renders title (plain text) and content: an HTML template ('2') gets each value escaped and the result
 * sanitised; a text template ('1') is escaped as a whole, newlines becoming <br>. A missing value is an error.
 */
export function renderTemplate(tpl: Pick<SysMessageTemplate, 'template_title' | 'template_content' | 'template_type'>, data: TemplateData): { title: string; content: string } | { missing: string } {
  const missing = templateVariables(tpl).find((name) => data[name] === undefined || data[name] === null);
  if (missing) return { missing };
  const fill = (text: string, escape: boolean) => text.replace(PLACEHOLDER, (_, name: string) => (escape ? escapeHtml(String(data[name])) : String(data[name])));
  const title = stripTags(fill(tpl.template_title, false)).trim().slice(0, 100);
  const content =
    tpl.template_type === '2' ? sanitizeHtml(fill(tpl.template_content, true)) : escapeHtml(fill(tpl.template_content, false)).replace(/\r?\n/g, '<br>');
  return { title, content };
}

/**
 * A system message (category '2', to chosen users) written by the server itself, e.g. 工作交接's notice: the
 * announcement and its send rows in one transaction, then the push that reloads each user's bell. Call it after
 * the change it reports has committed; `content` is plain text (escaped here, newlines kept).
 */
export async function sendSysMessage(
  services: Services,
  msg: { title: string; content: string; userIds: string[]; sender: string; busType?: string | null; busId?: string | null; priority?: 'L' | 'M' | 'H' },
): Promise<string | null> {
  const userIds = [...new Set(msg.userIds.filter(Boolean))];
  if (!userIds.length) return null;
  const now = new Date();
  const id = newId();
  const saved = await services.db.transaction().execute(async (tx) => {
    const a = await tx
      .insertInto('sys_announcement')
      .values({
        id, titile: stripTags(msg.title).trim().slice(0, 100), msg_content: escapeHtml(msg.content).replace(/\r?\n/g, '<br>'), start_time: now, end_time: null,
        sender: msg.sender, priority: msg.priority ?? 'L', msg_category: '2', msg_type: 'USER', send_status: PUBLISHED, send_time: now, cancel_time: null,
        del_flag: '0', user_ids: `${userIds.join(',')},`, bus_type: msg.busType ?? null, bus_id: msg.busId ?? null, open_type: null, open_page: null,
        msg_abstract: null, dt_task_id: null, create_by: msg.sender, update_by: null, update_time: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await syncUserSends(tx, id, userIds, msg.sender);
    return a;
  });
  await pushAnnouncement(services, saved, saved.titile);
  return id;
}
