import { PERMS } from '../../../lib/permissions/codes';
import type { FieldDef, ResourceDef } from '../../../lib/resources/types';

/**
 * 通告管理 (system/SysAnnouncementList, contract §5, `titile` kept): served by the resource engine with the hooks
 * of server/message/catalog-announcements.ts (release / revoke, the users' own notices and the show page are
 * hand-written in server/message/announcement-routes.ts); on the client it drives the list hook, search bar and
 * columns (the form is announcement-form-modal.tsx).
 */

export const API = '/sys/annountCement';
export const RELEASE_URL = `${API}/doReleaseData`;
/** Sic (contract §5). */
export const REVOKE_URL = `${API}/doReovkeData`;

export const UNPUBLISHED = '0';
export const PUBLISHED = '1';
export const REVOKED = '2';

/** JeecgBoot's confirmations (SysAnnouncementList.vue). */
export const CONFIRM_RELEASE = '确定发布吗?';
export const CONFIRM_REVOKE = '确定撤销吗?';
export const CONFIRM_DELETE = '确定删除吗?';

/** Fields of the record that the list neither shows nor searches. */
function hidden(fields: [string, string, 'input' | 'datetime'][], extra: Partial<FieldDef> = {}): FieldDef[] {
  return fields.map(([name, label, kind]) => ({ name, label, kind, list: false, excel: false, query: false, ...extra }));
}

export const announcementDef: ResourceDef = {
  name: 'sysAnnouncement',
  title: '系统通告',
  table: 'sys_announcement',
  api: API,
  perm: PERMS.announcement.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  softDeleteColumn: 'del_flag',
  // Sortable ones are the server's whitelist (catalog-announcements.ts SORTABLE); dictionaries as seeded.
  fields: [
    { name: 'titile', label: '标题', kind: 'input', search: 'like', sortable: true, width: 260, ellipsis: 30 },
    { name: 'msgCategory', label: '消息类型', kind: 'select', dictCode: 'msg_category', search: 'eq', width: 100 },
    { name: 'priority', label: '优先级', kind: 'select', dictCode: 'priority', sortable: true, width: 90 },
    { name: 'msgType', label: '通告对象', kind: 'select', dictCode: 'msg_type', width: 100 },
    { name: 'sendStatus', label: '发布状态', kind: 'select', dictCode: 'send_status', search: 'eq', sortable: true, width: 100, form: false },
    { name: 'sender', label: '发布人', kind: 'input', width: 100, form: false },
    { name: 'sendTime', label: '发布时间', kind: 'datetime', sortable: true, width: 170, form: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, width: 170 },
    // The rest of the record (toAnnouncement's shape), not listed: the form writes the first ones, the server the others.
    ...hidden([
      ['msgContent', '内容', 'input'],
      ['startTime', '开始时间', 'datetime'],
      ['endTime', '结束时间', 'datetime'],
      ['userIds', '指定用户', 'input'],
      ['openType', '跳转方式', 'input'],
      ['openPage', '跳转地址', 'input'],
      ['busType', '业务类型', 'input'],
      ['busId', '业务ID', 'input'],
      ['msgAbstract', '摘要', 'input'],
    ]),
    ...hidden(
      [
        ['cancelTime', '撤销时间', 'datetime'],
        ['delFlag', '删除状态', 'input'],
        ['dtTaskId', '定时任务', 'input'],
        ['createBy', '创建人', 'input'],
        ['updateBy', '更新人', 'input'],
        ['updateTime', '更新时间', 'datetime'],
      ],
      { form: false },
    ),
  ],
};

