import { Hono } from 'hono';
import { z } from 'zod';
import {
  addCategory,
  checkCode,
  childList,
  childListBatch,
  editCategory,
  findCategory,
  loadAllData,
  loadOne,
  loadTreeData,
  loadTreeRoot,
  namesOf,
  nodesByPid,
  removeCategories,
  rootList,
  toRecord,
  type Actor,
} from './category';
import { DictError } from '../resources/dicts';
import { ApiFailure, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/** Category dictionary `/sys/category/*` (contract §6). Reads need a session; writes a permission code. */
export const categoryRoutes = new Hono<AppEnv>();

const BASE = '/sys/category';
const q = (c: Ctx, name: string) => c.req.query(name) ?? '';

/** A refused request (DictError/CategoryError) becomes a code-500 envelope with its message. */
async function answer<T>(c: Ctx, run: () => Promise<T>, message = '') {
  try {
    return c.json(ok(await run(), message));
  } catch (e) {
    if (e instanceof DictError) throw new ApiFailure(e.message);
    if (isUniqueViolation(e)) throw new ApiFailure('编码已存在');
    throw e;
  }
}

const isUniqueViolation = (e: unknown) => !!e && typeof e === 'object' && (e as { code?: unknown }).code === '23505';

const actorOf = (c: Ctx): Actor => {
  const { user } = authOf(c);
  return { username: user.username, orgCode: user.org_code };
};

categoryRoutes.get(`${BASE}/rootList`, async (c) => {
  const { pageNo, pageSize, offset } = readPage(c);
  const { records, total } = await rootList(c.var.services.db, { pid: q(c, 'pid'), name: q(c, 'name'), code: q(c, 'code'), offset, limit: pageSize });
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});

categoryRoutes.get(`${BASE}/childList`, (c) => answer(c, () => childList(c.var.services.db, q(c, 'pid'))));

categoryRoutes.get(`${BASE}/getChildListBatch`, (c) =>
  answer(c, async () => {
    const records = await childListBatch(c.var.services.db, q(c, 'parentIds'));
    return pageOf(records, records.length, 1, 10);
  }),
);

categoryRoutes.get(`${BASE}/queryById`, async (c) => {
  const row = await findCategory(c.var.services.db, q(c, 'id'));
  if (!row) throw new ApiFailure('未找到对应数据');
  return c.json(ok(toRecord(row)));
});

categoryRoutes.get(`${BASE}/loadOne`, (c) => answer(c, () => loadOne(c.var.services.db, q(c, 'field'), q(c, 'val'))));

categoryRoutes.get(`${BASE}/loadTreeChildren`, (c) => answer(c, () => nodesByPid(c.var.services.db, q(c, 'pid').trim() || '0')));

categoryRoutes.get(`${BASE}/loadTreeRoot`, (c) => answer(c, () => loadTreeRoot(c.var.services.db, q(c, 'async') !== 'false', q(c, 'pcode'))));

categoryRoutes.get(`${BASE}/loadTreeData`, (c) => answer(c, () => loadTreeData(c.var.services.db, q(c, 'pid'), q(c, 'pcode'), q(c, 'condition'))));

// The spec's client calls it with a trailing slash.
for (const path of [`${BASE}/loadDictItem`, `${BASE}/loadDictItem/`]) {
  categoryRoutes.get(path, (c) => {
    if (!q(c, 'ids').trim()) throw new ApiFailure('ids 不能为空');
    return answer(c, () => namesOf(c.var.services.db, q(c, 'ids'), q(c, 'delNotExist') !== 'false'));
  });
}

categoryRoutes.get(`${BASE}/loadAllData`, (c) => answer(c, () => loadAllData(c.var.services.db, q(c, 'code'))));

categoryRoutes.get(`${BASE}/checkCode`, async (c) => {
  const refusal = await checkCode(c.var.services.db, q(c, 'pid'), q(c, 'code'));
  if (refusal) throw new ApiFailure(refusal);
  return c.json(ok(null, '该值可用！'));
});

const CODE_RE = /^[A-Za-z0-9_-]{1,100}$/;
const inputSchema = z.object({
  pid: z.string().max(32).optional().nullable().transform((v) => v ?? undefined),
  name: z.string({ error: '请输入类型名称' }).trim().min(1, '请输入类型名称').max(100, '类型名称最多100个字符'),
  code: z
    .string()
    .trim()
    .max(100)
    .optional()
    .nullable()
    .refine((v) => !v || CODE_RE.test(v), '类型编码只能包含字母、数字、下划线和中划线')
    .transform((v) => v || undefined),
});
const editSchema = inputSchema.extend({ id: z.string({ error: '未找到对应实体' }).min(1, '未找到对应实体').max(32) });

categoryRoutes.post(`${BASE}/add`, requirePerm(PERMS.category.add), async (c) => {
  const body = await readBody(c, inputSchema);
  return answer(c, () => addCategory(c.var.services.db, body, actorOf(c)).then(() => null), '添加成功！');
});

const edit = async (c: Ctx) => {
  const { id, ...body } = await readBody(c, editSchema);
  return answer(c, () => editCategory(c.var.services.db, id, body, actorOf(c)).then(() => null), '修改成功!');
};
categoryRoutes.put(`${BASE}/edit`, requirePerm(PERMS.category.edit), edit);
categoryRoutes.post(`${BASE}/edit`, requirePerm(PERMS.category.edit), edit);

const remove = (ids: string) => async (c: Ctx) => {
  const n = await removeCategories(c.var.services.db, ids.split(','));
  if (!n) throw new ApiFailure('未找到对应实体');
  return c.json(ok(null, '删除成功!'));
};
categoryRoutes.delete(`${BASE}/delete`, requirePerm(PERMS.category.delete), (c) => remove(q(c, 'id'))(c));
categoryRoutes.delete(`${BASE}/deleteBatch`, requirePerm(PERMS.category.delete), (c) => remove(q(c, 'ids'))(c));
