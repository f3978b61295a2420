import { z } from 'zod';
import {
  componentNameProblem,
  componentProblem,
  iconProblem,
  isMenuType,
  MENU_TYPE,
  permCodes,
  permsProblem,
  redirectProblem,
  ROUTE_VIEW_COMPONENT,
  RULE_COLUMN_RE,
  urlProblem,
  type MenuType,
} from '../../lib/permissions/permission-rules';
import type { SysPermission } from '../db/schema';
import { ApiFailure } from '../core/errors';

/** 菜单管理's request bodies (server/system/permission-admin-routes.ts), validated and turned into table columns. */

export const NOT_FOUND = '未找到菜单信息';

const text = (max: number, label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label}格式不正确` })
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= max, `${label}不能超过${max}个字符`);

/** Booleans as JeecgBoot's clients send them: true/false, 1/0, '1'/'0', 'true'/'false'. */
const flag = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' || v === null ? false : v),
  z.boolean({ error: '开关参数不正确' }).optional(),
);

const CONTROL_RE = /[\u0000-\u001f\u007f]/;

export const permissionSchema = z.object({
  id: z.string().trim().max(32).optional(),
  parentId: z.union([z.string().trim().max(32, '上级菜单不存在'), z.null()]).optional(),
  name: z
    .string({ error: '请输入菜单名称' })
    .trim()
    .min(1, '请输入菜单名称')
    .max(100, '菜单名称不能超过100个字符')
    .refine((v) => !CONTROL_RE.test(v), '菜单名称含有不可见字符'),
  menuType: z.preprocess((v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v), z.number({ error: '菜单类型不正确' }).refine(isMenuType, '菜单类型不正确')),
  url: text(255, '访问路径'),
  component: text(255, '前端组件'),
  componentName: text(100, '组件名称'),
  redirect: text(255, '默认跳转地址'),
  perms: text(1000, '授权标识'),
  icon: text(50, '菜单图标'),
  description: text(255, '描述'),
  permsType: z.preprocess((v) => (v === undefined || v === null || v === '' ? '1' : String(v)), z.enum(['1', '2'], { error: '权限策略不正确' })),
  status: z.preprocess((v) => (v === undefined || v === null || v === '' ? '1' : String(v)), z.enum(['1', '0'], { error: '状态不正确' })),
  sortNo: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: '排序不正确' }).min(-1_000_000, '排序不正确').max(1_000_000, '排序不正确'),
  ),
  route: flag,
  alwaysShow: flag,
  keepAlive: flag,
  hidden: flag,
  hideTab: flag,
  internalOrExternal: flag,
});
type PermissionInput = z.infer<typeof permissionSchema>;

/** JeecgBoot's PermissionDataUtil.intelligentProcessData: tolerate `/views/x.vue`-style components and urls without '/'. */
function tidyComponent(c: string): string {
  let s = c.trim().replace(/^\/+/, '');
  for (const prefix of ['src/views/', 'views/']) if (s.startsWith(prefix)) s = s.slice(prefix.length);
  return s.replace(/\.vue$/, '');
}
function tidyUrl(u: string): string {
  const s = u.trim().replace(/\.vue$/, '');
  if (!s || s.startsWith('/') || s.startsWith('{{') || /^https?:\/\//i.test(s)) return s;
  return `/${s}`;
}


export type PermissionColumns = Omit<SysPermission, 'id' | 'create_by' | 'create_time' | 'update_by' | 'update_time' | 'del_flag' | 'rule_flag' | 'is_leaf'>;

/** The row the input describes, checked field by field for its type; parent and uniqueness are checked against the table later. */
export function toColumnsOf(b: PermissionInput): PermissionColumns {
  const type = b.menuType as MenuType;
  const problem = (p: string | null) => {
    if (p) throw new ApiFailure(p);
  };
  const common = { name: b.name, menu_type: type, sort_no: b.sortNo, description: b.description || null };
  if (type === MENU_TYPE.button) {
    problem(permsProblem(b.perms));
    return {
      ...common,
      parent_id: b.parentId || null,
      perms: permCodes(b.perms).join(','),
      perms_type: b.permsType,
      status: b.status,
      url: null,
      component: null,
      component_name: null,
      redirect: null,
      icon: null,
      is_route: false,
      always_show: false,
      keep_alive: false,
      hidden: false,
      hide_tab: false,
      internal_or_external: false,
    };
  }
  const component = tidyComponent(b.component) || (type === MENU_TYPE.top ? ROUTE_VIEW_COMPONENT : '');
  problem(componentProblem(component));
  const url = tidyUrl(b.url);
  problem(urlProblem(url, component));
  problem(componentNameProblem(b.componentName));
  problem(redirectProblem(b.redirect));
  problem(iconProblem(b.icon));
  return {
    ...common,
    parent_id: type === MENU_TYPE.top ? null : b.parentId || null,
    perms: null,
    perms_type: '1',
    status: '1',
    url,
    component,
    component_name: b.componentName || null,
    redirect: b.redirect || null,
    icon: b.icon || null,
    is_route: b.route ?? true,
    always_show: b.alwaysShow ?? false,
    keep_alive: b.keepAlive ?? false,
    hidden: b.hidden ?? false,
    hide_tab: b.hideTab ?? false,
    internal_or_external: b.internalOrExternal ?? false,
  };
}

export const ruleSchema = z.object({
  id: z.string().trim().max(32).optional(),
  permissionId: z.string({ error: '请选择菜单' }).trim().min(1, '请选择菜单').max(32, NOT_FOUND),
  ruleName: z
    .string({ error: '请输入规则名称' })
    .trim()
    .min(1, '请输入规则名称')
    .max(50, '规则名称不能超过50个字符')
    .refine((v) => !CONTROL_RE.test(v), '规则名称含有不可见字符'),
  ruleColumn: z.string({ error: '请输入规则字段' }).trim().min(1, '请输入规则字段').regex(RULE_COLUMN_RE, '规则字段须为资源的字段名（驼峰命名，如 createBy）'),
  ruleConditions: z.string({ error: '请选择条件规则' }).trim().min(1, '请选择条件规则').max(20, '条件规则不正确'),
  ruleValue: z.string({ error: '请输入规则值' }).max(1000, '规则值过长'),
  status: z.preprocess((v) => (v === undefined || v === null || v === '' ? '1' : String(v)), z.enum(['1', '0'], { error: '状态不正确' })),
});
export type RuleInput = z.infer<typeof ruleSchema>;

export const roleRuleSchema = z.object({
  permissionId: z.string({ error: '请选择菜单' }).trim().min(1, '请选择菜单').max(32, NOT_FOUND),
  roleId: z.string({ error: '请选择角色' }).trim().min(1, '请选择角色').max(32, '角色不存在'),
  dataRuleIds: z.union([z.string().max(5_000, '所选数据规则过多'), z.null()]).optional(),
});
