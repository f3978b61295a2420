import { Hono } from 'hono';
import { z } from 'zod';
import { SORT_ORDER_MAX } from '../../features/system/dict/dict-item-resource';
import { DICT_MISSING, ITEM_VALUE_TAKEN, SORT_ORDER_RANGE, STATUS_INVALID } from './catalog-dict';
import { ID_MAX, newId } from '../core/ids';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { permCodesOf, requirePerm } from '../core/perm';
import { authOf, type AppEnv } from '../core/context';
import { readBody } from '../core/validate';
import { PERMS } from '../../lib/permissions/codes';

/**
 * `POST /sys/dictItem/saveBatch` — the 字典项 grid's 批量编辑 save (spec 02 §2–§4): new rows, changed
 * rows and deletions of ONE dictionary in one transaction. The batch is all or nothing: every
 * permission it needs (add for new rows, edit for changed, delete for deletions) is checked first, and
 * one bad row refuses the whole batch with that row's number in the message. The server keeps no
 * dictionary cache (catalog-dict.ts), so nothing needs refreshing after the commit.
 */
export const dictItemBatchRoutes = new Hono<AppEnv>();

/** Enough for the 10,000-item benchmark dictionary; a bigger body is refused before any SQL. */
export const BATCH_MAX_ROWS = 20_000;
export const BATCH_TOO_BIG = `一次最多保存${BATCH_MAX_ROWS}行`;
export const ITEM_NOT_FOUND = '字典项不存在或不属于该字典，请刷新后重试';
export const DUPLICATE_IN_BATCH = '数据值重复';

const text = (label: string, max: number) =>
  z.string({ error: `请输入${label}!` }).trim().min(1, `请输入${label}!`).max(max, `${label}最多${max}个字符`);

const rowSchema = z.object({
  /** Absent, empty or a grid temporary id (`__new_…`) = a new row. */
  id: z.string().max(64).optional().nullable(),
  itemText: text('名称', 100),
  itemValue: text('数据值', 100),
  description: z.string().max(255, '描述最多255个字符').optional().nullable(),
  sortOrder: z
    .union([z.number(), z.string().trim().regex(/^-?\d+$/, SORT_ORDER_RANGE).transform(Number)])
    .refine((n) => Number.isInteger(n) && Math.abs(n) <= SORT_ORDER_MAX, SORT_ORDER_RANGE)
    .optional()
    .nullable(),
  status: z
    .union([z.number(), z.string().trim().transform(Number)])
    .refine((n) => n === 0 || n === 1, STATUS_INVALID)
    .optional()
    .nullable(),
});

const bodySchema = z.object({
  dictId: z.string({ error: DICT_MISSING }).trim().min(1, DICT_MISSING).max(ID_MAX, DICT_MISSING),
  rows: z.array(z.unknown()).max(BATCH_MAX_ROWS, BATCH_TOO_BIG).default([]),
  deleteIds: z.array(z.string().max(ID_MAX, ITEM_NOT_FOUND)).max(BATCH_MAX_ROWS, BATCH_TOO_BIG).default([]),
});

type ItemRow = z.infer<typeof rowSchema>;

const isNewId = (id: string | null | undefined) => !id || id.startsWith('__new_');

/** Validates each row on its own, naming the first bad one (1-based, in the order sent). */
function parseRows(raw: unknown[]): ItemRow[] {
  return raw.map((r, i) => {
    const parsed = rowSchema.safeParse(r);
    if (!parsed.success) throw new ApiFailure(`第${i + 1}行：${parsed.error.issues[0]?.message ?? '数据不正确'}`);
    return parsed.data;
  });
}

/**
 * `GET /sys/dictItem/listAll?dictId=` — every item of one dictionary for the grid (the paged list stops
 * at 200 a page), in sort order, at most BATCH_MAX_ROWS.
 */
dictItemBatchRoutes.get('/sys/dictItem/listAll', requirePerm(PERMS.dictItem.list), async (c) => {
  const dictId = (c.req.query('dictId') ?? '').trim();
  if (!dictId || dictId.length > ID_MAX) throw new ApiFailure(DICT_MISSING);
  const rows = await c.var.services.db
    .selectFrom('sys_dict_item')
    .select(['id', 'dict_id', 'item_text', 'item_value', 'description', 'sort_order', 'status'])
    .where('dict_id', '=', dictId)
    .orderBy('sort_order')
    .orderBy('create_time')
    .orderBy('id')
    .limit(BATCH_MAX_ROWS)
    .execute();
  const records = rows.map((r) => ({ id: r.id, dictId: r.dict_id, itemText: r.item_text, itemValue: r.item_value, description: r.description ?? '', sortOrder: r.sort_order, status: r.status }));
  return c.json(ok({ records, total: records.length }));
});

