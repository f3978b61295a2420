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
  /** Where '/' sends the user (issue #39: 首页配置, else 行事历, else their first page); absent from JeecgBoot's own backend. */
  homePath?: string | null;
}
