/**
 * Form validation rules from a field definition (spec 02 §5): required, maxLength, a named or explicit
 * pattern (lib/resources/patterns.ts) and the asynchronous unique check through
 * GET /sys/duplicate/check (contract §7), whose message is shown as it is.
 */
import type { Rule } from 'antd/es/form';
import { http } from '@/lib/http';
import { passwordProblem } from '@/lib/password-rule';
import { columnOf } from '@/lib/resources/field-kinds';
import { resolvePattern } from '@/lib/resources/patterns';
import type { FieldDef, FieldKind } from '@/lib/resources/types';

export const DUPLICATE_CHECK_URL = '/sys/duplicate/check';

const CHOICE_KINDS: ReadonlySet<FieldKind> = new Set(['select', 'radio', 'checkbox', 'list_multi', 'date', 'datetime', 'sel_user', 'sel_depart', 'switch']);

export const requiredMessage = (f: FieldDef) => `${CHOICE_KINDS.has(f.kind) ? '请选择' : '请输入'}${f.label}!`;
export const maxLengthMessage = (f: FieldDef, max: number) => `${f.label}不能超过${max}个字符!`;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export interface UniqueCheck {
  tableName: string;
  /** The record being edited (excluded from the check); absent when adding. */
  dataId?: string;
}

/**
 * Unique check: an empty value passes; otherwise the server decides. A refusal (success false) is an
 * ApiError whose message — e.g. 该值不可用，系统中已存在！ — becomes the field error.
 */
export async function checkUnique(field: FieldDef, value: unknown, { tableName, dataId }: UniqueCheck): Promise<void> {
  if (isBlank(value)) return;
  const params: Record<string, string> = { tableName, fieldName: columnOf(field), fieldVal: String(value) };
  if (dataId) params.dataId = dataId;
  try {
    await http.get(DUPLICATE_CHECK_URL, params);
  } catch (e) {
    throw new Error(e instanceof Error && e.message ? e.message : '校验失败');
  }
}

export const CHECK_RULE_URL = '/sys/checkRule/checkByCode';

/**
 * JeecgBoot's validateCheckRule(ruleCode, value): passes when the rule code or the value is empty (spec 02 §8),
 * otherwise the server's 编码校验规则 decides; its message (e.g. 前两位须为大写字母（科目缩写）) becomes the error.
 * The value is encodeURIComponent()ed once more, as the Vue client does (the server decodes it once).
 */
export async function validateCheckRule(ruleCode: string | undefined, value: unknown): Promise<void> {
  if (!ruleCode || isBlank(value)) return;
  try {
    await http.get(CHECK_RULE_URL, { ruleCode, value: encodeURIComponent(String(value)) });
  } catch (e) {
    throw new Error(e instanceof Error && e.message ? e.message : '校验失败');
  }
}

export function fieldRules(field: FieldDef, unique?: UniqueCheck): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: requiredMessage(field) });
  if (field.maxLength) rules.push({ max: field.maxLength, message: maxLengthMessage(field, field.maxLength) });
  if (field.pattern) {
    const p = resolvePattern(field.pattern);
    rules.push({
      validator: async (_rule, value) => {
        if (isBlank(value)) return;
        if (!p.test(String(value))) throw new Error(p.message);
      },
    });
  }
  // A password field (用户 新增) follows the server's password rule before the round trip (issue #21).
  if (field.kind === 'password') {
    rules.push({
      validator: async (_rule, value) => {
        if (isBlank(value)) return;
        const problem = passwordProblem(String(value));
        if (problem) throw new Error(problem);
      },
    });
  }
  if (field.checkRule) {
    const ruleCode = field.checkRule;
    rules.push({ validateTrigger: 'onBlur', validator: (_rule, value) => validateCheckRule(ruleCode, value) });
  }
  if (field.unique && unique) {
    rules.push({ validateTrigger: 'onBlur', validator: (_rule, value) => checkUnique(field, value, unique) });
  }
  return rules;
}
