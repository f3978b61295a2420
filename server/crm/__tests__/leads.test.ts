/** @jest-environment node */
import { endOfShanghaiDay, LEAD_MESSAGES } from '../../../lib/crm/lead-rules';
import { TASK_MESSAGES } from '../../../lib/crm/task-rules';
import { formatDateTime } from '../../core/format';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/*
 * 线索 and 跟进记录 (issue #23 items 1–2) through the production handler: the resource engine's list / add / edit
 * with the lead hooks (server/crm/catalog-lead.ts) and the hand-written routes (server/crm/lead-routes.ts).
 * marketing (王晓雨) has the marketing flag; marketing2 (陈思远) does not. The demo seed's leads are there too,
 * so lists are filtered by this file's own names.
 */

let be: TestBackend;
let m1: string;
let m2: string;

type Page = { records: Record<string, unknown>[]; total: number };

beforeAll(async () => {
  be = await startTestBackend();
  [m1, m2] = [await be.login('marketing'), await be.login('marketing2')];
}, 120_000);
afterAll(() => be?.close());

const API = '/crm/tblLead';
const send = async (method: string, path: string, json: unknown, token: string) => (await be.call(path, { method, token, json })).body as Envelope;
const post = (path: string, json: unknown, token = m1) => send('POST', path, json, token);
const get = async (path: string, token = m1) => (await be.call(path, { token })).body as Envelope;
const list = async (query: string, token = m1) => (await get(`${API}/list?${query}`, token)).result as Page;

let seq = 0;
const phone = () => `1377${String(Date.now() % 10_000).padStart(4, '0')}${String(++seq).padStart(3, '0')}`;
const future = (ms: number) => formatDateTime(new Date(Date.now() + ms))!;
const HOUR = 3600_000;

async function addLead(name: string, token = m1, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await post(`${API}/add`, { name, phone: phone(), ...extra }, token);
  expect(r).toMatchObject({ success: true });
  return String((r.result as { id: string }).id);
}

const leadRow = (id: string) => be.db.selectFrom('tbl_lead').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const historyOf = (id: string) => be.db.selectFrom('tbl_lead_owner_history').selectAll().where('lead_id', '=', id).orderBy('create_time').execute();

describe('add and the duplicate phone', () => {
  it('makes the creator the owner (新建), normalises the phone and refuses a duplicate naming the owner', async () => {
    const r = await post(`${API}/add`, { name: '查重测试', phone: '+86 139 1234 5670', tags: '高意向，二胎' });
    expect(r).toMatchObject({ success: true, result: { ownBy: 'u_marketing', phone: '13912345670', tags: '高意向,二胎', followStatus: 0 } });
    const id = String((r.result as { id: string }).id);
    expect((await leadRow(id)).owner_time).toBeInstanceOf(Date);
    expect((await historyOf(id)).map((h) => [h.action, h.from_user, h.to_user])).toEqual([['新建', null, 'u_marketing']]);

    expect(await post(`${API}/add`, { name: '查重二', phone: '13912345670' }, m2)).toMatchObject({ success: false, message: '该手机号已存在线索（负责人：王晓雨）' });
    // A pool lead of the demo seed (own_by null).
    const pooled = await be.db.selectFrom('tbl_lead').select('phone').where('own_by', 'is', null).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    expect(await post(`${API}/add`, { name: '查重三', phone: pooled.phone }, m2)).toMatchObject({ success: false, message: LEAD_MESSAGES.duplicateInPool });
  });
});

describe('visibility and ownership', () => {
  it('marketing2 neither sees, edits nor moves marketing\'s lead (未找到); marketing (flag) sees and edits every owner\'s', async () => {
    const mine = await addLead('可见性甲');
    const theirs = await addLead('可见性乙', m2);
    expect((await list('name=*可见性*', m2)).records.map((r) => r.id)).toEqual([theirs]);
    expect(await get(`${API}/queryById?id=${mine}`, m2)).toMatchObject({ success: false, message: LEAD_MESSAGES.notFound });
    expect(await send('PUT', `${API}/edit`, { id: mine, remark: '改' }, m2)).toMatchObject({ success: false, message: LEAD_MESSAGES.notFound });
    expect(await post(`${API}/toPool`, { id: mine, reason: '测试' }, m2)).toMatchObject({ success: false, message: LEAD_MESSAGES.notFound });
    expect(await post(`${API}/updateTags`, { id: mine, tags: 'x' }, m2)).toMatchObject({ success: false, message: LEAD_MESSAGES.notFound });
    expect((await leadRow(mine)).own_by).toBe('u_marketing');

    expect(new Set((await list('name=*可见性*')).records.map((r) => r.id))).toEqual(new Set([mine, theirs]));
    expect(await send('PUT', `${API}/edit`, { id: theirs, remark: '市场改' }, m1)).toMatchObject({ success: true });
    expect(await post(`${API}/topping`, { id: theirs }, m1)).toMatchObject({ success: true });
    expect(await leadRow(theirs)).toMatchObject({ remark: '市场改', own_by: 'u_marketing2', topping: 1 });
  });

  it('a user who sees every lead (crm:lead:all) without the marketing flag still may not move another\'s', async () => {
    const mine = await addLead('负责人测试');
    // Grant marketing's role the 查看全部线索 button for this test only.
    const link = { id: 'test_lead_all_link', role_id: 'role_marketing', permission_id: 'perm_btn_lead_all' };
    await be.db.insertInto('sys_role_permission').values(link).execute();
    try {
      expect((await list('name=负责人测试', m2)).total).toBe(1);
      expect(await post(`${API}/toPool`, { id: mine, reason: '测试' }, m2)).toMatchObject({ success: false, message: LEAD_MESSAGES.notOwner });
      expect(await post(`${API}/addBatchTask`, { ids: mine, title: '回访', assignee: 'u_marketing2', dueTime: future(HOUR) }, m2)).toMatchObject({ success: false, message: LEAD_MESSAGES.notOwner });
    } finally {
      await be.db.deleteFrom('sys_role_permission').where('id', '=', link.id).execute();
    }
  });
});

