import { ROW_VERSION_HEADER, versionOf } from '../../lib/resources/row-version';
import { msVersion, writerConflict } from '../resources/row-version';
import { Hono } from 'hono';
import { z } from 'zod';
import type { SysAnnouncement } from '../db/schema';
import { escapeLike } from '../db/like';
import { newId, parseIdList } from '../core/ids';
import {
  findVisible, markRead, materializeAll, NOT_FOUND, PUBLISHED, pushAnnouncement, readAllFor, syncUserSends, toAnnouncement, unreadOf, withSenderNames,
} from './announcements';
import { ANNOUNCEMENT_PAGE_HEADERS, renderAnnouncementPage, renderMessagePage } from './announcement-page';
import { formatDateTime } from '../core/format';
import { bodySchema, toColumns } from './announcement-input';
import { pushToUsers } from '../realtime/notify';
import { bellMutes } from '../account/account-settings';
import { loadUserPermCodes } from '../auth/users';
import { ApiFailure, fail, ok, TOKEN_INVALID } from '../core/errors';
import { messageRoutes } from './message-routes';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/** 系统通告 (contract §5): the administrator's CRUD + release/revoke, and every user's own notices. */
export const announcementRoutes = new Hono<AppEnv>();
announcementRoutes.route('/', messageRoutes);

const BASE = '/sys/annountCement';
const SEND = '/sys/sysAnnouncementSend';
const q = (c: Ctx, name: string) => (c.req.query(name) ?? '').trim();
const likeOf = (raw: string) => `%${escapeLike(raw.replace(/^\*|\*$/g, '').slice(0, 100))}%`;
const isAdmin = async (c: Ctx) => (await loadUserPermCodes(c.var.services.db, authOf(c).user.id)).has(PERMS.announcement.list);

// ---------------------------------------------------------------- administrator

const SORTABLE = { createTime: 'create_time', sendTime: 'send_time', priority: 'priority', titile: 'titile', sendStatus: 'send_status' } as const;

announcementRoutes.get(`${BASE}/list`, requirePerm(PERMS.announcement.list), async (c) => {
  const { db } = c.var.services;
  const { pageNo, pageSize, offset } = readPage(c);
  let query = db.selectFrom('sys_announcement').where('del_flag', '=', '0');
  const titile = q(c, 'titile');
  if (titile.replace(/\*/g, '')) query = query.where('titile', 'ilike', likeOf(titile));
  for (const [param, column, allowed] of [['msgCategory', 'msg_category', ['1', '2']], ['sendStatus', 'send_status', ['0', '1', '2']], ['msgType', 'msg_type', ['ALL', 'USER']]] as const) {
    const v = q(c, param);
    if (!v) continue;
    if (!(allowed as readonly string[]).includes(v)) return c.json(fail('查询条件不正确'));
    query = query.where(column, '=', v);
  }
  const column = SORTABLE[q(c, 'column') as keyof typeof SORTABLE] ?? 'create_time';
  const dir = q(c, 'order') === 'asc' ? 'asc' : 'desc';
  const [{ n }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy(column, dir).orderBy('id', dir).offset(offset).limit(pageSize).execute(),
  ]);
  return c.json(ok(pageOf(await withSenderNames(db, rows.map((r) => toAnnouncement(r, { showUserIds: true }))), Number(n), pageNo, pageSize)));
});

