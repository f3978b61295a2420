import { Hono } from 'hono';
import { z } from 'zod';
import { newId, parseIdList } from '../core/ids';
import { listTemplates } from './catalog-messages';
import { pushAnnouncement, renderTemplate, syncUserSends, toAnnouncement, type TemplateData } from './announcements';
import { ApiFailure, ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/**
 * System messages from templates. The contract names no path for this, so the embedded backend's own
 * is `POST /sys/message/sysMessage/sendByTemplate {templateCode, userIds, data, priority?}`; JeecgBoot
 * 3.x's test-send `POST /sys/message/sysMessageTemplate/sendMsg {templateCode, testData, receiver}`
 * (receiver = usernames) is accepted too. Either creates a category '2' USER announcement for the
 * chosen users, published at once and pushed to them.
 */
export const messageRoutes = new Hono<AppEnv>();

const MAX_RECEIVERS = 2000;

const value = z.union([z.string().max(2000, '模板参数过长'), z.number(), z.boolean()]);
const dataSchema = z.record(z.string().max(64), value, { error: '模板参数格式不正确' });

const sendByTemplateSchema = z.object({
  templateCode: z.string({ error: '请选择消息模板' }).trim().min(1, '请选择消息模板').max(100, '消息模板不存在'),
  userIds: z.union([z.string().max(80_000, '接收人过多'), z.array(z.string().max(32)).max(MAX_RECEIVERS, '接收人过多')], { error: '请选择接收人' }),
  data: dataSchema.optional(),
  priority: z.enum(['L', 'M', 'H'], { error: '优先级不正确' }).optional(),
});

const sendMsgSchema = z.object({
  templateCode: z.string({ error: '请选择消息模板' }).trim().min(1, '请选择消息模板').max(100, '消息模板不存在'),
  receiver: z.string({ error: '请选择接收人' }).max(80_000, '接收人过多'),
  testData: z.string().max(100_000, '模板参数过长').optional(),
  msgType: z.string().optional(),
});

async function sendFromTemplate(c: Ctx, templateCode: string, userIds: string[], data: TemplateData, priority: string) {
  const { services } = c.var;
  const { db } = services;
  const me = authOf(c).user;
  if (!userIds.length) throw new ApiFailure('请选择接收人');
  if (userIds.length > MAX_RECEIVERS) throw new ApiFailure('接收人过多');
  const tpl = await db.selectFrom('sys_message_template').selectAll().where('template_code', '=', templateCode).executeTakeFirst();
  if (!tpl) throw new ApiFailure('消息模板不存在');
  const found = await db.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute();
  if (found.length !== userIds.length) throw new ApiFailure('接收人不存在');
  const rendered = renderTemplate(tpl, data);
  if ('missing' in rendered) throw new ApiFailure(`缺少模板参数：${rendered.missing}`);
  if (!rendered.title) throw new ApiFailure('消息标题不能为空');
  const now = new Date();
  const id = newId();
  const saved = await db.transaction().execute(async (tx) => {
    const a = await tx
      .insertInto('sys_announcement')
      .values({
        id, titile: rendered.title, msg_content: rendered.content, start_time: now, end_time: null, sender: me.username, priority, msg_category: '2', msg_type: 'USER',
        send_status: '1', send_time: now, cancel_time: null, del_flag: '0', user_ids: `${userIds.join(',')},`, bus_type: 'msg_template', bus_id: tpl.id,
        open_type: null, open_page: null, msg_abstract: null, dt_task_id: null, create_by: me.username, update_by: null, update_time: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await syncUserSends(tx, id, userIds, me.username);
    return a;
  });
  await pushAnnouncement(services, saved, saved.titile);
  return c.json(ok(toAnnouncement(saved, { showUserIds: true }), '消息发送成功！'));
}

messageRoutes.post('/sys/message/sysMessage/sendByTemplate', requirePerm(PERMS.message.send), async (c) => {
  const b = await readBody(c, sendByTemplateSchema);
  const ids = Array.isArray(b.userIds) ? [...new Set(b.userIds.map((s) => s.trim()).filter(Boolean))] : parseIdList(b.userIds);
  return sendFromTemplate(c, b.templateCode, ids, b.data ?? {}, b.priority ?? 'L');
});

messageRoutes.post('/sys/message/sysMessageTemplate/sendMsg', requirePerm(PERMS.message.send), async (c) => {
  const b = await readBody(c, sendMsgSchema);
  let data: TemplateData = {};
  if (b.testData?.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(b.testData);
    } catch {
      throw new ApiFailure('模板参数格式不正确');
    }
    const r = dataSchema.safeParse(parsed);
    if (!r.success) throw new ApiFailure('模板参数格式不正确');
    data = r.data;
  }
  const usernames = parseIdList(b.receiver);
  if (usernames.length > MAX_RECEIVERS) throw new ApiFailure('接收人过多');
  const users = usernames.length ? await c.var.services.db.selectFrom('sys_user').select(['id', 'username']).where('username', 'in', usernames).where('del_flag', '=', 0).execute() : [];
  if (users.length !== usernames.length) throw new ApiFailure('接收人不存在');
  return sendFromTemplate(c, b.templateCode, users.map((u) => u.id), data, 'L');
});

/**
 * 消息模板's list: the resource's own (server/message/catalog-messages.ts), explicit here because it also
 * serves senders (system:message:send) choosing a template; the other template actions go through the
 * resource registry with system:messageTemplate:* codes.
 */
messageRoutes.get('/sys/message/sysMessageTemplate/list', (c) => listTemplates(c));