describe('list order', () => {
  it('lists pinned leads first (newest pin first), then the newest; a chosen sort replaces it', async () => {
    const a = await addLead('置顶测试甲');
    const b = await addLead('置顶测试乙');
    const order = async (q = '') => (await list(`name=*置顶测试*&column=createTime&order=desc${q}`)).records.map((r) => r.id);
    expect(await order()).toEqual([b, a]);
    expect(await post(`${API}/topping`, { id: a })).toMatchObject({ success: true, message: '置顶成功', result: { topping: 1 } });
    expect(await order()).toEqual([a, b]);
    expect((await send('PUT', `${API}/topping`, { id: b }, m1)).success).toBe(true);
    expect(await order()).toEqual([b, a]);
    // The user's own sort: by 姓名 descending (乙 before 甲 in 拼音), pins aside.
    await post(`${API}/topping`, { id: b });
    expect(await order()).toEqual([a, b]);
    expect((await list('name=*置顶测试*&column=name&order=desc')).records.map((r) => r.id)).toEqual([b, a]);
    expect(await leadRow(b)).toMatchObject({ topping: 0, top_time: null });
  });
});

describe('actions', () => {
  it('updateTags replaces the set and refuses 21 tags or a 21-character tag, keeping the stored ones', async () => {
    const id = await addLead('标签测试', m1, { tags: '旧标签' });
    expect(await post(`${API}/updateTags`, { id, tags: ['新一', '新二', '新一'] })).toMatchObject({ success: true, result: { tags: '新一,新二' } });
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(await post(`${API}/updateTags`, { id, tags: many })).toMatchObject({ success: false, message: LEAD_MESSAGES.tooManyTags });
    expect(await post(`${API}/updateTags`, { id, tags: ['字'.repeat(21)] })).toMatchObject({ success: false, message: LEAD_MESSAGES.tagTooLong });
    expect(await send('PUT', `${API}/edit`, { id, tags: many.join(',') }, m1)).toMatchObject({ success: false, message: LEAD_MESSAGES.tooManyTags });
    expect((await leadRow(id)).tags).toBe('新一,新二');
  });

  it('toPool / toPoolBatch take the spec shape (id / ids only): the reason is optional', async () => {
    const [a, b, c] = [await addLead('无因入池甲'), await addLead('无因入池乙'), await addLead('无因入池丙')];
    expect(await post(`${API}/toPool`, { id: a })).toMatchObject({ success: true });
    expect(await post(`${API}/toPoolBatch`, { ids: `${b},${c}`, reason: '  ' })).toMatchObject({ success: true, result: { count: 2 } });
    for (const id of [a, b, c]) expect(await leadRow(id)).toMatchObject({ own_by: null, pool_reason: null });
    expect((await historyOf(a)).at(-1)).toMatchObject({ action: '退回', reason: null });
    expect(await post(`${API}/toPool`, { id: await addLead('长因入池'), reason: '因'.repeat(201) })).toMatchObject({ success: false, message: LEAD_MESSAGES.reasonTooLong });
  });

  it('toPoolBatch moves the leads with a reason, keeps their follow-ups and records 退回', async () => {
    const [a, b] = [await addLead('入池测试甲'), await addLead('入池测试乙')];
    expect(await post('/crm/tblLeadFollow/add', { leadId: a, method: 2, content: '微信联系' })).toMatchObject({ success: true });
    expect(await post(`${API}/toPoolBatch`, { ids: `${a},${b}`, reason: '暂无需求' })).toMatchObject({ success: true, result: { count: 2 } });
    const row = await leadRow(a);
    expect(row).toMatchObject({ own_by: null, pool_reason: '暂无需求', follow_status: 1 });
    expect(row.pool_time).toBeInstanceOf(Date);
    expect(row.last_follow_time).toBeInstanceOf(Date);
    expect((await historyOf(b)).map((h) => [h.action, h.from_user, h.to_user, h.operator, h.reason])).toEqual([
      ['新建', null, 'u_marketing', 'marketing', null],
      ['退回', 'u_marketing', null, 'marketing', '暂无需求'],
    ]);
    expect((await list('name=*入池测试*')).total).toBe(0);
    // The drawer's history names the users.
    const hist = (await get(`${API}/ownerHistory?leadId=${b}`)).result as { action: string; fromUserName: string | null }[];
    expect(hist.map((h) => [h.action, h.fromUserName])).toEqual([
      ['退回', '王晓雨'],
      ['新建', null],
    ]);
  });

  it('addBatchTask makes one task per lead in one go and refuses a due time in the past', async () => {
    const [a, b] = [await addLead('任务测试甲'), await addLead('任务测试乙')];
    const tasksOf = () => be.db.selectFrom('tbl_task').select(['target_type', 'target_id', 'assignee', 'title', 'status']).where('target_id', 'in', [a, b]).orderBy('target_id').execute();
    expect(await post(`${API}/addBatchTask`, { ids: [a, b], title: '回访', assignee: 'u_marketing2', dueTime: formatDateTime(new Date(Date.now() - 2 * HOUR)) })).toMatchObject({ success: false, message: TASK_MESSAGES.duePast });
    expect(await tasksOf()).toEqual([]);
    expect(await post(`${API}/addBatchTask`, { ids: `${a},${b}`, title: '回访', assignee: 'u_marketing2', dueTime: future(2 * HOUR), content: '约试听' })).toMatchObject({ success: true, result: { count: 2 } });
    expect(await tasksOf()).toEqual(
      [a, b].sort().map((id) => ({ target_type: 'lead', target_id: id, assignee: 'u_marketing2', title: '回访', status: 0 })),
    );
  });
});

