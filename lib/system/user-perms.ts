/**
 * 用户管理's fixed rules, shared by the screen (button visibility) and the embedded backend
 * (server/system/user-routes.ts enforces every one). Its codes are PERMS.user (lib/permissions/codes.ts).
 * Data only: no imports.
 */

/** The built-in administrator account: never deleted or frozen (JeecgBoot's rule). */
export const ADMIN_USERNAME = 'admin';
export const ADMIN_ACCOUNT_GUARD = '管理员账号不允许此操作！';
export const SELF_DELETE_GUARD = '不能删除当前登录用户';
export const SELF_FREEZE_GUARD = '不能冻结当前登录用户';
