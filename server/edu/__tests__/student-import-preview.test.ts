/** @jest-environment node */
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { writeXlsx, type ExcelRow } from '../../excel/write';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { runInTenant } from '../../db/tenant-scope';
import type { Envelope } from '../../../lib/envelope';

interface Preview {
  total: number;
  valid: number;
  invalid: number;
  headers: string[];
  updates?: number;
  rows: { rowNumber: number; fileName: string; values: Record<string, string>; error: string | null; update?: boolean }[];
}

let be: TestBackend;
let academic: string;
let teacher: string;

beforeAll(async () => {
  be = await startTestBackend();
  academic = await be.login('jiaowu');
  teacher = await be.login('teacher2');
}, 120_000);
afterAll(() => be.close());

async function sheet(rows: (string | number)[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员');
  ws.addRow(['学员']);
  ws.addRow(['']);
  ws.addRow(['姓名', '手机', '性别', '年级', '类型']);
  for (const r of rows) ws.addRow(r);
  return new Blob([Buffer.from(await wb.xlsx.writeBuffer())]);
}

async function upload(action: 'previewExcel' | 'importExcel', file: Blob, token = academic, importMode?: 'upsert') {
  const form = new FormData();
  if (importMode) form.append('importMode', importMode);
  form.append('files[]', file, 'students.xlsx');
  const res = await be.fetch(new Request(`http://backend/edu/tblStudent/${action}`, { method: 'POST', body: form, headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
  return (await res.json()) as Envelope;
}

const jiaowuId = async () => (await be.db.selectFrom('sys_user').select('id').where('username', '=', 'jiaowu').executeTakeFirstOrThrow()).id;
// Tenant 1's, where admin imports (the demo's tenant 2 has students of its own).
const students = () => runInTenant(1, () => be.db.selectFrom('tbl_student').select(['name', 'phone']).where('del_flag', '=', 0).orderBy('name').execute());

describe('学员 import preview', () => {
  it('lists every bad row with its reason, writes nothing; the import then lands the good rows', async () => {
    await be.db.insertInto('tbl_student').values({ id: 'existing', name: '已有学员', phone: '13911110000' }).execute();
    const file = await sheet([
      ['导入甲', '13911110001', '男', '初二', '在读'],
      ['', '13911110002', '女', '高一', '潜在'], // no name
      ['导入丙', '13911110001', '男', '初二', '在读'], // phone repeats row 4
      ['导入丁', '13911110000', '女', '初一', '在读'], // phone already stored
      ['导入戊', '13911110005', '女', '初一', '在读'],
    ]);
    const before = await students();

    const preview = await upload('previewExcel', file);
    expect(preview).toMatchObject({ success: true, code: 200 });
    const p = preview.result as Preview;
    expect(p).toMatchObject({ total: 5, valid: 2, invalid: 3 });
    expect(p.headers).toEqual(['姓名', '手机', '性别', '年级', '类型']);
    // The rows with errors first, then the good ones, each in file order.
    expect(p.rows.map((r) => r.rowNumber)).toEqual([5, 6, 7, 4, 8]);
    expect(p.rows[3]).toEqual({ rowNumber: 4, fileName: 'students.xlsx', values: { 姓名: '导入甲', 手机: '13911110001', 性别: '男', 年级: '初二', 类型: '在读' }, error: null });
    expect(p.rows[0].error).toBeTruthy();
    expect(p.rows[1].error).toBe('手机与第4行重复');
    expect(p.rows[2].error).toBe('手机“13911110000”已存在');
    expect(p.rows[4].error).toBeNull();
    // Nothing was written: no students, no error file.
    expect(await students()).toEqual(before);

    const imported = await upload('importExcel', file);
    expect(imported).toMatchObject({ success: true, code: 201, result: { totalCount: 5, errorCount: 3, successCount: 2 } });
    expect((await students()).map((s) => s.name)).toEqual(['导入戊', '导入甲', '已有学员'].sort());
  });

  it('caps the rows at 100 but counts them all', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`批量${i}`, `1370000${String(i).padStart(4, '0')}`, '男', '初二', '在读']);
    const p = (await upload('previewExcel', await sheet(rows))).result as Preview;
    expect(p).toMatchObject({ total: 120, valid: 120, invalid: 0 });
    expect(p.rows).toHaveLength(100);
    const n = await be.db.selectFrom('tbl_student').select(be.db.fn.countAll().as('n')).where('name', 'like', '批量%').executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('needs the import permission', async () => {
    expect(await upload('previewExcel', await sheet([['某某', '13911119999', '男', '初二', '在读']]), teacher)).toMatchObject({ success: false, code: 510 });
  });

  it('is a POST only', async () => {
    const r = await be.call('/edu/tblStudent/previewExcel', { token: academic });
    expect(r.body).toMatchObject({ success: false, code: 405 });
  });
});

describe('学员 import: 新增或更新 (issue #21)', () => {
  it('updates the stored row with the same 手机 when asked; 仅新增 (the default) still reports it as 已存在', async () => {
    // Owned by the importing user: an update follows the form's ownership rule (spec 01 §6).
    const own_by = await jiaowuId();
    await be.db.insertInto('tbl_student').values([{ id: 'upsert-a', name: '待更新', phone: '13933330001', own_by }, { id: 'upsert-gone', name: '已删除', phone: '13933330009', del_flag: 1, own_by }]).execute();
    const file = await sheet([
      ['更新后', '13933330001', '女', '高一', '在读'], // matches upsert-a
      ['新学员', '13933330002', '男', '初一', '在读'],
      ['复活', '13933330009', '男', '初一', '在读'], // a deleted row is not brought back
    ]);
    const preview = (await upload('previewExcel', file, academic, 'upsert')).result as Preview;
    expect(preview).toMatchObject({ total: 3, valid: 2, invalid: 1, updates: 1 });
    // The row with an error comes first.
    expect(preview.rows.map((r) => [r.rowNumber, r.error, r.update ?? false])).toEqual([
      [6, '手机“13933330009”已存在（已删除的记录）', false],
      [4, null, true],
      [5, null, false],
    ]);

    const insertOnly = await upload('importExcel', file);
    expect(insertOnly).toMatchObject({ code: 201, result: { errorCount: 2, successCount: 1 } });
    const upserted = await upload('importExcel', await sheet([['更新后', '13933330001', '女', '高一', '在读'], ['又一个', '13933330003', '男', '初一', '在读']]), academic, 'upsert');
    expect(upserted).toMatchObject({ success: true, code: 200, message: '文件导入成功！新增1行，更新1行' });
    const row = await be.db.selectFrom('tbl_student').select(['name', 'gender', 'update_by']).where('id', '=', 'upsert-a').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '更新后', gender: 2, update_by: 'jiaowu' });
    expect(await be.db.selectFrom('tbl_student').select('name').where('phone', '=', '13933330001').where('del_flag', '=', 0).execute()).toHaveLength(1);
  });

  it('an update writes only the columns the file has', async () => {
    await be.db.insertInto('tbl_student').values({ id: 'upsert-b', name: '只改名', phone: '13933330011', gender: 1, own_by: await jiaowuId() }).execute();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('学员');
    ws.addRow(['学员']);
    ws.addRow(['']);
    ws.addRow(['姓名', '手机']);
    ws.addRow(['改好了', '13933330011']);
    const r = await upload('importExcel', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), academic, 'upsert');
    expect(r).toMatchObject({ success: true, message: '文件导入成功！新增0行，更新1行' });
    expect(await be.db.selectFrom('tbl_student').select(['name', 'gender']).where('id', '=', 'upsert-b').executeTakeFirstOrThrow()).toMatchObject({ name: '改好了', gender: 1 });
  });

  it("refuses to update a row the user may not edit (someone else's student)", async () => {
    await be.db.insertInto('tbl_student').values({ id: 'upsert-c', name: '别人的', phone: '13933330021', own_by: 'u_admin' }).execute();
    const p = (await upload('previewExcel', await sheet([['想改', '13933330021', '男', '初一', '在读']]), academic, 'upsert')).result as Preview;
    expect(p.rows[0].error).toBe('手机“13933330021”已存在，且无权修改该记录');
  });

  it('shows the rows with errors first, also when they lie beyond the first 100; the error file is named after the screen and time', async () => {
    const rows = Array.from({ length: 130 }, (_, i) => [`靠后${i}`, i === 120 ? '123' : `1360000${String(i).padStart(4, '0')}`, '男', '初二', '在读']);
    const p = (await upload('previewExcel', await sheet(rows))).result as Preview;
    expect(p).toMatchObject({ total: 130, valid: 129, invalid: 1 });
    expect(p.rows).toHaveLength(100);
    expect(p.rows[0]).toMatchObject({ rowNumber: 124, error: expect.stringContaining('手机') });
    expect(p.rows[1].rowNumber).toBe(4);
    const imported = await upload('importExcel', await sheet(rows.slice(115, 125)));
    expect(imported).toMatchObject({ code: 201, result: { errorCount: 1, fileName: expect.stringMatching(/^学员导入错误_\d{8}_\d{6}\.xlsx$/) } });
  });
});

