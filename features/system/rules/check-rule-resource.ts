import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const CHECK_RULE_API = '/sys/checkRule';
export const CHECK_BY_CODE_URL = `${CHECK_RULE_API}/checkByCode`;

/**
 * 编码校验规则 (sys_check_rule, JeecgBoot's SysCheckRule; migration 0004). ruleJson is JeecgBoot's array of
 * {digits, pattern, message}, edited as segments (check-rule-editor.tsx) and checked on save by
 * lib/rules/check-rule.ts, the same function `/sys/checkRule/checkByCode` runs.
 */
export const checkRuleResource: ResourceDef = {
  name: 'sysCheckRule',
  title: '编码校验规则',
  table: 'sys_check_rule',
  api: CHECK_RULE_API,
  perm: PERMS.checkRule.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: 'ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'ruleName', label: '规则名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, width: 180 },
    { name: 'ruleCode', label: '规则编码', kind: 'input', required: true, maxLength: 100, unique: true, pattern: { regex: '^[A-Za-z][A-Za-z0-9_]*$', message: '规则编码只能包含字母、数字和下划线，以字母开头' }, search: 'like', sortable: true, width: 180 },
    { name: 'ruleDescription', label: '规则描述', kind: 'textarea', maxLength: 200, width: 280, ellipsis: 30 },
    { name: 'ruleJson', label: '规则', kind: 'textarea', required: true, maxLength: 20000, list: false, query: false, excel: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 170 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
