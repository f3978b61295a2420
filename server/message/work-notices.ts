import { sql } from 'kysely';
import type { Database } from '../db';
import type { Services } from '../core/context';
import { PERMS } from '../../lib/permissions/codes';
import { memberTenantIds } from '../db/tenant-scope';
import { sendSysMessage } from './announcements';
import { formatDateTime } from '../core/format';

/**
 * The system messages of 作业 and 审批 (issue #26, 新消息通知): a homework assigned reaches the class's teachers, an
 * application reaches those who may audit it, an audit reaches the applicant. Their bus_types are the ones the
 * switches mute (`BUS_TYPES_OF_KIND` in lib/account/account-rules.ts). Each is sent after the change
 * committed; a failure is logged and the change stands (as 工作交接's notice).
 */

interface Sender {
  id: string;
  username: string;
  realname?: string | null;
}

const nameOf = (s: Sender) => s.realname || s.username;

/** Active users of `tenantId` who hold the button `code` through one of their roles. */
export async function holdersOfCode(db: Database, code: string, tenantId: number): Promise<string[]> {
  const { rows } = await sql<{ id: string; rel_tenant_ids: string | null }>`
    select distinct u.id, u.rel_tenant_ids from sys_user u
    join sys_user_role ur on ur.user_id = u.id
    join sys_role_permission rp on rp.role_id = ur.role_id
    join sys_permission p on p.id = rp.permission_id
    where p.perms = ${code} and p.menu_type = 2 and p.del_flag = 0 and u.status = 1 and u.del_flag = 0
    order by u.id`.execute(db);
  return rows.filter((r) => memberTenantIds(r.rel_tenant_ids).includes(String(tenantId))).map((r) => r.id);
}

async function safely(what: string, fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (e) {
    console.error(`[notice] ${what} failed:`, (e as Error).message);
  }
}

const KIND_LABEL: Record<number, string> = { 1: '请假', 2: '调课' };

/** 请假 / 调课 submitted: a message to every auditor of the tenant but the applicant. */
export async function noticeApplySubmitted(services: Services, applyId: string, actor: Sender, tenantId: number) {
  await safely('apply submitted', async () => {
    const db = services.db;
    const a = await db
      .selectFrom('tbl_calendar_apply as a')
      .innerJoin('tbl_calendar as c', 'c.id', 'a.calendar_id')
      .select(['a.kind', 'a.reason', 'c.title', 'c.start_time'])
      .where('a.id', '=', applyId)
      .executeTakeFirst();
    if (!a) return;
    const to = (await holdersOfCode(db, PERMS.apply.audit, tenantId)).filter((id) => id !== actor.id);
    const label = KIND_LABEL[a.kind] ?? '';
    await sendSysMessage(services, {
      title: `新的${label}申请待审核`,
      content: `${nameOf(actor)} 提交了${label}申请：${a.title ?? ''}（${formatDateTime(a.start_time)}）\n原因：${a.reason ?? ''}`,
      userIds: to,
      sender: actor.username,
      busType: 'calendar_apply',
      busId: applyId,
    });
  });
}

/** An application audited: a message to its applicant (when someone else audited it). */
export async function noticeApplyAudited(services: Services, applyId: string, pass: boolean, actor: Sender) {
  await safely('apply audited', async () => {
    const db = services.db;
    const a = await db
      .selectFrom('tbl_calendar_apply as a')
      .innerJoin('tbl_calendar as c', 'c.id', 'a.calendar_id')
      .innerJoin('sys_user as u', 'u.username', 'a.create_by')
      .select(['a.kind', 'a.audit_remark', 'c.title', 'c.start_time', 'u.id as user_id'])
      .where('a.id', '=', applyId)
      .executeTakeFirst();
    if (!a || a.user_id === actor.id) return;
    const label = KIND_LABEL[a.kind] ?? '';
    const verdict = pass ? '已通过' : '已驳回';
    await sendSysMessage(services, {
      title: `您的${label}申请${verdict}`,
      content: `${label}申请：${a.title ?? ''}（${formatDateTime(a.start_time)}）\n审核人：${nameOf(actor)}，结果：${verdict}${a.audit_remark ? `\n意见：${a.audit_remark}` : ''}`,
      userIds: [a.user_id],
      sender: actor.username,
      busType: 'calendar_apply',
      busId: applyId,
    });
  });
}

/** A homework assigned: a message to the class's teachers (班主任 and the teachers of its sessions) but the one who assigned it. */
export async function noticeHomeworkAssigned(services: Services, homeworkId: string, actor: Sender) {
  await safely('homework assigned', async () => {
    const db = services.db;
    const h = await db
      .selectFrom('tbl_homework as h')
      .innerJoin('tbl_clazz as z', 'z.id', 'h.clazz_id')
      .select(['h.title', 'h.due_time', 'h.clazz_id', 'z.name as clazz_name'])
      .where('h.id', '=', homeworkId)
      .executeTakeFirst();
    if (!h) return;
    const { rows } = await sql<{ user_id: string }>`
      select distinct t.user_id from tbl_teacher t
      where t.del_flag = 0 and t.user_id is not null and (
        t.id = (select head_teacher from tbl_clazz where id = ${h.clazz_id})
        or exists (select 1 from tbl_calendar c join tbl_calendar_teacher ct on ct.calendar_id = c.id
                   where c.clazz_id = ${h.clazz_id} and c.del_flag = 0 and ct.teacher_id = t.id))
      order by t.user_id`.execute(db);
    const to = rows.map((r) => r.user_id).filter((id) => id !== actor.id);
    await sendSysMessage(services, {
      title: `新作业：${h.title}`,
      content: `${nameOf(actor)} 为班级「${h.clazz_name}」布置了作业「${h.title}」${h.due_time ? `，截止 ${formatDateTime(h.due_time)}` : ''}。`,
      userIds: to,
      sender: actor.username,
      busType: 'homework',
      busId: homeworkId,
    });
  });
}
