/**
 * 账户设置's rules and messages (issue #26), shared by the screens and the embedded backend
 * (server/account/account-settings.ts enforces every one). Pure data and functions, no imports:
 * the backend loads this file outside Next's resolver.
 */

// ---------------------------------------------------------------- 基本设置

/** Column widths of sys_user (0001): realname varchar(100), email varchar(45). */
export const REALNAME_MAX = 100;
export const EMAIL_MAX = 45;
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const BIRTHDAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export const PROFILE_MESSAGES = {
  realnameRequired: '请输入姓名',
  realnameTooLong: `姓名不能超过${REALNAME_MAX}个字符`,
  emailInvalid: '请输入正确的邮箱地址',
  emailTooLong: `邮箱不能超过${EMAIL_MAX}个字符`,
  birthdayInvalid: '请输入正确的生日（yyyy-MM-dd）',
  birthdayFuture: '生日不能晚于今天',
  sexInvalid: '性别不正确',
  notOwn: '只能修改自己的数据',
  phoneBySms: '修改手机号请通过短信验证码确认',
  saved: '更新个人信息成功',
  phoneSame: '新手机号与当前手机号相同',
  phoneTaken: '该手机号已被其他账号使用',
  smsSent: '短信验证码发送成功',
  smsLive: '验证码10分钟内，仍然有效！',
  smsWrong: '短信验证码错误或已失效',
  phoneSaved: '手机号设置成功!',
} as const;

/** A birthday as stored (yyyy-MM-dd): a real calendar day from 1900 up to `today` (yyyy-MM-dd). Null = accepted. */
export function birthdayProblem(value: string, today: string): string | null {
  if (!BIRTHDAY_RE.test(value)) return PROFILE_MESSAGES.birthdayInvalid;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return PROFILE_MESSAGES.birthdayInvalid;
  return value > today ? PROFILE_MESSAGES.birthdayFuture : null;
}

// ---------------------------------------------------------------- 头像

/** Avatars go through the general upload with `kind=image` (png/jpg/jpeg/gif by content, 2 MB) into this folder. */
export const AVATAR_BIZ = 'avatar';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MESSAGES = {
  notImage: '头像必须是图片（png、jpg、jpeg、gif）',
  tooLarge: '头像图片不能大于2MB',
  missing: '头像文件不存在，请重新上传',
  saved: '头像已更新',
} as const;

// ---------------------------------------------------------------- 新消息通知

export type NotifyKind = 'announcement' | 'task' | 'homework' | 'approval';
export type NotifySettings = Record<NotifyKind, boolean>;

export const NOTIFY_KINDS: { key: NotifyKind; label: string; description: string }[] = [
  { key: 'announcement', label: '系统公告', description: '管理员发布的通知公告' },
  { key: 'task', label: '任务', description: '协商任务的待办、线索回收提醒、工作交接通知' },
  { key: 'homework', label: '作业', description: '作业的布置、提交与批改消息' },
  { key: 'approval', label: '审批', description: '请假、调课的申请与审核结果' },
];

export const ALL_ON: NotifySettings = { announcement: true, task: true, homework: true, approval: true };

/**
 * Which kind a system message (announcement category 2) belongs to, by its bus_type. Announcements
 * (category 1) are 系统公告 whatever their bus_type; a bus_type listed nowhere (e.g. a template sent by
 * hand) has no kind and is always shown.
 */
export const BUS_TYPES_OF_KIND: Record<Exclude<NotifyKind, 'announcement'>, readonly string[]> = {
  task: ['task', 'lead_return', 'work_handover'],
  homework: ['homework'],
  approval: ['calendar_apply'],
};

export function kindOfMessage(category: string, busType: string | null | undefined): NotifyKind | null {
  if (category === '1') return 'announcement';
  for (const kind of ['task', 'homework', 'approval'] as const) if (busType && BUS_TYPES_OF_KIND[kind].includes(busType)) return kind;
  return null;
}

/** The bus_types of system messages the user switched off (hidden from the bell's list and count). */
export function mutedBusTypes(s: NotifySettings): string[] {
  return (['task', 'homework', 'approval'] as const).filter((k) => !s[k]).flatMap((k) => BUS_TYPES_OF_KIND[k]);
}

// ---------------------------------------------------------------- 账号绑定

export const BIND_MESSAGES = {
  notEnabled: '未启用第三方登录',
  taken: '该第三方账号已绑定其他用户',
  sameTypeBound: '您已绑定该类型的第三方账号，请先解绑',
  bound: '绑定成功',
  unbound: '解绑成功',
  notBound: '您未绑定该第三方账号',
  onlyWay: '这是您唯一的登录方式，请先设置密码或绑定手机号后再解绑',
  failed: '绑定失败，请重试',
} as const;
export type BindOutcome = keyof typeof BIND_MESSAGES;

/** The outcome key the OAuth callback puts in the address (`?bind=`), from the backend's message. */
export function bindOutcomeOf(success: boolean, message: string | null | undefined): BindOutcome {
  if (success) return 'bound';
  const hit = (Object.keys(BIND_MESSAGES) as BindOutcome[]).find((k) => BIND_MESSAGES[k] === message);
  return hit ?? 'failed';
}

/**
 * Whether the user can still sign in once a third-party link is removed: by password (a stored hash; an empty
 * one marks an account made for third-party sign-in only), by SMS code to a bound phone, or by another link.
 */
export function canSignInWithout(p: { hasPassword: boolean; phone: string | null | undefined; otherLinks: number }): boolean {
  return p.hasPassword || !!p.phone?.trim() || p.otherLinks > 0;
}
