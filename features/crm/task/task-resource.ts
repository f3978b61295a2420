import { USER_NAME_DICT, type ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { TASK_STATUS_OPTIONS, TASK_TARGET_OPTIONS } from '../../../lib/crm/task-rules';

export const TASK_API = '/crm/task';

/** Endpoints beside the engine's (server/crm/task-routes.ts). */
export const TASK_URLS = {
  /** POST {id, status 1|2|3, result}: 开始 / 完成 / 取消. */
  changeStatus: `${TASK_API}/changeStatus`,
  /** GET: my 待办 tasks for the header bell, `{total, records}`. */
  myTodo: `${TASK_API}/myTodo`,
  /** GET ?realname=*kw*&id=: who can be given a task (live, active, 在职 users). */
  assigneeList: `${TASK_API}/assigneeList`,
} as const;

/** Query params the list reads beside the fields: `view` (mine | created | all). */
export const TASK_VIEW_PARAM = 'view';

/**
 * 协商任务 (tbl_task, domain §6): a task on a lead, student or class, given to an 在职 user with a due time.
 * 状态 and 处理结果 change only through 开始 / 完成 / 取消 (changeStatus), never through the form.
 */
export const taskResource: ResourceDef = {
  name: 'crmTask',
  title: '任务',
  table: 'tbl_task',
  api: TASK_API,
  perm: PERMS.task.prefix,
  rowKey: 'id',
  defaultSort: { column: 'dueTime', order: 'asc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: '任务ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'title', label: '任务标题', kind: 'input', required: true, maxLength: 100, search: 'like', width: 180 },
    { name: 'targetType', label: '关联类型', kind: 'select', options: TASK_TARGET_OPTIONS, maxLength: 10, search: 'eq', width: 80 },
    { name: 'targetId', label: '关联对象', kind: 'select', maxLength: 32, query: false, width: 120 },
    { name: 'assignee', label: '负责人', kind: 'select', dictCode: 'sys_user,realname,id', required: true, maxLength: 32, width: 90 },
    { name: 'dueTime', label: '截止时间', kind: 'datetime', sortable: true, search: 'range', width: 160 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: TASK_STATUS_OPTIONS, form: 'readonly', search: 'eq', sortable: true, width: 80 },
    { name: 'content', label: '任务内容', kind: 'textarea', maxLength: 1000, list: false },
    { name: 'result', label: '处理结果', kind: 'textarea', maxLength: 1000, form: 'readonly', width: 160 },
    { name: 'finishTime', label: '完成时间', kind: 'datetime', form: false, list: false },
    { name: 'createBy', label: '创建人', kind: 'select', dictCode: USER_NAME_DICT, form: false, width: 90 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 160 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
