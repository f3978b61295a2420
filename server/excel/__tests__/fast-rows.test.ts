/** @jest-environment node */
import * as ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { columnLetter, escapeXml, plainRowAppender } from '../fast-rows';
import { readXlsxRows } from '../read';
import { writeXlsx, type ExcelRow } from '../write';

async function exportBuffer(rows: ExcelRow[], columns = ['a', 'b', 'c']): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* gen() {
    yield* rows;
  }
  await writeXlsx(out, { title: '特殊字符', columns: columns.map((key) => ({ header: key.toUpperCase(), key })) }, gen());
  return Buffer.concat(chunks);
}

describe('data-row fast path', () => {
  const tricky: ExcelRow[] = [
    { a: 'A&B <x> "q" \'s\'', b: 0, c: '😀 表情' },
    { a: 'bell\u0007tab\tnew\nline', b: -0.000125, c: 'lone\ud800surrogate' },
    { a: '&lt;literal&gt;', b: 12345678901234, c: null },
    { a: '', b: Number.NaN, c: '=SUM(A1:A2)' },
  ];

  it('writes XML that exceljs\'s full (non-streaming) loader reads back exactly', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportBuffer(tricky)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(3).values).toEqual([undefined, 'A', 'B', 'C']);
    expect(ws.getCell('A4').value).toBe('A&B <x> "q" \'s\'');
    expect(ws.getCell('B4').value).toBe(0);
    expect(ws.getCell('C4').value).toBe('😀 表情');
    expect(ws.getCell('A5').value).toBe('belltab\tnew\nline');
    expect(ws.getCell('B5').value).toBe(-0.000125);
    expect(ws.getCell('C5').value).toBe('lonesurrogate');
    expect(ws.getCell('B6').value).toBe(12345678901234);
    expect(ws.getCell('C6').value).toBeNull();
    expect(ws.getCell('A7').value).toBeNull();
    expect(ws.getCell('B7').value).toBeNull();
    // Text, never a formula.
    expect(ws.getCell('C7').value).toBe('=SUM(A1:A2)');
  });

  it('round-trips through readXlsxRows', async () => {
    const rows = [];
    for await (const r of readXlsxRows(await exportBuffer(tricky))) rows.push(r);
    expect(rows.map((r) => r.values)).toEqual([
      { A: 'A&B <x> "q" \'s\'', B: '0', C: '😀 表情' },
      { A: 'belltab\tnew\nline', B: '-0.000125', C: 'lonesurrogate' },
      // exceljs's streaming reader decodes entities a second time: literal "&lt;" text comes back as "<".
      { A: '<literal>', B: '12345678901234', C: '' },
      { A: '', B: '', C: '=SUM(A1:A2)' },
    ]);
  });

  it('is taken with this exceljs version once the header is committed (not silently the slow path)', async () => {
    const out = new PassThrough();
    out.resume();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const ws = wb.addWorksheet('x');
    expect(plainRowAppender(ws, 2)).toBeNull(); // nothing written yet
    ws.addRow(['h1', 'h2']).commit();
    const append = plainRowAppender(ws, 2);
    expect(append).not.toBeNull();
    append!(['v', 1]);
    expect(ws.addRow(['next']).number).toBe(3);
    ws.commit();
    await wb.commit();
  });

  it('handles more than 26 columns', async () => {
    const columns = Array.from({ length: 30 }, (_, i) => `k${i}`);
    const row = Object.fromEntries(columns.map((k, i) => [k, i]));
    const out = [];
    for await (const r of readXlsxRows(await exportBuffer([row], columns))) out.push(r);
    expect(out[0].values.K29).toBe('29');
    expect(columnLetter(1)).toBe('A');
    expect(columnLetter(26)).toBe('Z');
    expect(columnLetter(27)).toBe('AA');
    expect(columnLetter(702)).toBe('ZZ');
    expect(columnLetter(703)).toBe('AAA');
    expect(escapeXml('plain 文本')).toBe('plain 文本');
  });
});