describe('学员 import template', () => {
  const template = (token = academic) => be.fetch(new Request('http://backend/edu/tblStudent/importTemplate', { headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));

  it('is an empty sheet headed by the importable columns; filled in, it imports as is', async () => {
    const res = await template();
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    const headerRow = ws.getRow(ws.actualRowCount);
    const headers = (headerRow.values as unknown[]).filter((v): v is string => typeof v === 'string');
    expect(headers).toEqual(expect.arrayContaining(['姓名', '手机']));
    // No data rows: the last written row is the header.
    expect(headers).not.toContain('模板学员');
    const nameCol = headers.indexOf('姓名') + 1;
    const phoneCol = headers.indexOf('手机') + 1;
    const filled = ws.getRow(ws.actualRowCount + 1);
    filled.getCell(nameCol).value = '模板学员';
    filled.getCell(phoneCol).value = '13922220001';
    filled.commit();
    const imported = await upload('importExcel', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]));
    expect(imported).toMatchObject({ success: true, code: 200 });
    expect((await students()).map((s) => s.name)).toContain('模板学员');
  });

  it('needs the import permission', async () => {
    const body = (await (await template(teacher)).json()) as { code: number };
    expect(body.code).toBe(510);
  });
});

describe('学员 import of a large sheet', () => {
  /** Dense Chinese text (3-byte UTF-8 characters, now and then a 4-byte one), the same for every run. */
  function text(seed: number, len: number) {
    let x = seed + 1;
    let t = '';
    for (let i = 0; i < len; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      t += String.fromCodePoint(x % 50 === 0 ? 0x20000 + (x % 0x2000) : 0x4e00 + (x % 0x51a5));
    }
    return t;
  }

  async function exportLayout(rows: ExcelRow[]): Promise<Blob> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => out.on('end', r));
    const columns = [
      { header: '姓名', key: 'name' },
      { header: '手机', key: 'phone' },
      { header: '学校', key: 'school' },
      { header: '监护人', key: 'guardian' },
    ];
    await writeXlsx(out, { title: '学员信息', columns }, (async function* () {
      yield* rows;
    })());
    out.end();
    await ended;
    return new Blob([Buffer.concat(chunks)]);
  }

  // exceljs's streaming reader decoded each inflated chunk of the sheet XML on its own: wherever a character's bytes
  // straddled two chunks it was stored as U+FFFD (one row in about 4,000). patches/exceljs+4.4.0.patch.
  it('stores every cell of 20,000 rows of Chinese text exactly as written', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      name: `压测${i}${text(i, 3)}`,
      phone: `155${String(i).padStart(8, '0')}`,
      school: `${text(i + 50_000, 10 + (i % 40))}中学`,
      guardian: text(i + 90_000, 3),
    }));
    const imported = await upload('importExcel', await exportLayout(rows));
    expect(imported).toMatchObject({ success: true, code: 200, message: `文件导入成功！数据行数：${rows.length}` });

    const stored = await be.db
      .selectFrom('tbl_student')
      .select(['name', 'phone', 'school', 'guardian', 'student_no'])
      .where('phone', 'like', '155%')
      .where('del_flag', '=', 0)
      .execute();
    const byPhone = new Map(stored.map((r) => [r.phone, r]));
    expect(byPhone.size).toBe(rows.length);
    // Every imported 学员 has its 学号 from the 填值规则, all distinct (one block of the sequence, issue #24).
    const numbers = new Set(stored.map((r) => r.student_no));
    expect(numbers.size).toBe(rows.length);
    expect([...numbers].every((n) => typeof n === 'string' && /^XS\d{4}\d{5}$/.test(n))).toBe(true);
    const wrong = rows.filter((r) => {
      const s = byPhone.get(r.phone);
      return !s || s.name !== r.name || s.school !== r.school || s.guardian !== r.guardian;
    });
    expect(wrong.map((r) => r.phone)).toEqual([]);
  }, 120_000);
});
