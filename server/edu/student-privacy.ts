import { maskPhone } from '../../lib/account/mask-phone';
import { parseSuperQuery } from '../../lib/super-query';
import { PERMS } from '../../lib/permissions/codes';
import { permCodesOf } from '../core/perm';
import type { AppEnv } from '../core/context';
import type { Context } from 'hono';
import type { HookCtx } from '../resources/crud';
import type { Row, WhereFn } from '../resources/query';

/**
 * 学员's phone numbers (issue #21): 手机 and 监护人电话 reach a user without edu:student:phone masked
 * (138****0001), decided here on the server so no client can ask for more. list, queryById and exportXls all
 * pass the resource's afterLoad, which masks; a filter on a phone field would reveal the digits one query at
 * a time, so for such a user it matches nothing; an edit that sends the masked value back keeps the stored one.
 */

export const STUDENT_PHONE_FIELDS = ['phone', 'guardianPhone'] as const;
const COLUMN: Record<(typeof STUDENT_PHONE_FIELDS)[number], 'phone' | 'guardian_phone'> = { phone: 'phone', guardianPhone: 'guardian_phone' };

/** Whether the caller sees full phone numbers (the request's permission facts, loaded once). */
export const seesFullPhones = async (ctx: Pick<HookCtx, 'c' | 'auth'>): Promise<boolean> => (await permCodesOf(ctx.c, ctx.auth.user.id)).has(PERMS.student.phone);

/**
 * Hand-written routes that show students beside a class or a session (班级成员, 分组, 点名, 待补课) answer
 * with the same masking: `phone` of every row masked in place unless the caller holds edu:student:phone.
 */
export async function maskPhonesFor<T extends { phone?: string | null }>(c: Context<AppEnv>, rows: T[]): Promise<T[]> {
  const auth = c.get('auth');
  if (auth && (await permCodesOf(c, auth.user.id)).has(PERMS.student.phone)) return rows;
  for (const r of rows) if (typeof r.phone === 'string') r.phone = maskPhone(r.phone);
  return rows;
}

/** Masks the phone fields of loaded records in place. */
export function maskStudentPhones(records: Row[]): void {
  for (const r of records) {
    for (const f of STUDENT_PHONE_FIELDS) if (typeof r[f] === 'string') r[f] = maskPhone(r[f] as string);
  }
}

/** Whether a list query's parameters filter on a phone field (plain, range, list or advanced query). */
export function filtersOnPhone(params: Record<string, string | undefined>): boolean {
  const names = new Set<string>(STUDENT_PHONE_FIELDS);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (names.has(key.replace(/_(begin|end|MultiString)$/, ''))) return true;
  }
  const parsed = parseSuperQuery(params.superQueryParams, params.superQueryMatchType);
  return parsed.ok && Boolean(parsed.query?.rules.some((r) => names.has(r.field)));
}

/**
 * The extra filter of a masked caller: nothing when it filters on a phone field. Synchronous (extraWhere), so it
 * reads the facts the action's permission check has just loaded; without them it counts as masked (fails closed).
 */
export function phoneFilterGuard(ctx: HookCtx): WhereFn | undefined {
  if (!filtersOnPhone(ctx.c.req.query()) || ctx.c.get('permCodes')?.has(PERMS.student.phone)) return undefined;
  return (eb) => eb.lit(false);
}

/**
 * An edit whose phone field still holds the masked value it was shown: the field is dropped from the body,
 * so the stored number stays (edit is a partial update). Any other value is validated as usual.
 */
export async function keepMaskedPhones(input: Record<string, unknown>, ctx: HookCtx): Promise<void> {
  const masked = STUDENT_PHONE_FIELDS.filter((f) => typeof input[f] === 'string' && (input[f] as string).includes('*'));
  if (!masked.length || typeof input.id !== 'string' || (await seesFullPhones(ctx))) return;
  const stored = await ctx.db.selectFrom('tbl_student').select(['phone', 'guardian_phone']).where('id', '=', input.id).executeTakeFirst();
  if (!stored) return;
  for (const f of masked) if (input[f] === maskPhone(stored[COLUMN[f]])) delete input[f];
}
