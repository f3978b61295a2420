import type { ResourceDef } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** bus_type of the announcements that sendByTemplate creates (bus_id = the template's id). */
export const MSG_TEMPLATE_BUS_TYPE = 'msg_template';

/**
 * 消息记录: the system messages sent from templates — category '2' rows of sys_announcement with
 * bus_type 'msg_template' (the server's extraWhere keeps it to those). Read only; the virtual fields
 * (template, receivers, counts) are filled by server/message/catalog-messages.ts.
 */
export const messageResource: ResourceDef = {
  name: 'sysMessage',
  title: '消息记录',
  table: 'sys_announcement',
  api: '/sys/message/sysMessage',
  perm: PERMS.message.prefix,
  rowKey: 'id',
  defaultSort: { column: 'sendTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: {},
  fields: [
    { name: 'titile', label: '消息标题', kind: 'input', search: 'like', width: 220, ellipsis: 30 },
    { name: 'templateName', label: '消息模板', kind: 'input', virtual: true, query: false, width: 140 },
    { name: 'priority', label: '优先级', kind: 'select', dictCode: 'priority', search: 'eq', width: 80 },
    { name: 'receiverNames', label: '接收人', kind: 'input', virtual: true, query: false, width: 200, ellipsis: 30 },
    { name: 'receiverCount', label: '接收人数', kind: 'inputNumber', type: 'int', virtual: true, query: false, width: 90 },
    { name: 'readCount', label: '已读人数', kind: 'inputNumber', type: 'int', virtual: true, query: false, width: 90 },
    { name: 'sender', label: '发送人', kind: 'input', search: 'like', width: 100 },
    { name: 'sendTime', label: '发送时间', kind: 'datetime', search: 'range', sortable: true, width: 160 },
    { name: 'msgContent', label: '消息内容', kind: 'richText', list: false, query: false },
    { name: 'busId', label: '模板ID', kind: 'input', list: false, form: false, query: false, excel: false },
  ],
};
