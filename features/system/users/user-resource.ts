import type { ResourceDef } from '@/lib/resources/types';

/**
 * 用户管理 (sys_user): data only, shared by the embedded backend (server/resources/catalog.ts, which
 * adds password hashing, role/department links and the admin guard) and the list screen.
 */
export const userResource: ResourceDef = {
  name: 'sysUser',
  title: '用户信息',
  table: 'sys_user',
  api: '/sys/user',
  perm: 'system:user',
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  softDeleteColumn: 'del_flag',
  // 自定义列: an administrator's extra fields (features/system/table-columns/).
  customValuesColumn: 'ext_fields',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true },
  fields: [
    // Queryable so the user picker can fetch already-chosen users with an advanced query on id (spec 02 §3).
    { name: 'id', label: '用户ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'username', label: '用户账号', kind: 'input', required: true, maxLength: 32, unique: true, search: 'like', sortable: true, width: 120, pattern: { regex: '^[A-Za-z0-9_]{2,32}$', message: '用户账号只能包含字母、数字和下划线，2-32位' } },
    { name: 'realname', label: '用户姓名', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true, width: 100 },
    { name: 'password', column: 'password_hash', label: '登录密码', kind: 'password', writeOnly: true, list: false, excel: false, query: false, maxLength: 64 },
    { name: 'workNo', label: '工号', kind: 'input', maxLength: 32, unique: true, search: 'like', sortable: true, width: 100 },
    { name: 'sex', label: '性别', kind: 'select', type: 'int', dictCode: 'sex', search: 'eq', sortable: true, width: 70 },
    { name: 'birthday', label: '生日', kind: 'date', sortable: true, width: 110 },
    { name: 'phone', label: '手机号码', kind: 'input', pattern: 'm', unique: true, search: 'like', width: 120 },
    { name: 'email', label: '电子邮件', kind: 'input', pattern: 'e', maxLength: 100, unique: true, width: 180, list: false },
    { name: 'post', label: '职务', kind: 'input', maxLength: 50, width: 100 },
    { name: 'roleIds', label: '角色', kind: 'list_multi', dictCode: 'sys_role,role_name,id', virtual: true, list: true, excel: false, query: false, width: 160 },
    { name: 'departIds', label: '所属部门', kind: 'sel_depart', dictCode: 'sys_depart,depart_name,id', virtual: true, list: true, excel: false, query: false, width: 160 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', dictCode: 'user_status', search: 'eq', sortable: true, form: 'readonly', width: 70 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: 'readonly', search: 'range', width: 160 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
