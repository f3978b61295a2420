/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import type { Envelope } from '../../../lib/envelope';

/*
 * 数据日志 of the writes outside the resource engine's save (issue #39 loose end; server/resources/data-log.ts
 * `recordDataVersions`): 放入线索池, 标签, 置顶, 领取 / 分配, 转化, 工作交接, stock movements and 教师调动 each leave a
 * sys_data_log version of the record they changed, inside their transaction. Starts from the prepared demo database.
 */

let be: TestBackend;
let admin: string;
let marketing: string;

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  marketing = await be.login('marketing');
}, 120_000);
afterAll(() => be?.close());

const post = async (path: string, json: unknown, token = marketing) => (await be.call(path, { method: 'POST', token, json })).body as Envelope;

/** The versions of one record, oldest first, with what they stored. */
const versions = async (table: string, id: string) =>
  (await be.db.selectFrom('sys_data_log').select(['data_version', 'data_content', 'create_by']).where('data_table', '=', table).where('data_id', '=', id).orderBy('data_version').execute()).map((r) => ({
    v: r.data_version,
    by: r.create_by,
    content: JSON.parse(r.data_content) as Record<string, unknown>,
  }));

let seq = 0;
async function insertLead(over: Record<string, unknown> = {}): Promise<string> {
  const id = `dl_lead_${++seq}`;
  await be.db.insertInto('tbl_lead').values({ id, name: `日志线索${seq}`, phone: `1366666${String(1000 + seq)}`, own_by: 'u_marketing', owner_time: new Date(), ...over }).execute();
  return id;
}

describe('hand-written writes are versioned (数据日志)', () => {
  it('放入线索池 stores the found state as version 1 and the pooled lead as version 2', async () => {
    const id = await insertLead();
    expect(await post('/crm/tblLead/toPool', { id })).toMatchObject({ success: true });
    const v = await versions('tbl_lead', id);
    expect(v.map((x) => [x.v, x.content.ownBy, x.by])).toEqual([
      [1, 'u_marketing', null],
      [2, null, 'marketing'],
    ]);
  });

  it('标签 and 置顶 each add a version', async () => {
    const id = await insertLead();
    expect(await post('/crm/tblLead/updateTags', { id, tags: '高意向' })).toMatchObject({ success: true });
    expect(await post('/crm/tblLead/topping', { id })).toMatchObject({ success: true });
    const v = await versions('tbl_lead', id);
    expect(v.map((x) => [x.v, x.content.tags, x.content.topping])).toEqual([
      [1, null, 0],
      [2, '高意向', 0],
      [3, '高意向', 1],
    ]);
  });

  it('领取 and 分配 add a version naming the new owner', async () => {
    const [a, b] = [await insertLead({ own_by: null }), await insertLead({ own_by: null })];
    expect(await post('/crm/leadPool/claim', { id: a })).toMatchObject({ success: true });
    expect(await post('/crm/leadPool/assign', { ids: [b], userId: 'u_marketing2' }, admin)).toMatchObject({ success: true });
    expect((await versions('tbl_lead', a)).at(-1)).toMatchObject({ v: 2, by: 'marketing', content: { ownBy: 'u_marketing' } });
    expect((await versions('tbl_lead', b)).at(-1)).toMatchObject({ v: 2, by: 'admin', content: { ownBy: 'u_marketing2' } });
  });

  it('转化 versions the lead and the new student', async () => {
    const id = await insertLead({ child_name: '日志孩子' });
    const course = await be.db.selectFrom('tbl_course').select('id').where('del_flag', '=', 0).executeTakeFirstOrThrow();
    const r = await post('/crm/tblLead/convert', { leadId: id, courseId: course.id, buyQty: 10 });
    expect(r).toMatchObject({ success: true });
    const { studentId } = r.result as { studentId: string };
    expect((await versions('tbl_lead', id)).at(-1)).toMatchObject({ v: 2, content: { followStatus: 5, studentId } });
    expect(await versions('tbl_student', studentId)).toMatchObject([{ v: 1, by: 'marketing', content: { name: '日志孩子', guardian: `日志线索${seq}` } }]);
  });

  it('工作交接 versions the moved leads', async () => {
    const id = await insertLead({ own_by: 'u_marketing2' });
    expect(await post('/edu/handover/add', { fromUser: 'u_marketing2', toUser: 'u_marketing', scopes: ['lead'] }, admin)).toMatchObject({ success: true });
    expect((await versions('tbl_lead', id)).map((x) => [x.v, x.content.ownBy])).toEqual([
      [1, 'u_marketing2'],
      [2, 'u_marketing'],
    ]);
  });

  it('a stock movement versions the goods with its new stock', async () => {
    const before = await be.db.selectFrom('tbl_goods').select(['id', 'stock']).where('del_flag', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    expect(await post('/edu/goods/stock', { goodsId: before.id, type: 1, qty: 3, remark: '日志' }, admin)).toMatchObject({ success: true });
    const v = await versions('tbl_goods', before.id);
    expect(v.map((x) => [x.v, x.content.stock])).toEqual([
      [1, before.stock],
      [2, before.stock + 3],
    ]);
  });

  it('教师调动 versions the teacher with its new 校区', async () => {
    const add = await post('/edu/tblTeacher/add', { name: '日志教师', phone: '13655550001', status: 1 }, admin);
    expect(add).toMatchObject({ success: true });
    const id = (add.result as { id: string }).id;
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(await post('/edu/tblTeacher/transfer', { teacherId: id, toDepartId: 'dep_sh', effectiveDate: today }, admin)).toMatchObject({ success: true });
    expect((await versions('tbl_teacher', id)).map((x) => [x.v, x.content.departId])).toEqual([
      [1, null],
      [2, 'dep_sh'],
    ]);
  });
});
