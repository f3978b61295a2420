import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { applyMovement, GOODS_MESSAGES, movementProblem, STOCK_TYPE, STOCK_TYPE_OPTIONS } from '../../lib/edu/goods-rules';
import { goodsResource } from '../../features/edu/goods/goods-resource';
import { dataLogSnapshot, recordDataVersions } from '../resources/data-log';
import { formatDateTime } from '../core/format';

/**
 * Stock movements of 物品管理 (issue #23 item 7). Every change of tbl_goods.stock is one conditional UPDATE and
 * one log row (with the stock after it) in one transaction: a sale subtracts only `where stock >= qty`, so two
 * sales of the last items at once cannot both pass (the second finds the row changed and is refused), and the
 * check constraint stock >= 0 stands behind it.
 */

export interface Movement {
  goodsId: string;
  type: number;
  qty: number;
  remark?: string | null;
}

/** Records one movement and answers the stock after it. */
export async function recordMovement(db: Kysely<DB>, operator: string, m: Movement): Promise<{ stock: number; qty: number }> {
  const problem = movementProblem(m.type, m.qty);
  if (problem) throw new ApiFailure(problem);
  return db.transaction().execute(async (tx) => {
    // 数据日志: the goods' state before, for a first version (the row is locked by the movement's update below).
    const before = await dataLogSnapshot(tx, goodsResource, [m.goodsId]);
    const live = tx.updateTable('tbl_goods').where('id', '=', m.goodsId).where('del_flag', '=', 0);
    let stock: number;
    let qty: number;
    if (m.type === STOCK_TYPE.count) {
      // 盘点调整 sets the counted stock; the log keeps the signed difference, read under the row lock.
      const before = await tx.selectFrom('tbl_goods').select('stock').where('id', '=', m.goodsId).where('del_flag', '=', 0).forUpdate().executeTakeFirst();
      if (!before) throw new ApiFailure(GOODS_MESSAGES.notFound);
      const r = applyMovement(m.type, m.qty, before.stock);
      if ('error' in r) throw new ApiFailure(r.error);
      await live.set({ stock: r.after }).execute();
      stock = r.after;
      qty = r.delta;
    } else {
      const delta = m.type === STOCK_TYPE.sale ? -m.qty : m.qty;
      let q = live.set({ stock: sql<number>`stock + ${delta}` });
      if (delta < 0) q = q.where('stock', '>=', m.qty);
      const row = await q.returning('stock').executeTakeFirst();
      if (!row) {
        const now = await tx.selectFrom('tbl_goods').select('stock').where('id', '=', m.goodsId).where('del_flag', '=', 0).executeTakeFirst();
        throw new ApiFailure(now ? GOODS_MESSAGES.insufficient(now.stock) : GOODS_MESSAGES.notFound);
      }
      stock = row.stock;
      qty = delta;
    }
    await tx
      .insertInto('tbl_goods_stock_log')
      .values({ id: newId(), goods_id: m.goodsId, type: m.type, qty, stock_after: stock, remark: m.remark?.trim() || null, create_by: operator })
      .execute();
    await recordDataVersions(tx, goodsResource, [m.goodsId], { username: operator }, before);
    return { stock, qty };
  });
}

/** A new row's 初始库存, inside the add's transaction: the stock and its 初始化 movement. */
export async function recordInitialStock(db: Kysely<DB>, goodsId: string, qty: number, operator: string): Promise<void> {
  await db.updateTable('tbl_goods').set({ stock: qty }).where('id', '=', goodsId).execute();
  await db
    .insertInto('tbl_goods_stock_log')
    .values({ id: newId(), goods_id: goodsId, type: STOCK_TYPE.init, qty, stock_after: qty, remark: '初始库存', create_by: operator })
    .execute();
}

export interface StockLogRecord {
  id: string;
  goodsId: string;
  type: number;
  type_dictText: string;
  qty: number;
  stockAfter: number;
  remark: string | null;
  createBy: string | null;
  /** The operator's real name (the log keeps the login name). */
  createBy_dictText: string | null;
  createTime: string | null;
}

/** One page of a goods' movements, newest first. */
export async function stockLogPage(db: Kysely<DB>, goodsId: string, offset: number, limit: number): Promise<{ records: StockLogRecord[]; total: number }> {
  const base = db.selectFrom('tbl_goods_stock_log as l').where('l.goods_id', '=', goodsId);
  const [count, rows] = await Promise.all([
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('sys_user as u', 'u.username', 'l.create_by')
      .select(['l.id', 'l.goods_id', 'l.type', 'l.qty', 'l.stock_after', 'l.remark', 'l.create_by', 'l.create_time', 'u.realname'])
      .orderBy('l.create_time', 'desc')
      .orderBy('l.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      id: r.id,
      goodsId: r.goods_id,
      type: r.type,
      type_dictText: STOCK_TYPE_OPTIONS.find((o) => o.value === String(r.type))?.text ?? String(r.type),
      qty: r.qty,
      stockAfter: r.stock_after,
      remark: r.remark,
      createBy: r.create_by,
      createBy_dictText: r.realname ?? r.create_by,
      createTime: formatDateTime(r.create_time),
    })),
  };
}
