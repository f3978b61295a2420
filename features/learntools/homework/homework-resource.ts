import type { ResourceDef } from '@/lib/resources/types';
import { USER_NAME_DICT } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { ASSIGNEE_OPTIONS, HOMEWORK_API, HOMEWORK_STATUS_OPTIONS, SOURCE_OPTIONS } from '../../../lib/learntools/homework-types';

/**
 * 作业 (tbl_homework, migration 0023) on the resource engine for the list, 详情, 删除 and export; assigning
 * and editing (which create the per-student rows) are hand-written routes (server/learntools/homework-routes.ts).
 * 班级 and 课次 show as names (`_dictText`, filled on the server); a teacher lists only the classes they teach.
 */
export const homeworkResource: ResourceDef = {
  name: 'tblHomework',
  title: '作业',
  table: 'tbl_homework',
  api: HOMEWORK_API,
  perm: PERMS.homework.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: { delete: true, exportXls: true },
  fields: [
    { name: 'id', label: '作业ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'clazzId', label: '班级', kind: 'select', search: 'eq', width: 150 },
    { name: 'calendarId', label: '课次', kind: 'select', width: 170 },
    { name: 'title', label: '标题', kind: 'input', maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 200 },
    { name: 'source', label: '来源', kind: 'select', type: 'int', options: SOURCE_OPTIONS, search: 'eq', width: 80 },
    { name: 'workbookId', label: '练习册', kind: 'hidden', list: false, excel: false },
    { name: 'dueTime', label: '截止时间', kind: 'datetime', search: 'range', sortable: true, width: 170 },
    { name: 'maxScore', label: '满分', kind: 'inputNumber', width: 70 },
    { name: 'assigneeMode', label: '布置对象', kind: 'select', type: 'int', options: ASSIGNEE_OPTIONS, width: 90 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: HOMEWORK_STATUS_OPTIONS, search: 'eq', sortable: true, width: 80 },
    { name: 'total', label: '总数', kind: 'inputNumber', type: 'int', sortable: true, width: 70 },
    { name: 'readCount', label: '已读', kind: 'inputNumber', type: 'int', sortable: true, width: 70 },
    { name: 'finishCount', label: '已完成', kind: 'inputNumber', type: 'int', sortable: true, width: 80 },
    { name: 'content', label: '作业内容', kind: 'richText', list: false, excel: false },
    { name: 'attachments', label: '附件', kind: 'file', list: false, excel: false },
    { name: 'createBy', label: '布置人', kind: 'select', dictCode: USER_NAME_DICT, form: false, width: 90 },
    { name: 'createTime', label: '布置时间', kind: 'datetime', sortable: true, form: false, width: 170 },
  ],
};
