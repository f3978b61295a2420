import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { WORKBOOK_API, WORKBOOK_ITEM_API, WORKBOOK_MESSAGES, WORKBOOK_RENAME_URL } from '../../features/learntools/workbook/workbook-resource';
import { PERMS } from '../../lib/permissions/codes';
import { authOf, type AppEnv } from '../core/context';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { addItem, assertWorkbook, deleteItem, editItem, listItems, publishedHomeworkCount, renameWorkbook } from './workbooks';
import { permCodesOf, requirePerm } from '../core/perm';
import { idParam, readBody } from '../core/validate';

/**
 * 练习册's hand-written routes, mounted ahead of the resource engine (which serves list / add / edit / export):
 * - PUT  /learntools/tblWorkbook/rename {id, name}: `learn:workbook:rename` (or edit) — a teacher may fix a
 *   name without the right to edit the workbook;
 * - DELETE delete / deleteBatch: refused while published homework uses the workbook (then the engine deletes);
 * - items: GET item/list?workbookId= (list), POST item/add, PUT item/edit, DELETE item/delete?id= (edit),
 *   validated per type by lib/learntools/workbook-rules.ts. Answers: the item ({id, workbookId, type,
 *   type_dictText, stem, options, answer, analysis, score, sort}) or the array of them.
 */
export const workbookRoutes = new Hono<AppEnv>();

const MAX_IDS = 1000;

const idsOf = (raw: string | undefined) => [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

const deleteGuard =
  (param: 'id' | 'ids'): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const ids = idsOf(c.req.query(param));
    if (ids.length && ids.length <= MAX_IDS) {
      const n = await publishedHomeworkCount(c.var.services.db, ids);
      if (n > 0) throw new ApiFailure(WORKBOOK_MESSAGES.inUse(n));
    }
    return next();
  };

workbookRoutes.delete(`${WORKBOOK_API}/delete`, requirePerm(PERMS.workbook.delete), deleteGuard('id'));
workbookRoutes.delete(`${WORKBOOK_API}/deleteBatch`, requirePerm(PERMS.workbook.deleteBatch), deleteGuard('ids'));

const RENAME = z.object({ id: idParam, name: z.unknown() });

const renameAllowed: MiddlewareHandler<AppEnv> = async (c, next) => {
  const codes = await permCodesOf(c, authOf(c).user.id);
  if (!codes.has(PERMS.workbook.rename) && !codes.has(PERMS.workbook.edit)) throw new ApiFailure(NO_PERMISSION, 510);
  return next();
};

workbookRoutes.on(['PUT', 'POST'], WORKBOOK_RENAME_URL, renameAllowed, async (c) => {
  const body = await readBody(c, RENAME);
  await renameWorkbook(c.var.services.db, body.id, body.name, authOf(c).user.username);
  return c.json(ok(null, WORKBOOK_MESSAGES.renamed));
});

// ---------------------------------------------------------------- items

workbookRoutes.get(`${WORKBOOK_ITEM_API}/list`, requirePerm(PERMS.workbook.list), async (c) => {
  const db = c.var.services.db;
  const workbookId = (c.req.query('workbookId') ?? '').trim().slice(0, 64);
  await assertWorkbook(db, workbookId);
  return c.json(ok(await listItems(db, workbookId)));
});

const ITEM = z.object({
  id: z.string().trim().max(64).optional(),
  workbookId: z.string().trim().max(64).optional(),
  type: z.coerce.number({ error: '请选择题型' }),
  stem: z.string({ error: '请输入题干' }),
  options: z.array(z.string({ error: '选项内容不能为空' }), { error: '选项格式不正确' }).nullish(),
  answer: z.string({ error: '答案格式不正确' }).nullish(),
  analysis: z.string({ error: '解析格式不正确' }).nullish(),
  score: z.union([z.number(), z.string()], { error: '请输入分值' }),
  sort: z.coerce.number().nullish(),
});

workbookRoutes.post(`${WORKBOOK_ITEM_API}/add`, requirePerm(PERMS.workbook.edit), async (c) => {
  const body = await readBody(c, ITEM);
  return c.json(ok(await addItem(c.var.services.db, body), '添加成功！'));
});

workbookRoutes.on(['PUT', 'POST'], `${WORKBOOK_ITEM_API}/edit`, requirePerm(PERMS.workbook.edit), async (c) => {
  const body = await readBody(c, ITEM);
  return c.json(ok(await editItem(c.var.services.db, body), '编辑成功!'));
});

workbookRoutes.delete(`${WORKBOOK_ITEM_API}/delete`, requirePerm(PERMS.workbook.edit), async (c) => {
  await deleteItem(c.var.services.db, (c.req.query('id') ?? '').trim().slice(0, 64));
  return c.json(ok(null, '删除成功!'));
});
