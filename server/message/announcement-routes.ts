import { Hono } from 'hono';
import { z } from 'zod';
import type { SysAnnouncement } from '../db/schema';
import { escapeLike } from '../db/like';
import { findVisible, markRead, materializeAll, NOT_FOUND, PUBLISHED, pushAnnouncement, readAllFor, toAnnouncement, unreadOf, withSenderNames } from './announcements';
import { ANNOUNCEMENT_PAGE_HEADERS, renderAnnouncementPage, renderMessagePage } from './announcement-page';
import { announcementResource } from './catalog-announcements';
import { formatDateTime } from '../core/format';
import { pushToUsers } from '../realtime/notify';
import { bellMutes } from '../account/account-settings';
import { loadUserPermCodes } from '../auth/users';
import { ApiFailure, ok, TOKEN_INVALID } from '../core/errors';
import { messageRoutes } from './message-routes';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody } from '../core/validate';
import { runCrud } from '../resources/crud';
import { PERMS } from '../../lib/permissions/codes';

/** 系统通告 (contract §5): the administrator's release/revoke (its CRUD: catalog-announcements.ts), and every user's own notices. */
export const announcementRoutes = new Hono<AppEnv>();
announcementRoutes.route('/', messageRoutes);

const BASE = '/sys/annountCement';
const SEND = '/sys/sysAnnouncementSend';
const q = (c: Ctx, name: string) => (c.req.query(name) ?? '').trim();
const likeOf = (raw: string) => `%${escapeLike(raw.replace(/^\*|\*$/g, '').slice(0, 100))}%`;
const isAdmin = async (c: Ctx) => (await loadUserPermCodes(c.var.services.db, authOf(c).user.id)).has(PERMS.announcement.list);

// ---------------------------------------------------------------- administrator (list / add / edit / delete: catalog-announcements.ts)

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
    throw new ApiFailure(exists ? '该系统通知已发布' : NOT_FOUND);
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
    throw new ApiFailure(exists ? '只有已发布的通知才能撤销' : NOT_FOUND);
  }
  // Its audience reloads, and it leaves their unread lists.
  await pushAnnouncement(c.var.services, a, '该系统通知已撤销');
  return c.json(ok(toAnnouncement(a, { showUserIds: true }), '该系统通知撤销成功'));
});

// ---------------------------------------------------------------- every user

/**
 * Administrators (list permission) may open any undeleted announcement, as the resource engine reads it (the
 * version their edit form sends back); others only what was sent to them.
 */
announcementRoutes.get(`${BASE}/queryById`, async (c) => {
  const { db } = c.var.services;
  const id = q(c, 'id');
  if (!id) throw new ApiFailure(NOT_FOUND);
  if (await isAdmin(c)) return runCrud(c, announcementResource.def, announcementResource.hooks, 'queryById');
  const a = await findVisible(db, id, authOf(c).user);
  if (!a) throw new ApiFailure(NOT_FOUND);
  return c.json(ok((await withSenderNames(db, [toAnnouncement(a, { showUserIds: false })]))[0]));
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
  if (!(await markRead(c.var.services.db, anntId, authOf(c).user))) throw new ApiFailure(NOT_FOUND);
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
    if (readFlag !== '0' && readFlag !== '1') throw new ApiFailure('查询条件不正确');
    query = query.where('s.read_flag', '=', readFlag);
  }
  const category = q(c, 'msgCategory');
  if (category) {
    if (category !== '1' && category !== '2') throw new ApiFailure('查询条件不正确');
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
  if (anntId.length > 32) throw new ApiFailure(NOT_FOUND);
  if (await isAdmin(c)) {
    const a = await db.selectFrom('sys_announcement').selectAll().where('id', '=', anntId).where('del_flag', '=', '0').executeTakeFirst();
    if (!a) throw new ApiFailure(NOT_FOUND);
    // A draft's title is nobody else's business yet.
    if (a.send_status === PUBLISHED || a.send_status === '2') await pushAnnouncement(c.var.services, a, a.titile);
    else await pushToUsers(c.var.services, [me.id], { cmd: 'user', msgId: a.id, msgTxt: a.titile });
    return c.json(ok(null));
  }
  const a = await findVisible(db, anntId, me);
  if (!a) throw new ApiFailure(NOT_FOUND);
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
