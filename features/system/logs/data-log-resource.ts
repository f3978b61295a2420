import type { FieldOption, ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { studentResource } from '../../edu/student/student-resource';
import { clazzResource } from '../../edu/clazz/clazz-resource';
import { courseResource } from '../../edu/course/course-resource';
import { teacherResource } from '../../edu/teacher/teacher-resource';
import { locationResource } from '../../edu/location/location-resource';
import { roomResource } from '../../edu/room/room-resource';
import { goodsResource } from '../../edu/goods/goods-resource';
import { leadResource } from '../../crm/lead/lead-resource';

export const DATA_LOG_API = '/sys/dataLog';
/** JeecgBoot's version list of one record: `?dataTable=&dataId=`, newest first. */
export const DATA_LOG_VERSIONS_URL = `${DATA_LOG_API}/queryDataVerList`;
/** JeecgBoot's two versions by id: `?dataId1=&dataId2=`. */
export const DATA_LOG_COMPARE_LIST_URL = `${DATA_LOG_API}/queryCompareList`;
/** Ours: the two versions field by field with the resource's labels and dictionary texts. */
export const DATA_LOG_COMPARE_URL = `${DATA_LOG_API}/compare`;

/**
 * The business records whose saves are versioned: the definitions with `dataLog: true` (the flag decides; the backend
 * test checks that every flagged registered resource is offered here). Titles label the 数据表 filter.
 */
export const DATA_LOG_TABLE_OPTIONS: FieldOption[] = [studentResource, clazzResource, courseResource, teacherResource, locationResource, roomResource, leadResource, goodsResource]
  .filter((d) => d.dataLog)
  .map((d) => ({ value: d.table, text: d.title }));

/**
 * 数据日志 (sys_data_log, JeecgBoot's SysDataLog; migration 0036): read-only, served by the resource engine behind
 * `/sys/dataLog/list` (server/system/log-extra-routes.ts). Data only.
 */
export const dataLogResource: ResourceDef = {
  name: 'sysDataLog',
  title: '数据日志',
  table: 'sys_data_log',
  api: DATA_LOG_API,
  perm: PERMS.dataLog.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: {},
  fields: [
    { name: 'id', label: '日志ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'dataTable', label: '数据表', kind: 'select', options: DATA_LOG_TABLE_OPTIONS, search: 'eq', width: 100 },
    { name: 'dataId', label: '数据ID', kind: 'input', search: 'eq', width: 280 },
    { name: 'dataVersion', label: '版本号', kind: 'inputNumber', type: 'int', sortable: true, width: 80 },
    { name: 'createBy', label: '操作人', kind: 'input', search: 'like', width: 110 },
    { name: 'createName', label: '操作人姓名', kind: 'input', width: 110 },
    { name: 'createTime', label: '保存时间', kind: 'datetime', sortable: true, search: 'range', width: 170 },
    { name: 'dataContent', label: '数据内容', kind: 'textarea', list: false },
    { name: 'type', label: '类型', kind: 'input', list: false },
  ],
};
