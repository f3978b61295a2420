import { Hono } from 'hono';
import { z } from 'zod';
import { FILL_RULE_API } from '../../features/system/rules/fill-rule-resource';
import { executeFillRule, FILL_EXEC_MESSAGES, fillRuleClock } from './fill-rules';
import { ApiFailure, ok } from '../core/errors';
import type { AppEnv, Ctx } from '../core/context';
import { readBody } from '../core/validate';
import { requirePerm } from '../core/perm';
import { PERMS } from '../../lib/permissions/codes';

/**
 * 填值规则 at run time, JeecgBoot's SysFillRuleController wire (the CRUD is the resource engine's):
 * - `PUT|POST /sys/fillRule/executeRuleByCode/{ruleCode}`: body = the form's data, `result` = the value;
 * - `PUT /sys/fillRule/executeRuleByCodeBatch`: `{commonFormData, rules: [{ruleCode, formData}]}` →
 *   `[{ruleCode, result}]`;
 * - `GET /sys/fillRule/testFillRule?ruleCode=` (the list's 功能测试; system:fillRule:list).
 * A session is enough (any form numbers its records through them); the auth middleware has checked it.
 */
export const fillRuleRoutes = new Hono<AppEnv>();

const formData = z.record(z.string(), z.unknown()).nullish();
const MAX_BATCH = 20;
const BATCH = z.object({
  commonFormData: formData,
  rules: z
    .array(z.object({ ruleCode: z.string({ error: '请输入规则编码' }).trim().min(1, '请输入规则编码').max(100, '规则编码不正确'), formData }), { error: '请输入要执行的规则' })
    .min(1, '请输入要执行的规则')
    .max(MAX_BATCH, `一次最多执行${MAX_BATCH}条规则`),
});

async function run(c: Ctx, ruleCode: string, form: Record<string, unknown> | null | undefined, now: Date): Promise<string> {
  const value = await executeFillRule(c.var.services.db, ruleCode, form ?? null, now);
  if (value === null) throw new ApiFailure(FILL_EXEC_MESSAGES.notFound(ruleCode));
  return value;
}

const executeByCode = async (c: Ctx) => {
  const ruleCode = c.req.param('ruleCode')?.trim() ?? '';
  if (!ruleCode || ruleCode.length > 100) throw new ApiFailure(FILL_EXEC_MESSAGES.notFound(ruleCode.slice(0, 100)));
  const form = await readBody(c, formData);
  return c.json(ok(await run(c, ruleCode, form, fillRuleClock.now())));
};

fillRuleRoutes.put(`${FILL_RULE_API}/executeRuleByCode/:ruleCode`, executeByCode);
fillRuleRoutes.post(`${FILL_RULE_API}/executeRuleByCode/:ruleCode`, executeByCode);

/**
 * JeecgBoot's 功能测试 of the list (`GET testFillRule?ruleCode=`): runs the rule with an empty form and answers the
 * value. Like a real call it takes a number (a gap, never a duplicate); for those who see the rules.
 */
fillRuleRoutes.get(`${FILL_RULE_API}/testFillRule`, requirePerm(PERMS.fillRule.list), async (c) => {
  const ruleCode = c.req.query('ruleCode')?.trim() ?? '';
  if (!ruleCode || ruleCode.length > 100) throw new ApiFailure(FILL_EXEC_MESSAGES.notFound(ruleCode.slice(0, 100)));
  return c.json(ok(await run(c, ruleCode, {}, fillRuleClock.now())));
});

fillRuleRoutes.put(`${FILL_RULE_API}/executeRuleByCodeBatch`, async (c) => {
  const body = await readBody(c, BATCH);
  const now = fillRuleClock.now();
  const results: { ruleCode: string; result: string }[] = [];
  for (const r of body.rules) results.push({ ruleCode: r.ruleCode, result: await run(c, r.ruleCode, r.formData ?? body.commonFormData, now) });
  return c.json(ok(results));
});
