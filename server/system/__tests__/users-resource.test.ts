/** @jest-environment node */
import { TEACHING_PERMS } from '../../seed/teaching';
import { CRM_PERMS } from '../../seed/crm';
import ExcelJS from 'exceljs';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { readXlsxRows } from '../../excel/read';
import { verifyPassword } from '../../auth/password';
import type { Envelope } from '../../../lib/envelope';

let be: TestBackend;
let admin: string;

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
}, 120_000);
afterAll(() => be.close());

type Page = { records: Record<string, unknown>[]; total: number };
const list = async (query: string, token = admin) => (await be.call(`/sys/user/list?${query}`, { token })).body;

async function download(path: string, token = admin): Promise<Response> {
  const headers = new Headers({ 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' });
  return be.fetch(new Request(`http://backend${path}`, { headers }));
}

async function upload(path: string, file: Uint8Array, name: string, importMode?: 'upsert') {
  const form = new FormData();
  if (importMode) form.append('importMode', importMode);
  form.append('files[]', new Blob([Buffer.from(file)]), name);
  const headers = new Headers({ 'X-Access-Token': admin, 'x-jiaowu-client-ip': '10.0.0.1' });
  const res = await be.fetch(new Request(`http://backend${path}`, { method: 'POST', body: form, headers }));
  return (await res.json()) as Envelope<Record<string, unknown> | null>;
}

describe('用户管理 on the resource engine', () => {
  it('lists with search, sort, paging and dictionary texts; writeOnly never leaves', async () => {
    const r = await list('username=*teacher*&column=username&order=asc&pageSize=1');
    expect(r.success).toBe(true);
    const page = r.result as Page;
    // teacher and teacher2 match; one per page, the first by username.
    expect(page.total).toBe(2);
    expect(page.records.map((x) => x.username)).toEqual(['teacher']);
    for (const rec of page.records) {
      expect(rec).not.toHaveProperty('password');
      expect(rec).toHaveProperty('sex_dictText');
      expect(rec).toHaveProperty('selectedroles');
      expect(rec).toHaveProperty('selectedroles_dictText');
    }
    const all = (await list('column=username&order=asc&pageSize=50')).result as Page;
    const names = all.records.map((x) => String(x.username));
    expect(names).toEqual([...names].sort());
  });

  it('refuses hostile sort and unknown columns without touching SQL', async () => {
    const r = await list('column=password&order=asc');
    expect(r).toMatchObject({ success: false });
    expect(String(r.message)).toContain('请注意，将要排序的列字段不存在');
  });

  it('adds with a checked password, roles and departments; the new user signs in with that menu', async () => {
    const weak = await be.call('/sys/user/add', { method: 'POST', token: admin, json: { username: 'newteacher', realname: '新老师', password: '123' } });
    expect(weak.body).toMatchObject({ success: false, message: '密码至少8位' });
    const missing = await be.call('/sys/user/add', { method: 'POST', token: admin, json: { username: 'newteacher', realname: '新老师' } });
    expect(missing.body).toMatchObject({ success: false, message: '请输入登录密码!' });
    const ok = await be.call('/sys/user/add', {
      method: 'POST',
      token: admin,
      json: { username: 'newteacher', realname: '新老师', password: 'Teach2026ok', phone: '13900001111', sex: '2', selectedroles: 'role_marketing', selecteddeparts: 'dep_bj' },
    });
    expect(ok.body).toMatchObject({ success: true, message: '添加成功！' });
    const rec = ok.body.result as Record<string, unknown>;
    expect(rec).toMatchObject({ username: 'newteacher', selectedroles: 'role_marketing', selecteddeparts: 'dep_bj', orgCodeTxt: '北京校区', sex: 1 + 1 });
    const stored = await be.db.selectFrom('sys_user').select(['password_hash', 'org_code', 'status']).where('username', '=', 'newteacher').executeTakeFirstOrThrow();
    expect(await verifyPassword('Teach2026ok', stored.password_hash)).toBe(true);
    expect(stored.status).toBe(1);
    const token = await be.login('newteacher', 'Teach2026ok');
    const perms = (await be.call('/sys/permission/getUserPermissionByToken', { token })).body.result as { auth: { action: string }[] };
    // role_marketing: every 场地管理 button (server/seed/locations.ts) and its teaching ones; no 登录日志 (issue #21).
    expect(perms.auth.map((a) => a.action)).toEqual(['edu:location:list', 'edu:location:add', 'edu:location:edit', 'edu:location:delete', 'edu:location:deleteBatch', 'edu:location:exportXls', 'clazz:teacher:list',
      // 作品 (issue #26): marketing reads 学员作品 and runs 招生简章.
      'edu:studentWork:list', ...['list', 'add', 'edit', 'delete', 'deleteBatch', 'publish', 'exportPdf'].map((a) => `edu:prospectus:${a}`),
      ...[...TEACHING_PERMS, ...CRM_PERMS].filter((p) => p.roles.includes('role_marketing')).map((p) => p.perms),
    ]);
    const dup = await be.call('/sys/user/add', { method: 'POST', token: admin, json: { username: 'newteacher', realname: '重复', password: 'Teach2026ok' } });
    expect(dup.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const badRole = await be.call('/sys/user/add', { method: 'POST', token: admin, json: { username: 'ghostrole', realname: '幽灵', password: 'Teach2026ok', selectedroles: 'role_nope' } });
    expect(badRole.body).toMatchObject({ success: false, message: '所选角色不存在，请刷新后重试' });
    expect(await be.db.selectFrom('sys_user').select('id').where('username', '=', 'ghostrole').execute()).toEqual([]);
  });

  it('edit changes roles (and pushes the change) but never the password', async () => {
    const pushed: unknown[] = [];
    be.setNotifier((ids, m) => void pushed.push({ ids, m }));
    const u = await be.db.selectFrom('sys_user').select(['id', 'password_hash']).where('username', '=', 'newteacher').executeTakeFirstOrThrow();
    const r = await be.call('/sys/user/edit', { method: 'PUT', token: admin, json: { id: u.id, realname: '新老师改', selectedroles: 'role_teacher', password: 'Other2026ok' } });
    expect(r.body).toMatchObject({ success: true });
    const after = await be.db.selectFrom('sys_user').select(['realname', 'password_hash']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ realname: '新老师改', password_hash: u.password_hash });
    expect(pushed).toEqual([{ ids: [u.id], m: { cmd: 'permission', msgTxt: '您的角色已变更' } }]);
  });

  it('nobody deletes their own account; others are soft-deleted and lose their session', async () => {
    const me = await be.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect((await be.call(`/sys/user/delete?id=${me.id}`, { method: 'DELETE', token: admin })).body.success).toBe(false);
    const victim = await be.login('newteacher', 'Teach2026ok');
    const u = await be.db.selectFrom('sys_user').select('id').where('username', '=', 'newteacher').executeTakeFirstOrThrow();
    // A batch naming oneself is refused whole (server/system/user-routes.ts says why).
    expect((await be.call(`/sys/user/deleteBatch?ids=${u.id},${me.id}`, { method: 'DELETE', token: admin })).body).toMatchObject({ success: false, message: '不能删除当前登录用户' });
    expect((await be.db.selectFrom('sys_user').select('del_flag').where('id', '=', u.id).executeTakeFirstOrThrow()).del_flag).toBe(0);
    expect((await be.call(`/sys/user/deleteBatch?ids=${u.id}`, { method: 'DELETE', token: admin })).body.success).toBe(true);
    expect((await be.db.selectFrom('sys_user').select('del_flag').where('id', '=', me.id).executeTakeFirstOrThrow()).del_flag).toBe(0);
    expect((await be.db.selectFrom('sys_user').select('del_flag').where('id', '=', u.id).executeTakeFirstOrThrow()).del_flag).toBe(1);
    expect((await be.call('/sys/user/getAccountInfoFromToken', { token: victim })).status).toBe(401);
  });

  it('a teacher gets 510 on every action', async () => {
    const teacher = await be.login('teacher');
    expect((await list('', teacher)).code).toBe(510);
    expect((await be.call('/sys/user/add', { method: 'POST', token: teacher, json: {} })).body.code).toBe(510);
    expect((await download('/sys/user/exportXls', teacher)).headers.get('content-type')).toContain('json');
  });

  it('export then import round-trips; bad rows come back in the 201 error file and good rows land whole', async () => {
    const res = await download('/sys/user/exportXls?column=username&order=asc');
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const exported: Record<string, string>[] = [];
    for await (const row of readXlsxRows(Buffer.from(bytes))) exported.push(row.values);
    expect(exported.find((r) => r['用户账号'] === 'teacher')).toMatchObject({ 用户姓名: expect.any(String), 性别: expect.stringMatching(/^(男|女)$/) });
    expect(Object.keys(exported[0])).not.toContain('登录密码');

    // The same file again: every row is a duplicate account, so nothing lands and every row is reported.
    const again = await upload('/sys/user/importExcel', bytes, '用户信息.xls');
    expect(again).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(again.result).toMatchObject({ totalCount: exported.length, errorCount: exported.length, successCount: 0 });

    // A sheet with two good rows and two bad ones (bad phone, duplicate of an existing account).
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户信息');
    ws.addRow(['用户信息']);
    ws.addRow(['']);
    ws.addRow(['用户账号', '用户姓名', '性别', '手机号码', '工号']);
    ws.addRow(['imp_a', '导入甲', '男', '13911112222', 'IMP001']);
    ws.addRow(['imp_b', '导入乙', '女', '123', 'IMP002']);
    ws.addRow(['teacher', '重复账号', '男', '', 'IMP003']);
    ws.addRow(['imp_c', '导入丙', '女', '', 'IMP004']);
    // A dictionary cell is checked against its labels and worded for the person who typed it.
    ws.addRow(['imp_d', '导入丁', '男性', '', 'IMP005']);
    const file = new Uint8Array(await wb.xlsx.writeBuffer());
    const partial = await upload('/sys/user/importExcel', file, 'users.xlsx');
    expect(partial).toMatchObject({ success: true, code: 201 });
    expect(partial.result).toMatchObject({ totalCount: 5, errorCount: 3, successCount: 2, msg: '总上传行数：5，已导入行数：2，错误行数：3' });
    const landed = await be.db.selectFrom('sys_user').select(['username', 'sex']).where('username', 'like', 'imp_%').orderBy('username').execute();
    expect(landed).toEqual([
      { username: 'imp_a', sex: 1 },
      { username: 'imp_c', sex: 2 },
    ]);
    const report = await download(`${String(partial.result!.fileUrl)}`);
    expect(report.status).toBe(200);
    const errors: Record<string, string>[] = [];
    for await (const row of readXlsxRows(Buffer.from(await report.arrayBuffer()))) errors.push(row.values);
    expect(errors.map((e) => [e['用户账号'], e['错误信息']])).toEqual([
      ['imp_b', '请输入正确的手机号码!'],
      ['teacher', '用户账号“teacher”已存在'],
      ['imp_d', '性别只能填 男/女'],
    ]);
  });

  // Issue #21: a school office exports, edits in Excel and imports back; 仅新增 refuses every row (已存在).
  it('新增或更新: the export, edited in Excel and imported back, updates the accounts it holds', async () => {
    const res = await download('/sys/user/exportXls?username=teacher*&column=username&order=asc');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    const header = (ws.getRow(3).values as unknown[]).map((v) => String(v ?? ''));
    const [userCol, nameCol] = [header.indexOf('用户账号'), header.indexOf('用户姓名')];
    let edited = 0;
    ws.eachRow((row, n) => {
      if (n > 3 && row.getCell(userCol).text === 'teacher2') {
        row.getCell(nameCol).value = '改过名的老师';
        edited++;
      }
    });
    expect(edited).toBe(1);
    const rowCount = ws.actualRowCount - 3;
    const file = new Uint8Array(await wb.xlsx.writeBuffer());
    const r = await upload('/sys/user/importExcel', file, '用户信息.xlsx', 'upsert');
    expect(r).toMatchObject({ success: true, code: 200, message: `文件导入成功！新增0行，更新${rowCount}行` });
    expect(await be.db.selectFrom('sys_user').select('realname').where('username', '=', 'teacher2').executeTakeFirstOrThrow()).toEqual({ realname: '改过名的老师' });
    // The password is not in the sheet and stays what it was.
    await expect(be.login('teacher2')).resolves.toEqual(expect.any(String));
  });

  it("the second export form (JeecgListMixin's paramsStr) honours the list's filter, sort and selections", async () => {
    const rowsOf = async (query: string) => {
      const out: string[] = [];
      for await (const row of readXlsxRows(Buffer.from(await (await download(`/sys/user/exportXls?${query}`)).arrayBuffer()))) out.push(row.values['用户账号']);
      return out;
    };
    const plain = await rowsOf('username=teacher*&column=username&order=desc');
    expect(plain.length).toBeGreaterThan(1);
    expect(plain.every((u) => u.startsWith('teacher'))).toBe(true);
    const params = { username: 'teacher*', column: 'username', order: 'desc', pageNo: 1, pageSize: 10 };
    // JeecgBoot's client: encodeURI(JSON) put in the URL as is; ours: encodeURIComponent.
    expect(await rowsOf(`paramsStr=${encodeURI(JSON.stringify(params))}`)).toEqual(plain);
    expect(await rowsOf(`paramsStr=${encodeURIComponent(JSON.stringify(params))}`)).toEqual(plain);
    const ids = (await list('username=teacher*')).result as Page;
    const one = String(ids.records[0].id);
    expect(await rowsOf(`paramsStr=${encodeURIComponent(JSON.stringify({ selections: one }))}`)).toEqual([String(ids.records[0].username)]);
    expect((await (await download('/sys/user/exportXls?paramsStr=not-json')).json()).message).toBe('导出参数格式错误');
  });
});
