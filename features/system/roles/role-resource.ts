import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/** The built-in administrator role: never deleted, its code never changed (server/system/catalog-roles.ts). */
export const ADMIN_ROLE_ID = 'role_admin';
export const ADMIN_ROLE_CODE = 'admin';

export const ROLE_CODE_PATTERN = { regex: '^[A-Za-z][A-Za-z0-9_]{1,63}$', message: '角色编码以字母开头，只能包含字母、数字和下划线，2-64位' };

/**
 * 角色管理 (sys_role): data only, shared by the embedded backend (server/system/catalog-roles.ts adds
 * the admin-role and code guards; server/system/role-user-routes.ts the delete rules) and the list screen.
 */
export const roleResource: ResourceDef = {
  name: 'sysRole',
  title: '角色',
  table: 'sys_role',
  api: '/sys/role',
  perm: PERMS.role.prefix,
  rowKey: 'id',
  // JeecgBoot (SysRoleMapper.listAllSysRole): newest first when the client names no column.
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true },
  fields: [
    // Queryable so the role picker can fetch already-chosen roles with an advanced query on id.
    { name: 'id', label: '角色ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'roleName', label: '角色名称', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true, pinyinSort: true, width: 160 },
    { name: 'roleCode', label: '角色编码', kind: 'input', required: true, maxLength: 64, unique: true, pattern: ROLE_CODE_PATTERN, search: 'like', sortable: true, width: 160 },
    { name: 'description', label: '描述', kind: 'textarea', maxLength: 255, width: 240, ellipsis: 25 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, search: 'range', width: 170 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    // Sortable: JeecgBoot's role list sorts by 更新时间 from its column header (`column=updateTime`).
    { name: 'updateTime', label: '更新时间', kind: 'datetime', sortable: true, form: false, list: false, excel: false },
  ],
};
