/** @jest-environment node */
import { sql } from 'kysely';
import { LOCATION_MESSAGES } from '../../../features/edu/location/location-resource';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { seed } from '../../seed';
import { LOCATION_SERVER_MESSAGES } from '../catalog-location';
import { linkTeacherAccounts } from '../teachers';
import { DEMO_VENUES, LOCATION_PERMS } from '../../seed/locations';

let be: TestBackend;
let admin: string;
let teacher: string;
let marketing: string;
let academic: string;
let plain: string;

beforeAll(async () => {
  be = await startTestBackend();
  [admin, teacher, marketing, academic] = await Promise.all([be.login('admin'), be.login('teacher'), be.login('marketing'), be.login('jiaowu')]);
  // A user of the self-registration role: no venue or teacher permission at all.
  const made = await be.call('/sys/user/add', { method: 'POST', token: admin, json: { username: 'plainuser', realname: '普通用户', password: 'Plain2026x', selectedroles: 'role_user' } });
  expect(made.body.success).toBe(true);
  plain = await be.login('plainuser', 'Plain2026x');
}, 120_000);
afterAll(() => be.close());

type Body = Record<string, unknown>;
type Page = { records: Body[]; total: number };
const API = '/location/tblLocation';
const VALID = { name: '科苑路教学点', province: '440000', city: '440300', detailLocation: '南山区粤海街道科苑路15号', maxMember: 30, inCharge: 'u_teacher' };

const add = async (json: Body, token = admin) => (await be.call(`${API}/add`, { method: 'POST', token, json })).body;
const edit = async (json: Body, token = admin, method = 'PUT') => (await be.call(`${API}/edit`, { method, token, json })).body;
const del = async (id: string, token = admin) => (await be.call(`${API}/delete?id=${id}`, { method: 'DELETE', token })).body;
const delBatch = async (ids: string[], token = admin) => (await be.call(`${API}/deleteBatch?ids=${ids.join(',')}`, { method: 'DELETE', token })).body;
const row = (id: string) => be.db.selectFrom('tbl_location').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const teachers = async (query: string, token = admin) => (await be.call(`/clazz/tblTeachScheduleTeacher/teacherList${query}`, { token })).body;

async function added(json: Body, token = admin): Promise<Body> {
  const r = await add(json, token);
  expect(r).toMatchObject({ success: true, message: '添加成功！' });
  return r.result as Body;
}

describe('seed', () => {
  it('demo venues across provinces, owned by several users, listed newest first with texts', async () => {
    const r = await be.call(`${API}/list?pageSize=50`, { token: admin });
    expect(r.body.success).toBe(true);
    const page = r.body.result as Page;
    expect(page.total).toBe(DEMO_VENUES.length);
    expect(page.records.map((x) => x.id)).toEqual([...DEMO_VENUES].reverse().map((v) => v.id));
    expect(new Set(page.records.map((x) => x.province))).toEqual(new Set(['110000', '310000', '440000', '330000', '510000', '420000', '900000']));
    const owners = new Set(page.records.map((x) => x.ownBy));
    for (const u of ['u_admin', 'u_teacher', 'u_marketing']) expect(owners.has(u)).toBe(true);
    // Every demo venue has its own name, not its address (issue #21).
    expect(page.records.every((x) => typeof x.name === 'string' && x.name !== '' && x.name !== x.detailLocation)).toBe(true);
    expect(new Set(page.records.map((x) => x.name)).size).toBe(DEMO_VENUES.length);
    expect(page.records.find((x) => x.id === 'loc_bj_zgc')).toMatchObject({ name: '中关村校区', inCharge: 'u_teacher', inCharge_dictText: '李文静', status: 1, status_dictText: '启用', isDoubleTeacher: 1, maxMember: 120, longitude: 116.316 });
  });

  it('permission rows hang under 场地管理 and a reseed adds nothing', async () => {
    const perms = await be.db.selectFrom('sys_permission').select(['id', 'parent_id', 'perms', 'menu_type']).where('id', 'in', LOCATION_PERMS.map((p) => p.id)).execute();
    expect(perms).toHaveLength(LOCATION_PERMS.length);
    expect(perms.every((p) => p.parent_id === 'perm_edu_location' && p.menu_type === 2)).toBe(true);
    const teacherLinks = await be.db
      .selectFrom('sys_role_permission')
      .select('permission_id')
      .where('role_id', '=', 'role_teacher')
      .where('permission_id', 'in', LOCATION_PERMS.map((p) => p.id))
      .execute();
    expect(teacherLinks.map((l) => l.permission_id).sort()).toEqual(['perm_btn_location_add', 'perm_btn_location_edit', 'perm_btn_location_list', 'perm_btn_teacher_list']);
    const [venues, links] = await Promise.all([be.db.selectFrom('tbl_location').select('id').execute(), be.db.selectFrom('sys_role_permission').select('id').execute()]);
    // A demo database from before 0018 (names backfilled from the address) gets the demo names on the
    // next start; a venue an administrator renamed keeps its name.
    await be.db.updateTable('tbl_location').set({ name: sql<string>`left(detail_location, 100)` }).where('id', '=', 'loc_sh_xujiahui').execute();
    await be.db.updateTable('tbl_location').set({ name: '管理员改过的名字' }).where('id', '=', 'loc_hz_wensan').execute();
    await seed(be.db, { demo: true, always: true });
    expect((await row('loc_sh_xujiahui')).name).toBe('徐家汇校区');
    expect((await row('loc_hz_wensan')).name).toBe('管理员改过的名字');
    expect((await be.db.selectFrom('tbl_location').select('id').execute()).length).toBe(venues.length);
    expect((await be.db.selectFrom('sys_role_permission').select('id').execute()).length).toBe(links.length);
  });
});

