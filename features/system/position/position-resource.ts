import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** Who may read positions today: 职务 readers, and 用户管理 (the user form's 职务 picker). */
export const POSITION_READ_PERMS = [PERMS.position.list, PERMS.user.list, PERMS.user.add, PERMS.user.edit] as const;

/**
 * 职务 (sys_position, JeecgBoot's SysPosition; migration 0017). Data only. For now it serves the read
 * endpoint `/sys/position/list` (server/http/tenant-position-routes.ts) in JeecgBoot's query grammar; the
 * 职务 screen and its writes come with issue 24, which registers it as a resource (`system:position`).
 */
export const positionResource: ResourceDef = {
  name: 'sysPosition',
  title: '职务',
  table: 'sys_position',
  api: '/sys/position',
  perm: PERMS.position.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: {},
  fields: [
    { name: 'code', label: '职务编码', kind: 'input', required: true, maxLength: 100, unique: true, search: 'like', sortable: true, width: 160 },
    { name: 'name', label: '职务名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 160 },
    { name: 'postRank', label: '职级', kind: 'select', dictCode: 'position_rank', search: 'eq', sortable: true, width: 120 },
    { name: 'companyId', label: '公司id', kind: 'input', maxLength: 255, list: false },
    { name: 'sysOrgCode', label: '组织机构编码', kind: 'input', maxLength: 50, list: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 160 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', sortable: true, form: false, list: false, excel: false },
  ],
};
