import { sql, type RawBuilder, type Transaction } from 'kysely';
import { dueTimeProblem } from '../../lib/crm/task-rules';
import { FOLLOW_STATUS, isInPast, LEAD_LIMITS, LEAD_MESSAGES, tagsProblem } from '../../lib/crm/lead-rules';
import type { Database } from '../db';
import type { DB, SysUser } from '../db/schema';
import { PERMS } from '../../lib/permissions/codes';
import type { UserPermissions } from '../core/context';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { normaliseStoredPath, StorageError, type FileStorage } from '../storage/storage';
import { leadResource } from '../../features/crm/lead/lead-resource';
import { dataLogSnapshot, recordDataVersions } from '../resources/data-log';
import { recordOwnerChanges } from './lead-owner-history';
import { assertActiveAssignees, insertTasks } from './tasks';
import { managesAllRecords } from '../../lib/permissions/ownership';

/**
 * 线索 beyond the resource engine (issue #23, domain §7): 放入线索池, 置顶, 标签, 批量建任务 and 跟进记录, plus the
 * lead drawer's reads. One visibility rule for all of them and for the resource's list (catalog-lead.ts): leads
 * with an owner, one's own unless the caller sees all (crm:lead:all or the marketing flag); a lead outside it is
 * 未找到对应数据. Writes need the lead's owner or a user who manages all (marketing flag, or admin as everywhere
 * in the engine's ownership rule). Multi-row writes run in one transaction, with the rows locked.
 */

/** Who acts, decided once by the route from the session and its permission codes. */
export interface LeadActor {
  id: string;
  username: string;
  orgCode: string | null;
  /** crm:lead:all or the marketing flag: every owner's leads are listed. */
  seesAll: boolean;
  /** The marketing flag (or admin): may move and edit leads of any owner. */
  managesAll: boolean;
  /** crm:pool:list: the drawer's reads also answer for pool leads (own_by null). */
  seesPool: boolean;
}

/** The actor of a request: its user and its permission codes (none loaded: the narrowest view). */
export function leadActorOf(user: SysUser, codes: UserPermissions | undefined): LeadActor {
  const managesAll = managesAllRecords({ isAdmin: user.is_admin, isMarketing: user.is_marketing });
  return { id: user.id, username: user.username, orgCode: user.org_code, seesAll: managesAll || Boolean(codes?.has(PERMS.lead.all)), managesAll, seesPool: Boolean(codes?.has(PERMS.leadPool.list)) };
}

/** The list's rule as SQL on `own_by` (column reference given, so it serves the engine and joined queries alike). */
export function visibleLeadSql(actor: Pick<LeadActor, 'id' | 'seesAll'>, ownBy: string = 'own_by'): RawBuilder<boolean> {
  return actor.seesAll ? sql<boolean>`${sql.ref(ownBy)} is not null` : sql<boolean>`${sql.ref(ownBy)} = ${actor.id}`;
}

/** Read-only views (follow-ups, owner history, trials) of a listed lead, or of a pool lead for who sees the pool. */
function readableLeadSql(actor: LeadActor): RawBuilder<boolean> {
  return actor.seesPool ? sql<boolean>`(${visibleLeadSql(actor)} or own_by is null)` : visibleLeadSql(actor);
}

type Tx = Transaction<DB>;

interface LockedLead {
  id: string;
  own_by: string | null;
  follow_status: number;
  topping: number;
}

/** The live, visible leads of `ids`, locked for the transaction; every id must be one, and each must be the actor's to move. */
async function lockOperable(tx: Tx, actor: LeadActor, ids: readonly string[]): Promise<LockedLead[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .selectFrom('tbl_lead')
    .select(['id', 'own_by', 'follow_status', 'topping'])
    .where('id', 'in', unique)
    .where('del_flag', '=', 0)
    .where(visibleLeadSql(actor))
    .forUpdate()
    .execute();
  if (rows.length !== unique.length) throw new ApiFailure(LEAD_MESSAGES.notFound);
  if (!actor.managesAll && rows.some((r) => r.own_by !== actor.id)) throw new ApiFailure(LEAD_MESSAGES.notOwner);
  return rows;
}

async function assertReadable(db: Database, actor: LeadActor, leadId: string) {
  const lead = await db
    .selectFrom('tbl_lead')
    .select(['id', 'student_id', 'own_by'])
    .where('id', '=', leadId)
    .where('del_flag', '=', 0)
    .where(readableLeadSql(actor))
    .executeTakeFirst();
  if (!lead) throw new ApiFailure(LEAD_MESSAGES.notFound);
  return lead;
}

// ---------------------------------------------------------------- phone

/** The duplicate-phone refusal naming the owner of the live lead with this phone (none: null). */
export async function duplicatePhoneProblem(db: Database, phone: string, exceptId: string | null): Promise<string | null> {
  let q = db
    .selectFrom('tbl_lead as l')
    .leftJoin('sys_user as u', 'u.id', 'l.own_by')
    .select(['l.own_by', 'u.realname', 'u.username'])
    .where('l.phone', '=', phone)
    .where('l.del_flag', '=', 0);
  if (exceptId) q = q.where('l.id', '<>', exceptId);
  const found = await q.limit(1).executeTakeFirst();
  if (!found) return null;
  if (!found.own_by) return LEAD_MESSAGES.duplicateInPool;
  return LEAD_MESSAGES.duplicatePhone(found.realname || found.username || found.own_by);
}

