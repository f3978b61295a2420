/** @jest-environment node */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from './helpers';
import { createFixtureTable, FIXTURE, grantCodes } from '../resources/__tests__/helpers';
import { registerResource, unregisterResource } from '../resources/registry';
import { readXlsxRows } from '../excel/read';
import type { ResourceDef } from '../../lib/resources/types';
import type { Envelope } from '../../lib/envelope';

/** Issue #39's contract loose ends: sys_user.qywxUserId, a form field validated through a 编码校验规则, dictionary option extras. */
let be: TestBackend;
let admin: string;

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
}, 120_000);
afterAll(() => be.close());

/** The engine's fixture with an import and a 编码 that follows course_code. */
const RULED: ResourceDef = {
  ...FIXTURE,
  name: 'jwRuleFixture',
  table: 'jw_rule_fixture',
  api: '/test/ruleFixture',
  perm: 'test:ruleFixture',
  actions: { add: true, importExcel: true },
  fields: FIXTURE.fields.map((f) => (f.name === 'code' ? { ...f, checkRule: 'course_code' } : f)),
};

const post = async (path: string, json: unknown, method = 'POST') => (await be.call(path, { method, token: admin, json })).body;
const get = async (path: string) => (await be.call(path, { token: admin })).body;

describe('sys_user.qywxUserId (企业微信ID)', () => {
  it('add and edit accept it; the list and queryById answer it; a malformed id is refused', async () => {
    const added = await post('/sys/user/add', { username: 'wecom1', realname: '企微老师', password: 'Teach2026ok', qywxUserId: 'ZhangSan' });
    expect(added).toMatchObject({ success: true });
    const id = String((added.result as { id: string }).id);
    expect(await get(`/sys/user/queryById?id=${id}`)).toMatchObject({ success: true, result: { qywxUserId: 'ZhangSan' } });
    expect(await post('/sys/user/edit', { id, qywxUserId: 'zhang.san@corp' }, 'PUT')).toMatchObject({ success: true });
    const page = (await get('/sys/user/list?username=wecom1')).result as { records: Record<string, unknown>[] };
    expect(page.records).toEqual([expect.objectContaining({ username: 'wecom1', qywxUserId: 'zhang.san@corp' })]);
    const bad = await post('/sys/user/edit', { id, qywxUserId: '张三 ; drop' }, 'PUT');
    expect(bad).toMatchObject({ success: false, message: '企业微信ID只能包含字母、数字和 _ @ . -' });
  });
});

describe('课程编码 through the 编码校验规则 course_code', () => {
  it('checkByCode answers the seeded rule: pass, and the failing segment with its message', async () => {
    expect(await get('/sys/checkRule/checkByCode?ruleCode=course_code&value=MA101')).toMatchObject({ success: true });
    expect(await get('/sys/checkRule/checkByCode?ruleCode=course_code&value=ma101')).toMatchObject({ success: false, message: '前两位须为大写字母（科目缩写）' });
    expect(await get('/sys/checkRule/checkByCode?ruleCode=course_code&value=MA1X1')).toMatchObject({ success: false, message: '第三到五位须为数字' });
  });

  it('the course form\'s save runs the same rule on add and edit; an empty code passes', async () => {
    const refused = await post('/course/tblCourse/add', { name: '编码课程', code: 'M101' });
    expect(refused).toMatchObject({ success: false, message: '课程编码：前两位须为大写字母（科目缩写）' });
    expect(await be.db.selectFrom('tbl_course').select('id').where('name', '=', '编码课程').execute()).toEqual([]);
    const ok = await post('/course/tblCourse/add', { name: '编码课程', code: 'MA101' });
    expect(ok).toMatchObject({ success: true, result: { code: 'MA101' } });
    const id = String((ok.result as { id: string }).id);
    expect(await post('/course/tblCourse/edit', { id, name: '编码课程', code: 'MA1011' }, 'PUT')).toMatchObject({ success: false, message: '课程编码：编码须为5位' });
    expect(await post('/course/tblCourse/edit', { id, name: '编码课程', code: '' }, 'PUT')).toMatchObject({ success: true });
    expect(await post('/course/tblCourse/add', { name: '无编码课程' })).toMatchObject({ success: true });
  });

  it('an Excel import checks every row by the rule too (read once), reporting the row and the rule\'s message', async () => {
    await createFixtureTable(be.db, RULED.table);
    registerResource(RULED);
    try {
      await grantCodes(be.db, 'role_admin', ['list', 'add', 'importExcel'].map((a) => `test:ruleFixture:${a}`));
      const token = await be.login('admin');
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['测试资源']);
      ws.addRow(['']);
      ws.addRow(['名称', '编码']);
      ws.addRow(['甲', 'MA101']);
      ws.addRow(['乙', 'ma102']);
      ws.addRow(['丙', '']);
      const form = new FormData();
      form.append('files[]', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), 'rules.xlsx');
      const headers = new Headers({ 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' });
      const res = await be.fetch(new Request('http://backend/test/ruleFixture/importExcel', { method: 'POST', body: form, headers }));
      const body = (await res.json()) as Envelope<{ errorCount: number; successCount: number; fileUrl: string }>;
      expect(body).toMatchObject({ success: true, code: 201, result: { errorCount: 1, successCount: 2 } });
      const stored = await sql<{ name: string }>`select name from jw_rule_fixture`.execute(be.db);
      expect(stored.rows.map((r) => r.name).sort()).toEqual(['丙', '甲']);
      const report = await be.fetch(new Request(`http://backend${body.result.fileUrl}`, { headers }));
      const rows: Record<string, string>[] = [];
      for await (const row of readXlsxRows(Buffer.from(await report.arrayBuffer()))) rows.push(row.values);
      expect(rows.map((r) => [r['名称'], r['错误信息']])).toEqual([['乙', '编码：前两位须为大写字母（科目缩写）']]);
    } finally {
      unregisterResource(RULED.name);
    }
  });
});

describe('dictionary option extras (spec 02 §3: phone)', () => {
  it('user dictionaries carry the phone for holders of 用户管理\'s list code only', async () => {
    await be.db.updateTable('sys_user').set({ phone: '13800000123' }).where('id', '=', 'u_teacher').execute();
    const teacher = await be.login('teacher');
    const items = async (path: string, token = admin) => ((await be.call(path, { token })).body.result as { value: string; phone?: string }[]).find((o) => o.value === 'u_teacher');
    for (const path of ['/sys/dict/getDictItems/sys_user,realname,id', '/sys/dict/loadDict/sys_user,realname,id?keyword=李文静', '/sys/dict/loadDictOrderByValue/sys_user,realname,id?keyword=u_teacher']) {
      expect(await items(path)).toEqual({ value: 'u_teacher', text: '李文静', title: '李文静', label: '李文静', phone: '13800000123' });
      expect(await items(path, teacher)).toEqual({ value: 'u_teacher', text: '李文静', title: '李文静', label: '李文静' });
    }
    // Other dictionaries answer value and text only.
    const roles = (await get('/sys/dict/getDictItems/sys_role,role_name,id')).result as Record<string, unknown>[];
    expect(roles.every((r) => !('phone' in r))).toBe(true);
  });
});