describe('validation (spec 01 §5)', () => {
  it('maxMember is required and a positive integer', async () => {
    const { maxMember: _omit, ...noMax } = VALID;
    expect(await add(noMax)).toMatchObject({ success: false, message: LOCATION_MESSAGES.maxMemberRequired });
    for (const v of ['', null, '  ']) expect((await add({ ...VALID, maxMember: v })).message).toBe(LOCATION_MESSAGES.maxMemberRequired);
    for (const v of [0, -3, 2.5, '1.5', 'abc', '12人', '0', true, [3]]) expect([v, (await add({ ...VALID, maxMember: v })).message]).toEqual([v, LOCATION_MESSAGES.positiveInteger]);
    // The plain decimal text of a positive integer is a positive integer (form bodies are text).
    const ok = await added({ ...VALID, maxMember: '45' });
    expect((await row(String(ok.id))).max_member).toBe(45);
  });

  it('场地名称 is required (issue #21): sent blank on add, and a sent empty one on edit', async () => {
    const { name: _n, ...noName } = VALID;
    expect((await add({ ...noName, name: '' })).message).toBe(LOCATION_MESSAGES.nameRequired);
    expect((await add({ ...VALID, name: '  ' })).message).toBe(LOCATION_MESSAGES.nameRequired);
    // The spec's record has no name (issue #39): a spec-shaped add is named after its address; without one it is refused.
    const specShaped = await added({ ...noName, detailLocation: '  福田区深南大道6008号 ' });
    expect((await row(String(specShaped.id))).name).toBe('福田区深南大道6008号');
    const { detailLocation: _d, ...bare } = noName;
    expect((await add(bare)).message).toBe(LOCATION_MESSAGES.nameRequired);
    expect((await edit({ id: 'loc_bj_zgc', name: '' })).message).toBe(LOCATION_MESSAGES.nameRequired);
    const r = await added({ ...VALID, name: '科苑路二号教学点' });
    expect((await row(String(r.id))).name).toBe('科苑路二号教学点');
    // A toggle's partial body keeps the name.
    expect((await edit({ id: r.id, status: 0 })).success).toBe(true);
    expect((await row(String(r.id))).name).toBe('科苑路二号教学点');
  });

  it('region and detailed address are required', async () => {
    const { province: _p, ...noProvince } = VALID;
    expect((await add(noProvince)).message).toBe(LOCATION_MESSAGES.regionRequired);
    expect((await add({ ...VALID, province: '' })).message).toBe(LOCATION_MESSAGES.regionRequired);
    const { detailLocation: _d, ...noDetail } = VALID;
    expect((await add(noDetail)).message).toBe(LOCATION_MESSAGES.detailRequired);
    expect((await add({ ...VALID, detailLocation: '   ' })).message).toBe(LOCATION_MESSAGES.detailRequired);
    // On edit an absent value is kept, but a sent empty one is refused all the same.
    expect((await edit({ id: 'loc_bj_zgc', province: '' })).message).toBe(LOCATION_MESSAGES.regionRequired);
    expect((await edit({ id: 'loc_bj_zgc', maxMember: 0 })).message).toBe(LOCATION_MESSAGES.positiveInteger);
    expect((await edit({ id: 'loc_bj_zgc', maxMember: null })).message).toBe(LOCATION_MESSAGES.maxMemberRequired);
  });

  it('region codes must be known and consistent; an empty city becomes the province; 海外 is accepted', async () => {
    expect((await add({ ...VALID, province: '999999' })).message).toBe(LOCATION_SERVER_MESSAGES.regionUnknown);
    expect((await add({ ...VALID, province: '广东省' })).message).toBe(LOCATION_SERVER_MESSAGES.regionUnknown);
    // A city code is not a province.
    expect((await add({ ...VALID, province: '440300', city: '' })).message).toBe(LOCATION_SERVER_MESSAGES.regionUnknown);
    expect((await add({ ...VALID, city: '310100' })).message).toBe(LOCATION_SERVER_MESSAGES.cityMismatch);
    expect((await add({ ...VALID, city: '999999' })).message).toBe(LOCATION_SERVER_MESSAGES.regionUnknown);

    const noCity = await added({ ...VALID, city: '' });
    expect(await row(String(noCity.id))).toMatchObject({ province: '440000', city: '440000' });
    const { city: _c, ...absentCity } = VALID;
    const absent = await added(absentCity);
    expect(await row(String(absent.id))).toMatchObject({ province: '440000', city: '440000' });
    const overseas = await added({ ...VALID, province: '900000', city: null, detailLocation: '新加坡滨海湾金沙1号' });
    expect(await row(String(overseas.id))).toMatchObject({ province: '900000', city: '900000' });
    // Short division codes are stored in their 6-digit form.
    const short = await added({ ...VALID, province: '44', city: '4401' });
    expect(await row(String(short.id))).toMatchObject({ province: '440000', city: '440100' });
    // Edit: clearing the city sets it to the (kept) province; a new province must match the kept city.
    expect((await edit({ id: short.id, city: '' })).success).toBe(true);
    expect(await row(String(short.id))).toMatchObject({ province: '440000', city: '440000' });
    expect((await edit({ id: 'loc_bj_zgc', province: '310000' })).message).toBe(LOCATION_SERVER_MESSAGES.cityMismatch);
    expect((await row('loc_bj_zgc')).province).toBe('110000');
  });

  it('status and isDoubleTeacher are 0 / 1 (defaults 1 and 0); coordinates within range', async () => {
    expect((await add({ ...VALID, status: 2 })).message).toBe(LOCATION_SERVER_MESSAGES.flag('状态'));
    expect((await add({ ...VALID, isDoubleTeacher: -1 })).message).toBe(LOCATION_SERVER_MESSAGES.flag('双师'));
    expect((await add({ ...VALID, longitude: 180.5 })).message).toBe(LOCATION_SERVER_MESSAGES.longitude);
    expect((await add({ ...VALID, longitude: -181 })).message).toBe(LOCATION_SERVER_MESSAGES.longitude);
    expect((await add({ ...VALID, latitude: 90.01 })).message).toBe(LOCATION_SERVER_MESSAGES.latitude);
    const r = await added({ ...VALID, longitude: -180, latitude: 89.5, status: null });
    expect(await row(String(r.id))).toMatchObject({ status: 1, is_double_teacher: 0, longitude: -180, latitude: 89.5 });
  });

  it('负责人 must be an active teacher when chosen or changed', async () => {
    for (const who of ['u_marketing', 'u_frozen', 'u_admin', 'nobody']) expect([who, (await add({ ...VALID, inCharge: who })).message]).toEqual([who, LOCATION_SERVER_MESSAGES.notTeacher]);
    const r = await added({ ...VALID, inCharge: 'u_teacher2' });
    expect((await edit({ id: r.id, inCharge: 'u_marketing' })).message).toBe(LOCATION_SERVER_MESSAGES.notTeacher);
    // A venue whose teacher has since left can still be toggled (its 负责人 is not changed by the save).
    await be.db.updateTable('tbl_location').set({ in_charge: 'u_frozen' }).where('id', '=', String(r.id)).execute();
    expect((await edit({ id: r.id, inCharge: 'u_frozen', status: 0 })).success).toBe(true);
    expect(await row(String(r.id))).toMatchObject({ in_charge: 'u_frozen', status: 0 });
    // No 负责人 is fine.
    expect((await add({ ...VALID, inCharge: '' })).success).toBe(true);
  });
});

