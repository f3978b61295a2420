import type { FieldOption, ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { OPERATE_TYPE_OPTIONS } from '../../../lib/logs/operate-type';

/** JeecgBoot's log list; `logType=2` selects the operation log (system:opLog:list), 1 the login log (system:log:list). */
export const OP_LOG_API = '/sys/log';
export const OP_LOG_TYPE_PARAM = { logType: 2 } as const;

const REQUEST_TYPES: FieldOption[] = ['POST', 'PUT', 'DELETE', 'PATCH', 'GET'].map((m) => ({ value: m, text: m }));
export const RESULT_OPTIONS: FieldOption[] = [
  { value: '1', text: '成功' },
  { value: '0', text: '失败' },
];

/**
 * 操作日志 (sys_log rows of log_type 2, JeecgBoot's SysLog; migration 0036): read-only, served by the resource engine
 * behind `/sys/log/list?logType=2` and `/sys/log/exportXls` (server/system/log-extra-routes.ts), which fix the log type.
 * Data only. Request parameters are stored redacted (lib/logs/redact.ts).
 */
export const operationLogResource: ResourceDef = {
  name: 'sysOperationLog',
  title: '操作日志',
  table: 'sys_log',
  api: OP_LOG_API,
  perm: PERMS.opLog.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { exportXls: true },
  fields: [
    { name: 'id', label: '日志ID', kind: 'input', type: 'int', form: false, list: false, excel: false },
    { name: 'createTime', label: '操作时间', kind: 'datetime', sortable: true, search: 'range', width: 170 },
    { name: 'username', label: '操作人', kind: 'input', search: 'like', sortable: true, width: 110 },
    { name: 'logContent', label: '操作内容', kind: 'input', search: 'like', width: 170 },
    { name: 'operateType', label: '操作类型', kind: 'select', type: 'int', options: OPERATE_TYPE_OPTIONS, search: 'eq', width: 90 },
    { name: 'requestType', label: '请求方式', kind: 'select', options: REQUEST_TYPES, search: 'eq', width: 90 },
    { name: 'requestUrl', label: '请求路径', kind: 'input', search: 'like', width: 220 },
    { name: 'success', label: '结果', kind: 'select', type: 'int', options: RESULT_OPTIONS, search: 'eq', width: 80 },
    { name: 'resultCode', label: '返回码', kind: 'inputNumber', type: 'int', width: 80 },
    { name: 'resultMessage', label: '返回信息', kind: 'input', width: 180 },
    { name: 'costTime', label: '耗时(毫秒)', kind: 'inputNumber', type: 'int', sortable: true, width: 100 },
    { name: 'ip', label: 'IP', kind: 'input', search: 'like', width: 130 },
    { name: 'requestParam', label: '请求参数', kind: 'textarea', width: 240 },
    { name: 'method', label: '处理方法', kind: 'input', list: false },
    { name: 'userid', label: '用户ID', kind: 'input', list: false, excel: false },
    // Always 2 here; answered with logType_dictText as JeecgBoot's SysLog (@Dict log_type) for its stock client.
    { name: 'logType', label: '日志类型', kind: 'select', type: 'int', dictCode: 'log_type', form: false, list: false, excel: false },
  ],
};
