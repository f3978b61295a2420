import type { Database } from '../db/index';
import { TASK_STATUS } from '../../lib/crm/task-rules';
import { STOCK_TYPE } from '../../lib/edu/goods-rules';

/**
 * Demo 协商任务 and 物品 (issue #23 items 5 and 7), so marketing and 教务 find work waiting: tasks between
 * marketing, marketing2 and jiaowu (one overdue, one done), and a dozen goods, three at or below their warning
 * level, each with its 初始化 movement. Fixed ids with "do nothing" on conflict: idempotent, and a row an
 * administrator deleted (soft) stays deleted.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type TargetType = 'lead' | 'student' | 'clazz';

async function firstIds(db: Database, table: 'tbl_lead' | 'tbl_student' | 'tbl_clazz'): Promise<string[]> {
  const rows = await db.selectFrom(table).select('id').where('del_flag', '=', 0).orderBy('create_time').orderBy('id').limit(2).execute();
  return rows.map((r) => r.id);
}

export async function seedCrmOps(db: Database, now = new Date()): Promise<void> {
  const users = await db.selectFrom('sys_user').select('id').where('id', 'in', ['u_marketing', 'u_marketing2', 'u_academic']).execute();
  if (users.length === 3) await seedTasks(db, now);
  await seedGoods(db);
}

async function seedTasks(db: Database, now: Date) {
  const [leads, students, classes] = await Promise.all([firstIds(db, 'tbl_lead'), firstIds(db, 'tbl_student'), firstIds(db, 'tbl_clazz')]);
  const target = (type: TargetType, ids: string[], i = 0) => (ids[i] ? { target_type: type, target_id: ids[i] } : { target_type: null, target_id: null });
  const at = (ms: number) => new Date(now.getTime() + ms);
  const tasks = [
    { id: 'demo_task_01', title: '回访试听家长，确认报名意向', assignee: 'u_marketing', create_by: 'jiaowu', due_time: at(DAY), ...target('lead', leads) },
    { id: 'demo_task_02', title: '提醒学员续费课时包', assignee: 'u_marketing', create_by: 'jiaowu', due_time: at(-2 * HOUR), ...target('student', students) },
    { id: 'demo_task_03', title: '协调班级调课时间', assignee: 'u_academic', create_by: 'marketing', due_time: at(2 * DAY), ...target('clazz', classes) },
    { id: 'demo_task_04', title: '准备开学礼包名单', assignee: 'u_marketing2', create_by: 'marketing', due_time: at(3 * DAY), ...target('lead', leads, 1) },
    {
      id: 'demo_task_05',
      title: '整理上月到访记录',
      assignee: 'u_marketing',
      create_by: 'jiaowu',
      due_time: at(-3 * DAY),
      status: TASK_STATUS.done,
      result: '已整理并发给教务',
      finish_time: at(-4 * DAY),
      target_type: null,
      target_id: null,
    },
    { id: 'demo_task_06', title: '电话沟通体验课反馈', assignee: 'u_marketing', create_by: 'marketing', due_time: at(4 * HOUR), status: TASK_STATUS.doing, ...target('student', students, 1) },
  ];
  await db
    .insertInto('tbl_task')
    .values(tasks.map((t) => ({ content: null, sys_org_code: 'A01A02', create_time: at(-DAY), ...t })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** [name, spec, unit, price, stock, warn_stock, status] */
const GOODS: [string, string, string, number, number, number, number][] = [
  ['少儿英语绘本（一级）', '16开 12册', '套', 198, 24, 5, 1],
  ['少儿英语绘本（二级）', '16开 12册', '套', 218, 4, 5, 1],
  ['数学思维练习册', 'A4 上册', '本', 35, 60, 10, 1],
  ['数学思维练习册（下册）', 'A4 下册', '本', 35, 8, 10, 1],
  ['书包', '蓝色 中号', '个', 89, 15, 5, 1],
  ['校服T恤', '130码', '件', 69, 0, 3, 1],
  ['校服T恤', '150码', '件', 69, 12, 3, 1],
  ['文具套装', '铅笔+橡皮+尺', '套', 25, 100, 20, 1],
  ['点读笔', '32G', '支', 399, 6, 2, 1],
  ['旧版教材', '2024版', '本', 20, 3, 0, 0],
];

async function seedGoods(db: Database) {
  const id = (i: number) => `demo_goods_${String(i + 1).padStart(2, '0')}`;
  const inserted = await db
    .insertInto('tbl_goods')
    .values(
      GOODS.map(([name, spec, unit, price, stock, warn, status], i) => ({
        id: id(i),
        name,
        name_pinyin: null,
        spec,
        unit,
        price,
        stock,
        warn_stock: warn,
        status,
        remark: null,
        sys_org_code: 'A01A01',
        create_by: 'jiaowu',
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .returning(['id', 'stock'])
    .execute();
  const logs = inserted
    .filter((g) => g.stock > 0)
    .map((g) => ({ id: `${g.id}_init`, goods_id: g.id, type: STOCK_TYPE.init, qty: g.stock, stock_after: g.stock, remark: '初始库存', create_by: 'jiaowu' }));
  if (logs.length) await db.insertInto('tbl_goods_stock_log').values(logs).onConflict((oc) => oc.column('id').doNothing()).execute();
}
