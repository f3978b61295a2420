import type { FieldOption, ResourceDef } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

export const QUARTZ_API = '/sys/quartzJob';

/**
 * The job classes a 定时任务 may name: the select's options, and the server's whitelist
 * (server/system/quartz-jobs.ts implements each one and refuses any other).
 */
export const QUARTZ_JOB_CLASS_OPTIONS: FieldOption[] = [
  { value: 'org.jeecg.modules.quartz.job.SampleJob', text: '示例任务（记录一行日志）' },
  { value: 'org.jeecg.modules.quartz.job.TempFileCleanJob', text: '清理过期临时文件' },
  { value: 'org.jeecg.modules.quartz.job.SessionCleanJob', text: '清理过期登录会话' },
  { value: 'org.jeecg.modules.crm.job.LeadAutoReturnJob', text: '线索自动回收' },
];

/** quartz_status (contract §9): 0 正常 (scheduled), -1 停止. Numbers on the wire, as in JeecgBoot. */
export const QUARTZ_STATUS_OPTIONS = [
  { value: 0, label: '正常' },
  { value: -1, label: '停止' },
];

/**
 * 定时任务 (sys_quartz_job) at JeecgBoot's paths: served by the resource engine with the hooks of
 * server/system/catalog-quartz.ts (pause / resume / execute in server/system/quartz-routes.ts); this
 * definition also drives the list page and its form.
 */
export const quartzResource: ResourceDef = {
  name: 'sysQuartzJob',
  title: '定时任务',
  table: 'sys_quartz_job',
  api: QUARTZ_API,
  perm: PERMS.quartz.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'jobClassName', label: '任务类名', kind: 'select', options: QUARTZ_JOB_CLASS_OPTIONS, required: true, search: 'eq', width: 320, query: false },
    { name: 'cronExpression', label: 'Cron表达式', kind: 'input', required: true, maxLength: 255, width: 170, query: false },
    { name: 'parameter', label: '参数', kind: 'textarea', maxLength: 4000, width: 160, ellipsis: 20, query: false, help: 'JSON对象，如 {"days":7}；可留空' },
    { name: 'description', label: '描述', kind: 'input', maxLength: 255, width: 220, query: false },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: QUARTZ_STATUS_OPTIONS.map((o) => ({ value: String(o.value), text: o.label })), search: 'eq', defaultValue: 0, width: 90, query: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false, query: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false, list: false, excel: false, query: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false, query: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false, query: false },
  ],
};
