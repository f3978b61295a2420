import { z } from 'zod';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { isSitePath, sanitizeHtml, stripTags } from '../../lib/sanitize-html';
import { parseIdList } from '../core/ids';
import { parseDateBoundGmt8 } from '../core/format';

/** The administrator's announcement form (add / edit), validated and cleaned into table columns. */

const MAX_USERS = 2000;

/** '' and null mean "not given" (JeecgBoot's forms send empty strings). */
const opt = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional());

export const bodySchema = z.object({
  titile: z.string({ error: '请输入标题' }).max(2000, '标题不能超过100个字符'),
  msgContent: opt(z.string({ error: '内容格式不正确' }).max(500_000, '内容过长')),
  startTime: opt(z.string({ error: '开始时间格式不正确' }).max(30, '开始时间格式不正确')),
  endTime: opt(z.string({ error: '结束时间格式不正确' }).max(30, '结束时间格式不正确')),
  priority: opt(z.enum(['L', 'M', 'H'], { error: '优先级不正确' })),
  msgCategory: opt(z.enum(['1', '2'], { error: '消息类型不正确' })),
  msgType: opt(z.enum(['ALL', 'USER'], { error: '通告对象类型不正确' })),
  userIds: opt(z.string({ error: '指定用户格式不正确' }).max(80_000, '指定用户过多')),
  openType: opt(z.enum(['url', 'component'], { error: '跳转方式不正确' })),
  openPage: opt(z.string({ error: '跳转地址格式不正确' }).max(255, '跳转地址不能超过255个字符')),
  busType: opt(z.string().max(20, '业务类型不能超过20个字符')),
  busId: opt(z.string().max(50, '业务ID不能超过50个字符')),
  msgAbstract: opt(z.string().max(500, '摘要不能超过500个字符')),
});
export type Body = z.infer<typeof bodySchema>;

/** `yyyy-MM-dd HH:mm:ss` (or a bare date: start of day / last second for an end) in GMT+8. */
function parseWhen(raw: string | undefined, which: 'start' | 'end'): Date | null {
  if (!raw) return null;
  const s = raw.trim();
  const d = /^\d{4}-\d{2}-\d{2}$/.test(s) && which === 'end' ? parseDateBoundGmt8(`${s} 23:59:59`, 'begin') : parseDateBoundGmt8(s, 'begin');
  if (!d) throw new ApiFailure(which === 'start' ? '开始时间格式不正确' : '结束时间格式不正确');
  return d;
}


/** Validates and cleans a body into table columns: title stripped of tags, content sanitised, users checked. */
export async function toColumns(db: Database, b: Body) {
  const titile = stripTags(b.titile).trim();
  if (!titile) throw new ApiFailure('请输入标题');
  if (titile.length > 100) throw new ApiFailure('标题不能超过100个字符');
  const start = parseWhen(b.startTime, 'start');
  const end = parseWhen(b.endTime, 'end');
  if (start && end && end < start) throw new ApiFailure('结束时间不能早于开始时间');
  const msgType = b.msgType ?? 'ALL';
  let userIds: string[] = [];
  if (msgType === 'USER') {
    userIds = parseIdList(b.userIds);
    if (!userIds.length) throw new ApiFailure('请选择指定用户');
    if (userIds.length > MAX_USERS) throw new ApiFailure('指定用户过多');
    const found = await db.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute();
    if (found.length !== userIds.length) throw new ApiFailure('指定用户不存在');
  }
  const openPage = b.openPage?.trim() || null;
  if (b.openType === 'url' && !openPage) throw new ApiFailure('请填写跳转地址');
  if (b.openType === 'url' && !isSitePath(openPage!)) throw new ApiFailure('跳转地址必须是以 / 开头的站内路径');
  return {
    row: {
      titile,
      msg_content: sanitizeHtml(b.msgContent ?? ''),
      start_time: start,
      end_time: end,
      priority: b.priority ?? 'L',
      msg_category: b.msgCategory ?? '1',
      msg_type: msgType,
      user_ids: msgType === 'USER' ? `${userIds.join(',')},` : null,
      open_type: b.openType ?? null,
      open_page: b.openType ? openPage : null,
      bus_type: b.busType?.trim() || null,
      bus_id: b.busId?.trim() || null,
      msg_abstract: b.msgAbstract ? stripTags(b.msgAbstract).trim() || null : null,
    },
    userIds,
  };
}