announcementRoutes.post(`${BASE}/add`, requirePerm(PERMS.announcement.add), async (c) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const { row, userIds } = await toColumns(db, await readBody(c, bodySchema));
  const id = newId();
  const saved = await db.transaction().execute(async (tx) => {
    const r = await tx
      .insertInto('sys_announcement')
      .values({ ...row, id, send_status: '0', del_flag: '0', sender: null, send_time: null, cancel_time: null, dt_task_id: null, create_by: me.username, update_by: null, update_time: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (userIds.length) await syncUserSends(tx, id, userIds, me.username);
    return r;
  });
  return c.json(ok(toAnnouncement(saved, { showUserIds: true }), '添加成功！'));
});

const edit = async (c: Ctx) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const raw = await readBody(c, bodySchema.extend({ id: z.string({ error: NOT_FOUND }).trim().min(1, NOT_FOUND).max(32, NOT_FOUND) }));
  // The version (If-Match) is sent by our form only (issue #39); JeecgBoot's client sends none and keeps last-write-wins.
  const expected = versionOf(c.req.header(ROW_VERSION_HEADER));
  const { row, userIds } = await toColumns(db, raw);
  const saved = await db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('sys_announcement')
      .select(['id', 'send_status', 'create_by', 'create_time', 'update_by', 'update_time'])
      .where('id', '=', raw.id)
      .where('del_flag', '=', '0')
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new ApiFailure(NOT_FOUND);
    if (expected !== undefined && expected !== msVersion(current)) throw await writerConflict(tx, current.update_by ?? current.create_by, current.update_time ?? current.create_time);
    if (current.send_status === PUBLISHED) throw new ApiFailure('已发布的通知不能编辑，请先撤销');
    const r = await tx.updateTable('sys_announcement').set({ ...row, update_by: me.username, update_time: new Date() }).where('id', '=', raw.id).returningAll().executeTakeFirstOrThrow();
    // ALL announcements get their rows lazily; a USER list is kept exact.
    await syncUserSends(tx, raw.id, row.msg_type === 'USER' ? userIds : [], me.username);
    return r;
  });
  return c.json(ok(toAnnouncement(saved, { showUserIds: true }), '修改成功!'));
};
announcementRoutes.put(`${BASE}/edit`, requirePerm(PERMS.announcement.edit), edit);
announcementRoutes.post(`${BASE}/edit`, requirePerm(PERMS.announcement.edit), edit);

/** Soft delete (del_flag '1'); a published one disappears from its audience's lists at once. */
async function remove(c: Ctx, ids: string[]) {
  if (!ids.length) return c.json(fail('参数不识别！'));
  if (ids.length > 1000) return c.json(fail('一次最多删除1000条'));
  const { db } = c.var.services;
  const me = authOf(c).user;
  const gone: SysAnnouncement[] = await db
    .updateTable('sys_announcement')
    .set({ del_flag: '1', update_by: me.username, update_time: new Date() })
    .where('id', 'in', ids)
    .where('del_flag', '=', '0')
    .returningAll()
    .execute();
  if (!gone.length) return c.json(fail(NOT_FOUND));
  for (const a of gone) if (a.send_status === PUBLISHED) await pushAnnouncement(c.var.services, a, '该系统通知已删除');
  return c.json(ok(null, '删除成功!'));
}
announcementRoutes.delete(`${BASE}/delete`, requirePerm(PERMS.announcement.delete), (c) => remove(c, parseIdList(q(c, 'id')).slice(0, 1)));
announcementRoutes.delete(`${BASE}/deleteBatch`, requirePerm(PERMS.announcement.delete), (c) => remove(c, parseIdList(q(c, 'ids'))));

announcementRoutes.get(`${BASE}/doReleaseData`, requirePerm(PERMS.announcement.release), async (c) => {
  const me = authOf(c).user;
  const id = q(c, 'id');
  const now = new Date();
  const a = await c.var.services.db
    .updateTable('sys_announcement')
    .set({ send_status: PUBLISHED, send_time: now, sender: me.username, cancel_time: null, update_by: me.username, update_time: now })
    .where('id', '=', id)
    .where('del_flag', '=', '0')
    .where('send_status', '<>', PUBLISHED)
    .returningAll()
    .executeTakeFirst();
  if (!a) {
    const exists = id && (await c.var.services.db.selectFrom('sys_announcement').select('id').where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst());
    return c.json(fail(exists ? '该系统通知已发布' : NOT_FOUND));
  }
  await pushAnnouncement(c.var.services, a, a.titile);
  return c.json(ok(toAnnouncement(a, { showUserIds: true }), '该系统通知发布成功'));
});

announcementRoutes.get(`${BASE}/doReovkeData`, requirePerm(PERMS.announcement.revoke), async (c) => {
  const me = authOf(c).user;
  const id = q(c, 'id');
  const now = new Date();
  const a = await c.var.services.db
    .updateTable('sys_announcement')
    .set({ send_status: '2', cancel_time: now, update_by: me.username, update_time: now })
    .where('id', '=', id)
    .where('del_flag', '=', '0')
    .where('send_status', '=', PUBLISHED)
    .returningAll()
    .executeTakeFirst();
  if (!a) {
    const exists = id && (await c.var.services.db.selectFrom('sys_announcement').select('id').where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst());
    return c.json(fail(exists ? '只有已发布的通知才能撤销' : NOT_FOUND));
  }
  // Its audience reloads, and it leaves their unread lists.
  await pushAnnouncement(c.var.services, a, '该系统通知已撤销');
  return c.json(ok(toAnnouncement(a, { showUserIds: true }), '该系统通知撤销成功'));
});

