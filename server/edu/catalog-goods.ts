import { sql } from 'kysely';
import { goodsResource, LOW_STOCK_PARAM } from '../../features/edu/goods/goods-resource';
import { GOODS_MESSAGES, isLowStock, MAX_STOCK } from '../../lib/edu/goods-rules';
import { resolvePattern } from '../../lib/resources/patterns';
import type { BodyRow } from '../../lib/resources/to-schema';
import { ApiFailure } from '../core/errors';
import { recordInitialStock } from './goods-stock';
import { checkIntOptions } from './catalog-teaching-shared';
import type { CrudHooks } from '../resources/crud';
import { getResource, registerResource } from '../resources/registry';

/**
 * 物品管理 on the resource engine (issue #23 item 7). Stock movements are hand-written routes
 * (server/edu/goods-routes.ts) over server/edu/goods-stock.ts.
 */

const LIST_ACTIONS = new Set(['list', 'exportXls']);

/** A number body value must be ≥ 0 (the schema checks patterns on text only, so JSON numbers are checked here). */
function nonNegative(row: BodyRow, name: string, label: string) {
  const v = row[name];
  if (typeof v === 'number' && v < 0) throw new ApiFailure(GOODS_MESSAGES.negative(label));
}

export const goodsHooks: CrudHooks = {
  beforeSave(row, ctx) {
    checkIntOptions(ctx.def, row);
    nonNegative(row, 'price', '单价');
    nonNegative(row, 'warnStock', '预警库存');
    nonNegative(row, 'initStock', '初始库存');
    const money = resolvePattern('money');
    if (typeof row.price === 'number' && !money.test(String(row.price))) throw new ApiFailure(money.message);
    for (const name of ['warnStock', 'initStock'] as const) {
      if (typeof row[name] === 'number' && (row[name] as number) > MAX_STOCK) throw new ApiFailure(GOODS_MESSAGES.tooMany);
    }
    // 库存 changes only by movements: an edit's 初始库存 is ignored.
    if (ctx.mode === 'edit') delete row.initStock;
  },
  /** 初始库存 of a new row: the stock and its 初始化 movement, in the add's transaction. */
  async afterSave(row, ctx) {
    const qty = typeof row.initStock === 'number' ? row.initStock : 0;
    if (ctx.mode === 'add' && qty > 0) await recordInitialStock(ctx.db, ctx.id, qty, ctx.auth.user.username);
  },
  afterLoad(records) {
    for (const r of records) r.lowStock = isLowStock(Number(r.stock ?? 0), Number(r.warnStock ?? 0));
  },
  /** 仅看库存不足 (`lowStock=1`): a fixed condition, the client names no column. */
  extraWhere(ctx) {
    if (!LIST_ACTIONS.has(ctx.action) || ctx.c.req.query(LOW_STOCK_PARAM) !== '1') return undefined;
    return (eb) => eb(sql.ref('stock'), '<=', sql.ref('warn_stock'));
  },
};

/** Idempotent (the registry is process-wide; several test backends share it). Called from registerCatalog (server/areas.ts). */
export function registerGoodsResources(): void {
  if (getResource(goodsResource.name)?.def !== goodsResource) registerResource(goodsResource, goodsHooks);
}
