/**
 * 用户管理's permission codes and fixed rules, shared by the screen (button visibility) and the
 * embedded backend (server/system/user-routes.ts enforces every one). Data only: no server imports.
 */
// Relative, not '@/': the embedded backend imports this module too, outside Next's resolver.
import { PERMS } from '../permissions/codes';

/**
 * 用户管理's codes (lib/permissions/codes.ts): recycleBin lists deleted users, putRecycleBin restores and
 * deleteRecycleBin purges them; changePassword is an administrator's 重置密码 of another user.
 */
export const USER_PERMS = PERMS.user;

/** The built-in administrator account: never deleted or frozen (JeecgBoot's rule). */
export const ADMIN_USERNAME = 'admin';
export const ADMIN_ACCOUNT_GUARD = '管理员账号不允许此操作！';
export const SELF_DELETE_GUARD = '不能删除当前登录用户';
export const SELF_FREEZE_GUARD = '不能冻结当前登录用户';
