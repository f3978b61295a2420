import { sql } from 'kysely';
import { normalisePhone } from '../../lib/crm/lead-rules';
import { PROSPECTUS_LEAD_CHANNEL, SIGNUP_LIMITS, SIGNUP_MESSAGES, signupRemark, type SignupInput } from '../../lib/work/prospectus-blocks';
import type { Database } from '../db';
import { acrossTenants } from '../db/tenant-scope';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { pinyinSortKey } from '../resources/pinyin-key';
import type { PublishedProspectus } from './prospectus';

/**
 * The public sign-up of a published brochure (issue #26 item 5), the one anonymous write: a lead in the 线索池
 * (own_by null, channel 招生简章, the brochure's title in its 备注), in the brochure's tenant (the caller runs this in
 * it). Rate-limited per client IP (across brochures and tenants) and per brochure, counted from the sign-ups kept in
 * tbl_prospectus_signup inside the same transaction, which first locks the brochure's row: concurrent sign-ups of one
 * brochure queue, so its limit holds exactly. A phone that is already a live lead of the tenant makes no second lead
 * (the CRM's rule: phones are unique among live leads); the sign-up is still kept, linked to that lead, and the
 * visitor gets the same answer (an anonymous form must not tell who is a lead already).
 */

export interface SignupResult {
  leadId: string;
  created: boolean;
}

const minutesAgo = (now: Date, m: number) => new Date(now.getTime() - m * 60_000);

export async function signUp(db: Database, brochure: PublishedProspectus, input: SignupInput, ip: string, now = new Date()): Promise<SignupResult> {
  // The course, if any, must be one the brochure shows.
  if (input.courseId && !brochure.blocks.some((b) => b.type === 'courses' && b.items.some((i) => i.courseId === input.courseId))) {
    throw new ApiFailure(SIGNUP_MESSAGES.courseInvalid);
  }
  const phone = normalisePhone(input.phone);
  const remark = signupRemark(brochure.title, input);
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('tbl_prospectus').select('id').where('id', '=', brochure.id).forUpdate().executeTakeFirst();
    const [perIp, perBrochure] = await Promise.all([
      acrossTenants(() =>
        tx
          .selectFrom('tbl_prospectus_signup')
          .select(sql<string>`count(*)`.as('n'))
          .where('client_ip', '=', ip)
          .where('create_time', '>', minutesAgo(now, SIGNUP_LIMITS.perIpMinutes))
          .executeTakeFirstOrThrow(),
      ),
      tx
        .selectFrom('tbl_prospectus_signup')
        .select(sql<string>`count(*)`.as('n'))
        .where('prospectus_id', '=', brochure.id)
        .where('create_time', '>', minutesAgo(now, SIGNUP_LIMITS.perBrochureMinutes))
        .executeTakeFirstOrThrow(),
    ]);
    if (Number(perIp.n) >= SIGNUP_LIMITS.perIp || Number(perBrochure.n) >= SIGNUP_LIMITS.perBrochure) throw new ApiFailure(SIGNUP_MESSAGES.tooFrequent, 429);

    const existing = await tx.selectFrom('tbl_lead').select('id').where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst();
    let leadId = existing?.id;
    if (!leadId) {
      leadId = newId();
      await tx
        .insertInto('tbl_lead')
        .values({
          id: leadId,
          name: input.name,
          name_pinyin: pinyinSortKey(input.name),
          phone,
          child_name: input.childName,
          grade: input.grade,
          channel: PROSPECTUS_LEAD_CHANNEL,
          intention_course_id: input.courseId,
          own_by: null,
          pool_time: now,
          pool_reason: '招生简章报名',
          remark,
          create_by: '招生简章',
          create_time: now,
        })
        .execute();
    }
    await tx
      .insertInto('tbl_prospectus_signup')
      .values({ id: newId(), prospectus_id: brochure.id, client_ip: ip.slice(0, 64), name: input.name, phone, course_id: input.courseId, remark, lead_id: leadId, create_time: now })
      .execute();
    return { leadId, created: !existing };
  });
}
