import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { FILL_LIMITS, FILL_VARIABLES_HELP, RESET_PERIOD_OPTIONS } from '../../../lib/rules/fill-rule';

export const FILL_RULE_API = '/sys/fillRule';
/** JeecgBoot's wire: PUT (or POST) with the form data as the body; `result` is the value. */
export const executeRuleUrl = (ruleCode: string) => `${FILL_RULE_API}/executeRuleByCode/${encodeURIComponent(ruleCode)}`;

/**
 * 填值规则 (sys_fill_rule, migration 0035): a declarative pattern (lib/rules/fill-rule.ts) and a reset period
 * instead of JeecgBoot's Java class. The code is fixed once created: the rule's counters are kept under it.
 */
export const fillRuleResource: ResourceDef = {
  name: 'sysFillRule',
  title: '填值规则',
  table: 'sys_fill_rule',
  api: FILL_RULE_API,
  perm: PERMS.fillRule.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: 'ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'ruleName', label: '规则名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, width: 160 },
    { name: 'ruleCode', label: '规则编码', kind: 'input', required: true, maxLength: 100, unique: true, pattern: { regex: '^[A-Za-z][A-Za-z0-9_]*$', message: '规则编码只能包含字母、数字和下划线，以字母开头' }, search: 'like', sortable: true, width: 160, help: '创建后不能修改' },
    { name: 'rulePattern', label: '规则', kind: 'input', required: true, maxLength: FILL_LIMITS.pattern, search: 'like', width: 220, help: `前缀加变量，如 XS{yyyyMMdd}{seq:4}；变量：${FILL_VARIABLES_HELP}` },
    { name: 'resetPeriod', label: '序号重置', kind: 'select', required: true, options: RESET_PERIOD_OPTIONS, defaultValue: 'none', search: 'eq', width: 100 },
    { name: 'ruleDescription', label: '规则描述', kind: 'textarea', maxLength: 200, width: 240, ellipsis: 30 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