describe('toggles (spec 02 §7)', () => {
  it('PUT or POST edit with the whole row and the toggled value changes only that value', async () => {
    const before = await row('loc_sh_zhangjiang');
    const record = (await be.call(`${API}/queryById?id=loc_sh_zhangjiang`, { token: admin })).body.result as Body;
    const r = await edit({ ...record, status: 0 }, admin, 'PUT');
    expect(r).toMatchObject({ success: true, message: '编辑成功!' });
    expect((r.result as Body).status).toBe(0);
    const r2 = await edit({ ...record, status: 0, isDoubleTeacher: 1 }, admin, 'POST');
    expect(r2.success).toBe(true);
    const after = await row('loc_sh_zhangjiang');
    expect(after).toEqual({ ...before, status: 0, is_double_teacher: 1, update_by: 'admin', update_time: after.update_time });
    expect(after.update_time).toBeInstanceOf(Date);
  });

  it('a partial body leaves the other columns alone', async () => {
    const before = await row('loc_gz_tianhe');
    expect((await edit({ id: 'loc_gz_tianhe', isDoubleTeacher: 0 }, marketing)).success).toBe(true);
    const after = await row('loc_gz_tianhe');
    expect(after).toEqual({ ...before, is_double_teacher: 0, update_by: 'marketing', update_time: after.update_time });
  });
});