dictItemBatchRoutes.post('/sys/dictItem/saveBatch', async (c) => {
  const { user } = authOf(c);
  const body = await readBody(c, bodySchema);
  const rows = parseRows(body.rows);
  const inserts = rows.filter((r) => isNewId(r.id));
  const updates = rows.filter((r) => !isNewId(r.id)) as (ItemRow & { id: string })[];
  const deleteIds = [...new Set(body.deleteIds.map((s) => s.trim()).filter(Boolean))];

  const codes = await permCodesOf(c, user.id);
  const needed = [
    inserts.length ? (PERMS.dictItem.add as string) : null,
    updates.length ? PERMS.dictItem.edit : null,
    deleteIds.length ? PERMS.dictItem.delete : null,
  ].filter((x): x is string => x !== null);
  if (!needed.length && !codes.has(PERMS.dictItem.list)) throw new ApiFailure(NO_PERMISSION, 510);
  if (needed.some((code) => !codes.has(code))) throw new ApiFailure(NO_PERMISSION, 510);

  const updateIds = updates.map((r) => r.id);
  if (updateIds.some((id) => id.length > ID_MAX)) throw new ApiFailure(ITEM_NOT_FOUND);
  if (new Set(updateIds).size !== updateIds.length) throw new ApiFailure(ITEM_NOT_FOUND);
  if (updateIds.some((id) => deleteIds.includes(id))) throw new ApiFailure(ITEM_NOT_FOUND);

  const db = c.var.services.db;
  const result = await db.transaction().execute(async (tx) => {
    if (!(await tx.selectFrom('sys_dict').select('id').where('id', '=', body.dictId).executeTakeFirst())) throw new ApiFailure(DICT_MISSING);
    const existing = await tx.selectFrom('sys_dict_item').select(['id', 'item_value']).where('dict_id', '=', body.dictId).execute();
    const byId = new Map(existing.map((e) => [e.id, e.item_value]));
    // Rows of another dictionary are never touched through this one (the parent is fixed).
    if ([...updateIds, ...deleteIds].some((id) => !byId.has(id))) throw new ApiFailure(ITEM_NOT_FOUND);

    // item_value is unique within the dictionary after the whole batch is applied, so swapping two values is allowed.
    const finalValues = new Map<string, string>();
    for (const [id, value] of byId) if (!deleteIds.includes(id)) finalValues.set(id, value);
    for (const r of updates) finalValues.set(r.id, r.itemValue);
    const seen = new Set<string>();
    for (const v of finalValues.values()) seen.add(v);
    if (seen.size !== finalValues.size) throw new ApiFailure(`${ITEM_VALUE_TAKEN}：${firstDuplicate([...finalValues.values()])}`);
    inserts.forEach((r) => {
      if (seen.has(r.itemValue)) throw new ApiFailure(`第${rows.indexOf(r) + 1}行：${ITEM_VALUE_TAKEN}（${r.itemValue}）`);
      seen.add(r.itemValue);
    });

    if (deleteIds.length) await tx.deleteFrom('sys_dict_item').where('dict_id', '=', body.dictId).where('id', 'in', deleteIds).execute();
    // The (dict_id, item_value) constraint is checked per statement: park changed values on a unique
    // placeholder first so a swap inside the batch does not collide half-way.
    const moved = updates.filter((r) => byId.get(r.id) !== r.itemValue).map((r) => r.id);
    for (const id of moved) await tx.updateTable('sys_dict_item').set({ item_value: `\u001fswap:${id}` }).where('id', '=', id).execute();
    const now = new Date();
    for (const r of updates) {
      await tx
        .updateTable('sys_dict_item')
        .set({
          item_text: r.itemText,
          item_value: r.itemValue,
          ...(r.description !== undefined ? { description: r.description || null } : {}),
          ...(r.sortOrder != null ? { sort_order: r.sortOrder } : {}),
          ...(r.status != null ? { status: r.status } : {}),
          update_by: user.username,
          update_time: now,
        })
        .where('id', '=', r.id)
        .where('dict_id', '=', body.dictId)
        .execute();
    }
    // Inserted in chunks: one statement per 500 rows keeps the bound-parameter count well under PostgreSQL's limit.
    for (let i = 0; i < inserts.length; i += 500) {
      await tx
        .insertInto('sys_dict_item')
        .values(
          inserts.slice(i, i + 500).map((r) => ({
            id: newId(),
            dict_id: body.dictId,
            item_text: r.itemText,
            item_value: r.itemValue,
            description: r.description || null,
            sort_order: r.sortOrder ?? 1,
            status: r.status ?? 1,
            create_by: user.username,
          })),
        )
        .execute();
    }
    return { inserted: inserts.length, updated: updates.length, deleted: deleteIds.length };
  });
  return c.json(ok(result, '保存成功！'));
});

function firstDuplicate(values: string[]): string {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) return v;
    seen.add(v);
  }
  return '';
}
