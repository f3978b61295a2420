import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { HANDOVER_API, SCOPE_OPTIONS } from '../../../lib/edu/handover-rules';

/**
 * 工作交接 records (tbl_work_handover, issue #23 item 8): listed by the resource engine (paged, newest first, the
 * users' names through the user dictionary, `countsText` added by server/edu/catalog-staff.ts). A handover
 * is run by the explicit POST /edu/handover/add (server/edu/staff-handover-routes.ts), never by the engine's add.
 */
export const handoverResource: ResourceDef = {
  name: 'eduWorkHandover',
  title: '工作交接',
  table: 'tbl_work_handover',
  api: HANDOVER_API,
  perm: PERMS.handover.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: {},
  fields: [
    { name: 'id', label: 'ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'fromUser', label: '交接人', kind: 'select', dictCode: 'sys_user,realname,id', search: 'eq', width: 100 },
    { name: 'toUser', label: '接收人', kind: 'select', dictCode: 'sys_user,realname,id', search: 'eq', width: 100 },
    { name: 'scopes', label: '交接范围', kind: 'list_multi', options: SCOPE_OPTIONS.map((o) => ({ value: o.value, text: o.label })), query: false, width: 200 },
    { name: 'counts', label: '交接数量', kind: 'input', query: false, list: false, excel: false },
    { name: 'countsText', label: '已交接', kind: 'input', virtual: true, query: false, width: 260 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: [{ value: '0', text: '待处理' }, { value: '1', text: '已完成' }, { value: '2', text: '部分失败' }], width: 80 },
    { name: 'reason', label: '交接原因', kind: 'input', maxLength: 200, width: 180 },
    { name: 'createBy', label: '操作人', kind: 'input', search: 'like', width: 90 },
    { name: 'createTime', label: '交接时间', kind: 'datetime', sortable: true, search: 'range', width: 160 },
  ],
};
