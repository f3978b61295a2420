import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { newId } from '../core/ids';

/** Every way a lead changes hands (domain §7), written to tbl_lead_owner_history and shown on the lead. */
export const OWNER_ACTIONS = ['新建', '领取', '分配', '退回', '自动回收', '转移', '交接'] as const;
export type OwnerAction = (typeof OWNER_ACTIONS)[number];

export interface OwnerChange {
  leadId: string;
  fromUser: string | null;
  toUser: string | null;
  action: OwnerAction;
  /** The username of whoever did it (`system` for the auto-return job). */
  operator: string;
  reason?: string | null;
}

/**
 * Records ownership changes inside the caller's transaction, so a change and its history commit together
 * (leads' claim/assign/toPool, the auto-return job and 工作交接 all write through here).
 */
export async function recordOwnerChanges(tx: Transaction<DB>, changes: readonly OwnerChange[]): Promise<void> {
  if (!changes.length) return;
  const now = new Date();
  for (let i = 0; i < changes.length; i += 500) {
    await tx
      .insertInto('tbl_lead_owner_history')
      .values(
        changes.slice(i, i + 500).map((c) => ({
          id: newId(),
          lead_id: c.leadId,
          from_user: c.fromUser,
          to_user: c.toUser,
          action: c.action,
          operator: c.operator,
          reason: c.reason ?? null,
          create_time: now,
        })),
      )
      .execute();
  }
}
