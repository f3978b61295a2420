import type { ColumnType, Generated } from 'kysely';
import type { Audit } from './columns';

/** 线索 (0028-crm): own_by null = in the pool; see the migration for the codes. */
export interface TblLeadTable extends Audit {
  id: string;
  name: string;
  name_pinyin: string | null;
  phone: string;
  child_name: string | null;
  grade: string | null;
  channel: number | null;
  intention_course_id: string | null;
  intention_level: Generated<number>;
  follow_status: Generated<number>;
  tags: string | null;
  own_by: string | null;
  owner_time: Date | null;
  last_follow_time: Date | null;
  next_follow_time: Date | null;
  topping: Generated<number>;
  top_time: Date | null;
  locked: Generated<number>;
  pool_reason: string | null;
  pool_time: Date | null;
  return_warned_time: Date | null;
  student_id: string | null;
  convert_time: Date | null;
  remark: string | null;
  sys_org_code: string | null;
}

/** 跟进记录 (0028-crm): method 1 电话 2 微信 3 到访. */
export interface TblLeadFollowTable {
  id: string;
  lead_id: string;
  user_id: string;
  follow_time: Generated<Date>;
  method: number;
  content: string;
  next_follow_time: Date | null;
  images: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** Owner history (0028-crm): action 新建/领取/分配/退回/自动回收/转移/交接. */
export interface TblLeadOwnerHistoryTable {
  id: string;
  lead_id: string;
  from_user: string | null;
  to_user: string | null;
  action: string;
  operator: string | null;
  reason: string | null;
  create_time: Generated<Date>;
}

/** The lead pool's settings (0028-crm): one row, id 'default'. */
export interface TblLeadPoolConfigTable {
  id: string;
  enabled: Generated<number>;
  contact_expire_days: Generated<number>;
  deal_expire_days: Generated<number>;
  notify_enabled: Generated<number>;
  notify_days: Generated<number>;
  max_owned: Generated<number>;
  update_by: string | null;
  update_time: Date | null;
}

/** 协商任务 (0028-crm): status 0 待办 1 进行中 2 已完成 3 已取消; target_type lead / student / clazz. */
export interface TblTaskTable extends Audit {
  id: string;
  title: string;
  content: string | null;
  target_type: string | null;
  target_id: string | null;
  assignee: string;
  due_time: Date | null;
  status: Generated<number>;
  result: string | null;
  finish_time: Date | null;
  sys_org_code: string | null;
}

/** 物品 (0028-crm): stock ≥ 0 by a check constraint; price numeric (a string from the driver). */
export interface TblGoodsTable extends Audit {
  id: string;
  name: string;
  name_pinyin: string | null;
  spec: string | null;
  unit: string | null;
  price: ColumnType<string, string | number | undefined, string | number>;
  stock: Generated<number>;
  warn_stock: Generated<number>;
  status: Generated<number>;
  remark: string | null;
  sys_org_code: string | null;
}

/** Stock movements (0028-crm): type 1 入库 2 销售 3 退货 4 初始化 5 盘点调整 6 订单作废; qty signed. */
export interface TblGoodsStockLogTable {
  id: string;
  goods_id: string;
  type: number;
  qty: number;
  stock_after: number;
  remark: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** 工作交接 (0028-crm): scopes comma-joined; counts JSON text; status 1 已完成. */
export interface TblWorkHandoverTable {
  id: string;
  from_user: string;
  to_user: string;
  scopes: string;
  counts: string | null;
  status: Generated<number>;
  reason: string | null;
  create_by: string | null;
  create_time: Generated<Date>;
}

/** 招生简章 (0043-prospectus): status 0 草稿 1 已发布; public_token only while published; blocks typed in lib/work/prospectus-blocks.ts. */
export interface TblProspectusTable {
  id: string;
  title: string;
  template: string;
  subtitle: string | null;
  cover: string | null;
  blocks: ColumnType<unknown, string, string>;
  status: Generated<number>;
  public_token: string | null;
  publish_time: Date | null;
  del_flag: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
}

/** One accepted public sign-up (0043-prospectus): the rate limits count these. */
export interface TblProspectusSignupTable {
  id: string;
  prospectus_id: string;
  client_ip: string;
  name: string;
  phone: string;
  course_id: string | null;
  remark: string | null;
  lead_id: string | null;
  create_time: Generated<Date>;
}
