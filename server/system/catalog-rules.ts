import { checkRuleResource } from '../../features/system/rules/check-rule-resource';
import { fillRuleResource } from '../../features/system/rules/fill-rule-resource';
import { CHECK_RULE_MESSAGES, parseRuleJson, ruleJsonOf, segmentsProblem } from '../../lib/rules/check-rule';
import { fillRuleProblem } from '../../lib/rules/fill-rule';
import { classOfRule, ruleFromClass } from '../../lib/rules/fill-rule-class';
import { ApiFailure } from '../core/errors';
import { fillRuleClock, nextNumber, nextNumbers, type NumberTarget } from './fill-rules';
import type { CrudHooks, HookCtx } from '../resources/crud';
import { getResource, registerResource } from '../resources/registry';

/**
 * 编码校验规则 and 填值规则 on the resource engine (JeecgBoot's /sys/checkRule/* and /sys/fillRule/* CRUD), and the
 * hook that numbers 学员 and 班级 from a fill rule.
 */

export const FILL_RULE_CODE_FIXED = '规则编码创建后不能修改';

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

const checkRuleHooks: CrudHooks = {
  beforeSave(row) {
    if (row.ruleJson === undefined) return;
    const segments = parseRuleJson(text(row.ruleJson));
    if (!segments) throw new ApiFailure(CHECK_RULE_MESSAGES.json);
    const problem = segmentsProblem(segments);
    if (problem) throw new ApiFailure(problem);
    // Stored as JeecgBoot reads it: only digits, pattern and message.
    row.ruleJson = ruleJsonOf(segments);
  },
};

/**
 * JeecgBoot's modal sends `ruleClass` / `ruleParams` (lib/rules/fill-rule-class.ts): a known class becomes the pattern
 * and reset period it stands for. Its edit sends the whole record back: a class that stands for the stored rule
 * changes nothing (the other fields decide, so a client editing the pattern with the list's class alongside is not
 * overruled); on add a pattern sent with it decides.
 */
async function classToPattern(raw: Record<string, unknown>, ctx: HookCtx & { mode: 'add' | 'edit' }): Promise<void> {
  const cls = typeof raw.ruleClass === 'string' ? raw.ruleClass.trim() : '';
  const params = raw.ruleParams;
  delete raw.ruleClass;
  delete raw.ruleParams;
  if (!cls) return;
  const rule = ruleFromClass(cls, params);
  if (ctx.mode === 'edit') {
    const id = typeof raw.id === 'string' ? raw.id.slice(0, 64) : '';
    const stored = id ? await ctx.db.selectFrom('sys_fill_rule').select(['rule_pattern', 'reset_period']).where('id', '=', id).executeTakeFirst() : undefined;
    if (stored && rule.ok && rule.pattern === stored.rule_pattern && rule.reset === stored.reset_period) return;
  } else if (typeof raw.rulePattern === 'string' && raw.rulePattern.trim()) return;
  if (!rule.ok) throw new ApiFailure(rule.message);
  raw.rulePattern = rule.pattern;
  raw.resetPeriod = rule.reset;
}

const fillRuleHooks: CrudHooks = {
  checkBody: classToPattern,
  afterLoad(records) {
    for (const r of records) Object.assign(r, classOfRule(text(r.rulePattern), r.resetPeriod));
  },
  beforeSave(row, ctx) {
    const e = ctx.existing ?? {};
    // The rule's counters are kept under its code.
    if (ctx.mode === 'edit' && row.ruleCode !== undefined && row.ruleCode !== e.rule_code) throw new ApiFailure(FILL_RULE_CODE_FIXED);
    const pattern = row.rulePattern !== undefined ? text(row.rulePattern) : text(e.rule_pattern);
    const reset = row.resetPeriod !== undefined ? row.resetPeriod : (e.reset_period ?? 'none');
    const problem = fillRuleProblem(pattern, reset);
    if (problem) throw new ApiFailure(problem);
  },
};

/**
 * Adds numbering to a resource's hooks: on add (form or import) an empty number is taken from the rule (after the
 * resource's own checks, so a refused save wastes no number); on edit an empty number keeps the stored one.
 */
export function withRuleNumber(hooks: CrudHooks, target: NumberTarget): CrudHooks {
  return {
    ...hooks,
    // An import numbers its rows as one block (one counter statement), before each row's beforeSave below sees
    // its number and keeps it.
    async beforeAddMany(rows, ctx) {
      await hooks.beforeAddMany?.(rows, ctx);
      const empty = rows.filter((r) => r[target.field] === undefined || r[target.field] === null || (typeof r[target.field] === 'string' && String(r[target.field]).trim() === ''));
      const numbers = await nextNumbers(ctx.db, target, empty, fillRuleClock.now());
      empty.forEach((r, i) => {
        if (numbers[i] !== null) r[target.field] = numbers[i];
      });
    },
    async beforeSave(row, ctx) {
      await hooks.beforeSave?.(row, ctx);
      const v = row[target.field];
      const empty = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
      if (!empty) {
        if (typeof v === 'string') row[target.field] = v.trim();
        return;
      }
      if (ctx.mode === 'edit') {
        delete row[target.field];
        return;
      }
      row[target.field] = await nextNumber(ctx.db, target, row, fillRuleClock.now());
    },
  };
}

/** Idempotent (the registry is process-wide; several test backends share it). Called from registerCatalog (server/areas.ts). */
export function registerRuleResources(): void {
  if (getResource(checkRuleResource.name)?.def !== checkRuleResource) registerResource(checkRuleResource, checkRuleHooks);
  if (getResource(fillRuleResource.name)?.def !== fillRuleResource) registerResource(fillRuleResource, fillRuleHooks);
}