describe('ownership (spec 01 §6)', () => {
  it('the owner is the creating user; a sent ownBy is ignored on add and edit', async () => {
    const r = await added({ ...VALID, ownBy: 'u_admin', detailLocation: '教师自建场地' }, teacher);
    expect(r).toMatchObject({ ownBy: 'u_teacher' });
    expect(await row(String(r.id))).toMatchObject({ own_by: 'u_teacher', create_by: 'teacher' });
    expect((await edit({ id: r.id, ownBy: 'u_marketing', remark: '改' }, teacher)).success).toBe(true);
    expect((await row(String(r.id))).own_by).toBe('u_teacher');
  });

  it('a teacher edits its own venue but not another user’s, which stays unchanged', async () => {
    const own = await added({ ...VALID, detailLocation: '李老师的教室' }, teacher);
    expect((await edit({ id: own.id, maxMember: 35 }, teacher)).success).toBe(true);
    expect((await row(String(own.id))).max_member).toBe(35);
    expect((await edit({ id: 'loc_bj_guomao', remark: '自己的' }, teacher)).success).toBe(true);

    const before = await row('loc_bj_zgc');
    const refused = await edit({ id: 'loc_bj_zgc', maxMember: 1, status: 0 }, teacher);
    expect(refused).toMatchObject({ success: false, message: '只能修改自己创建的场地' });
    // Claiming the row does not help: ownBy is not writable.
    expect((await edit({ id: 'loc_bj_zgc', ownBy: 'u_teacher', status: 0 }, teacher)).message).toBe('只能修改自己创建的场地');
    expect(await row('loc_bj_zgc')).toEqual(before);
    // Deleting needs edu:location:delete, which a teacher does not hold.
    expect((await del('loc_bj_zgc', teacher)).code).toBe(510);
  });

  it('without isAdmin / isMarketing, deleting is for one’s own venues only; a batch is all or nothing', async () => {
    // 教务 holds every venue button but is neither admin nor marketing.
    const mine = await added({ ...VALID, detailLocation: '教务处会议室' }, academic);
    const mine2 = await added({ ...VALID, detailLocation: '教务处培训室' }, academic);
    expect(await del('loc_bj_zgc', academic)).toMatchObject({ success: false, message: '只能删除自己创建的场地' });
    expect((await row('loc_bj_zgc')).del_flag).toBe(0);
    expect((await edit({ id: 'loc_bj_zgc', remark: 'x' }, academic)).message).toBe('只能修改自己创建的场地');

    expect(await delBatch([String(mine.id), 'loc_bj_zgc'], academic)).toMatchObject({ success: false, message: '只能删除自己创建的场地' });
    expect((await row(String(mine.id))).del_flag).toBe(0);
    expect((await row('loc_bj_zgc')).del_flag).toBe(0);

    expect((await delBatch([String(mine.id), String(mine2.id), 'loc_wh_jianghan'], academic)).success).toBe(true);
    for (const id of [String(mine.id), String(mine2.id), 'loc_wh_jianghan']) expect((await row(id)).del_flag).toBe(1);
    // Soft-deleted rows are gone from the list and queryById.
    expect((await be.call(`${API}/queryById?id=loc_wh_jianghan`, { token: academic })).body.success).toBe(false);
    const page = (await be.call(`${API}/list?pageSize=100`, { token: academic })).body.result as Page;
    expect(page.records.some((x) => x.id === 'loc_wh_jianghan')).toBe(false);
  });

  it('isMarketing = 1 and isAdmin = 1 edit and delete anyone’s venues', async () => {
    expect((await edit({ id: 'loc_bj_zgc', remark: '市场部更新' }, marketing)).success).toBe(true);
    expect((await row('loc_bj_zgc')).remark).toBe('市场部更新');
    expect((await edit({ id: 'loc_sh_xujiahui', maxMember: 88 }, admin)).success).toBe(true);
    expect((await row('loc_sh_xujiahui')).max_member).toBe(88);
    const t = await added({ ...VALID, detailLocation: '待删除' }, teacher);
    expect((await del(String(t.id), marketing)).success).toBe(true);
    const t2 = await added({ ...VALID, detailLocation: '待批量删除' }, teacher);
    expect((await delBatch([String(t2.id), 'loc_hz_binjiang'], admin)).success).toBe(true);
    expect((await row(String(t2.id))).del_flag).toBe(1);
  });
});

