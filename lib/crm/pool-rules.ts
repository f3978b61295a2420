/**
 * The lead pool's pure rules (issue #23, domain §7): the automatic return, its advance warning and the pool
 * settings' validation. Shared by the embedded backend (the auto-return job, the settings route) and the pool
 * screen's settings dialog. Every time rule takes `now` from its caller, so tests run on a fixed clock.
 *
 * Decisions:
 * - "Converted" means `convertTime` is set (转化 also sets follow_status 5, but a 试听 alone gives a lead a
 *   student_id, so student_id is not the mark). Converted leads never return and do not count towards max_owned.
 * - "Older than N days" means more than N × 24 h before `now`. A lead's ownership starts at owner_time, or at
 *   its creation when owner_time is empty (rows written before the pool existed).
 * - A disabled pool (enabled 0) stops the automatic return and its warnings; claiming and assigning stay
 *   allowed (leads already in the pool still need an owner).
 */

export const DAY_MS = 86_400_000;

export interface PoolConfig {
  enabled: number;
  contactExpireDays: number;
  dealExpireDays: number;
  notifyEnabled: number;
  notifyDays: number;
  maxOwned: number;
}

export const DEFAULT_POOL_CONFIG: PoolConfig = { enabled: 1, contactExpireDays: 15, dealExpireDays: 60, notifyEnabled: 1, notifyDays: 3, maxOwned: 200 };

/** The facts of one lead the return rule reads. */
export interface LeadReturnFacts {
  ownBy: string | null;
  locked: number;
  convertTime: Date | null;
  ownerTime: Date | null;
  createTime: Date;
  lastFollowTime: Date | null;
  returnWarnedTime: Date | null;
}

export type ReturnCause = 'deal' | 'contact';

export const POOL_MESSAGES = {
  claimed: '该线索已被他人领取',
  someClaimed: (n: number) => `所选线索中有${n}条已被他人领取或已不在线索池中，请刷新后重试`,
  overLimit: (max: number) => `已达到可拥有线索上限（${max}条），请先处理已有线索`,
  targetOverLimit: (name: string, max: number) => `${name}已达到可拥有线索上限（${max}条），请选择其他人员`,
  targetInactive: '所选人员不存在、已停用或已离职',
  selectLeads: '请选择线索',
  selectUser: '请选择分配给的人员',
  tooMany: (n: number) => `一次最多处理${n}条线索`,
  autoReturnReason: '自动回收',
  causeText: (cause: ReturnCause, c: PoolConfig) => (cause === 'deal' ? `超过${c.dealExpireDays}天未成交` : `超过${c.contactExpireDays}天未跟进`),
} as const;

/** The start of the current ownership (the clock of both return rules). */
export const ownershipStart = (l: Pick<LeadReturnFacts, 'ownerTime' | 'createTime'>): Date => l.ownerTime ?? l.createTime;

/** Whether the lead is a candidate at all: owned, not locked, not converted. */
export const isReturnCandidate = (l: LeadReturnFacts): boolean => l.ownBy !== null && l.locked !== 1 && l.convertTime === null;

/**
 * The instant the lead becomes due for return and why (the earlier of the two rules), or null for a
 * non-candidate. 未成交: ownership older than deal days. 未跟进: ownership and the last follow-up (none counts
 * as old) both older than contact days.
 */
export function returnDue(l: LeadReturnFacts, c: Pick<PoolConfig, 'contactExpireDays' | 'dealExpireDays'>): { at: Date; cause: ReturnCause } | null {
  if (!isReturnCandidate(l)) return null;
  const start = ownershipStart(l).getTime();
  const deal = start + c.dealExpireDays * DAY_MS;
  const contact = Math.max(start, l.lastFollowTime?.getTime() ?? -Infinity) + c.contactExpireDays * DAY_MS;
  return contact < deal ? { at: new Date(contact), cause: 'contact' } : { at: new Date(deal), cause: 'deal' };
}

/** Return now? The cause, or null. Nothing returns while the pool is disabled. */
export function shouldReturn(l: LeadReturnFacts, c: PoolConfig, now: Date): ReturnCause | null {
  if (c.enabled !== 1) return null;
  const due = returnDue(l, c);
  return due && now.getTime() > due.at.getTime() ? due.cause : null;
}

