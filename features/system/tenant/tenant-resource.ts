import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';

/**
 * The registered table dictionary of tenants (server/resources/dicts.ts): 用户管理's 所属租户 (`relTenantIds`, comma-joined
 * tenant ids as JeecgBoot stores sys_user.rel_tenant_ids) is shown by name through it (`relTenantIds_dictText`).
 */
export const TENANT_DICT = 'sys_tenant,name,id';

/** The largest 租户编号: sys_tenant.id is a PostgreSQL integer. */
export const TENANT_ID_MAX = 2_147_483_647;

/** The server's answers, spelled once (the screens and the tests read them too). */
export const TENANT_MESSAGES = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功',
  idExists: '该编号已存在!',
  idInvalid: `租户编号必须是 1 到 ${TENANT_ID_MAX} 之间的整数`,
  notFound: '未找到对应实体',
  dateOrder: '结束时间不能早于开始时间',
  defaultNotDeleted: '默认租户不能删除',
  defaultNotFrozen: '默认租户不能冻结',
  hasUsers: (n: number) => `该租户下还有 ${n} 个用户，不能删除`,
  hasDeletedUsers: (n: number) => `该租户下还有 ${n} 个用户（在用户回收站中），不能删除`,
  hasData: (what: string) => `该租户下还有业务数据（${what}），不能删除`,
  /** A batch names the tenant a refusal is about. */
  inBatch: (name: string, problem: string) => `租户“${name}”：${problem}`,
  // 用户管理's 所属租户 (sys_user.rel_tenant_ids), checked on the server.
  userNeedsTenant: '用户至少要属于一个租户',
  unknownTenant: (ids: string[]) => `所选租户不存在，请刷新后重试：${ids.join('，')}`,
  frozenTenant: (names: string[]) => `所选租户已冻结，不能加入：${names.join('，')}`,
  tooManyTenants: '所选租户过多',
} as const;

/**
 * 开始时间 ≤ 结束时间 (either may be empty). Values are the form's normalised 'YYYY-MM-DD HH:mm:ss' wall times, which
 * compare as text. Answers the message to show, or null.
 */
export function tenantDateProblem(begin: unknown, end: unknown): string | null {
  if (typeof begin !== 'string' || typeof end !== 'string' || !begin || !end) return null;
  return begin > end ? TENANT_MESSAGES.dateOrder : null;
}

/**
 * 租户 (sys_tenant, JeecgBoot's SysTenant; migrations 0001 + 0017) at `/sys/tenant/*`. Data only. The integer key is
 * the 租户编号 the administrator enters on add (as JeecgBoot's form does) and cannot change, so list and exportXls come
 * from the resource engine while add, edit, delete, deleteBatch and queryById are the hand-written routes of
 * server/system/tenant-routes.ts (the engine makes string keys of its own and says other messages).
 */
export const tenantResource: ResourceDef = {
  name: 'sysTenant',
  title: '租户',
  table: 'sys_tenant',
  api: '/sys/tenant',
  perm: PERMS.tenant.prefix,
  rowKey: 'id',
  defaultSort: { column: 'id', order: 'asc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true },
  fields: [
    { name: 'id', label: '租户编号', kind: 'inputNumber', type: 'int', required: true, search: 'eq', sortable: true, width: 100 },
    { name: 'name', label: '租户名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, width: 220 },
    { name: 'beginDate', label: '开始时间', kind: 'datetime', sortable: true, width: 170 },
    { name: 'endDate', label: '结束时间', kind: 'datetime', sortable: true, width: 170 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', dictCode: 'tenant_status', required: true, defaultValue: '1', search: 'eq', sortable: true, width: 90 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false, sortable: true, width: 170 },
    { name: 'updateBy', label: '修改人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '修改时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
