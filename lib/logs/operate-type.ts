import type { FieldOption } from '../resources/types';

/**
 * JeecgBoot's SysLog.operateType (dictionary operate_type): 1 查询, 2 添加, 3 修改, 4 删除, 5 导入, 6 导出. JeecgBoot takes
 * it from the handler's name (list*, add*, edit*, delete*, import*, export*); we take it from the path's last segment
 * the same way, and otherwise from the HTTP method.
 */
export const OPERATE_TYPE_OPTIONS: FieldOption[] = [
  { value: '1', text: '查询' },
  { value: '2', text: '添加' },
  { value: '3', text: '修改' },
  { value: '4', text: '删除' },
  { value: '5', text: '导入' },
  { value: '6', text: '导出' },
];

const BY_NAME: [RegExp, number][] = [
  [/^(import|upload)/i, 5],
  [/^export/i, 6],
  [/^(delete|remove|del|clear|revoke|doreovke)/i, 4],
  [/^(add|save|insert|create|register|send)/i, 2],
  [/^(edit|update|modify|change|reset|set|pause|resume|execute|frozen|freeze|release|dorelease|move|claim|assign|return|convert|sort)/i, 3],
  [/^(list|query|get|check|load)/i, 1],
];

const BY_METHOD: Record<string, number> = { POST: 2, PUT: 3, PATCH: 3, DELETE: 4, GET: 1 };

/** The operate type of a request from its path (the last segment that is not an id) and method. */
export function operateTypeOf(method: string, path: string): number {
  const segments = path.split('/').filter(Boolean);
  const name = [...segments].reverse().find((s) => /^[A-Za-z]/.test(s) && !/^[0-9a-f]{16,}$/i.test(s)) ?? '';
  for (const [re, type] of BY_NAME) if (re.test(name)) return type;
  return BY_METHOD[method.toUpperCase()] ?? 3;
}

/** Labels of the few anonymous or hand-written paths whose handler has no resource title (log_content). */
export const KNOWN_OPERATIONS: Record<string, string> = {
  '/sys/login': '用户登录',
  '/sys/phoneLogin': '手机号登录',
  '/sys/logout': '退出登录',
  '/sys/sms': '发送短信验证码',
  '/sys/user/register': '用户注册',
  '/sys/user/passwordChange': '找回密码',
  '/sys/user/phoneVerification': '手机号验证',
  '/sys/user/updatePassword': '修改密码',
  '/sys/user/updatePasswordBySms': '短信修改密码',
  '/sys/common/upload': '上传文件',
};

/** Chinese verbs of the resource engine's actions, for `<title>-<verb>` contents (JeecgBoot's @AutoLog style). */
export const ACTION_VERBS: Record<string, string> = {
  add: '添加',
  edit: '编辑',
  delete: '删除',
  deleteBatch: '批量删除',
  importExcel: '导入',
  previewExcel: '导入预览',
  exportXls: '导出',
};
