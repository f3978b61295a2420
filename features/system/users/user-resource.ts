import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { POSITION_DICT } from '../position/position-resource';
import { TENANT_DICT } from '../tenant/tenant-resource';

/**
 * 用户管理 (sys_user): data only, shared by the embedded backend (server/system/catalog-users.ts, which
 * adds password hashing, role/department links and the admin guard) and the list screen.
 *
 * Field names are JeecgBoot's wire names, so the form sends what a JeecgBoot server reads: roles in
 * `selectedroles` and department membership in `selecteddeparts` (comma-joined ids, kept in
 * sys_user_role / sys_user_depart), while `departIds` is JeecgBoot's 负责部门 — the departments a
 * supervisor (身份 上级, userIdentity 2) manages, stored on the user row.
 */
export const userResource: ResourceDef = {
  name: 'sysUser',
  title: '用户信息',
  table: 'sys_user',
  api: '/sys/user',
  perm: PERMS.user.prefix,
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
    { name: 'realname', label: '用户姓名', kind: 'input', required: true, maxLength: 50, search: 'like', sortable: true, pinyinSort: true, width: 100 },
    { name: 'password', column: 'password_hash', label: '登录密码', kind: 'password', writeOnly: true, list: false, excel: false, query: false, maxLength: 64 },
    { name: 'workNo', label: '工号', kind: 'input', maxLength: 32, unique: true, search: 'like', sortable: true, width: 100 },
    { name: 'sex', label: '性别', kind: 'select', type: 'int', dictCode: 'sex', search: 'eq', sortable: true, width: 70 },
    { name: 'birthday', label: '生日', kind: 'date', sortable: true, width: 110 },
    { name: 'phone', label: '手机号码', kind: 'input', pattern: 'm', unique: true, search: 'like', width: 120 },
    { name: 'telephone', label: '座机', kind: 'input', maxLength: 45, pattern: { regex: '^0\\d{2,3}-[1-9]\\d{6,7}$', message: '请输入正确的座机号码' }, list: false },
    { name: 'email', label: '电子邮件', kind: 'input', pattern: 'e', maxLength: 100, unique: true, width: 180, list: false },
    // 职务: comma-joined position codes (JeecgBoot's @Dict over sys_position), shown by name; checked on the server.
    { name: 'post', label: '职务', kind: 'list_multi', dictCode: POSITION_DICT, maxLength: 100, width: 120 },
    // 所属租户: comma-joined tenant ids (JeecgBoot's relTenantIds), shown by name; checked on the server (catalog-tenant.ts). Not
    // `required`: a new user without it (this form left empty, JeecgBoot's stock form, an import) joins the creator's
    // tenant, so a school with one tenant never has to fill it; an edit that empties it is refused.
    { name: 'relTenantIds', label: '所属租户', kind: 'list_multi', dictCode: TENANT_DICT, maxLength: 100, excel: false, query: false, width: 140 },
    { name: 'avatar', label: '头像', kind: 'image', maxLength: 255, excel: false, query: false, width: 80 },
    { name: 'selectedroles', label: '角色', kind: 'list_multi', dictCode: 'sys_role,role_name,id', virtual: true, list: true, excel: false, query: false, maxLength: 10_000, width: 160 },
    { name: 'selecteddeparts', label: '所属部门', kind: 'sel_depart', dictCode: 'sys_depart,depart_name,id', virtual: true, list: true, excel: false, query: false, maxLength: 10_000, width: 160 },
    {
      name: 'userIdentity',
      label: '身份',
      kind: 'radio',
      type: 'int',
      options: [
        { value: '1', text: '普通用户' },
        { value: '2', text: '上级' },
      ],
      defaultValue: 1,
      list: false,
    },
    { name: 'departIds', label: '负责部门', kind: 'sel_depart', dictCode: 'sys_depart,depart_name,id', maxLength: 1000, excel: false, query: false, width: 160, help: '身份为上级时可选' },
    // JeecgBoot's sys_user.qywx_user_id (spec 02 §3 user list row): the account's 企业微信 user id.
    { name: 'qywxUserId', label: '企业微信ID', kind: 'input', maxLength: 100, pattern: { regex: '^[A-Za-z0-9_@.-]{1,100}$', message: '企业微信ID只能包含字母、数字和 _ @ . -' }, list: false },
    { name: 'status', label: '状态', kind: 'select', type: 'int', dictCode: 'user_status', search: 'eq', sortable: true, form: 'readonly', width: 70 },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: 'readonly', search: 'range', width: 160 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
