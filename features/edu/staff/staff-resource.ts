import type { ResourceDef } from '@/lib/resources/types';
import { POSITION_DICT } from '../../system/position/position-resource';
import { PERMS } from '../../../lib/permissions/codes';
import { STAFF_API } from '../../../lib/edu/handover-rules';

/**
 * 员工管理 (issue #23 item 6): staff are sys_user rows, not a table of their own. The list, queryById and export
 * are the resource engine's (server/edu/catalog-staff.ts adds departments, the campus name and the phone
 * mask); 编辑 (岗位, 校区), 离职 and 复职 are hand-written (server/edu/staff-handover-routes.ts), so nothing else of
 * the account is written from here — 用户管理 owns the rest.
 */
export const staffResource: ResourceDef = {
  name: 'eduStaff',
  title: '员工',
  table: 'sys_user',
  api: STAFF_API,
  perm: PERMS.staff.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  // edit is served by the explicit PUT /edu/staff/edit (id, post, campusId only); the engine's own is never reached.
  actions: { edit: true, exportXls: true },
  fields: [
    { name: 'id', label: '用户ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'realname', label: '姓名', kind: 'input', search: 'like', sortable: true, pinyinSort: true, form: 'readonly', width: 100 },
    { name: 'username', label: '用户账号', kind: 'input', search: 'like', sortable: true, form: 'readonly', width: 110 },
    { name: 'workNo', label: '工号', kind: 'input', search: 'like', sortable: true, form: false, width: 90 },
    // Masked (138****0001) for a caller without system:user:list, who cannot read it in 用户管理 either.
    { name: 'phone', label: '手机号码', kind: 'input', search: 'like', form: false, width: 120 },
    { name: 'selecteddeparts', label: '所属部门', kind: 'sel_depart', dictCode: 'sys_depart,depart_name,id', virtual: true, form: false, query: false, width: 150 },
    // 岗位 is 用户管理's 职务 (sys_user.post: position codes, JeecgBoot's @Dict on sys_position), shown by name.
    { name: 'post', label: '岗位', kind: 'select', dictCode: POSITION_DICT, maxLength: 100, search: 'like', width: 120 },
    // 校区: a 场地 (tbl_location); the server fills campusId_dictText with its name.
    { name: 'campusId', label: '校区', kind: 'select', maxLength: 32, query: false, width: 130 },
    {
      name: 'staffStatus',
      label: '在职状态',
      kind: 'select',
      type: 'int',
      options: [
        { value: '1', text: '在职' },
        { value: '2', text: '离职' },
      ],
      search: 'eq',
      sortable: true,
      form: false,
      width: 90,
    },
    { name: 'leaveDate', label: '离职日期', kind: 'date', sortable: true, form: false, width: 110 },
    { name: 'status', label: '账号状态', kind: 'select', type: 'int', dictCode: 'user_status', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, list: false, excel: false },
    { name: 'updateBy', label: '修改人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '修改时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
