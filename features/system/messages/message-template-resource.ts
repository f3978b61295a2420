import type { FieldOption, ResourceDef } from '../../../lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** No `msg_template_type` dictionary is seeded, so the two types are fixed options. */
export const TEMPLATE_TYPE_OPTIONS: FieldOption[] = [
  { value: '1', text: '文本' },
  { value: '2', text: '富文本' },
];

export const TEMPLATE_CODE_PATTERN = { regex: '^[A-Za-z0-9_]+$', message: '模板编码只能包含字母、数字和下划线' };

export const TEMPLATE_API = '/sys/message/sysMessageTemplate';
export const SEND_URL = '/sys/message/sysMessage/sendByTemplate';

/**
 * 消息模板 (sys_message_template): data only, shared by the embedded backend
 * (server/message/catalog-messages.ts: save checks, `variables`) and the list screen. Rows are deleted
 * for real: a message already sent keeps its own rendered copy of title and content.
 */
export const messageTemplateResource: ResourceDef = {
  name: 'sysMessageTemplate',
  title: '消息模板',
  table: 'sys_message_template',
  api: TEMPLATE_API,
  perm: PERMS.messageTemplate.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'templateCode', label: '模板编码', kind: 'input', required: true, maxLength: 100, unique: true, pattern: TEMPLATE_CODE_PATTERN, search: 'like', sortable: true, width: 180 },
    { name: 'templateName', label: '模板名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 160 },
    { name: 'templateType', label: '模板类型', kind: 'select', options: TEMPLATE_TYPE_OPTIONS, required: true, defaultValue: '1', search: 'eq', width: 100 },
    { name: 'templateTitle', label: '模板标题', kind: 'input', required: true, maxLength: 200, width: 220, help: '可使用 ${变量名} 占位，发送时替换' },
    { name: 'templateContent', label: '模板内容', kind: 'textarea', required: true, maxLength: 50000, width: 260, ellipsis: 30, help: '可使用 ${变量名} 占位；富文本内容保存时会过滤不安全的标签' },
    { name: 'templateTestJson', label: '测试数据', kind: 'textarea', maxLength: 10000, list: false, help: 'JSON对象，如 {"teacherName":"李文静"}：发送时预填变量' },
    // Filled by the server from title and content (afterLoad); never stored.
    { name: 'variables', label: '模板变量', kind: 'input', virtual: true, form: false, list: false, excel: false, query: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false, sortable: true, width: 160 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
