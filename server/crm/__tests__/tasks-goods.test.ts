/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/*
 * 协商任务 and 物品管理 (issue #23 items 5 and 7) through the production handler: due times, assignees, who sees
 * whose tasks, status changes, the bell's push and count; stock movements that never go below zero (also two
 * sales of the last items at once), 盘点调整's logged difference and the 库存不足 filter.
 */

let be: TestBackend;
let admin: string;
let jiaowu: string;
let marketing: string;
let marketing2: string;
let teacher2: string;
const pushes: { users: string[]; message: { cmd?: string } }[] = [];

type Page<T> = { records: T[]; total: number };
type TaskRow = { id: string; title: string; status: number; assignee: string; result: string | null; finishTime: string | null; overdue: boolean; targetId_dictText: string | null };
type GoodsRow = { id: string; name: string; stock: number; warnStock: number; lowStock: boolean };

beforeAll(async () => {
  be = await startTestBackend();
  be.setNotifier(async (users, message) => void pushes.push({ users, message: message as { cmd?: string } }));
  [admin, jiaowu, marketing, marketing2, teacher2] = await Promise.all(['admin', 'jiaowu', 'marketing', 'marketing2', 'teacher2'].map((u) => be.login(u)));
}, 120_000);
afterAll(() => be?.close());

const post = async (path: string, json: unknown, token: string) => (await be.call(path, { method: 'POST', token, json })).body as Envelope;
const get = async (path: string, token: string) => (await be.call(path, { token })).body as Envelope;
let seq = 0;
const uniq = (p: string) => `${p}${process.pid % 1000}-${++seq}`;
const FUTURE = '2099-06-01 09:00:00';

async function addTask(token: string, body: Record<string, unknown>): Promise<string> {
  const r = await post('/crm/task/add', { dueTime: FUTURE, ...body }, token);
  expect(r).toMatchObject({ success: true });
  return (r.result as { id: string }).id;
}

const taskList = async (token: string, query = '') => (await get(`/crm/task/list?pageSize=200${query}`, token)).result as Page<TaskRow>;

