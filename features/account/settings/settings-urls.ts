/** 账户设置's endpoints (server/account/account-settings-routes.ts). */
export const SETTINGS_URLS = {
  profile: '/sys/user/login/setting/getUserData',
  userEdit: '/sys/user/login/setting/userEdit',
  sendPhoneSms: '/sys/user/sendChangePhoneSms',
  updateMobile: '/sys/user/updateMobile',
  notifySetting: '/sys/user/notifySetting',
  bindings: '/sys/user/thirdBinding',
  unbind: '/sys/user/thirdBinding/unbind',
} as const;

/** The profile as getUserData answers it (JeecgBoot's SysUser, the fields this page shows). */
export interface Profile {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
}
