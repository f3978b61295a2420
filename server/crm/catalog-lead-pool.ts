import { sql } from 'kysely';
import { maskPhone } from '../../lib/account/mask-phone';
import { leadPoolResource } from '../../features/crm/pool/lead-pool-resource';
import { fillNames } from '../edu/catalog-teaching-shared';
import type { CrudHooks } from '../resources/crud';
import { registerResource } from '../resources/registry';

/**
 * 线索池's list (GET /crm/leadPool/list, crm:pool:list) on the resource engine: leads without an owner. Each page
 * gets its leads' last owner from the owner history (one query), its 意向课程's name (the 详情 shows it) and the phone
 * masked until claimed.
 */
const poolHooks: CrudHooks = {
  extraWhere: () => (eb) => eb(sql.ref('own_by'), 'is', null),
  async afterLoad(records, ctx) {
    const ids = records.map((r) => r.id).filter((v): v is string => typeof v === 'string');
    const last = ids.length
      ? await ctx.db
          .selectFrom('tbl_lead_owner_history')
          .distinctOn('lead_id')
          .select(['lead_id', 'from_user'])
          .where('lead_id', 'in', ids)
          .where('from_user', 'is not', null)
          .orderBy('lead_id')
          .orderBy('create_time', 'desc')
          .execute()
      : [];
    await fillNames(ctx.db, records, 'intentionCourseId', 'tbl_course');
    const byLead = new Map(last.map((h) => [h.lead_id, h.from_user]));
    for (const r of records) {
      r.lastOwner = byLead.get(String(r.id)) ?? null;
      if (typeof r.phone === 'string') r.phone = maskPhone(r.phone);
    }
  },
};

export function registerLeadPoolResources(): void {
  registerResource(leadPoolResource, poolHooks);
}
