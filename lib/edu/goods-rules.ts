/**
 * 物品管理 stock rules (issue #23 item 7, domain §6), pure and shared by the embedded backend and the screen.
 * The database has the last word on "never negative" (a check constraint and a conditional UPDATE);
 * these functions say what a movement means and how it is refused.
 */

/** Stock movement types (ETMS EmGoodsInventoryType): 1 入库 2 销售 3 退货 4 初始化 5 盘点调整 6 订单作废. */
export const STOCK_TYPE = { in: 1, sale: 2, refund: 3, init: 4, count: 5, voided: 6 } as const;

export const STOCK_TYPE_OPTIONS = [
  { value: '1', text: '入库' },
  { value: '2', text: '销售' },
  { value: '3', text: '退货' },
  { value: '4', text: '初始化' },
  { value: '5', text: '盘点调整' },
  { value: '6', text: '订单作废' },
];

/** What a person may record by hand (初始化 comes with a new goods row, 订单作废 with orders). */
export const MANUAL_STOCK_TYPES: readonly number[] = [STOCK_TYPE.in, STOCK_TYPE.sale, STOCK_TYPE.refund, STOCK_TYPE.count];

export const GOODS_STATUS_OPTIONS = [
  { value: '1', text: '在售' },
  { value: '0', text: '停售' },
];

/** Upper bound of one movement and of a stock level (an integer column; a typo of extra digits is refused). */
export const MAX_STOCK = 1_000_000;

export const GOODS_MESSAGES = {
  insufficient: (stock: number) => `库存不足，当前库存${stock}件`,
  badType: '请选择出入库类型',
  qtyPositive: '数量须为正整数',
  countNonNegative: '盘点数量须为不小于0的整数',
  tooMany: `数量不能超过${MAX_STOCK}`,
  negative: (label: string) => `${label}不能为负数`,
  notFound: '物品不存在，请刷新后重试',
} as const;

/** Why a movement's input is refused, or null (type one of the manual ones, qty a whole number in range). */
export function movementProblem(type: number, qty: number): string | null {
  if (!MANUAL_STOCK_TYPES.includes(type)) return GOODS_MESSAGES.badType;
  if (!Number.isInteger(qty)) return type === STOCK_TYPE.count ? GOODS_MESSAGES.countNonNegative : GOODS_MESSAGES.qtyPositive;
  if (type === STOCK_TYPE.count ? qty < 0 : qty < 1) return type === STOCK_TYPE.count ? GOODS_MESSAGES.countNonNegative : GOODS_MESSAGES.qtyPositive;
  if (qty > MAX_STOCK) return GOODS_MESSAGES.tooMany;
  return null;
}

/**
 * The signed change a movement makes to a stock of `before`: 入库 / 退货 add, 销售 subtracts, 盘点调整 sets the
 * counted value (the change is the difference), 初始化 sets the first stock.
 */
export function signedQty(type: number, qty: number, before: number): number {
  switch (type) {
    case STOCK_TYPE.sale:
      return -qty;
    case STOCK_TYPE.count:
    case STOCK_TYPE.init:
      return qty - before;
    default:
      return qty;
  }
}

/** The movement on `before`: the signed change and the stock after it, or the refusal when it would go below zero. */
export function applyMovement(type: number, qty: number, before: number): { delta: number; after: number } | { error: string } {
  const delta = signedQty(type, qty, before);
  const after = before + delta;
  if (after < 0) return { error: GOODS_MESSAGES.insufficient(before) };
  if (after > MAX_STOCK) return { error: GOODS_MESSAGES.tooMany };
  return { delta, after };
}

/** 库存不足: at or below the warning level. */
export const isLowStock = (stock: number, warnStock: number): boolean => stock <= warnStock;