describe('协商任务', () => {
  it('refuses a due time in the past on add; an edit keeping an old due time passes, moving it back does not', async () => {
    const past = await post('/crm/task/add', { title: uniq('过期'), assignee: 'u_marketing', dueTime: '2020-01-01 10:00:00' }, marketing);
    expect(past).toMatchObject({ success: false, message: '任务截止时间不能早于当前时间' });
    const id = await addTask(marketing, { title: uniq('旧任务'), assignee: 'u_marketing' });
    await be.db.updateTable('tbl_task').set({ due_time: new Date('2021-03-01T02:00:00Z') }).where('id', '=', id).execute();
    const keep = await post('/crm/task/edit', { id, title: '改了标题', dueTime: '2021-03-01 10:00:00' }, marketing);
    expect(keep).toMatchObject({ success: true });
    const back = await post('/crm/task/edit', { id, dueTime: '2021-02-01 10:00:00' }, marketing);
    expect(back).toMatchObject({ success: false, message: '任务截止时间不能早于当前时间' });
  });

  it('the assignee must be active and 在职; an unknown target is refused', async () => {
    const frozen = await post('/crm/task/add', { title: uniq('冻结'), assignee: 'u_frozen', dueTime: FUTURE }, marketing);
    expect(frozen).toMatchObject({ success: false, message: '负责人须为在职且未冻结的用户' });
    await be.db.updateTable('sys_user').set({ staff_status: 2 }).where('id', '=', 'u_teacher').execute();
    const left = await post('/crm/task/add', { title: uniq('离职'), assignee: 'u_teacher', dueTime: FUTURE }, marketing);
    expect(left).toMatchObject({ success: false, message: '负责人须为在职且未冻结的用户' });
    const options = (await get('/crm/task/assigneeList?pageSize=50', marketing)).result as Page<{ id: string }>;
    expect(options.records.map((o) => o.id)).toEqual(expect.arrayContaining(['u_marketing', 'u_academic']));
    expect(options.records.map((o) => o.id)).not.toEqual(expect.arrayContaining(['u_teacher']));
    expect(options.records.map((o) => o.id)).not.toContain('u_frozen');
    const target = await post('/crm/task/add', { title: uniq('目标'), assignee: 'u_marketing', dueTime: FUTURE, targetType: 'student', targetId: 'nope' }, marketing);
    expect(target).toMatchObject({ success: false, message: '关联对象不存在，请重新选择' });
  });

  it('each sees tasks given to or created by them; someone else’s task is not found; 教务 (crm:task:all) sees all', async () => {
    const title = uniq('可见性');
    const id = await addTask(marketing, { title, assignee: 'u_academic' });
    // The assignee's bell is told at once.
    expect(pushes.some((p) => p.users.includes('u_academic') && p.message.cmd === 'user')).toBe(true);

    expect((await taskList(marketing, '&view=created')).records.map((r) => r.id)).toContain(id);
    expect((await taskList(marketing)).records.map((r) => r.id)).not.toContain(id); // 我的任务: assigned to me
    expect((await taskList(jiaowu)).records.map((r) => r.id)).toContain(id);

    const other = await get(`/crm/task/queryById?id=${id}`, marketing2);
    expect(other).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await taskList(marketing2, '&view=all')).records.map((r) => r.id)).not.toContain(id);
    expect(await post('/crm/task/changeStatus', { id, status: 3 }, marketing2)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await post('/crm/task/edit', { id, title: '抢改' }, marketing2)).toMatchObject({ success: false });
    expect(await get(`/crm/task/queryById?id=${id}`, teacher2)).toMatchObject({ success: false, code: 510 });

    expect((await taskList(admin, '&view=all')).records.map((r) => r.id)).toContain(id);
    const all = await taskList(jiaowu, `&view=all&title=${encodeURIComponent(`*${title}*`)}`);
    expect(all.records.map((r) => r.id)).toEqual([id]);
  });

  it('开始 / 完成 (with a result) / 取消; closed tasks stay closed; the bell counts my 待办', async () => {
    const before = ((await get('/crm/task/myTodo', marketing2)).result as { total: number }).total;
    const id = await addTask(marketing, { title: uniq('状态'), assignee: 'u_marketing2' });
    const todo = (await get('/crm/task/myTodo', marketing2)).result as { total: number; records: { id: string }[] };
    expect(todo.total).toBe(before + 1);
    expect(todo.records.map((r) => r.id)).toContain(id);

    expect(await post('/crm/task/changeStatus', { id, status: 1 }, marketing2)).toMatchObject({ success: true });
    expect(((await get('/crm/task/myTodo', marketing2)).result as { total: number }).total).toBe(before);
    expect(await post('/crm/task/changeStatus', { id, status: 2, result: '  ' }, marketing2)).toMatchObject({ success: false, message: '完成任务请填写处理结果' });
    expect(await post('/crm/task/changeStatus', { id, status: 2, result: '已电话沟通，下周到访' }, marketing2)).toMatchObject({ success: true });
    const row = (await get(`/crm/task/queryById?id=${id}`, marketing)).result as TaskRow;
    expect(row).toMatchObject({ status: 2, result: '已电话沟通，下周到访' });
    expect(row.finishTime).toBeTruthy();
    expect(await post('/crm/task/changeStatus', { id, status: 3 }, marketing)).toMatchObject({ success: false, message: '任务已完成或已取消，不能再修改' });
    expect(await post('/crm/task/edit', { id, title: '已完成还改' }, marketing)).toMatchObject({ success: false, message: '任务已完成或已取消，不能再修改' });
  });

  it('marks open tasks past due as overdue', async () => {
    const id = await addTask(marketing, { title: uniq('逾期'), assignee: 'u_marketing' });
    await be.db.updateTable('tbl_task').set({ due_time: new Date(Date.now() - 3_600_000) }).where('id', '=', id).execute();
    const row = (await get(`/crm/task/queryById?id=${id}`, marketing)).result as TaskRow;
    expect(row.overdue).toBe(true);
  });
});