// ---------------------------------------------------------------- every user

/** Administrators (list permission) may open any undeleted announcement; others only what was sent to them. */
announcementRoutes.get(`${BASE}/queryById`, async (c) => {
  const { db } = c.var.services;
  const id = q(c, 'id');
  if (!id) return c.json(fail(NOT_FOUND));
  if (await isAdmin(c)) {
    const a = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst();
    return c.json(a ? ok((await withSenderNames(db, [toAnnouncement(a, { showUserIds: true })]))[0]) : fail(NOT_FOUND));
  }
  const a = await findVisible(db, id, authOf(c).user);
  return c.json(a ? ok((await withSenderNames(db, [toAnnouncement(a, { showUserIds: false })]))[0]) : fail(NOT_FOUND));
});

announcementRoutes.get(`${BASE}/listByUser`, async (c) => {
  const { db } = c.var.services;
  const user = authOf(c).user;
  const size = Number(q(c, 'pageSize'));
  const pageSize = Number.isInteger(size) && size >= 1 ? Math.min(size, 50) : 5;
  await materializeAll(db, user);
  // 新消息通知 (issue #26): a kind the user switched off neither shows nor counts here (我的消息 still lists it).
  const mutes = await bellMutes(db, user.id);
  const [annt, sys] = await Promise.all([
    mutes.announcements ? { total: 0, rows: [] } : unreadOf(db, user.id, '1', pageSize),
    unreadOf(db, user.id, '2', pageSize, mutes.busTypes),
  ]);
  const dto = (rows: SysAnnouncement[]) => withSenderNames(db, rows.map((r) => toAnnouncement(r, { showUserIds: false })));
  return c.json(ok({ anntMsgList: await dto(annt.rows), anntMsgTotal: annt.total, sysMsgList: await dto(sys.rows), sysMsgTotal: sys.total }));
});

const anntIdSchema = z.object({ anntId: z.string({ error: '请选择通知' }).trim().min(1, '请选择通知').max(32, NOT_FOUND) });

announcementRoutes.put(`${SEND}/editByAnntIdAndUserId`, async (c) => {
  const { anntId } = await readBody(c, anntIdSchema);
  if (!(await markRead(c.var.services.db, anntId, authOf(c).user))) return c.json(fail(NOT_FOUND));
  return c.json(ok(null, '操作成功!'));
});

announcementRoutes.put(`${SEND}/readAll`, async (c) => {
  const user = authOf(c).user;
  await readAllFor(c.var.services.db, user);
  // The user's other pages (tabs, devices) reload their bell.
  await pushToUsers(c.var.services, [user.id], { cmd: 'topic', msgTxt: '全部已读' });
  return c.json(ok(null, '全部已读'));
});

announcementRoutes.get(`${SEND}/getMyAnnouncementSend`, async (c) => {
  const { db } = c.var.services;
  const user = authOf(c).user;
  const { pageNo, pageSize, offset } = readPage(c);
  await materializeAll(db, user);
  let query = db
    .selectFrom('sys_announcement_send as s')
    .innerJoin('sys_announcement as a', 'a.id', 's.annt_id')
    .where('s.user_id', '=', user.id)
    .where('a.send_status', '=', PUBLISHED)
    .where('a.del_flag', '=', '0');
  const titile = q(c, 'titile');
  if (titile.replace(/\*/g, '')) query = query.where('a.titile', 'ilike', likeOf(titile));
  const sender = q(c, 'sender');
  // 发布人 is shown by real name: either that or the login name finds the sender.
  if (sender.replace(/\*/g, '')) {
    const like = likeOf(sender);
    query = query.where((eb) => eb.or([eb('a.sender', 'ilike', like), eb('a.sender', 'in', eb.selectFrom('sys_user').select('username').where('realname', 'ilike', like))]));
  }
  const readFlag = q(c, 'readFlag');
  if (readFlag) {
    if (readFlag !== '0' && readFlag !== '1') return c.json(fail('查询条件不正确'));
    query = query.where('s.read_flag', '=', readFlag);
  }
  const category = q(c, 'msgCategory');
  if (category) {
    if (category !== '1' && category !== '2') return c.json(fail('查询条件不正确'));
    query = query.where('a.msg_category', '=', category);
  }
  const busType = q(c, 'busType');
  if (busType) query = query.where('a.bus_type', '=', busType.slice(0, 20));
  const [{ n }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(['s.id', 's.annt_id', 's.user_id', 's.read_flag', 'a.titile', 'a.msg_content', 'a.sender', 'a.priority', 'a.send_time', 'a.msg_category', 'a.bus_id', 'a.bus_type', 'a.open_type', 'a.open_page', 'a.msg_abstract'])
      .orderBy('s.read_flag')
      .orderBy('a.send_time', 'desc')
      .orderBy('s.id')
      .offset(offset)
      .limit(pageSize)
      .execute(),
  ]);
  const records = rows.map((r) => ({
    id: r.id,
    anntId: r.annt_id,
    userId: r.user_id,
    titile: r.titile,
    msgContent: r.msg_content,
    sender: r.sender,
    priority: r.priority,
    readFlag: r.read_flag,
    sendTime: formatDateTime(r.send_time),
    msgCategory: r.msg_category,
    busId: r.bus_id,
    busType: r.bus_type,
    openType: r.open_type,
    openPage: r.open_page,
    bizSource: null,
    msgAbstract: r.msg_abstract,
  }));
  return c.json(ok(pageOf(await withSenderNames(db, records), Number(n), pageNo, pageSize)));
});

