import type { Database } from '../db/index';
import { runInTenant } from '../db/tenant-scope';

/**
 * Demo data for 租户 (issue #24 item 3): a second school, 星辰教育·南校区 (tenant 2), with a venue, a course and two
 * students of its own, and the administrator a member of both tenants, so the header's tenant switch has somewhere to
 * go. Only when tenant 2 is new: an administrator's later edits (membership, deleted rows) survive restarts. The rows
 * are written inside tenant 2's scope, so the tenant plugin stamps them as any request in that tenant would.
 */
export const DEMO_TENANT_2 = { id: 2, name: '星辰教育·南校区' } as const;

export async function seedTenantDemo(db: Database): Promise<void> {
  const created = await db
    .insertInto('sys_tenant')
    .values({ id: DEMO_TENANT_2.id, name: DEMO_TENANT_2.name, status: 1, create_by: 'admin', begin_date: new Date('2026-09-01T00:00:00+08:00'), end_date: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) return;
  await db.updateTable('sys_user').set({ rel_tenant_ids: `1,${DEMO_TENANT_2.id}` }).where('username', '=', 'admin').execute();
  await runInTenant(DEMO_TENANT_2.id, () =>
    db.transaction().execute(async (tx) => {
      await tx
        .insertInto('tbl_location')
        .values({ id: 't2_loc_1', name: '南校区教学楼', province: '440000', city: '440300', detail_location: '深圳市南山区学府路 8 号', max_member: 120, status: 1, del_flag: 0, create_by: 'admin' })
        .execute();
      await tx.insertInto('tbl_course').values({ id: 't2_course_1', name: '南校区·少儿编程', mode: 2, unit: 1, status: 1, create_by: 'admin' }).execute();
      for (const [id, name, phone] of [
        ['t2_stu_1', '南校区学员林一', '13900002001'],
        ['t2_stu_2', '南校区学员林二', '13900002002'],
      ]) {
        await tx.insertInto('tbl_student').values({ id, name, phone, status: 1, student_type: 1, create_by: 'admin' }).execute();
      }
    }),
  );
}
