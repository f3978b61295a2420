import { sql, type Transaction } from 'kysely';
import { FOLLOW_DUE_PARAM, FOLLOW_DUE_TODAY, leadResource } from '../../features/crm/lead/lead-resource';
import { endOfShanghaiDay, FOLLOW_STATUS, isInPast, isMobile, LEAD_MESSAGES, normalisePhone, parseTags, parseWallTime, tagsProblem } from '../../lib/crm/lead-rules';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { duplicatePhoneProblem, leadActorOf, visibleLeadSql } from './leads';
import { recordOwnerChanges } from './lead-owner-history';
import { assertLive, checkIntOptions, fillNames } from '../edu/catalog-teaching-shared';
import type { CrudHooks, HookCtx } from '../resources/crud';
import type { WhereFn } from '../resources/query';
import { getResource, registerResource } from '../resources/registry';

/**
 * 线索 on the resource engine (issue #23): list / queryById / add / edit / delete / export / import of
 * features/crm/lead/lead-resource.ts. The engine's ownership rule (ownerField ownBy) makes the creator the owner
 * and lets only the owner or a marketing / admin user edit or delete; these hooks add the list's visibility
 * (server/crm/leads.ts, the same rule as the hand-written lead routes), the 今日待跟进 filter, the phone rules
 * (normalised, duplicates refused naming the owner), tags, the next follow-up time and the owner history 新建.
 */

/** The actor of an engine request: runCrud's permission guard has loaded the codes already. */
const actorOf = (ctx: HookCtx) => leadActorOf(ctx.auth.user, ctx.c.get('permCodes'));

const LIST_ACTIONS = new Set(['list', 'exportXls']);

function leadWhere(ctx: HookCtx): WhereFn {
  const visible = visibleLeadSql(actorOf(ctx));
  // 今日待跟进: next follow-ups before the end of today (Asia/Shanghai), the overdue ones included. Only this value is read.
  const dueToday = LIST_ACTIONS.has(ctx.action) && ctx.c.req.query(FOLLOW_DUE_PARAM) === FOLLOW_DUE_TODAY;
  if (!dueToday) return () => visible;
  const end = endOfShanghaiDay(new Date());
  return (eb) => eb.and([visible, eb(sql.ref('next_follow_time'), '<', end)]);
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export const leadHooks: CrudHooks = {
  // The form may send '138 0013 8000' or '+86…': normalised before the schema's mobile pattern.
  checkBody(input) {
    if (typeof input.phone === 'string') input.phone = normalisePhone(input.phone);
  },
  async beforeSave(row, ctx) {
    const { db, existing, mode } = ctx;
    checkIntOptions(ctx.def, row);
    if (row.phone !== undefined && row.phone !== null) {
      const phone = normalisePhone(row.phone);
      if (!isMobile(phone)) throw new ApiFailure(LEAD_MESSAGES.phoneInvalid);
      row.phone = phone;
      if (mode === 'add' || phone !== existing?.phone) {
        const problem = await duplicatePhoneProblem(db, phone, mode === 'edit' ? ctx.id : null);
        if (problem) throw new ApiFailure(problem);
      }
    }
    if (row.tags !== undefined && row.tags !== null) {
      const tags = parseTags(row.tags);
      const problem = tagsProblem(tags);
      if (problem) throw new ApiFailure(problem);
      row.tags = tags.length ? tags.join(',') : null;
    }
    const next = str(row.nextFollowTime);
    if (next) {
      const at = parseWallTime(next);
      const stored = existing?.next_follow_time instanceof Date ? existing.next_follow_time.getTime() : null;
      if (at && at.getTime() !== stored && isInPast(at, new Date())) throw new ApiFailure(LEAD_MESSAGES.nextFollowInPast);
    }
    // 已转化 is 转化's to set (with the 学员 it makes), never the form's.
    if (row.followStatus === FOLLOW_STATUS.converted && existing?.follow_status !== FOLLOW_STATUS.converted) throw new ApiFailure(LEAD_MESSAGES.convertedByConvert);
    const course = str(row.intentionCourseId);
    if (course && course !== existing?.intention_course_id) await assertLive(db, 'tbl_course', course, '所选课程不存在，请重新选择');
  },
  /** A new lead's owner is its creator (set by the engine): dated, and recorded as 新建. */
  async afterSave(_row, ctx) {
    if (ctx.mode !== 'add') return;
    // afterSave runs inside the engine's transaction (ctx.db is it), which the history must join.
    const tx = ctx.db as Transaction<DB>;
    await tx.updateTable('tbl_lead').set({ owner_time: sql<Date>`create_time` }).where('id', '=', ctx.id).execute();
    await recordOwnerChanges(tx, [{ leadId: ctx.id, fromUser: null, toUser: ctx.auth.user.id, action: '新建', operator: ctx.auth.user.username }]);
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'intentionCourseId', 'tbl_course');
  },
  extraWhere: leadWhere,
};

/** Idempotent (the registry is process-wide; several test backends share it). Called from registerCatalog (server/areas.ts). */
export function registerLeadResources(): void {
  if (getResource(leadResource.name)?.def === leadResource) return;
  registerResource(leadResource, leadHooks);
}
