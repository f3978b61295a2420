import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { GOODS_STATUS_OPTIONS, STOCK_TYPE_OPTIONS } from '../../../lib/edu/goods-rules';

export const GOODS_API = '/edu/goods';

/** Endpoints beside the engine's (server/edu/goods-routes.ts). */
export const GOODS_URLS = {
  /** POST {goodsId, type 1|2|3|5, qty, remark}: one stock movement (edu:goods:stock). */
  stock: `${GOODS_API}/stock`,
  /** GET ?goodsId=&pageNo&pageSize: the goods' movements, newest first. */
  stockLog: `${GOODS_API}/stockLog/list`,
} as const;

/** The list's 仅看库存不足 switch (a fixed param the server reads; stock ≤ warning level). */
export const LOW_STOCK_PARAM = 'lowStock';

export { STOCK_TYPE_OPTIONS };

/**
 * 物品 (tbl_goods, domain §6). 库存 is read-only: only movements change it (入库 / 销售 / 退货 / 盘点调整); a new
 * row's 初始库存 (virtual, add only) is recorded as a 初始化 movement.
 */
export const goodsResource: ResourceDef = {
  name: 'eduGoods',
  title: '物品',
  table: 'tbl_goods',
  dataLog: true,
  api: GOODS_API,
  perm: PERMS.goods.prefix,
  rowKey: 'id',
  defaultSort: { column: 'name', order: 'asc' },
  softDeleteColumn: 'del_flag',
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true },
  fields: [
    { name: 'id', label: '物品ID', kind: 'input', form: false, list: false, excel: false },
    { name: 'name', label: '物品名称', kind: 'input', required: true, maxLength: 100, search: 'like', sortable: true, pinyinSort: true, width: 160 },
    { name: 'spec', label: '规格', kind: 'input', maxLength: 100, width: 110 },
    { name: 'unit', label: '单位', kind: 'input', maxLength: 10, width: 60 },
    { name: 'price', label: '单价（元）', kind: 'inputNumber', type: 'number', pattern: 'money', defaultValue: 0, sortable: true, width: 100 },
    { name: 'stock', label: '库存', kind: 'inputNumber', type: 'int', form: 'readonly', sortable: true, width: 90 },
    { name: 'initStock', label: '初始库存', kind: 'inputNumber', type: 'int', virtual: true, list: false, excel: false, query: false },
    { name: 'warnStock', label: '预警库存', kind: 'inputNumber', type: 'int', defaultValue: 0, sortable: true, width: 90 },
    { name: 'status', label: '状态', kind: 'select', type: 'int', options: GOODS_STATUS_OPTIONS, defaultValue: 1, search: 'eq', width: 70 },
    { name: 'remark', label: '备注', kind: 'textarea', maxLength: 500, width: 160 },
    { name: 'createBy', label: '创建人', kind: 'input', form: false, list: false },
    { name: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, form: false, width: 160 },
    { name: 'updateBy', label: '更新人', kind: 'input', form: false, list: false, excel: false },
    { name: 'updateTime', label: '更新时间', kind: 'datetime', form: false, list: false, excel: false },
  ],
};
