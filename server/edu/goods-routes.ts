import { Hono } from 'hono';
import { z } from 'zod';
import { GOODS_URLS } from '../../features/edu/goods/goods-resource';
import { GOODS_MESSAGES } from '../../lib/edu/goods-rules';
import { PERMS } from '../../lib/permissions/codes';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { recordMovement, stockLogPage } from './goods-stock';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { labelledId, readBody } from '../core/validate';

/**
 * 物品管理 routes beside the resource engine (issue #23 item 7); the SQL is in server/edu/goods-stock.ts.
 * - POST /edu/goods/stock {goodsId, type, qty, remark}: one movement (edu:goods:stock), {stock, qty}.
 * - GET /edu/goods/stockLog/list?goodsId=&pageNo=&pageSize=: a page of the goods' movements.
 */
export const goodsRoutes = new Hono<AppEnv>();

const MOVEMENT = z.object({
  goodsId: labelledId('物品'),
  type: z.coerce.number({ error: GOODS_MESSAGES.badType }),
  qty: z.coerce.number({ error: GOODS_MESSAGES.qtyPositive }),
  remark: z.string().max(200, '备注不能超过200个字符').nullish(),
});

const MOVEMENT_DONE: Record<number, string> = { 1: '入库成功', 2: '销售出库成功', 3: '退货入库成功', 5: '盘点调整成功' };

goodsRoutes.post(GOODS_URLS.stock, requirePerm(PERMS.goods.stock), async (c) => {
  const body = await readBody(c, MOVEMENT);
  const r = await recordMovement(c.var.services.db, authOf(c).user.username, body);
  return c.json(ok(r, MOVEMENT_DONE[body.type] ?? '操作成功'));
});

goodsRoutes.get(GOODS_URLS.stockLog, requirePerm(PERMS.goods.list), async (c) => {
  const goodsId = (c.req.query('goodsId') ?? '').trim().slice(0, 32);
  if (!goodsId) throw new ApiFailure('请选择物品');
  const { pageNo, pageSize, offset } = readPage(c);
  const { records, total } = await stockLogPage(c.var.services.db, goodsId, offset, pageSize);
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});