describe('跟进记录 and 今日待跟进', () => {
  it('a follow-up sets the last and next follow-up times and 待跟进 → 跟进中; listed newest first', async () => {
    const id = await addLead('跟进测试');
    const next = future(26 * HOUR).slice(0, 16);
    expect(await post('/crm/tblLeadFollow/add', { leadId: id, method: 1, content: '  ' })).toMatchObject({ success: false, message: LEAD_MESSAGES.followContentRequired });
    expect(await post('/crm/tblLeadFollow/add', { leadId: id, method: 1, content: '电话', nextFollowTime: formatDateTime(new Date(Date.now() - 2 * HOUR)) })).toMatchObject({ success: false, message: LEAD_MESSAGES.nextFollowInPast });
    expect(await post('/crm/tblLeadFollow/add', { leadId: id, method: 1, content: '电话', images: '../etc/passwd.png' })).toMatchObject({ success: false, message: LEAD_MESSAGES.imageInvalid });
    expect(await post('/crm/tblLeadFollow/add', { leadId: id, method: 1, content: '第一次电话' }, m2)).toMatchObject({ success: false, message: LEAD_MESSAGES.notFound });
    const before = Date.now();
    expect(await post('/crm/tblLeadFollow/add', { leadId: id, method: 1, content: '第一次电话', nextFollowTime: next })).toMatchObject({ success: true });
    const row = await leadRow(id);
    expect(row.follow_status).toBe(1);
    expect(row.last_follow_time!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(formatDateTime(row.next_follow_time)).toBe(`${next}:00`);
    expect(await post('/crm/tblLeadFollow/add', { leadId: id, method: 3, content: '到访' })).toMatchObject({ success: true });
    expect((await leadRow(id)).next_follow_time).toBeNull();
    const page = (await get(`/crm/tblLeadFollow/list?leadId=${id}`)).result as Page;
    expect(page.records.map((r) => [r.content, r.userName])).toEqual([
      ['到访', '王晓雨'],
      ['第一次电话', '王晓雨'],
    ]);
  });

  it('followDue=today lists my leads due before the end of today (overdue ones included), by next follow-up', async () => {
    const [overdue, today, later] = [await addLead('待跟进甲'), await addLead('待跟进乙'), await addLead('待跟进丙')];
    const end = endOfShanghaiDay(new Date());
    const set = (id: string, at: Date) => be.db.updateTable('tbl_lead').set({ next_follow_time: at }).where('id', '=', id).execute();
    await set(overdue, new Date(Date.now() - 5 * HOUR));
    await set(today, new Date(end.getTime() - 1000));
    await set(later, new Date(end.getTime() + HOUR));
    const q = 'name=*待跟进*&followDue=today&column=nextFollowTime&order=asc';
    expect((await list(q)).records.map((r) => r.id)).toEqual([overdue, today]);
    // Only the whitelisted value filters; marketing2 sees none of marketing's.
    expect((await list('name=*待跟进*&followDue=all')).total).toBe(3);
    expect((await list(q, m2)).total).toBe(0);
  });
});
