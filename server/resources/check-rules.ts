import type { Database } from '../db';
import { checkRuleValue, parseRuleJson, type CheckRuleFailure } from '../../lib/rules/check-rule';

/**
 * 编码校验规则 by code (contract §7 `/sys/checkRule/checkByCode`): the one lookup behind that route and the resource
 * engine's checks of fields that name a rule (`FieldDef.checkRule`, issue #39: add, edit and import). The rule itself
 * is lib/rules/check-rule.ts (RE2), the same function the form's test box runs.
 */
export const CHECK_RULE_UNKNOWN = '该编码不存在';
export const CHECK_RULE_BROKEN = '编码规则配置错误';

export type CheckByCodeAnswer = { ok: true } | { ok: false; message: string; failure?: CheckRuleFailure };

/** The rule named `ruleCode`, read once, as a check of values (an import checks every row with one read). */
export async function checkRuleFor(db: Database, ruleCode: string): Promise<(value: string) => CheckByCodeAnswer> {
  const code = ruleCode.trim().slice(0, 100);
  const rule = code ? await db.selectFrom('sys_check_rule').select(['rule_json']).where('rule_code', '=', code).executeTakeFirst() : undefined;
  // An empty code is no rule: 该编码不存在, as JeecgBoot's controller answers (its client does not ask without one).
  if (!rule) return () => ({ ok: false, message: CHECK_RULE_UNKNOWN });
  // A rule without segments checks nothing (JeecgBoot: a blank rule JSON passes every value).
  if (!rule.rule_json?.trim()) return () => ({ ok: true });
  const items = parseRuleJson(rule.rule_json);
  if (!items) return () => ({ ok: false, message: CHECK_RULE_BROKEN });
  return (value) => {
    try {
      const failure = checkRuleValue(items, value.slice(0, 1000));
      return failure ? { ok: false, message: failure.message, failure } : { ok: true };
    } catch {
      return { ok: false, message: CHECK_RULE_BROKEN };
    }
  };
}

export async function checkByRuleCode(db: Database, ruleCode: string, value: string): Promise<CheckByCodeAnswer> {
  return (await checkRuleFor(db, ruleCode))(value);
}
