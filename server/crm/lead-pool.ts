import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_POOL_CONFIG, POOL_MESSAGES, type PoolConfig } from '../../lib/crm/pool-rules';
import { endOfShanghaiDay } from '../../lib/crm/lead-rules';
import { SHANGHAI_OFFSET_MS } from '../../lib/calendar/wire-time';
import type { DB, SysUser } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { formatDateTime } from '../core/format';
import { leadResource } from '../../features/crm/lead/lead-resource';
import { dataLogSnapshot, recordDataVersions } from '../resources/data-log';
import { recordOwnerChanges } from './lead-owner-history';
import { TASK_STATUS } from './tasks';
import type { WorkbenchSummary } from '../../lib/crm/workbench';

/**
 * 线索池 (issue #23, domain §7): the pool's settings, 领取 and 分配, and the 招生工作台's numbers.
 * Claiming is a conditional UPDATE … WHERE own_by IS NULL: of two people claiming one lead at once the database
 * lets exactly one update the row; the other's UPDATE finds it owned and changes nothing. The per-user limit is
 * counted after locking the new owner's sys_user row, so two claims of the same person cannot both pass it.
 */

type Db = Kysely<DB>;
const CONFIG_ID = 'default';

export type PoolConfigRow = PoolConfig & { updateBy: string | null; updateTime: string | null };

export async function loadPoolConfig(db: Db): Promise<PoolConfigRow> {
  const r = await db.selectFrom('tbl_lead_pool_config').selectAll().where('id', '=', CONFIG_ID).executeTakeFirst();
  if (!r) return { ...DEFAULT_POOL_CONFIG, updateBy: null, updateTime: null };
  return {
    enabled: r.enabled,
    contactExpireDays: r.contact_expire_days,
    dealExpireDays: r.deal_expire_days,
    notifyEnabled: r.notify_enabled,
    notifyDays: r.notify_days,
    maxOwned: r.max_owned,
    updateBy: r.update_by,
    updateTime: formatDateTime(r.update_time),
  };
}

export async function savePoolConfig(db: Db, c: PoolConfig, username: string): Promise<void> {
  const values = {
    enabled: c.enabled,
    contact_expire_days: c.contactExpireDays,
    deal_expire_days: c.dealExpireDays,
    notify_enabled: c.notifyEnabled,
    notify_days: c.notifyDays,
    max_owned: c.maxOwned,
    update_by: username,
    update_time: new Date(),
  };
  await db
    .insertInto('tbl_lead_pool_config')
    .values({ id: CONFIG_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** Leads a user owns that count towards max_owned: live and not converted. */
export async function countOwned(db: Db, userId: string): Promise<number> {
  const r = await db
    .selectFrom('tbl_lead')
    .select(sql<string>`count(*)`.as('n'))
    .where('own_by', '=', userId)
    .where('del_flag', '=', 0)
    .where('convert_time', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Takes pool leads for `owner` in the caller's transaction: all or nothing. */
async function takeFromPool(tx: Transaction<DB>, ids: string[], owner: string, operator: string, action: '领取' | '分配'): Promise<number> {
  const now = new Date();
  // Row locks in id order first: two batch claims over the same leads queue instead of deadlocking.
  await tx.selectFrom('tbl_lead').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const before = await dataLogSnapshot(tx, leadResource, ids);
  const taken = await tx
    .updateTable('tbl_lead')
    .set({ own_by: owner, owner_time: now, pool_reason: null, pool_time: null, return_warned_time: null, update_by: operator, update_time: now })
    .where('id', 'in', ids)
    .where('own_by', 'is', null)
    .where('del_flag', '=', 0)
    .returning('id')
    .execute();
  if (taken.length < ids.length) throw new ApiFailure(ids.length === 1 ? POOL_MESSAGES.claimed : POOL_MESSAGES.someClaimed(ids.length - taken.length));
  await recordOwnerChanges(
    tx,
    taken.map((t) => ({ leadId: t.id, fromUser: null, toUser: owner, action, operator })),
  );
  await recordDataVersions(tx, leadResource, ids, { username: operator }, before);
  return taken.length;
}

/** 领取: the caller takes pool leads, within their limit. */
export async function claimLeads(db: Db, me: Pick<SysUser, 'id' | 'username'>, ids: string[]): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('sys_user').select('id').where('id', '=', me.id).forUpdate().executeTakeFirst();
    const { maxOwned } = await loadPoolConfig(tx);
    if ((await countOwned(tx, me.id)) + ids.length > maxOwned) throw new ApiFailure(POOL_MESSAGES.overLimit(maxOwned));
    return takeFromPool(tx, ids, me.id, me.username, '领取');
  });
}

/** 分配: a manager gives pool leads to an active 在职 user, within that user's limit. */
export async function assignLeads(db: Db, operator: Pick<SysUser, 'username'>, ids: string[], userId: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const target = await tx
      .selectFrom('sys_user')
      .select(['id', 'realname', 'status', 'staff_status'])
      .where('id', '=', userId)
      .where('del_flag', '=', 0)
      .forUpdate()
      .executeTakeFirst();
    if (!target || target.status !== 1 || target.staff_status !== 1) throw new ApiFailure(POOL_MESSAGES.targetInactive);
    const { maxOwned } = await loadPoolConfig(tx);
    if ((await countOwned(tx, target.id)) + ids.length > maxOwned) throw new ApiFailure(POOL_MESSAGES.targetOverLimit(target.realname, maxOwned));
    return takeFromPool(tx, ids, target.id, operator.username, '分配');
  });
}