// ---------------------------------------------------------------- 放入线索池, 置顶, 标签

/**
 * 放入线索池: the leads lose their owner (own_by null, pool_time, pool_reason: optional, spec 02 §7 sends ids only);
 * their follow-up facts stay, the pin (an owner's own order) goes; each move is recorded as 退回 and versioned (数据日志).
 */
export async function moveToPool(db: Database, actor: LeadActor, ids: readonly string[], reason: string | null, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const leads = await lockOperable(tx, actor, ids);
    const leadIds = leads.map((l) => l.id);
    const before = await dataLogSnapshot(tx, leadResource, leadIds);
    await tx
      .updateTable('tbl_lead')
      .set({ own_by: null, owner_time: null, pool_time: now, pool_reason: reason, topping: 0, top_time: null, return_warned_time: null, update_by: actor.username, update_time: now })
      .where('id', 'in', leads.map((l) => l.id))
      .execute();
    await recordOwnerChanges(
      tx,
      leads.map((l) => ({ leadId: l.id, fromUser: l.own_by, toUser: null, action: '退回' as const, operator: actor.username, reason })),
    );
    await recordDataVersions(tx, leadResource, leadIds, actor, before);
    return leads.length;
  });
}

/** 置顶 / 取消置顶: toggles; a pin is dated so the newest pin comes first. Returns the new state. */
export async function toggleTopping(db: Database, actor: LeadActor, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const [lead] = await lockOperable(tx, actor, [id]);
    const pinned = lead.topping !== 1;
    const before = await dataLogSnapshot(tx, leadResource, [id]);
    await tx.updateTable('tbl_lead').set({ topping: pinned ? 1 : 0, top_time: pinned ? now : null, update_by: actor.username, update_time: now }).where('id', '=', id).execute();
    await recordDataVersions(tx, leadResource, [id], actor, before);
    return pinned;
  });
}

/** 标签: replaces the set (≤ 20 tags of ≤ 20 characters). */
export async function replaceTags(db: Database, actor: LeadActor, id: string, tags: readonly string[], now: Date): Promise<string> {
  const problem = tagsProblem(tags);
  if (problem) throw new ApiFailure(problem);
  const joined = tags.join(',');
  await db.transaction().execute(async (tx) => {
    await lockOperable(tx, actor, [id]);
    const before = await dataLogSnapshot(tx, leadResource, [id]);
    await tx.updateTable('tbl_lead').set({ tags: joined || null, update_by: actor.username, update_time: now }).where('id', '=', id).execute();
    await recordDataVersions(tx, leadResource, [id], actor, before);
  });
  return joined;
}

// ---------------------------------------------------------------- 批量建任务

export interface BatchTaskInput {
  title: string;
  assignee: string;
  dueTime: Date;
  content: string | null;
}

/** 批量建任务: one 协商任务 per lead (target_type 'lead'), all in one transaction; a due time in the past is refused. */
export async function addBatchTasks(db: Database, actor: LeadActor, ids: readonly string[], input: BatchTaskInput, now: Date): Promise<string[]> {
  const due = dueTimeProblem(input.dueTime, now);
  if (due) throw new ApiFailure(due);
  await assertActiveAssignees(db, [input.assignee]);
  return db.transaction().execute(async (tx) => {
    const leads = await lockOperable(tx, actor, ids);
    return insertTasks(
      tx,
      leads.map((l) => ({ title: input.title, content: input.content, targetType: 'lead' as const, targetId: l.id, assignee: input.assignee, dueTime: input.dueTime })),
      { username: actor.username, orgCode: actor.orgCode },
    );
  });
}

// ---------------------------------------------------------------- 跟进记录

export interface FollowInput {
  leadId: string;
  method: number;
  content: string;
  images: string | null;
  nextFollowTime: Date | null;
}

const IMAGE_EXT = /\.(png|jpe?g|gif|webp|bmp)$/i;

