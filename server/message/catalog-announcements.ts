import { z } from 'zod';
import { announcementDef, PUBLISHED } from '../../features/system/announcements/announcement-resource';
import { PERMS } from '../../lib/permissions/codes';
import { ApiFailure } from '../core/errors';
import { formatDateTime } from '../core/format';
import { parseIdList } from '../core/ids';
import { parse } from '../core/validate';
import type { CrudHooks } from '../resources/crud';
import type { Params } from '../resources/query';
import { registerResource } from '../resources/registry';
import { addDictTexts, loadDictTexts } from '../resources/select';
import { bodySchema, toColumns } from './announcement-input';
import { NOT_FOUND, pushAnnouncement, syncUserSends, withSenderNames } from './announcements';

/**
 * 通告管理's CRUD (`/sys/annountCement/list|queryById|add|edit|delete|deleteBatch`, `system:annountCement:*`) on
 * the resource engine, worded as JeecgBoot's SysAnnouncementController. A form is cleaned as announcement-input.ts
 * says (title without tags, sanitised content, checked users and dates) and every column is rewritten; a USER
 * announcement's send rows follow its user list; a published one cannot be edited (revoke it first), and deleting
 * it (soft) tells its audience at once. Release / revoke and everything a user reads of their own notices stay in
 * announcement-routes.ts (queryById there hands administrators to this resource).
 */

/** The list's sortable columns (anything else sorts by creation time), and its whitelisted filters. */
const SORTABLE = new Set(['createTime', 'sendTime', 'priority', 'titile', 'sendStatus']);
const FILTERS: [string, string[]][] = [
  ['msgCategory', ['1', '2']],
  ['sendStatus', ['0', '1', '2']],
  ['msgType', ['ALL', 'USER']],
];
export const BAD_FILTER = '查询条件不正确';

/** The title as contained text, the coded filters only with their known values (else 查询条件不正确). */
function listParams(params: Params): Params {
  const out: Params = { pageNo: params.pageNo, pageSize: params.pageSize, order: params.order };
  const titile = (params.titile ?? '').trim().replace(/^\*|\*$/g, '').slice(0, 100);
  if (titile.replace(/\*/g, '')) out.titile = `*${titile}*`;
  for (const [name, allowed] of FILTERS) {
    const v = (params[name] ?? '').trim();
    if (!v) continue;
    if (!allowed.includes(v)) throw new ApiFailure(BAD_FILTER);
    out[name] = v;
  }
  const column = (params.column ?? '').trim();
  out.column = SORTABLE.has(column) ? column : 'createTime';
  return out;
}

const editId = z.object({ id: z.string({ error: NOT_FOUND }).trim().min(1, NOT_FOUND).max(32, NOT_FOUND) });

const announcementHooks: CrudHooks = {
  /** The form cleaned into every writable field (null = cleared): what the engine's schema then passes on. */
  async checkBody(input, ctx) {
    const id = ctx.mode === 'edit' ? parse(editId, input).id : undefined;
    const { row } = await toColumns(ctx.db, parse(bodySchema, input));
    for (const key of Object.keys(input)) delete input[key];
    Object.assign(input, {
      ...(id ? { id } : {}),
      titile: row.titile,
      msgContent: row.msg_content,
      startTime: formatDateTime(row.start_time),
      endTime: formatDateTime(row.end_time),
      priority: row.priority,
      msgCategory: row.msg_category,
      msgType: row.msg_type,
      userIds: row.user_ids,
      openType: row.open_type,
      openPage: row.open_page,
      busType: row.bus_type,
      busId: row.bus_id,
      msgAbstract: row.msg_abstract,
    });
  },
  beforeSave(row, ctx) {
    if (ctx.existing?.send_status === PUBLISHED) throw new ApiFailure('已发布的通知不能编辑，请先撤销');
    // The schema reads '' as "cleared" (null); the content is stored as the sanitiser gives it, '' included.
    row.msgContent ??= '';
  },
  async afterSave(row, ctx) {
    // In the save's transaction: a release that committed meanwhile is seen here and rolls the edit back.
    if (ctx.mode === 'edit') {
      const now = await ctx.db.selectFrom('sys_announcement').select('send_status').where('id', '=', ctx.id).executeTakeFirst();
      if (now?.send_status === PUBLISHED) throw new ApiFailure('已发布的通知不能编辑，请先撤销');
    }
    // ALL announcements get their rows lazily; a USER list is kept exact.
    const userIds = row.msgType === 'USER' ? parseIdList(String(row.userIds ?? '')) : [];
    if (ctx.mode === 'edit' || userIds.length) await syncUserSends(ctx.db, ctx.id, userIds, ctx.auth.user.username);
  },
  async afterLoad(records, ctx) {
    const named = await withSenderNames(ctx.db, records as { sender: string | null }[]);
    records.forEach((r, i) => (r.sender_dictText = named[i].sender_dictText));
    // The list translates its page itself; one record (queryById, a save's answer) has its texts too, as JeecgBoot's @Dict gives them.
    if (ctx.action === 'list') return;
    const texts = await loadDictTexts(ctx.db, ctx.def, records);
    for (const r of records) addDictTexts(ctx.def, r, texts);
  },
  listParams,
  /** A published one disappears from its audience's lists at once. */
  async afterRemove(ids, ctx) {
    const gone = await ctx.db.selectFrom('sys_announcement').select(['id', 'msg_type', 'user_ids']).where('id', 'in', ids).where('send_status', '=', PUBLISHED).execute();
    for (const a of gone) await pushAnnouncement(ctx.c.var.services, a, '该系统通知已删除');
  },
  perms: { deleteBatch: PERMS.announcement.delete },
  replies: {
    edit: '修改成功!',
    delete: '删除成功!',
    deleteBatch: '删除成功!',
    notFound: NOT_FOUND,
    noIds: '参数不识别！',
    maxBatch: 1000,
    tooMany: '一次最多删除1000条',
    batchNeedsRow: true,
  },
};

let registered = false;

/** Idempotent (the registry is process-wide); called from registerCatalog (server/areas.ts). */
export function registerAnnouncementResources(): void {
  if (registered) return;
  registered = true;
  registerResource(announcementDef, announcementHooks);
}

/** The resource and its hooks, for the hand-written queryById that serves administrators through the engine. */
export const announcementResource = { def: announcementDef, hooks: announcementHooks };
