import type { Database } from '../db/index';

/**
 * 员工管理 / 工作交接 demo data (issue #23 items 6, 8), demo seeds only, idempotent and cheap: each demo user gets a
 * 校区 (one of the demo venues) when it has none, the frozen demo teacher 孙冰 is 离职 (as 离职 freezes), and one
 * past handover — 孙冰's students and classes to 周明 — is listed in 工作交接.
 */

const CAMPUS: Record<string, string> = {
  u_admin: 'loc_bj_zgc',
  u_academic: 'loc_bj_zgc',
  u_teacher: 'loc_bj_zgc',
  u_teacher2: 'loc_bj_guomao',
  u_marketing: 'loc_sh_xujiahui',
  u_marketing2: 'loc_sh_xujiahui',
  u_frozen: 'loc_sh_zhangjiang',
};

export const DEMO_HANDOVER_ID = 'wh_demo_frozen_to_teacher2';

export async function seedStaff(db: Database): Promise<void> {
  const venues = new Set((await db.selectFrom('tbl_location').select('id').where('id', 'in', [...new Set(Object.values(CAMPUS))]).where('del_flag', '=', 0).execute()).map((v) => v.id));
  for (const [userId, campus] of Object.entries(CAMPUS)) {
    if (!venues.has(campus)) continue;
    await db.updateTable('sys_user').set({ campus_id: campus }).where('id', '=', userId).where('campus_id', 'is', null).execute();
  }
  // 孙冰 (frozen, 离岗教师) left at the end of the summer; only while nobody has changed the account since.
  await db
    .updateTable('sys_user')
    .set({ staff_status: 2, leave_date: '2026-08-31' })
    .where('id', '=', 'u_frozen')
    .where('status', '=', 2)
    .where('staff_status', '=', 1)
    .where('leave_date', 'is', null)
    .where('update_time', 'is', null)
    .execute();
  const users = await db.selectFrom('sys_user').select('id').where('id', 'in', ['u_frozen', 'u_teacher2']).execute();
  if (users.length !== 2) return;
  await db
    .insertInto('tbl_work_handover')
    .values({
      id: DEMO_HANDOVER_ID,
      from_user: 'u_frozen',
      to_user: 'u_teacher2',
      scopes: 'student,clazz,session',
      counts: JSON.stringify({ lead: 0, student: 3, clazz: 1, session: 8, task: 0 }),
      status: 1,
      reason: '孙冰老师离职，学员、班级与未上课次交由周明老师接手',
      create_by: 'jiaowu',
      create_time: new Date('2026-08-30T09:30:00+08:00'),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
