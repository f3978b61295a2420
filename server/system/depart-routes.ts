import { Hono } from 'hono';
import { z } from 'zod';
import {
  addDepart,
  deleteDeparts,
  departNameByOrgCode,
  editDepart,
  loadChildren,
  loadIdTree,
  loadTree,
  NO_MATCH,
  queryAllParentIds,
  searchDeparts,
  splitIds,
} from './departs';
import { knownRegionCode } from './regions';
import { ApiFailure, ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { MOBILE_RE, readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/**
 * 部门管理 `/sys/sysDepart/*` (contract §4). The tree reads (`queryTreeList`, `queryDepartTreeSync`,
 * `searchBy`, and the lookups `queryIdTree`, `queryAllParentId`, `getDepartName`) need only a session:
 * department pickers on other screens use them, and they reveal nothing `queryTreeList` does not.
 * Writes need system:depart:add|edit|delete|deleteBatch; system:depart:list gates the screen.
 */
export const departRoutes = new Hono<AppEnv>();

const BASE = '/sys/sysDepart';
const MAX_IDS = 500;
const MAX_DELETE = 500;
const q = (c: Ctx, name: string) => (c.req.query(name) ?? '').trim();

departRoutes.get(`${BASE}/queryTreeList`, async (c) => {
  const raw = c.req.query('ids');
  return c.json(ok(await loadTree(c.var.services.db, raw === undefined || raw.trim() === '' ? undefined : splitIds(raw).slice(0, MAX_IDS))));
});

/**
 * The pickers' tree (spec 02 §7): the whole tree, or with `orgCode` the subtree of that department (an empty list when
 * none has it). Ours: JeecgBoot 3.4.0 has no such path (contract Caveats); the nodes are queryTreeList's.
 */
departRoutes.get(`${BASE}/queryTreeListByOrgCode`, async (c) => {
  const tree = await loadTree(c.var.services.db, undefined);
  const orgCode = q(c, 'orgCode').slice(0, 64);
  if (!orgCode) return c.json(ok(tree));
  type Node = { orgCode?: string | null; children?: Node[] | null };
  const find = (nodes: readonly Node[]): Node | null => {
    for (const n of nodes) {
      if (n.orgCode === orgCode) return n;
      const hit = find(n.children ?? []);
      if (hit) return hit;
    }
    return null;
  };
  const hit = find(tree as Node[]);
  return c.json(ok(hit ? [hit] : []));
});

departRoutes.get(`${BASE}/queryDepartTreeSync`, async (c) => c.json(ok(await loadChildren(c.var.services.db, q(c, 'pid').slice(0, 64)))));

departRoutes.get(`${BASE}/searchBy`, async (c) => {
  const found = await searchDeparts(c.var.services.db, q(c, 'keyWord'));
  if (!found.length) throw new ApiFailure(NO_MATCH);
  return c.json(ok(found));
});

departRoutes.get(`${BASE}/queryIdTree`, async (c) => c.json(ok(await loadIdTree(c.var.services.db))));

departRoutes.get(`${BASE}/queryAllParentId`, async (c) => {
  const departIds = splitIds(c.req.query('departId')).slice(0, MAX_IDS);
  const orgCodes = splitIds(c.req.query('orgCode')).slice(0, MAX_IDS);
  if (departIds.length) return c.json(ok(await queryAllParentIds(c.var.services.db, 'id', departIds)));
  if (orgCodes.length) return c.json(ok(await queryAllParentIds(c.var.services.db, 'org_code', orgCodes)));
  throw new ApiFailure('departId 和 orgCode 不能都为空！');
});

departRoutes.get(`${BASE}/getDepartName`, async (c) => {
  const orgCode = q(c, 'orgCode').slice(0, 64);
  if (!orgCode) throw new ApiFailure('请输入机构编码');
  const name = await departNameByOrgCode(c.var.services.db, orgCode);
  if (name === null) throw new ApiFailure('未找到对应部门');
  return c.json(ok(name));
});

// ---------------------------------------------------------------- writes

const text = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label}最多${max}个字符`)
    .nullable()
    .optional();

const fields = {
  departName: z.string({ error: '请输入机构/部门名称!' }).trim().min(1, '请输入机构/部门名称!').max(100, '机构名称最多100个字符'),
  departNameEn: text(500, '英文名'),
  departNameAbbr: text(500, '缩写'),
  departOrder: z.coerce.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999').nullable().optional(),
  orgCategory: z.enum(['1', '2', '3'], { error: '机构类型不正确' }).nullable().optional(),
  mobile: z
    .string()
    .trim()
    .refine((v) => v === '' || MOBILE_RE.test(v), '请输入正确的手机号码')
    .nullable()
    .optional(),
  fax: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[0-9+\-() ]{1,32}$/.test(v), '传真号码格式不正确')
    .nullable()
    .optional(),
  address: text(100, '地址'),
  areaCode: z
    .string()
    .trim()
    .refine((v) => v === '' || knownRegionCode(v) !== null, '所在地区不正确')
    .transform((v) => (v === '' ? v : knownRegionCode(v)!))
    .nullable()
    .optional(),
  directorUserIds: z.string().max(1000, '负责人太多').nullable().optional(),
  memo: text(500, '备注'),
  description: text(500, '描述'),
  status: z.enum(['0', '1'], { error: '状态不正确' }).nullable().optional(),
};

const parentField = z.string().max(32, '上级部门不存在').nullable().optional();

// orgCode, orgType, delFlag and audit fields are not in the schema: whatever the client sends is dropped.
const addSchema = z.object({ ...fields, parentId: parentField });
const editSchema = z.object({
  ...fields,
  departName: fields.departName.optional(),
  id: z.string({ error: '未找到对应实体' }).trim().min(1, '未找到对应实体').max(32, '未找到对应实体'),
  parentId: parentField,
});

const actor = (c: Ctx) => authOf(c).user.username;

export const MAX_DIRECTORS = 20;
export const DIRECTOR_NOT_FOUND = '所选负责人不存在，请刷新后重试';

/** 负责人: live users only, each once, at most MAX_DIRECTORS; '' clears. */
async function directorIds(c: Ctx, raw: string | null | undefined): Promise<string | null | undefined> {
  if (raw === undefined || raw === null) return raw;
  const ids = splitIds(raw);
  if (!ids.length) return '';
  if (ids.length > MAX_DIRECTORS) throw new ApiFailure(`负责人最多${MAX_DIRECTORS}人`);
  const found = await c.var.services.db.selectFrom('sys_user').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
  if (found.length !== ids.length) throw new ApiFailure(DIRECTOR_NOT_FOUND);
  return ids.join(',');
}

departRoutes.post(`${BASE}/add`, requirePerm(PERMS.depart.add), async (c) => {
  const { parentId, ...input } = await readBody(c, addSchema);
  input.directorUserIds = await directorIds(c, input.directorUserIds);
  const node = await addDepart(c.var.services.db, parentId?.trim() || null, input, actor(c));
  return c.json(ok(node, '添加成功！'));
});

const edit = async (c: Ctx) => {
  const { id, parentId, ...input } = await readBody(c, editSchema);
  input.directorUserIds = await directorIds(c, input.directorUserIds);
  const node = await editDepart(c.var.services.db, id, parentId === undefined ? undefined : parentId?.trim() || null, input, actor(c));
  return c.json(ok(node, '修改成功!'));
};
departRoutes.put(`${BASE}/edit`, requirePerm(PERMS.depart.edit), edit);
departRoutes.post(`${BASE}/edit`, requirePerm(PERMS.depart.edit), edit);

departRoutes.delete(`${BASE}/delete`, requirePerm(PERMS.depart.delete), async (c) => {
  const id = q(c, 'id').slice(0, 64);
  if (!id) throw new ApiFailure('未找到对应实体');
  await deleteDeparts(c.var.services.db, [id], actor(c));
  return c.json(ok(null, '删除部门成功!'));
});

departRoutes.delete(`${BASE}/deleteBatch`, requirePerm(PERMS.depart.deleteBatch), async (c) => {
  const ids = splitIds(c.req.query('ids'));
  if (!ids.length) throw new ApiFailure('请选择一条记录！');
  if (ids.length > MAX_DELETE) throw new ApiFailure(`一次最多删除${MAX_DELETE}个部门`);
  await deleteDeparts(c.var.services.db, ids, actor(c));
  return c.json(ok(null, '删除成功!'));
});