// ---------------------------------------------------------------- stock client: sync and page

/**
 * `GET sys/annountCement/syncNotic[?anntId=]` (JeecgBoot): the stock client calls it after 撤销 (admin) and
 * after reading one or all notices, so open bells reload. JeecgBoot pushes to the whole audience whoever
 * asks; here only an administrator (list permission) of a published or revoked announcement reaches its
 * audience, as 发布/撤销 do. Everyone else can refresh only their own bells: an announcement they may read,
 * or, without an id (全部已读), a plain reload. Answers an empty success, like JeecgBoot.
 */
announcementRoutes.get(`${BASE}/syncNotic`, async (c) => {
  const { db } = c.var.services;
  const me = authOf(c).user;
  const anntId = q(c, 'anntId');
  if (!anntId) {
    await pushToUsers(c.var.services, [me.id], { cmd: 'topic', msgTxt: '批量设置已读' });
    return c.json(ok(null));
  }
  if (anntId.length > 32) return c.json(fail(NOT_FOUND));
  if (await isAdmin(c)) {
    const a = await db.selectFrom('sys_announcement').selectAll().where('id', '=', anntId).where('del_flag', '=', '0').executeTakeFirst();
    if (!a) return c.json(fail(NOT_FOUND));
    // A draft's title is nobody else's business yet.
    if (a.send_status === PUBLISHED || a.send_status === '2') await pushAnnouncement(c.var.services, a, a.titile);
    else await pushToUsers(c.var.services, [me.id], { cmd: 'user', msgId: a.id, msgTxt: a.titile });
    return c.json(ok(null));
  }
  const a = await findVisible(db, anntId, me);
  if (!a) return c.json(fail(NOT_FOUND));
  await pushToUsers(c.var.services, [me.id], { cmd: a.msg_type === 'ALL' ? 'topic' : 'user', msgId: a.id, msgTxt: a.titile });
  return c.json(ok(null));
});

/**
 * `GET /sys/annountCement/show/{id}` — one announcement as an HTML page (the stock client opens it in an
 * iframe with `?token=`). JeecgBoot shows published ones to anybody; here a live token is required (the
 * `X-Access-Token` header, which the BFF sends, or `?token=`), and the reader sees what queryById would
 * give them: administrators any undeleted one, others the published ones sent to them. Anything else is 404.
 * Reached without the app's auth middleware (server/app.ts lists it), so it checks the token itself.
 */
announcementRoutes.get(`${BASE}/show/:id`, async (c) => {
  const { db, sessions } = c.var.services;
  const page = (status: 200 | 401 | 404, html: string) => c.body(html, status, ANNOUNCEMENT_PAGE_HEADERS);
  const session = await sessions.verify(c.req.header('x-access-token') || c.req.query('token'));
  if (!session) return page(401, renderMessagePage(TOKEN_INVALID));
  const id = (c.req.param('id') ?? '').slice(0, 64);
  const admin = (await loadUserPermCodes(db, session.user.id)).has(PERMS.announcement.list);
  const a = admin
    ? await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst()
    : await findVisible(db, id, session.user);
  if (!a) return page(404, renderMessagePage('很抱歉，资源未找到!'));
  const [named] = await withSenderNames(db, [a]);
  return page(200, renderAnnouncementPage({ ...a, sender: named.sender_dictText }));
});
