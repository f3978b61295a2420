import type { DepartInfo, LoginUserInfo } from '@/lib/login-state';

export interface RoleInfo {
  id?: string;
  roleCode: string;
  roleName: string;
}

/** GET /sys/user/getAccountInfoFromToken (spec 01 §7). */
export interface AccountInfoResult {
  userInfo: LoginUserInfo;
  accountInfo: { name: string; endTime: string | null };
  departs: DepartInfo[];
  roles: RoleInfo[];
  /** The first home_path of the user's roles (issue #23), or null for 行事历; absent from JeecgBoot's own backend. */
  homePath?: string | null;
}
