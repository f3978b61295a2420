import { sql } from 'kysely';
import { dictItemResource, SORT_ORDER_MAX } from '../../features/system/dict/dict-item-resource';
import { dictResource } from '../../features/system/dict/dict-resource';
import { ApiFailure } from '../core/errors';
import type { CrudHooks } from '../resources/crud';
import { registerResource } from '../resources/registry';

/**
 * 数据字典 and its items on the resource engine (contract §6 admin CRUD: /sys/dict/*, /sys/dictItem/*).
 *
 * Caches: the server keeps no dictionary cache (server/resources/dicts.ts reads the tables on every
 * call and `/sys/dict/refleshCache` has nothing to drop), so a committed write is what the next
 * getDictItems / queryAllDictItems answers; the browser's 7-day copy is refreshed by 刷新缓存.
 * Deleting a dictionary is a real delete: its items go in the same statement (ON DELETE CASCADE of
 * sys_dict_item.dict_id), and its code is free again.
 */

export const DICT_MISSING = '所属字典不存在，请刷新后重试';
export const ITEM_VALUE_TAKEN = '该字典中已存在相同的数据值';
export const SORT_ORDER_RANGE = `排序值必须在-${SORT_ORDER_MAX}到${SORT_ORDER_MAX}之间`;
export const STATUS_INVALID = '状态的值不正确';
export const SORT_ORDER_REQUIRED = '请输入排序值!';
export const STATUS_REQUIRED = '请选择状态!';

const ITEM_STATUSES = new Set([0, 1]);

const dictItemHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    // The parent is fixed: given on add, kept on edit (an item never moves to another dictionary).
    const dictId = ctx.mode === 'edit' ? String(ctx.existing?.dict_id ?? '') : String(row.dictId ?? '');
    if (ctx.mode === 'edit') delete row.dictId;
    else if (!(await ctx.db.selectFrom('sys_dict').select('id').where('id', '=', dictId).executeTakeFirst())) throw new ApiFailure(DICT_MISSING);

    // Both columns are NOT NULL; absent on add means the definition's default, cleared means refused.
    if (row.sortOrder === null) throw new ApiFailure(SORT_ORDER_REQUIRED);
    if (row.status === null) throw new ApiFailure(STATUS_REQUIRED);
    if (row.sortOrder !== undefined && (typeof row.sortOrder !== 'number' || Math.abs(row.sortOrder) > SORT_ORDER_MAX)) throw new ApiFailure(SORT_ORDER_RANGE);
    // A dictionary value outside 启用 / 不启用 would hide the item from queryAllDictItems for good.
    if (row.status !== undefined && !ITEM_STATUSES.has(Number(row.status))) throw new ApiFailure(STATUS_INVALID);

    if (typeof row.itemValue === 'string') {
      let q = ctx.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', row.itemValue);
      if (ctx.mode === 'edit') q = q.where('id', '<>', ctx.id);
      if (await q.executeTakeFirst()) throw new ApiFailure(ITEM_VALUE_TAKEN);
    }
  },
  extraWhere(ctx) {
    // A list is always one dictionary's items: without ?dictId= it is empty, never every item of every dictionary.
    if (ctx.action !== 'list' && ctx.action !== 'exportXls') return undefined;
    const dictId = (ctx.c.req.query('dictId') ?? '').trim();
    if (!dictId) return (eb) => eb.lit(false);
    return (eb) => eb(sql.ref('dict_id'), '=', dictId);
  },
};

let registered = false;

/** Idempotent (the registry is process-wide); called from registerCatalog (server/areas.ts). */
export function registerDictResources(): void {
  if (registered) return;
  registered = true;
  registerResource(dictResource, {});
  registerResource(dictItemResource, dictItemHooks);
}
