import { sql } from 'kysely';
import { WORKBOOK_MESSAGES } from '../../features/learntools/workbook/workbook-resource';
import { ITEM_TYPE_LABEL, normaliseAnswer, parseOptions, validateItem, type ItemErrors, type WorkbookItemWire } from '../../lib/learntools/workbook-rules';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';

/**
 * 练习册 (tbl_workbook) and its items (tbl_workbook_item): item validation through the shared rules
 * (lib/learntools/workbook-rules.ts), the per-workbook counts of the list, rename, and the delete guard
 * (published homework using a workbook keeps it).
 */

export type WorkbookItem = WorkbookItemWire;

export interface ItemInput {
  id?: string;
  workbookId?: string;
  type: number;
  stem: string;
  options?: string[] | null;
  answer?: string | null;
  analysis?: string | null;
  score: number | string;
  sort?: number | null;
}

const ANALYSIS_MAX = 5000;

/** A live workbook, or the request fails with 练习册不存在. */
export async function assertWorkbook(db: Database, id: string): Promise<{ id: string; status: number }> {
  const row = await db.selectFrom('tbl_workbook').select(['id', 'status']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new ApiFailure(WORKBOOK_MESSAGES.notFound);
  return row;
}

/** 题数 and 总分 per workbook, one grouped query. */
export async function workbookTotals(db: Database, ids: string[]): Promise<Map<string, { count: number; total: number }>> {
  const out = new Map<string, { count: number; total: number }>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('tbl_workbook_item')
    .select(['workbook_id', sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(score), 0)`.as('total')])
    .where('workbook_id', 'in', ids)
    .groupBy('workbook_id')
    .execute();
  for (const r of rows) out.set(r.workbook_id, { count: Number(r.n), total: Number(r.total) });
  return out;
}

/** Published (status 1) live homework that uses the workbooks: what blocks deleting them. */
export async function publishedHomeworkCount(db: Database, workbookIds: string[]): Promise<number> {
  if (!workbookIds.length) return 0;
  const row = await db
    .selectFrom('tbl_homework')
    .select(sql<string>`count(*)`.as('n'))
    .where('workbook_id', 'in', workbookIds)
    .where('status', '=', 1)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function renameWorkbook(db: Database, id: string, rawName: unknown, username: string): Promise<void> {
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  if (!name) throw new ApiFailure(WORKBOOK_MESSAGES.nameRequired);
  if (name.length > 100) throw new ApiFailure(WORKBOOK_MESSAGES.nameTooLong);
  await assertWorkbook(db, id);
  await db.updateTable('tbl_workbook').set({ name, update_by: username, update_time: new Date() }).where('id', '=', id).where('del_flag', '=', 0).execute();
}

const toItem = (r: {
  id: string;
  workbook_id: string;
  type: number;
  stem: string;
  options: string | null;
  answer: string | null;
  analysis: string | null;
  score: string | number;
  sort: number;
}): WorkbookItem => ({
  id: r.id,
  workbookId: r.workbook_id,
  type: r.type,
  type_dictText: ITEM_TYPE_LABEL[r.type] ?? '',
  stem: r.stem,
  options: parseOptions(r.options),
  answer: r.answer,
  analysis: r.analysis,
  score: Number(r.score),
  sort: r.sort,
});

/** The items of a workbook in their order (sort, then creation order by id). */
export async function listItems(db: Database, workbookId: string): Promise<WorkbookItem[]> {
  const rows = await db
    .selectFrom('tbl_workbook_item')
    .select(['id', 'workbook_id', 'type', 'stem', 'options', 'answer', 'analysis', 'score', 'sort'])
    .where('workbook_id', '=', workbookId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toItem);
}

const FIELD_ORDER: (keyof ItemErrors)[] = ['type', 'stem', 'options', 'answer', 'score'];

/** The item as it is stored, or ApiFailure with the first problem (per type, lib/learntools/workbook-rules.ts). */
function checkedColumns(input: ItemInput) {
  const type = Number(input.type);
  const options = Array.isArray(input.options) ? input.options.map((o) => (typeof o === 'string' ? o.trim() : '')) : input.options ?? null;
  const errors = validateItem({ type, stem: input.stem, options, answer: input.answer, score: input.score });
  const first = FIELD_ORDER.map((k) => errors[k]).find(Boolean);
  if (first) throw new ApiFailure(first);
  const analysis = typeof input.analysis === 'string' ? input.analysis.trim() : '';
  if (analysis.length > ANALYSIS_MAX) throw new ApiFailure(`解析不能超过${ANALYSIS_MAX}个字符`);
  const sort = input.sort === undefined || input.sort === null ? null : Number(input.sort);
  if (sort !== null && (!Number.isInteger(sort) || sort < 0 || sort > 99999)) throw new ApiFailure('排序必须是0到99999之间的整数');
  return {
    type,
    stem: String(input.stem).trim(),
    options: type === 1 || type === 2 ? JSON.stringify(options) : null,
    answer: normaliseAnswer(type, input.answer),
    analysis: analysis || null,
    score: String(Number(input.score)),
    sort,
  };
}

export async function addItem(db: Database, input: ItemInput): Promise<WorkbookItem> {
  const workbookId = String(input.workbookId ?? '');
  await assertWorkbook(db, workbookId);
  const cols = checkedColumns(input);
  // Without a sort the item goes last.
  const sort =
    cols.sort ??
    Number((await db.selectFrom('tbl_workbook_item').select(sql<string>`coalesce(max(sort), 0) + 1`.as('next')).where('workbook_id', '=', workbookId).executeTakeFirst())?.next ?? 1);
  const id = newId();
  await db.insertInto('tbl_workbook_item').values({ id, workbook_id: workbookId, ...cols, sort }).execute();
  return (await listItems(db, workbookId)).find((i) => i.id === id)!;
}

async function itemRow(db: Database, id: string) {
  const row = await db
    .selectFrom('tbl_workbook_item as i')
    .innerJoin('tbl_workbook as w', 'w.id', 'i.workbook_id')
    .select(['i.id', 'i.workbook_id', 'i.sort'])
    .where('i.id', '=', id)
    .where('w.del_flag', '=', 0)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(WORKBOOK_MESSAGES.itemNotFound);
  return row;
}

export async function editItem(db: Database, input: ItemInput): Promise<WorkbookItem> {
  const existing = await itemRow(db, String(input.id ?? ''));
  const cols = checkedColumns(input);
  await db
    .updateTable('tbl_workbook_item')
    .set({ ...cols, sort: cols.sort ?? existing.sort })
    .where('id', '=', existing.id)
    .execute();
  return (await listItems(db, existing.workbook_id)).find((i) => i.id === existing.id)!;
}

export async function deleteItem(db: Database, id: string): Promise<void> {
  const existing = await itemRow(db, id);
  await db.deleteFrom('tbl_workbook_item').where('id', '=', existing.id).execute();
}
