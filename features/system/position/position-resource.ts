import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** Who may read positions: 职务 readers, and 用户管理 (the user form's 职务 choice). */
// 员工管理 picks a staff member's 岗位 from the same list (sys_user.post, issue #23/#24).
export const POSITION_READ_PERMS = [PERMS.position.list, PERMS.user.list, PERMS.user.add, PERMS.user.edit, PERMS.staff.edit] as const;

/**
 * The registered table dictionary of positions (server/resources/dicts.ts): JeecgBoot's SysUser.post is
 * `@Dict(dictTable = "sys_position", dicText = "name", dicCode = "code")`, i.e. comma-joined position codes
 * shown by name (`post_dictText`).
 */
export const POSITION_DICT = 'sys_position,name,code';

/** The server's answers, spelled once (the screen and the tests read them too). */
export const POSITION_MESSAGES = {
  codeExists: '职务编码已存在',
  inUse: (n: number) => `该职务还有${n}个用户在用，不能删除`,
  codeInUse: (n: number) => `该职务还有${n}个用户在用，不能修改职务编码`,
  unknownPost: (codes: string[]) => `所选职务不存在，请刷新后重试：${codes.join('，')}`,
  tooMany: '所选职务过多',
} as const;

/**
 * 职务 (sys_position, JeecgBoot's SysPosition; migration 0017) on the resource engine at `/sys/position/*`
 * (server/system/catalog-position.ts). Data only. `list` is served by the explicit route in
 * server/system/position-routes.ts (用户管理's codes read it too); delete and deleteBatch are refused there
 * while users hold the position.
 */
export const positionResource: ResourceDef = {
  name: 'sysPosition',
  title: '职务',
  table: 'sys_position',
  api: '/sys/position',
  perm: PERMS.position.prefix,
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true },
  fields: [
    { name: 'code', label: '职务编码', kind: 'input', required: true, maxLength: 100, unique: true, search: 'like', sortable: true, width: 160, pattern: { regex: '^[A-Za-z0-9_-]{1,100}$', message: '职务编码只能包含字母、数字、下划线和短横线' } },
    { name: 'name', label: '职务名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 160 },
    { name: 'postRank', label: '职级', kind: 'select', dictCode: 'position_rank', search: 'eq', sortable: true, width: 120 },
    { name: 'companyId', label: '公司id', kind: 'input', maxLength: 255, list: false, form: false, excel: false },
    { name: 'sysOrgCode', label: '组织机构编码', kind: 'input', maxLength: 50, list: false, form: false, excel: false },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false, excel: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 160 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', sortable: true, form: false, list: false, excel: false },
  ],
};
