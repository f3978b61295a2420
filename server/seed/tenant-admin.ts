import type { Database } from '../db/index';

/**
 * 租户管理 demo data (issue #24 item 3), demo seeds only, idempotent and cheap: beside the lead's two schools
 * (seed/tenants.ts), one campus still being set up, frozen (冻结) and without users, so the list shows both states and
 * an administrator has a tenant that can be edited, unfrozen or deleted. Inserted only when missing: later edits stay.
 */
export const DEMO_FROZEN_TENANT = { id: 10, name: '星辰教育·东校区（筹建中）' } as const;

export async function seedTenantAdminDemo(db: Database): Promise<void> {
  await db
    .insertInto('sys_tenant')
    .values({ id: DEMO_FROZEN_TENANT.id, name: DEMO_FROZEN_TENANT.name, status: 0, create_by: 'admin', begin_date: new Date('2027-03-01T00:00:00+08:00'), end_date: new Date('2030-02-28T23:59:59+08:00') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