// ---------------------------------------------------------------- 招生工作台


/** The first instant of the current month in Asia/Shanghai. */
export function startOfShanghaiMonth(now: Date): Date {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SHANGHAI_OFFSET_MS);
}

/** The workbench's numbers: one query over the leads, one over the tasks, one for the settings. */
export async function workbenchSummary(db: Db, userId: string, team: boolean, now: Date): Promise<WorkbenchSummary> {
  const dayEnd = endOfShanghaiDay(now);
  const dayStart = new Date(dayEnd.getTime() - 86_400_000);
  const monthStart = startOfShanghaiMonth(now);
  const mine = sql`own_by = ${userId}`;
  const active = sql`${mine} and convert_time is null`;
  const [leads, tasks, config] = await Promise.all([
    db
      .selectFrom('tbl_lead')
      .select([
        sql<string>`count(*) filter (where ${active} and next_follow_time >= ${dayStart} and next_follow_time < ${dayEnd})`.as('due_today'),
        sql<string>`count(*) filter (where ${active} and next_follow_time < ${dayStart})`.as('overdue'),
        sql<string>`count(*) filter (where own_by is null)`.as('pool'),
        sql<string>`count(*) filter (where ${mine})`.as('mine'),
        sql<string>`count(*) filter (where ${active})`.as('active'),
        sql<string>`count(*) filter (where ${mine} and convert_time >= ${monthStart})`.as('converted'),
        sql<string>`count(*) filter (where convert_time >= ${monthStart})`.as('team_converted'),
      ])
      .where('del_flag', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tbl_task')
      .select(sql<string>`count(*)`.as('n'))
      .where('assignee', '=', userId)
      .where('del_flag', '=', 0)
      .where('status', 'in', [TASK_STATUS.todo, TASK_STATUS.doing])
      .executeTakeFirstOrThrow(),
    loadPoolConfig(db),
  ]);
  return {
    dueToday: Number(leads.due_today),
    overdue: Number(leads.overdue),
    poolSize: Number(leads.pool),
    myLeads: Number(leads.mine),
    myActive: Number(leads.active),
    maxOwned: config.maxOwned,
    poolEnabled: config.enabled,
    convertedThisMonth: Number(leads.converted),
    teamConvertedThisMonth: team ? Number(leads.team_converted) : null,
    openTasks: Number(tasks.n),
  };
}
