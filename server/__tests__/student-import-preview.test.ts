/** @jest-environment node */
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { writeXlsx, type ExcelRow } from '../excel/write';
import { startTestBackend, type TestBackend } from './helpers';

interface Preview {
  total: number;
  valid: number;
  invalid: number;
  headers: string[];
  rows: { rowNumber: number; fileName: string; values: Record<string, string>; error: string | null }[];
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

async function upload(action: 'previewExcel' | 'importExcel', file: Blob, token = academic) {
  const form = new FormData();
  form.append('files[]', file, 'students.xlsx');
  const res = await be.fetch(new Request(`http://backend/edu/tblStudent/${action}`, { method: 'POST', body: form, headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
  return (await res.json()) as { success: boolean; code: number; message: string; result: unknown };
}

const students = () => be.db.selectFrom('tbl_student').select(['name', 'phone']).where('del_flag', '=', 0).orderBy('name').execute();

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
    expect(p.rows.map((r) => r.rowNumber)).toEqual([4, 5, 6, 7, 8]);
    expect(p.rows[0]).toEqual({ rowNumber: 4, fileName: 'students.xlsx', values: { 姓名: '导入甲', 手机: '13911110001', 性别: '男', 年级: '初二', 类型: '在读' }, error: null });
    expect(p.rows[1].error).toBeTruthy();
    expect(p.rows[2].error).toBe('手机与第4行重复');
    expect(p.rows[3].error).toBe('手机“13911110000”已存在');
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

describe('学员 import template', () => {
  const template = (token = academic) => be.fetch(new Request('http://backend/edu/tblStudent/importTemplate', { headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));

  it('is an empty sheet headed by the importable columns; filled in, it imports as is', async () => {
    const res = await template();
    expect(res.headers.get('content-disposition')).toContain('.xls');
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
      .select(['name', 'phone', 'school', 'guardian'])
      .where('phone', 'like', '155%')
      .where('del_flag', '=', 0)
      .execute();
    const byPhone = new Map(stored.map((r) => [r.phone, r]));
    expect(byPhone.size).toBe(rows.length);
    const wrong = rows.filter((r) => {
      const s = byPhone.get(r.phone);
      return !s || s.name !== r.name || s.school !== r.school || s.guardian !== r.guardian;
    });
    expect(wrong.map((r) => r.phone)).toEqual([]);
  }, 120_000);
});