/** Comma-joined stored image paths: at most 9, each a valid path of our storage, an image, that exists. */
export async function checkImages(storage: FileStorage | undefined, raw: string | null): Promise<string | null> {
  const paths = [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (!paths.length) return null;
  if (paths.length > LEAD_LIMITS.followImagesMax) throw new ApiFailure(LEAD_MESSAGES.tooManyImages);
  const out: string[] = [];
  for (const p of paths) {
    let path: string;
    try {
      path = normaliseStoredPath(p);
    } catch (e) {
      if (e instanceof StorageError) throw new ApiFailure(LEAD_MESSAGES.imageInvalid);
      throw e;
    }
    if (!IMAGE_EXT.test(path) || !storage || !(await storage.exists(path))) throw new ApiFailure(LEAD_MESSAGES.imageInvalid);
    out.push(path);
  }
  return out.join(',');
}

/**
 * A follow-up: recorded, and the lead's last follow-up becomes now, its next one the given time (none: cleared,
 * this one answered it), 待跟进 becomes 跟进中; one transaction.
 */
export async function addFollow(db: Database, storage: FileStorage | undefined, actor: LeadActor, input: FollowInput, now: Date): Promise<string> {
  if (input.nextFollowTime && isInPast(input.nextFollowTime, now)) throw new ApiFailure(LEAD_MESSAGES.nextFollowInPast);
  const images = await checkImages(storage, input.images);
  const id = newId();
  await db.transaction().execute(async (tx) => {
    const [lead] = await lockOperable(tx, actor, [input.leadId]);
    await tx
      .insertInto('tbl_lead_follow')
      .values({ id, lead_id: lead.id, user_id: actor.id, follow_time: now, method: input.method, content: input.content, next_follow_time: input.nextFollowTime, images, create_by: actor.username, create_time: now })
      .execute();
    await tx
      .updateTable('tbl_lead')
      .set({
        last_follow_time: now,
        next_follow_time: input.nextFollowTime,
        follow_status: lead.follow_status === FOLLOW_STATUS.pending ? FOLLOW_STATUS.following : lead.follow_status,
        update_by: actor.username,
        update_time: now,
      })
      .where('id', '=', lead.id)
      .execute();
  });
  return id;
}

export interface FollowRecord {
  id: string;
  leadId: string;
  userId: string;
  userName: string | null;
  followTime: Date;
  method: number;
  content: string;
  images: string | null;
  nextFollowTime: Date | null;
}

/** A lead's follow-ups, newest first, one page. */
export async function listFollows(db: Database, actor: LeadActor, leadId: string, page: { offset: number; limit: number }): Promise<{ records: FollowRecord[]; total: number }> {
  await assertReadable(db, actor, leadId);
  const base = db.selectFrom('tbl_lead_follow as f').where('f.lead_id', '=', leadId);
  const [count, rows] = await Promise.all([
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('sys_user as u', 'u.id', 'f.user_id')
      .select(['f.id', 'f.lead_id as leadId', 'f.user_id as userId', 'u.realname as userName', 'f.follow_time as followTime', 'f.method', 'f.content', 'f.images', 'f.next_follow_time as nextFollowTime'])
      .orderBy('f.follow_time', 'desc')
      .orderBy('f.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { records: rows, total: Number(count.n) };
}

// ---------------------------------------------------------------- the drawer's other reads

export interface OwnerHistoryRecord {
  id: string;
  action: string;
  fromUser: string | null;
  fromUserName: string | null;
  toUser: string | null;
  toUserName: string | null;
  operator: string | null;
  operatorName: string | null;
  reason: string | null;
  createTime: Date;
}

/** Every ownership change of a lead, newest first, with the users' names. */
export async function ownerHistory(db: Database, actor: LeadActor, leadId: string): Promise<OwnerHistoryRecord[]> {
  await assertReadable(db, actor, leadId);
  return db
    .selectFrom('tbl_lead_owner_history as h')
    .leftJoin('sys_user as fu', 'fu.id', 'h.from_user')
    .leftJoin('sys_user as tu', 'tu.id', 'h.to_user')
    .leftJoin('sys_user as ou', 'ou.username', 'h.operator')
    .select(['h.id', 'h.action', 'h.from_user as fromUser', 'fu.realname as fromUserName', 'h.to_user as toUser', 'tu.realname as toUserName', 'h.operator', 'ou.realname as operatorName', 'h.reason', 'h.create_time as createTime'])
    .where('h.lead_id', '=', leadId)
    .orderBy('h.create_time', 'desc')
    .orderBy('h.id', 'desc')
    .limit(200)
    .execute();
}

export interface LeadTrials {
  student: { id: string; name: string } | null;
  trials: { id: string; calendarId: string; title: string | null; clazzName: string | null; startTime: Date; endTime: Date; status: number; arrivalStatus: number }[];
}

/** The lead's 学员 (a 试听 or 转化 made one) and its 试听 sessions (member_type 2), newest first; read-only here. */
export async function leadTrials(db: Database, actor: LeadActor, leadId: string): Promise<LeadTrials> {
  const lead = await assertReadable(db, actor, leadId);
  if (!lead.student_id) return { student: null, trials: [] };
  const [student, trials] = await Promise.all([
    db.selectFrom('tbl_student').select(['id', 'name']).where('id', '=', lead.student_id).executeTakeFirst(),
    db
      .selectFrom('tbl_lesson_student as ls')
      .innerJoin('tbl_calendar as c', 'c.id', 'ls.calendar_id')
      .leftJoin('tbl_clazz as z', 'z.id', 'c.clazz_id')
      .select(['ls.id', 'ls.calendar_id as calendarId', 'c.title', 'z.name as clazzName', 'c.start_time as startTime', 'c.end_time as endTime', 'c.status', 'ls.arrival_status as arrivalStatus'])
      .where('ls.student_id', '=', lead.student_id)
      .where('ls.member_type', '=', 2)
      .where('c.del_flag', '=', 0)
      .orderBy('c.start_time', 'desc')
      .limit(50)
      .execute(),
  ]);
  return { student: student ?? null, trials };
}
