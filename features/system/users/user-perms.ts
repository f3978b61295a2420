/**
 * 用户管理's permission codes and fixed rules, shared by the screen (button visibility) and the
 * embedded backend (server/http/user-routes.ts enforces every one). Data only: no server imports.
 */
export const USER_PERMS = {
  list: 'system:user:list',
  frozen: 'system:user:frozen',
  delete: 'system:user:delete',
  deleteBatch: 'system:user:deleteBatch',
  /** 回收站: list deleted users. */
  recycleBin: 'system:user:recycleBin',
  /** 回收站 → 还原. */
  putRecycleBin: 'system:user:putRecycleBin',
  /** 回收站 → 彻底删除. */
  deleteRecycleBin: 'system:user:deleteRecycleBin',
  /** 重置密码 of another user by an administrator. */
  changePassword: 'system:user:changePassword',
} as const;

/** The built-in administrator account: never deleted or frozen (JeecgBoot's rule). */
export const ADMIN_USERNAME = 'admin';
export const ADMIN_ACCOUNT_GUARD = '管理员账号不允许此操作！';
export const SELF_DELETE_GUARD = '不能删除当前登录用户';
export const SELF_FREEZE_GUARD = '不能冻结当前登录用户';
