/**
 * 安全设置 (issue #26): the messages and pure rules shared by the backend (server/account/security-routes.ts,
 * server/auth/two-factor.ts) and the screens, so both say the same thing.
 */

export const TWO_FACTOR_MESSAGES = {
  /** What a client that cannot do the second step shows (the stock JeecgBoot Vue client, third-party sign-in). */
  required: '该账号已开启两步验证，请在教务系统登录页使用账号密码登录，并输入身份验证器中的6位验证码',
  codeWrong: '验证码错误，请重试',
  codeFormat: '请输入6位数字验证码或恢复码',
  recoveryWrong: '恢复码无效',
  replayed: '该验证码已使用，请等待身份验证器显示新的验证码',
  challengeExpired: '登录验证已过期，请重新登录',
  challengeTooMany: '验证码错误次数过多，请重新登录',
  throttled: '两步验证失败次数过多，请15分钟后再试',
  notSetUp: '请先生成密钥并用身份验证器扫码',
  alreadyOn: '两步验证已开启',
  notOn: '尚未开启两步验证',
  enabled: '两步验证已开启，请妥善保存恢复码',
  disabled: '两步验证已关闭',
  regenerated: '已生成新的恢复码，旧的恢复码已失效',
  proofMissing: '请输入当前密码或验证码',
  passwordWrong: '密码错误',
} as const;

export const SESSION_MESSAGES = {
  notFound: '该登录会话不存在或已结束',
  current: '不能下线当前设备，请使用退出登录',
  idFormat: '会话标识格式不正确',
  revoked: '已下线该设备',
  othersRevoked: (n: number) => (n ? `已退出其他 ${n} 个设备` : '没有其他设备在登录'),
} as const;

/** 6 digits: a TOTP code; anything else is read as a recovery code. */
export const TOTP_CODE = /^\d{6}$/;

/** The challenge answer of a login for a user with two-step sign-in on (result of a failed envelope). */
export interface TwoFactorChallenge {
  twoFactor: true;
  challenge: string;
  expiresIn: number;
}

export function isTwoFactorChallenge(result: unknown): result is TwoFactorChallenge {
  return !!result && typeof result === 'object' && (result as { twoFactor?: unknown }).twoFactor === true && typeof (result as { challenge?: unknown }).challenge === 'string';
}

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/(\d+)/, '微信'],
  [/DingTalk\/(\d+)/, '钉钉'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/HarmonyOS/, '鸿蒙'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 130 · Windows" from a User-Agent header; 未知设备 when nothing is recognised. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  let browser: string | null = null;
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? (ua ? '其他客户端' : '未知设备');
}

const LOGIN_TYPES: Record<string, string> = { password: '账号密码', phone: '手机验证码', third: '第三方账号', cas: '单点登录' };

export const loginTypeLabel = (type: string): string => LOGIN_TYPES[type] ?? type;