describe('物品管理', () => {
  async function addGoods(body: Record<string, unknown>): Promise<string> {
    const r = await post('/edu/goods/add', { price: 10, warnStock: 2, ...body }, jiaowu);
    expect(r).toMatchObject({ success: true });
    return (r.result as { id: string }).id;
  }
  const stockOf = async (id: string) => (await be.db.selectFrom('tbl_goods').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const logsOf = async (id: string) => ((await get(`/edu/goods/stockLog/list?goodsId=${id}&pageSize=50`, jiaowu)).result as Page<{ type: number; qty: number; stockAfter: number; createBy_dictText: string }>).records;
  const move = (goodsId: string, type: number, qty: number, token = jiaowu) => post('/edu/goods/stock', { goodsId, type, qty, remark: '测试' }, token);

  it('initial stock is a 初始化 movement; 库存 is not written by the form; price ≥ 0', async () => {
    const id = await addGoods({ name: uniq('绘本'), initStock: 5, stock: 999 });
    expect(await stockOf(id)).toBe(5);
    expect(await logsOf(id)).toMatchObject([{ type: 4, qty: 5, stockAfter: 5, createBy_dictText: '赵立新' }]);
    expect(await post('/edu/goods/edit', { id, stock: 100, initStock: 100 }, jiaowu)).toMatchObject({ success: true });
    expect(await stockOf(id)).toBe(5);
    expect(await post('/edu/goods/add', { name: uniq('负价'), price: -1 }, jiaowu)).toMatchObject({ success: false, message: '单价不能为负数' });
  });

  it('a sale over the stock is refused and nothing changes; 入库 / 退货 add; 盘点调整 logs the difference', async () => {
    const id = await addGoods({ name: uniq('书包'), initStock: 3 });
    expect(await move(id, 2, 4)).toMatchObject({ success: false, message: '库存不足，当前库存3件' });
    expect(await stockOf(id)).toBe(3);
    expect(await logsOf(id)).toHaveLength(1);

    expect(await move(id, 2, 2)).toMatchObject({ success: true, result: { stock: 1, qty: -2 } });
    expect(await move(id, 1, 10)).toMatchObject({ success: true, result: { stock: 11 } });
    expect(await move(id, 3, 1)).toMatchObject({ success: true, result: { stock: 12 } });
    expect(await move(id, 5, 9)).toMatchObject({ success: true, result: { stock: 9, qty: -3 } });
    expect(await move(id, 4, 9)).toMatchObject({ success: false, message: '请选择出入库类型' });
    expect(await move(id, 2, 0)).toMatchObject({ success: false, message: '数量须为正整数' });
    expect((await logsOf(id)).map((l) => [l.type, l.qty, l.stockAfter])).toEqual([
      [5, -3, 9],
      [3, 1, 12],
      [1, 10, 11],
      [2, -2, 1],
      [4, 3, 3],
    ]);
    expect(await move(id, 1, 1, marketing)).toMatchObject({ success: false, code: 510 });
  });

  it('two sales of the last items at once: one wins, the stock stays at zero', async () => {
    const id = await addGoods({ name: uniq('点读笔'), initStock: 2 });
    const [a, b] = await Promise.all([move(id, 2, 2), move(id, 2, 2)]);
    expect([a.success, b.success].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.success)?.message).toBe('库存不足，当前库存0件');
    expect(await stockOf(id)).toBe(0);
    expect((await logsOf(id)).map((l) => l.type)).toEqual([2, 4]);
  });

  it('仅看库存不足 lists goods at or below their warning level (and flags them)', async () => {
    const tag = uniq('低库存');
    const low = await addGoods({ name: `${tag}A`, initStock: 2, warnStock: 2 });
    const fine = await addGoods({ name: `${tag}B`, initStock: 3, warnStock: 2 });
    const q = `/edu/goods/list?pageSize=50&name=${encodeURIComponent(`*${tag}*`)}`;
    const lowOnly = (await get(`${q}&lowStock=1`, jiaowu)).result as Page<GoodsRow>;
    expect(lowOnly.records.map((r) => r.id)).toEqual([low]);
    const every = (await get(q, jiaowu)).result as Page<GoodsRow>;
    expect(every.records.map((r) => [r.id, r.lowStock])).toEqual([
      [low, true],
      [fine, false],
    ]);
  });
});
