/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { linkId } from '../../core/ids';
import { DICT_MISSING, ITEM_VALUE_TAKEN, SORT_ORDER_RANGE } from '../catalog-dict';
import { ITEM_NOT_FOUND } from '../dict-item-batch-routes';

/** 字典项 批量编辑: `POST /sys/dictItem/saveBatch` through the production handler. */
let be: TestBackend;
let admin: string;
let academic: string;
let dictId: string;
let otherDictId: string;

const save = async (json: unknown, token = admin) => (await be.call('/sys/dictItem/saveBatch', { method: 'POST', token, json })).body;
const items = async (id = dictId) =>
  be.db.selectFrom('sys_dict_item').select(['id', 'item_text', 'item_value', 'description', 'sort_order', 'status', 'create_by', 'update_by']).where('dict_id', '=', id).orderBy('sort_order').execute();

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  academic = await be.login('jiaowu');
  const add = async (code: string) => {
    const id = `dict_batch_${code}`;
    await be.db.insertInto('sys_dict').values({ id, dict_name: code, dict_code: code }).execute();
    return id;
  };
  dictId = await add('batch_a');
  otherDictId = await add('batch_b');
  await be.db
    .insertInto('sys_dict_item')
    .values([
      { id: 'it_a1', dict_id: dictId, item_text: '一', item_value: '1', sort_order: 1 },
      { id: 'it_a2', dict_id: dictId, item_text: '二', item_value: '2', sort_order: 2 },
      { id: 'it_b1', dict_id: otherDictId, item_text: '别', item_value: '1', sort_order: 1 },
    ])
    .execute();
}, 120_000);
afterAll(() => be.close());

