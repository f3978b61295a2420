import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { FOLLOW_STATUSES, INTENTION_LEVELS } from '../lead/lead-resource';

export const POOL_API = '/crm/leadPool';

/** The pool's own routes (server/crm/lead-pool-routes.ts) besides its list. */
export const POOL_URLS = {
  claim: `${POOL_API}/claim`,
  assign: `${POOL_API}/assign`,
  config: `${POOL_API}/config`,
} as const;

/** At most this many leads per claim / assign request. */
export const POOL_BATCH_MAX = 200;

/**
 * 线索池 (tbl_lead with own_by null, domain §7), list only, on the resource engine (paging, sort, search, 高级查询).
 * The phone is masked (138****0001) until someone claims the lead; a phone filter still finds it (is this number
 * in the pool?). lastOwner (原负责人) comes from the owner history and is filled by the server per page.
 */
export const leadPoolResource: ResourceDef = {
  name: 'leadPool',
  title: '线索池',
  table: 'tbl_lead',
  api: POOL_API,
  perm: PERMS.leadPool.prefix,
  rowKey: 'id',
  defaultSort: { column: 'poolTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  actions: {},
  fields: [
    { name: 'id', label: '线索ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'name', label: '姓名', kind: 'input', search: 'like', sortable: true, pinyinSort: true, width: 120 },
    { name: 'phone', label: '手机号', kind: 'input', search: 'like', width: 120 },
    { name: 'childName', label: '孩子姓名', kind: 'input', width: 100 },
    { name: 'grade', label: '年级', kind: 'input', width: 80 },
    // Shown by the 详情 (pool-lead-detail.tsx), not listed: intentionCourseId_dictText is filled by the server.
    { name: 'intentionCourseId', label: '意向课程', kind: 'select', list: false, query: false },
    { name: 'remark', label: '备注', kind: 'textarea', list: false, query: false },
    { name: 'channel', label: '渠道', kind: 'select', type: 'int', dictCode: 'lead_channel', search: 'eq', width: 90 },
    { name: 'intentionLevel', label: '意向度', kind: 'select', type: 'int', options: INTENTION_LEVELS, search: 'eq', sortable: true, width: 80 },
    { name: 'followStatus', label: '跟进状态', kind: 'select', type: 'int', options: FOLLOW_STATUSES, width: 90 },
    { name: 'poolReason', label: '入池原因', kind: 'input', width: 160, ellipsis: 20 },
    { name: 'poolTime', label: '入池时间', kind: 'datetime', sortable: true, search: 'range', width: 170 },
    { name: 'lastOwner', label: '原负责人', kind: 'select', dictCode: 'sys_user,realname,id', virtual: true, query: false, width: 90 },
    { name: 'lastFollowTime', label: '最近跟进', kind: 'datetime', sortable: true, width: 170 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, width: 170 },
  ],
};

/** GET/PUT /crm/leadPool/config: the pool's settings (camelCase of tbl_lead_pool_config). */
export interface PoolConfigWire {
  enabled: number;
  contactExpireDays: number;
  dealExpireDays: number;
  notifyEnabled: number;
  notifyDays: number;
  maxOwned: number;
  updateBy?: string | null;
  updateTime?: string | null;
}

/** POST claim / assign answers. */
export interface PoolMoveResult {
  count: number;
}