/**
 * Warn the owner now? When warnings are on, the lead is not due yet but will be within notify days, and the
 * owner has not been warned since the clock last restarted (the ownership began or a follow-up was recorded):
 * one warning per approach, not one per day. Answers the due instant for the message, or null.
 */
export function shouldWarn(l: LeadReturnFacts, c: PoolConfig, now: Date): Date | null {
  if (c.enabled !== 1 || c.notifyEnabled !== 1 || c.notifyDays <= 0) return null;
  const due = returnDue(l, c);
  if (!due || now.getTime() > due.at.getTime()) return null;
  if (due.at.getTime() - now.getTime() > c.notifyDays * DAY_MS) return null;
  const restarted = Math.max(ownershipStart(l).getTime(), l.lastFollowTime?.getTime() ?? -Infinity);
  if (l.returnWarnedTime && l.returnWarnedTime.getTime() >= restarted) return null;
  return due.at;
}

/**
 * The SQL prefilter of the job, as two cut-offs: a lead can be due or warned only when its ownership began
 * at or before `ownedBefore` (deal rule) or when ownership and last follow-up both lie at or before `quietBefore`
 * (contact rule). A superset of the rule's answers; the rule itself decides on each row.
 */
export function candidateCutoffs(c: PoolConfig, now: Date): { ownedBefore: Date; quietBefore: Date } {
  const ahead = c.notifyEnabled === 1 ? Math.max(0, c.notifyDays) : 0;
  return {
    ownedBefore: new Date(now.getTime() - (c.dealExpireDays - ahead) * DAY_MS),
    quietBefore: new Date(now.getTime() - (c.contactExpireDays - ahead) * DAY_MS),
  };
}

// ---------------------------------------------------------------- settings

const LIMITS = {
  contactExpireDays: { label: '未跟进回收天数', min: 1, max: 3650 },
  dealExpireDays: { label: '未成交回收天数', min: 1, max: 3650 },
  notifyDays: { label: '提前提醒天数', min: 0, max: 365 },
  maxOwned: { label: '每人可拥有线索上限', min: 1, max: 100000 },
} as const;

function intOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isInteger(v) ? v : null;
  if (typeof v === 'string' && /^-?\d{1,9}$/.test(v.trim())) return Number(v.trim());
  return null;
}

function flagOf(v: unknown): number | null {
  if (v === true || v === 1 || v === '1') return 1;
  if (v === false || v === 0 || v === '0') return 0;
  return null;
}

/** The settings form's body → a config, or the first problem in Chinese. */
export function validatePoolConfig(input: Record<string, unknown>): { config: PoolConfig } | { error: string } {
  const enabled = flagOf(input.enabled);
  if (enabled === null) return { error: '请选择是否启用线索池' };
  const notifyEnabled = flagOf(input.notifyEnabled);
  if (notifyEnabled === null) return { error: '请选择是否提前提醒' };
  const n: Record<keyof typeof LIMITS, number> = { contactExpireDays: 0, dealExpireDays: 0, notifyDays: 0, maxOwned: 0 };
  for (const [key, { label, min, max }] of Object.entries(LIMITS) as [keyof typeof LIMITS, (typeof LIMITS)[keyof typeof LIMITS]][]) {
    const raw = input[key];
    if (raw === undefined || raw === null || raw === '') return { error: `请输入${label}` };
    const v = intOf(raw);
    if (v === null || v < min || v > max) return { error: `${label}必须是${min}到${max}之间的整数` };
    n[key] = v;
  }
  // With deal ≤ contact the 未跟进 rule could never come first: the settings would not mean what they say.
  if (n.dealExpireDays <= n.contactExpireDays) return { error: '未成交回收天数必须大于未跟进回收天数' };
  if (notifyEnabled === 1 && n.notifyDays >= n.contactExpireDays) return { error: '提前提醒天数必须小于未跟进回收天数' };
  return { config: { enabled, notifyEnabled, ...n } };
}
