import { sql, type Kysely } from 'kysely';
import { addPinyinKey } from './0024-pinyin-key';

/*
 * Leads, the lead pool and education operations (issue #23, domain §6, §7): 线索 and their follow-ups, the owner
 * history of every ownership change, the pool's settings, 协商任务, 物品 with their stock movements, 工作交接, and
 * staff facts on sys_user (岗位 is sys_user.post already; campus and 在职/离职 are new). Audit columns and soft
 * delete as 0012's tables. Kysely<unknown> on purpose, as in 0001.
 */

/** [table, column]: the fields marked `pinyinSort` here (server/resources/pinyin-key.ts fills them). */
export const PINYIN_COLUMNS_0028: readonly (readonly [string, string])[] = [
  ['tbl_lead', 'name'],
  ['tbl_goods', 'name'],
];

const AUDIT = sql.raw(`
  del_flag integer not null default 0,
  create_by varchar(50),
  create_time timestamptz not null default now(),
  update_by varchar(50),
  update_time timestamptz`);

export async function up(db: Kysely<unknown>): Promise<void> {
  // 线索: own_by null = in the pool. intention_level 1 低 2 中 3 高; follow_status 0 待跟进 1 跟进中 2 已约课
  // 3 已体验 4 已失效 5 已转化; tags comma-joined (≤ 20 tags of ≤ 20 characters, checked by the service).
  // student_id: the 学员 made for a 试听 (潜在) or by 转化; convert_time set by 转化 only.
  await sql`create table tbl_lead (
    id varchar(32) primary key,
    name varchar(50) not null,
    phone varchar(30) not null,
    child_name varchar(50),
    grade varchar(20),
    channel integer,
    intention_course_id varchar(32),
    intention_level integer not null default 2,
    follow_status integer not null default 0,
    tags varchar(500),
    own_by varchar(32),
    owner_time timestamptz,
    last_follow_time timestamptz,
    next_follow_time timestamptz,
    topping integer not null default 0,
    top_time timestamptz,
    locked integer not null default 0,
    pool_reason varchar(200),
    pool_time timestamptz,
    return_warned_time timestamptz,
    student_id varchar(32),
    convert_time timestamptz,
    remark varchar(500),
    sys_org_code varchar(64),
    ${AUDIT},
    constraint tbl_lead_name check (char_length(name) between 1 and 50),
    constraint tbl_lead_level check (intention_level between 1 and 3),
    constraint tbl_lead_status check (follow_status between 0 and 5))`.execute(db);
  // Leads are deduplicated by phone among live rows (domain §7), like 学员.
  await sql`create unique index tbl_lead_phone on tbl_lead (phone) where del_flag = 0`.execute(db);
  // My leads: pinned first (newest pin first), then newest; the pool: own_by is null.
  await sql`create index tbl_lead_owner_order on tbl_lead (own_by, topping desc, top_time desc, create_time desc, id) where del_flag = 0`.execute(db);
  await sql`create index tbl_lead_next_follow on tbl_lead (own_by, next_follow_time) where del_flag = 0`.execute(db);
  await addPinyinKey(db, 'tbl_lead', 'name');

  // 跟进记录: method 1 电话 2 微信 3 到访; images comma-joined storage paths.
  await sql`create table tbl_lead_follow (
    id varchar(32) primary key,
    lead_id varchar(32) not null references tbl_lead (id),
    user_id varchar(32) not null,
    follow_time timestamptz not null default now(),
    method integer not null,
    content varchar(1000) not null,
    next_follow_time timestamptz,
    images varchar(2000),
    create_by varchar(50),
    create_time timestamptz not null default now(),
    constraint tbl_lead_follow_method check (method between 1 and 3))`.execute(db);
  await sql`create index tbl_lead_follow_lead on tbl_lead_follow (lead_id, follow_time desc)`.execute(db);

  // Owner history: action 领取/分配/退回/自动回收/转移/交接 (and 新建 for a lead's first owner).
  await sql`create table tbl_lead_owner_history (
    id varchar(32) primary key,
    lead_id varchar(32) not null,
    from_user varchar(32),
    to_user varchar(32),
    action varchar(10) not null,
    operator varchar(50),
    reason varchar(200),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index tbl_lead_owner_history_lead on tbl_lead_owner_history (lead_id, create_time desc)`.execute(db);

  // The pool's settings: one row, id 'default'.
  await sql`create table tbl_lead_pool_config (
    id varchar(32) primary key,
    enabled integer not null default 1,
    contact_expire_days integer not null default 15,
    deal_expire_days integer not null default 60,
    notify_enabled integer not null default 1,
    notify_days integer not null default 3,
    max_owned integer not null default 200,
    update_by varchar(50),
    update_time timestamptz,
    constraint tbl_lead_pool_config_days check (contact_expire_days between 1 and 3650 and deal_expire_days between 1 and 3650
      and notify_days between 0 and 365 and max_owned between 1 and 100000))`.execute(db);
  await sql`insert into tbl_lead_pool_config (id) values ('default')`.execute(db);

  // 协商任务: target_type lead / student / clazz; status 0 待办 1 进行中 2 已完成 3 已取消.
  await sql`create table tbl_task (
    id varchar(32) primary key,
    title varchar(100) not null,
    content varchar(1000),
    target_type varchar(10),
    target_id varchar(32),
    assignee varchar(32) not null,
    due_time timestamptz,
    status integer not null default 0,
    result varchar(1000),
    finish_time timestamptz,
    sys_org_code varchar(64),
    ${AUDIT},
    constraint tbl_task_title check (char_length(title) between 1 and 100),
    constraint tbl_task_status check (status between 0 and 3),
    constraint tbl_task_target check (target_type is null or target_type in ('lead', 'student', 'clazz')))`.execute(db);
  await sql`create index tbl_task_assignee on tbl_task (assignee, status, due_time) where del_flag = 0`.execute(db);
  await sql`create index tbl_task_target on tbl_task (target_type, target_id) where del_flag = 0`.execute(db);

  // 物品: stock never negative (a check, so no code path can break it); status 1 在售 0 停售.
  await sql`create table tbl_goods (
    id varchar(32) primary key,
    name varchar(100) not null,
    spec varchar(100),
    unit varchar(10),
    price numeric(10,2) not null default 0,
    stock integer not null default 0,
    warn_stock integer not null default 0,
    status integer not null default 1,
    remark varchar(500),
    sys_org_code varchar(64),
    ${AUDIT},
    constraint tbl_goods_name check (char_length(name) between 1 and 100),
    constraint tbl_goods_stock check (stock >= 0),
    constraint tbl_goods_warn check (warn_stock >= 0),
    constraint tbl_goods_price check (price >= 0))`.execute(db);
  await addPinyinKey(db, 'tbl_goods', 'name');
  // Stock movements: type 1 入库 2 销售 3 退货 4 初始化 5 盘点调整 6 订单作废 (ETMS); qty signed, stock_after kept.
  await sql`create table tbl_goods_stock_log (
    id varchar(32) primary key,
    goods_id varchar(32) not null references tbl_goods (id),
    type integer not null,
    qty integer not null,
    stock_after integer not null,
    remark varchar(200),
    create_by varchar(50),
    create_time timestamptz not null default now(),
    constraint tbl_goods_stock_log_type check (type between 1 and 6))`.execute(db);
  await sql`create index tbl_goods_stock_log_goods on tbl_goods_stock_log (goods_id, create_time desc)`.execute(db);

  // 工作交接: scopes comma-joined (lead, student, clazz, session, task); counts JSON text (per scope);
  // status 0 待处理 1 已完成 2 部分失败 (kept for the wire; one transaction means 1 or nothing written).
  await sql`create table tbl_work_handover (
    id varchar(32) primary key,
    from_user varchar(32) not null,
    to_user varchar(32) not null,
    scopes varchar(100) not null,
    counts varchar(500),
    status integer not null default 1,
    reason varchar(200),
    create_by varchar(50),
    create_time timestamptz not null default now())`.execute(db);
  await sql`create index tbl_work_handover_time on tbl_work_handover (create_time desc)`.execute(db);

  // Staff facts: campus (a 场地) and 在职 1 / 离职 2 with the day they left.
  await sql`alter table sys_user add column campus_id varchar(32)`.execute(db);
  await sql`alter table sys_user add column staff_status integer not null default 1`.execute(db);
  await sql`alter table sys_user add column leave_date date`.execute(db);
  // A role's landing page after sign-in (null: 行事历, spec 01 §2's home).
  await sql`alter table sys_role add column home_path varchar(200)`.execute(db);
}
