import { sql, type Kysely, type Transaction } from 'kysely';
import { toWireDate } from '../../lib/calendar/wire-time';
import { candidateCutoffs, POOL_MESSAGES, shouldReturn, shouldWarn, type LeadReturnFacts } from '../../lib/crm/pool-rules';
import type { DB } from '../db/schema';
import { newId } from '../core/ids';
import type { Notifier } from '../core/context';
import { syncUserSends } from '../message/announcements';
import { recordOwnerChanges } from './lead-owner-history';
import { loadPoolConfig } from './lead-pool';

/**
 * 线索自动回收 (domain §7, YD `selectListByAutoPool`), run daily by the 定时任务 job LeadAutoReturnJob and callable
 * with any `now` (tests use a fixed clock). In one transaction: the candidates (owned, not locked, not converted,
 * old enough by the SQL prefilter) are locked, lib/crm/pool-rules.ts decides each one; the due ones go back to
 * the pool (own_by null, pool_reason 自动回收, history 自动回收 by `system`), and each owner of leads due within
 * notify_days gets one system message (category 2, their bell) with the count and the earliest date; those
 * leads remember the warning (return_warned_time). A disabled pool does nothing.
 */

type Db = Kysely<DB>;

export const SYSTEM_OPERATOR = 'system';
export const RETURN_WARNING_TITLE = '线索即将自动回收';

export interface AutoReturnResult {
  enabled: boolean;
  returned: number;
  warnedLeads: number;
  warnedOwners: number;
}

/** A category 2 (系统消息) announcement to some users, published at once: what their bell lists. */
async function sendSystemMessage(tx: Transaction<DB>, userIds: string[], title: string, content: string, now: Date): Promise<string> {
  const id = newId();
  await tx
    .insertInto('sys_announcement')
    .values({
      id, titile: title, msg_content: content, start_time: now, end_time: null, sender: SYSTEM_OPERATOR, priority: 'M', msg_category: '2', msg_type: 'USER',
      send_status: '1', send_time: now, cancel_time: null, del_flag: '0', user_ids: `${userIds.join(',')},`, bus_type: 'lead_return', bus_id: null,
      open_type: 'url', open_page: '/crm/lead', msg_abstract: null, dt_task_id: null, create_by: SYSTEM_OPERATOR, update_by: null, update_time: null,
    })
    .execute();
  await syncUserSends(tx, id, userIds, SYSTEM_OPERATOR);
  return id;
}

export async function runAutoReturn(db: Db, now: Date, opts: { notify?: Notifier } = {}): Promise<AutoReturnResult> {
  const config = await loadPoolConfig(db);
  if (config.enabled !== 1) return { enabled: false, returned: 0, warnedLeads: 0, warnedOwners: 0 };
  const { ownedBefore, quietBefore } = candidateCutoffs(config, now);
  const started = sql<Date>`coalesce(owner_time, create_time)`;
  const outcome = await db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('tbl_lead')
      .select(['id', 'own_by', 'locked', 'convert_time', 'owner_time', 'create_time', 'last_follow_time', 'return_warned_time'])
      .where('del_flag', '=', 0)
      .where('own_by', 'is not', null)
      .where('locked', '<>', 1)
      .where('convert_time', 'is', null)
      .where((eb) =>
        eb.or([
          eb(started, '<=', ownedBefore),
          eb.and([eb(started, '<=', quietBefore), eb.or([eb('last_follow_time', 'is', null), eb('last_follow_time', '<=', quietBefore)])]),
        ]),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
    const back: { id: string; owner: string; reason: string }[] = [];
    const warn = new Map<string, { ids: string[]; earliest: Date }>();
    for (const r of rows) {
      const facts: LeadReturnFacts = {
        ownBy: r.own_by, locked: r.locked, convertTime: r.convert_time, ownerTime: r.owner_time, createTime: r.create_time,
        lastFollowTime: r.last_follow_time, returnWarnedTime: r.return_warned_time,
      };
      const cause = shouldReturn(facts, config, now);
      if (cause) {
        back.push({ id: r.id, owner: r.own_by!, reason: POOL_MESSAGES.causeText(cause, config) });
        continue;
      }
      const due = shouldWarn(facts, config, now);
      if (due) {
        const w = warn.get(r.own_by!) ?? { ids: [], earliest: due };
        w.ids.push(r.id);
        if (due < w.earliest) w.earliest = due;
        warn.set(r.own_by!, w);
      }
    }
    for (let i = 0; i < back.length; i += 500) {
      const ids = back.slice(i, i + 500).map((b) => b.id);
      await tx
        .updateTable('tbl_lead')
        .set({ own_by: null, owner_time: null, pool_reason: POOL_MESSAGES.autoReturnReason, pool_time: now, return_warned_time: null, update_by: SYSTEM_OPERATOR, update_time: now })
        .where('id', 'in', ids)
        .execute();
    }
    await recordOwnerChanges(
      tx,
      back.map((b) => ({ leadId: b.id, fromUser: b.owner, toUser: null, action: '自动回收', operator: SYSTEM_OPERATOR, reason: b.reason })),
    );
    const messages: { userId: string; id: string }[] = [];
    for (const [owner, w] of warn) {
      const content = `您有${w.ids.length}条线索将在${config.notifyDays}天内因未跟进或未成交被自动回收到线索池，最早一条将于${toWireDate(w.earliest)}回收，请及时跟进。`;
      messages.push({ userId: owner, id: await sendSystemMessage(tx, [owner], RETURN_WARNING_TITLE, content, now) });
      for (let i = 0; i < w.ids.length; i += 500) {
        await tx.updateTable('tbl_lead').set({ return_warned_time: now }).where('id', 'in', w.ids.slice(i, i + 500)).execute();
      }
    }
    return { returned: back.length, warnedLeads: [...warn.values()].reduce((n, w) => n + w.ids.length, 0), messages };
  });
  // After commit: open bells reload (a failed push is only logged; the message is stored either way).
  if (opts.notify) {
    for (const m of outcome.messages) {
      try {
        await opts.notify([m.userId], { cmd: 'user', msgId: m.id, msgTxt: RETURN_WARNING_TITLE });
      } catch (e) {
        console.error('[notify] push failed:', (e as Error).message);
      }
    }
  }
  return { enabled: true, returned: outcome.returned, warnedLeads: outcome.warnedLeads, warnedOwners: outcome.messages.length };
}
