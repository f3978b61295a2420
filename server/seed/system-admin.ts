import { PERMS } from '../../lib/permissions/codes';
import { crud, defButtons, type SeedPerm } from './perm-rows';
import { tenantResource } from '../../features/system/tenant/tenant-resource';

/**
 * 系统管理, the rest (issue #24): the buttons of 租户, 职务, 通讯录, 编码校验规则, 填值规则, 操作日志, 数据日志 and 文件管理,
 * seeded by seedTeachingPerms after the CRM rows (same rules). The menu rows are in server/seed/seed-data.ts.
 */

const ADMIN = ['role_admin'];
const ALL = { read: ADMIN, write: ADMIN, remove: ADMIN };

export const SYSTEM_ADMIN_PERMS: SeedPerm[] = [
  ...defButtons(tenantResource, 'perm_isystem_tenant', ALL, 'perm_btn_tenant'),
  ...crud('perm_btn_position', 'perm_isystem_position', '职务', PERMS.position, ALL, ['exportXls', 'importExcel']),
  { id: 'perm_btn_address_list', parent: 'perm_isystem_address', name: '查看通讯录', perms: PERMS.addressBook.list, roles: ADMIN },
  { id: 'perm_btn_address_export', parent: 'perm_isystem_address', name: '导出通讯录', perms: PERMS.addressBook.exportXls, roles: ADMIN },
  { id: 'perm_btn_address_phone', parent: 'perm_isystem_address', name: '查看完整手机号', perms: PERMS.addressBook.phone, roles: ADMIN },
  ...crud('perm_btn_check_rule', 'perm_isystem_check_rule', '编码校验规则', PERMS.checkRule, ALL),
  ...crud('perm_btn_fill_rule', 'perm_isystem_fill_rule', '填值规则', PERMS.fillRule, ALL),
  { id: 'perm_btn_oplog_list', parent: 'perm_isystem_oplog', name: '查看操作日志', perms: PERMS.opLog.list, roles: ADMIN },
  { id: 'perm_btn_oplog_export', parent: 'perm_isystem_oplog', name: '导出操作日志', perms: PERMS.opLog.exportXls, roles: ADMIN },
  { id: 'perm_btn_datalog_list', parent: 'perm_isystem_datalog', name: '查看数据日志', perms: PERMS.dataLog.list, roles: ADMIN },
  { id: 'perm_btn_oss_list', parent: 'perm_isystem_oss', name: '查看文件', perms: PERMS.ossFile.list, roles: ADMIN },
  { id: 'perm_btn_oss_upload', parent: 'perm_isystem_oss', name: '上传文件', perms: PERMS.ossFile.upload, roles: ADMIN },
  { id: 'perm_btn_oss_delete', parent: 'perm_isystem_oss', name: '删除文件', perms: PERMS.ossFile.delete, roles: ADMIN },
];
