import { Hono } from 'hono';
import { z } from 'zod';
import { PERMS } from '../../lib/permissions/codes';
import { listLiveSessions, listPresence, setLiveLink, touchPresence } from './live';
import { ApiFailure, ok } from '../core/errors';
import { actorOf, canSeeInner } from './calendar-access';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { idOrUndefined } from '../core/ids';
import { readBody } from '../core/validate';

/**
 * 直播课堂 (issue 7 item 8): `/calendar/live/list|link|join|heartbeat|presence`. Reads and presence need
 * calendar:live:list, setting a link calendar:live:edit; 内部班 sessions also calendar:inner:list.
 */
export const liveRoutes = new Hono<AppEnv>();

const idField = z.string({ error: '请选择课次' }).trim().min(1, { error: '请选择课次' }).max(32);
const linkSchema = z.object({ id: idField, url: z.string().trim().max(500, { error: '直播地址最多500个字符' }).optional().nullable() });
const idSchema = z.object({ id: idField });

liveRoutes.get('/calendar/live/list', requirePerm(PERMS.live.list), async (c) => {
  const { pageNo, pageSize, offset } = readPage(c);
  const { records, total } = await listLiveSessions(c.var.services.db, {
    now: new Date(),
    allowInner: await canSeeInner(c),
    canGenerate: !!c.var.services.config.liveProviderUrl,
    offset,
    limit: pageSize,
  });
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});

liveRoutes.post('/calendar/live/link', requirePerm(PERMS.live.edit), async (c) => {
  const body = await readBody(c, linkSchema);
  const result = await setLiveLink(c.var.services.db, body, c.var.services.config.liveProviderUrl ?? null, await actorOf(c), await canSeeInner(c));
  return c.json(ok(result, '直播链接已保存'));
});

async function touch(c: Ctx) {
  const body = await readBody(c, idSchema);
  const { user } = authOf(c);
  return touchPresence(c.var.services.db, body.id, { id: user.id, realname: user.realname ?? null, username: user.username }, await canSeeInner(c));
}

liveRoutes.post('/calendar/live/join', requirePerm(PERMS.live.list), async (c) => c.json(ok(await touch(c), '已进入直播')));

liveRoutes.post('/calendar/live/heartbeat', requirePerm(PERMS.live.list), async (c) => c.json(ok(await touch(c))));

liveRoutes.get('/calendar/live/presence', requirePerm(PERMS.live.list), async (c) => {
  const id = idOrUndefined(c.req.query('id'));
  if (!id) throw new ApiFailure('日程不存在或已删除');
  return c.json(ok(await listPresence(c.var.services.db, id, await canSeeInner(c))));
});
