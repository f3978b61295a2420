/**
 * 菜单管理's rules, shared by the embedded backend (server/system/permission-admin-routes.ts,
 * server/resources/data-rules.ts) and the screen's form: pure, data and small checks only.
 * Each check answers the Chinese message of the first problem, or null when the value is acceptable.
 */

// Relative, not '@/': the embedded backend imports this module too, outside Next's resolver.
import { IFRAME_COMPONENT } from '../menu-types';

export { IFRAME_COMPONENT };

/** sys_permission.menu_type (contract §3; dict `menu_type`). */
export const MENU_TYPE = { top: 0, sub: 1, button: 2 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];
export const MENU_TYPE_TEXT: Record<MenuType, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮权限' };
export const isMenuType = (v: unknown): v is MenuType => v === 0 || v === 1 || v === 2;

/** The component of a top-level menu that only groups others (JeecgBoot's default for 一级菜单). */
export const ROUTE_VIEW_COMPONENT = 'layouts/RouteView';

/** The one template an iframe url may start with: the API prefix (lib/menu.ts `safeFrameUrl` replaces it). */
export const DOMAIN_URL_TEMPLATE = "{{ window._CONFIG['domianURL'] }}";
const TEMPLATE_RE = /^\{\{\s*window\._CONFIG\[['"]domianURL['"]\]\s*\}\}/;

/** A same-origin path: starts with one '/', then path characters only (`:id` route params allowed). */
const PATH_RE = /^\/(?![/\\])[A-Za-z0-9_\-./:@~%]*$/;
const HTTP_RE = /^https?:\/\/[^\s"'<>`\\]+$/i;
const hasDotDot = (s: string) => s.split('/').some((seg) => seg === '..' || seg === '.');

/** A menu's 访问路径: a same-origin path, an http(s) address, or (iframe rows only) the API-prefix template plus a path. */
export function urlProblem(url: string, component: string | null | undefined): string | null {
  const u = url.trim();
  if (!u) return '请输入访问路径';
  if (u.length > 255) return '访问路径不能超过255个字符';
  if (HTTP_RE.test(u)) return null;
  if (u.startsWith('{{')) {
    if (component !== IFRAME_COMPONENT) return '模板地址只能用于内嵌页面（layouts/IframePageView）';
    const rest = u.replace(TEMPLATE_RE, '');
    if (rest === u || (rest && (!PATH_RE.test(rest) || hasDotDot(rest)))) return `模板地址只能是 ${DOMAIN_URL_TEMPLATE} 加路径`;
    return null;
  }
  if (!PATH_RE.test(u) || hasDotDot(u)) return '访问路径须以 / 开头（或为 http(s) 地址），且只能包含字母、数字和 _-./:@~%';
  return null;
}

/** 前端组件: a relative module path such as `system/UserList` (no scheme, no '..', no leading '/'). */
export function componentProblem(component: string): string | null {
  const c = component.trim();
  if (!c) return '请输入前端组件';
  if (c.length > 255) return '前端组件不能超过255个字符';
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(c)) return '前端组件只能是形如 system/UserList 的路径（字母、数字、_ 和 -，以 / 分隔）';
  return null;
}

/** 组件名称 (the route name): an identifier. */
export function componentNameProblem(name: string): string | null {
  const n = name.trim();
  if (!n) return null;
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,99}$/.test(n)) return '组件名称须以字母开头，只能包含字母、数字、_ 和 -';
  return null;
}

/** 默认跳转地址 of a top menu: a same-origin path. */
export function redirectProblem(redirect: string): string | null {
  const r = redirect.trim();
  if (!r) return null;
  if (r.length > 255 || !PATH_RE.test(r) || hasDotDot(r)) return '默认跳转地址须为以 / 开头的站内路径';
  return null;
}

/** One permission code, e.g. `system:user:add`. */
export const PERM_CODE_RE = /^[A-Za-z0-9_:.-]{1,100}$/;

/** 授权标识: one code or a comma list of codes (JeecgBoot splits them). */
export function permsProblem(perms: string): string | null {
  const p = perms.trim();
  if (!p) return '请输入授权标识';
  if (p.length > 1000) return '授权标识不能超过1000个字符';
  if (!p.split(',').every((code) => PERM_CODE_RE.test(code.trim()))) return '授权标识只能包含字母、数字和 _:.-（多个以逗号分隔）';
  return null;
}

/** The codes of a perms value (comma list split, trimmed). */
export const permCodes = (perms: string | null | undefined): string[] =>
  (perms ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** 菜单图标: a plain icon name such as `setting` or `file-text`. */
export function iconProblem(icon: string): string | null {
  const i = icon.trim();
  if (!i) return null;
  if (!/^[A-Za-z][A-Za-z0-9-]{0,49}$/.test(i)) return '菜单图标只能是图标名称（字母、数字和 -）';
  return null;
}

// ---------------------------------------------------------------- data rules

/** Operators of a data rule: contract §7's symbols and names as JeecgBoot's `rule_conditions` dict stores them; USE_SQL_RULES is refused. */
export const RULE_CONDITIONS = [
  { value: '=', text: '等于' },
  { value: '!=', text: '不等于' },
  { value: '>', text: '大于' },
  { value: '>=', text: '大于等于' },
  { value: '<', text: '小于' },
  { value: '<=', text: '小于等于' },
  { value: 'IN', text: '包含' },
  { value: 'LIKE', text: '模糊' },
  { value: 'LEFT_LIKE', text: '左模糊' },
  { value: 'RIGHT_LIKE', text: '右模糊' },
] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number]['value'];

const CONDITION_ALIASES: Readonly<Record<string, RuleCondition>> = {
  '=': '=', eq: '=',
  '!=': '!=', ne: '!=', '<>': '!=',
  '>': '>', gt: '>',
  '>=': '>=', ge: '>=',
  '<': '<', lt: '<',
  '<=': '<=', le: '<=',
  in: 'IN',
  like: 'LIKE',
  left_like: 'LEFT_LIKE',
  right_like: 'RIGHT_LIKE',
};

/** The stored form of an operator (symbol or name, any case), or null when it is not allowed. */
export function normaliseCondition(raw: unknown): RuleCondition | null {
  if (typeof raw !== 'string') return null;
  const key = raw.trim().toLowerCase();
  return Object.hasOwn(CONDITION_ALIASES, key) ? CONDITION_ALIASES[key] : null;
}

export const conditionText = (v: string): string => RULE_CONDITIONS.find((c) => c.value === v)?.text ?? v;

/**
 * System variables a rule value may be (the whole value, written `#{name}`), resolved per request from
 * the signed-in user. The lists (LIST_VARIABLES) only go with IN. The two `sys_taught_*` lists are ours, not
 * JeecgBoot's: the classes the user teaches (班主任, or a teacher of one of the class's sessions, through the
 * user's 教师 record) and those classes' current students, for rules such as a teacher's `id IN #{sys_taught_student_ids}`.
 */
export const SYSTEM_VARIABLES = [
  { name: 'sys_user_id', text: '当前用户ID' },
  { name: 'sys_user_code', text: '当前用户账号' },
  { name: 'sys_user_name', text: '当前用户姓名' },
  { name: 'sys_org_code', text: '当前用户部门编码' },
  { name: 'sys_multi_org_code', text: '当前用户所有部门编码' },
  { name: 'sys_date', text: '当前日期' },
  { name: 'sys_time', text: '当前时间' },
  { name: 'tenant_id', text: '当前租户ID' },
  { name: 'sys_taught_clazz_ids', text: '当前用户所教班级' },
  { name: 'sys_taught_student_ids', text: '当前用户所教班级的学员' },
] as const;
export type SystemVariable = (typeof SYSTEM_VARIABLES)[number]['name'];

/** The variables that stand for a list of values. */
export const LIST_VARIABLES: ReadonlySet<SystemVariable> = new Set(['sys_multi_org_code', 'sys_taught_clazz_ids', 'sys_taught_student_ids']);

export type RuleValue = { kind: 'literal'; value: string } | { kind: 'variable'; name: SystemVariable };

export const RULE_VALUE_MAX = 300;

/** A rule value: exactly one known `#{variable}`, or a literal that contains no `#{` at all. */
export function parseRuleValue(raw: string): { ok: true; value: RuleValue } | { ok: false; error: string } {
  const v = raw.trim();
  if (!v) return { ok: false, error: '请输入规则值' };
  if (v.length > RULE_VALUE_MAX) return { ok: false, error: `规则值不能超过${RULE_VALUE_MAX}个字符` };
  const m = /^#\{\s*([A-Za-z_]+)\s*\}$/.exec(v);
  if (m) {
    const found = SYSTEM_VARIABLES.find((s) => s.name === m[1]);
    if (!found) return { ok: false, error: `不支持的系统变量：#{${m[1].slice(0, 30)}}` };
    return { ok: true, value: { kind: 'variable', name: found.name } };
  }
  if (v.includes('#{')) return { ok: false, error: '系统变量须单独作为规则值，如 #{sys_user_code}' };
  return { ok: true, value: { kind: 'literal', value: v } };
}

/** An operator and a value that do not go together (a list variable needs IN). */
export function ruleValueConditionProblem(condition: RuleCondition, value: RuleValue): string | null {
  if (value.kind === 'variable' && LIST_VARIABLES.has(value.name) && condition !== 'IN') return `#{${value.name}} 只能与“包含”(IN)一起使用`;
  return null;
}

/** A data rule's field: a camelCase field name of a resource, never a column. */
export const RULE_COLUMN_RE = /^[a-z][A-Za-z0-9]{0,62}$/;
