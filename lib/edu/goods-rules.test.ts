/** @jest-environment node */
import { applyMovement, GOODS_MESSAGES, isLowStock, MAX_STOCK, movementProblem, signedQty, STOCK_TYPE } from './goods-rules';

describe('movement input', () => {
  it('入库 / 销售 / 退货 take a positive whole number; 盘点调整 zero or more', () => {
    expect(movementProblem(STOCK_TYPE.in, 3)).toBeNull();
    expect(movementProblem(STOCK_TYPE.sale, 0)).toBe(GOODS_MESSAGES.qtyPositive);
    expect(movementProblem(STOCK_TYPE.refund, 1.5)).toBe(GOODS_MESSAGES.qtyPositive);
    expect(movementProblem(STOCK_TYPE.count, 0)).toBeNull();
    expect(movementProblem(STOCK_TYPE.count, -1)).toBe(GOODS_MESSAGES.countNonNegative);
    expect(movementProblem(STOCK_TYPE.in, MAX_STOCK + 1)).toBe(GOODS_MESSAGES.tooMany);
  });
  it('初始化, 订单作废 and unknown types are not recorded by hand', () => {
    expect(movementProblem(STOCK_TYPE.init, 1)).toBe(GOODS_MESSAGES.badType);
    expect(movementProblem(STOCK_TYPE.voided, 1)).toBe(GOODS_MESSAGES.badType);
    expect(movementProblem(9, 1)).toBe(GOODS_MESSAGES.badType);
  });
});

describe('stock arithmetic', () => {
  it('入库 and 退货 add, 销售 subtracts, 盘点调整 logs the difference to the counted value', () => {
    expect(signedQty(STOCK_TYPE.in, 5, 2)).toBe(5);
    expect(signedQty(STOCK_TYPE.refund, 1, 2)).toBe(1);
    expect(signedQty(STOCK_TYPE.sale, 2, 2)).toBe(-2);
    expect(signedQty(STOCK_TYPE.count, 7, 10)).toBe(-3);
    expect(signedQty(STOCK_TYPE.count, 12, 10)).toBe(2);
  });
  it('never below zero: a sale over the stock names the stock', () => {
    expect(applyMovement(STOCK_TYPE.sale, 2, 2)).toEqual({ delta: -2, after: 0 });
    expect(applyMovement(STOCK_TYPE.sale, 3, 2)).toEqual({ error: '库存不足，当前库存2件' });
    expect(applyMovement(STOCK_TYPE.in, MAX_STOCK, 1)).toEqual({ error: GOODS_MESSAGES.tooMany });
  });
  it('库存不足 at or below the warning level', () => {
    expect(isLowStock(3, 3)).toBe(true);
    expect(isLowStock(4, 3)).toBe(false);
    expect(isLowStock(0, 0)).toBe(true);
  });
});