describe('permissions', () => {
  it('every action needs its edu:location code (510 otherwise)', async () => {
    const expect510 = (r: { code: number; message: string }) => expect(r).toMatchObject({ code: 510, message: '没有权限，请联系管理员授权' });
    expect510((await be.call(`${API}/list`, { token: plain })).body);
    expect510((await be.call(`${API}/queryById?id=loc_bj_zgc`, { token: plain })).body);
    expect510(await add(VALID, plain));
    expect510(await edit({ id: 'loc_bj_zgc', status: 0 }, plain));
    expect510(await del('loc_bj_zgc', plain));
    expect510(await delBatch(['loc_bj_zgc'], plain));
    expect510((await be.call(`${API}/exportXls`, { token: teacher })).body);
    // A teacher lists and adds.
    expect((await be.call(`${API}/list`, { token: teacher })).body.success).toBe(true);
  });
});

describe('GET /clazz/tblTeachScheduleTeacher/teacherList', () => {
  it('answers active teachers only, as options', async () => {
    const r = await teachers('');
    expect(r.success).toBe(true);
    const list = r.result as Body[];
    expect(list.map((t) => t.id).sort()).toEqual(['u_teacher', 'u_teacher2']);
    expect(list.find((t) => t.id === 'u_teacher')).toEqual({ value: 'u_teacher', text: '李文静', phone: '13800000001', id: 'u_teacher', realname: '李文静', teacherId: expect.any(String) });
  });

  it('one identity (issue #21): a teacher record of 教师管理 linked to an active account, not the teacher role', async () => {
    const ids = async () => ((await teachers('')).result as Body[]).map((t) => t.id).sort();
    // The seed linked a record to each demo teacher account: the options name the record.
    const li = await be.db.selectFrom('tbl_teacher').select(['id', 'name']).where('user_id', '=', 'u_teacher').executeTakeFirstOrThrow();
    expect(((await teachers('')).result as Body[]).find((t) => t.id === 'u_teacher')).toMatchObject({ teacherId: li.id, text: li.name });
    // A record linked to an account without the teacher role is a teacher; the name shown is the record's.
    await be.db.insertInto('tbl_teacher').values({ id: 'tch_mkt_link', name: '王晓雨老师', status: 1, user_id: 'u_marketing', create_by: 'test' }).execute();
    try {
      expect(await ids()).toEqual(['u_marketing', 'u_teacher', 'u_teacher2']);
      expect(((await teachers('?keyword=王晓雨老师')).result as Body[]).map((t) => t.text)).toEqual(['王晓雨老师']);
      // 离职 or deleted records are not offered; the venue check agrees.
      await be.db.updateTable('tbl_teacher').set({ status: 2 }).where('id', '=', 'tch_mkt_link').execute();
      expect(await ids()).toEqual(['u_teacher', 'u_teacher2']);
      expect((await add({ ...VALID, inCharge: 'u_marketing' })).message).toBe(LOCATION_SERVER_MESSAGES.notTeacher);
    } finally {
      await be.db.deleteFrom('tbl_teacher').where('id', '=', 'tch_mkt_link').execute();
    }
    // The bridge (migration 0021, seed): an account with the teacher role gets its unlinked record by phone.
    await be.db.insertInto('sys_user_role').values({ id: 'ur_mkt_teacher', user_id: 'u_marketing', role_id: 'role_teacher' }).execute();
    await be.db.insertInto('tbl_teacher').values({ id: 'tch_mkt_phone', name: '王晓雨', status: 1, phone: '13800000003', create_by: 'test' }).execute();
    try {
      await linkTeacherAccounts(be.db);
      expect((await be.db.selectFrom('tbl_teacher').select('user_id').where('id', '=', 'tch_mkt_phone').executeTakeFirstOrThrow()).user_id).toBe('u_marketing');
      expect((await be.db.selectFrom('tbl_teacher').select('id').where('user_id', '=', 'u_marketing').execute()).length).toBe(1);
    } finally {
      await be.db.deleteFrom('sys_user_role').where('id', '=', 'ur_mkt_teacher').execute();
      await be.db.deleteFrom('tbl_teacher').where('id', '=', 'tch_mkt_phone').execute();
    }
    // The teacher role alone no longer makes a teacher: an account whose record is deleted drops out.
    await be.db.updateTable('tbl_teacher').set({ del_flag: 1 }).where('user_id', '=', 'u_teacher2').execute();
    try {
      expect(await ids()).toEqual(['u_teacher']);
    } finally {
      await be.db.updateTable('tbl_teacher').set({ del_flag: 0 }).where('user_id', '=', 'u_teacher2').execute();
    }
  });

  it('filters by realname, phone or username (literally) and by chosen ids', async () => {
    const ids = async (q: string) => ((await teachers(q)).result as Body[]).map((t) => t.id).sort();
    expect(await ids('?keyword=周')).toEqual(['u_teacher2']);
    expect(await ids('?keyword=13800000001')).toEqual(['u_teacher']);
    expect(await ids('?keyword=teacher2')).toEqual(['u_teacher2']);
    expect(await ids(`?keyword=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await ids(`?keyword=${encodeURIComponent('_')}`)).toEqual([]);
    expect(await ids('?id=u_teacher2,u_marketing,u_frozen')).toEqual(['u_teacher2']);
    expect(await ids('?id=u_teacher,u_teacher2&keyword=李')).toEqual(['u_teacher']);
  });

  it('orders by realname and drops a deleted teacher', async () => {
    const r = await teachers('');
    const names = (r.result as Body[]).map((t) => String(t.realname));
    const sorted = await be.db.selectFrom('sys_user').select('realname').where('id', 'in', ['u_teacher', 'u_teacher2']).orderBy('realname').execute();
    expect(names).toEqual(sorted.map((s) => s.realname));
    await be.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', 'u_teacher2').execute();
    try {
      expect(((await teachers('')).result as Body[]).map((t) => t.id)).toEqual(['u_teacher']);
    } finally {
      await be.db.updateTable('sys_user').set({ del_flag: 0 }).where('id', '=', 'u_teacher2').execute();
    }
  });

  it('needs clazz:teacher:list', async () => {
    expect(await teachers('', plain)).toMatchObject({ success: false, code: 510 });
    expect((await teachers('', teacher)).success).toBe(true);
  });
});