describe('POST /sys/dictItem/saveBatch', () => {
  it('needs a session', async () => {
    expect((await be.call('/sys/dictItem/saveBatch', { method: 'POST', json: { dictId, rows: [] } })).body.success).toBe(false);
  });

  it('refuses the whole batch when any needed permission is missing (add / edit / delete each)', async () => {
    // 教务 gets add + list only, through its role.
    for (const p of ['perm_btn_dict_item_add', 'perm_btn_dict_item_list']) {
      await be.db.insertInto('sys_role_permission').values({ id: linkId('role_academic', p), role_id: 'role_academic', permission_id: p }).onConflict((oc) => oc.doNothing()).execute();
    }
    const newRow = { id: '__new_1', itemText: '三', itemValue: '3', sortOrder: 3, status: 1 };
    const edit = { id: 'it_a1', itemText: '壹', itemValue: '1' };
    expect(await save({ dictId, rows: [newRow, edit] }, academic)).toMatchObject({ success: false, code: 510 });
    expect(await save({ dictId, rows: [newRow], deleteIds: ['it_a2'] }, academic)).toMatchObject({ success: false, code: 510 });
    expect((await items()).map((r) => r.item_value)).toEqual(['1', '2']);
    // With add alone it goes through.
    expect(await save({ dictId, rows: [newRow] }, academic)).toMatchObject({ success: true, result: { inserted: 1, updated: 0, deleted: 0 } });
    await be.db.deleteFrom('sys_dict_item').where('dict_id', '=', dictId).where('item_value', '=', '3').execute();
  });

  it('inserts, edits and deletes in one go; temporary ids are never stored', async () => {
    const r = await save({
      dictId,
      rows: [
        { id: '__new_x', itemText: '三', itemValue: '3', description: '新', sortOrder: 3, status: 0 },
        { id: 'it_a1', itemText: '壹', itemValue: '1', description: '改', sortOrder: 1, status: 1 },
      ],
      deleteIds: ['it_a2'],
    });
    expect(r).toMatchObject({ success: true, message: '保存成功！', result: { inserted: 1, updated: 1, deleted: 1 } });
    const rows = await items();
    expect(rows.map((x) => [x.item_text, x.item_value, x.description, x.sort_order, x.status])).toEqual([
      ['壹', '1', '改', 1, 1],
      ['三', '3', '新', 3, 0],
    ]);
    expect(rows.some((x) => x.id.startsWith('__new_'))).toBe(false);
    expect(rows.find((x) => x.item_value === '3')?.create_by).toBe('admin');
    expect(rows.find((x) => x.item_value === '1')?.update_by).toBe('admin');
  });

  it('allows swapping two values inside one batch, and refuses a value used twice', async () => {
    const before = await items();
    const [a, b] = before;
    expect(await save({ dictId, rows: [{ id: a.id, itemText: a.item_text, itemValue: b.item_value }, { id: b.id, itemText: b.item_text, itemValue: a.item_value }] })).toMatchObject({ success: true });
    expect((await items()).map((x) => x.item_value)).toEqual([b.item_value, a.item_value]);

    const dup = await save({ dictId, rows: [{ id: '__new_1', itemText: 'x', itemValue: 'dup' }, { id: '__new_2', itemText: 'y', itemValue: 'dup' }] });
    expect(dup).toMatchObject({ success: false });
    expect(dup.message).toContain(ITEM_VALUE_TAKEN);
    const clash = await save({ dictId, rows: [{ itemText: 'x', itemValue: a.item_value }] });
    expect(clash.message).toContain(ITEM_VALUE_TAKEN);
    const editClash = await save({ dictId, rows: [{ id: a.id, itemText: 'x', itemValue: a.item_value }] });
    expect(editClash.message).toContain(ITEM_VALUE_TAKEN);
    expect((await items()).length).toBe(2);
  });

  it('validates every row (required, lengths, sort range, status) and names the row', async () => {
    expect((await save({ dictId, rows: [{ itemText: '', itemValue: '9' }] })).message).toBe('第1行：请输入名称!');
    expect((await save({ dictId, rows: [{ itemText: 'ok', itemValue: '8' }, { itemText: 'a', itemValue: ' ' }] })).message).toBe('第2行：请输入数据值!');
    expect((await save({ dictId, rows: [{ itemText: 'x'.repeat(101), itemValue: '9' }] })).message).toBe('第1行：名称最多100个字符');
    expect((await save({ dictId, rows: [{ itemText: 'a', itemValue: '9', sortOrder: 10_000_000 }] })).message).toBe(`第1行：${SORT_ORDER_RANGE}`);
    expect((await save({ dictId, rows: [{ itemText: 'a', itemValue: '9', status: 5 }] })).success).toBe(false);
    expect((await items()).map((x) => x.item_value)).not.toContain('8');
  });

  it('never touches another dictionary or a missing one', async () => {
    expect((await save({ dictId, rows: [{ id: 'it_b1', itemText: 'hack', itemValue: 'h' }] })).message).toBe(ITEM_NOT_FOUND);
    expect((await save({ dictId, deleteIds: ['it_b1'] })).message).toBe(ITEM_NOT_FOUND);
    expect((await save({ dictId: 'nope', rows: [{ itemText: 'a', itemValue: 'b' }] })).message).toBe(DICT_MISSING);
    expect(await items(otherDictId)).toMatchObject([{ id: 'it_b1', item_text: '别' }]);
  });

  it('GET listAll answers every item of one dictionary in sort order, with the list permission only', async () => {
    const b = (await be.call(`/sys/dictItem/listAll?dictId=${otherDictId}`, { token: admin })).body;
    expect(b).toMatchObject({ success: true, result: { total: 1, records: [{ id: 'it_b1', dictId: otherDictId, itemText: '别', itemValue: '1', sortOrder: 1, status: 1 }] } });
    const teacher = await be.login('teacher');
    expect((await be.call(`/sys/dictItem/listAll?dictId=${otherDictId}`, { token: teacher })).body).toMatchObject({ success: false, code: 510 });
    expect((await be.call('/sys/dictItem/listAll?dictId=', { token: admin })).body.message).toBe(DICT_MISSING);
  });

  it('stores a hostile value as plain data (parameterised SQL)', async () => {
    const v = "x'); drop table sys_dict_item;--";
    expect(await save({ dictId, rows: [{ itemText: v, itemValue: v }] })).toMatchObject({ success: true });
    expect((await items()).map((x) => x.item_value)).toContain(v);
  });
});
