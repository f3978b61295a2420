/** @jest-environment node */
import * as ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import { readXlsxRows, type ReadOptions, type ReadRow } from '../read';
import { writeXlsx, xlsxResponse, type ExcelRow, type SheetSpec } from '../write';

const sheet: SheetSpec = {
  title: '学生信息报表',
  subtitle: '导出人:管理员',
  columns: [
    { header: '姓名', key: 'name' },
    { header: '年龄', key: 'age' },
    { header: '学费', key: 'fee', width: 12 },
    { header: '入学日期', key: 'enrolled' },
    { header: '备注', key: 'note' },
  ],
};

async function* gen(n: number): AsyncGenerator<ExcelRow> {
  for (let i = 0; i < n; i++) {
    yield {
      name: `张三${i}`,
      age: i % 100,
      fee: i % 7 === 0 ? -12.5 : 1234.56,
      enrolled: `2024-09-${String((i % 28) + 1).padStart(2, '0')}`,
      note: i % 3 === 0 ? null : `  备注 ${i}  `,
    };
  }
}

async function toBuffer(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  await write(out);
  out.end();
  await ended;
  return Buffer.concat(chunks);
}

async function readAll(input: Buffer | NodeJS.ReadableStream, opts?: ReadOptions): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  for await (const r of readXlsxRows(input, opts)) rows.push(r);
  return rows;
}

/** A workbook built with exceljs's in-memory API, as Excel or WPS would save it (shared strings, styles). */
async function workbookBuffer(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const chineseColumns = [
  { header: '学员姓名', key: 'name' },
  { header: '家长姓名', key: 'parent' },
  { header: '备注', key: 'note' },
];

/**
 * Deterministic text: CJK ideographs (3 UTF-8 bytes) and a digit now and then. Only characters below U+FFFF:
 * exceljs's in-memory writer, which builds this fixture, itself breaks surrogate pairs in shared strings.
 */
function chineseRows(n: number, seed: number): Record<string, string>[] {
  let x = seed;
  // xorshift32
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
  const text = (len: number) => {
    let t = '';
    for (let i = 0; i < len; i++) t += next() % 40 === 0 ? String(next() % 10) : String.fromCodePoint(0x4e00 + (next() % 0x51a5));
    return t;
  };
  return Array.from({ length: n }, (_, i) => ({ name: `压测${i}${text(2)}`, parent: text(3), note: text(5 + (i % 20)) }));
}

function expectSameText(rows: ReadRow[], data: Record<string, string>[]) {
  const wrong = rows.flatMap((r, i) =>
    chineseColumns.filter((c) => r.values[c.header] !== data[i][c.key]).map((c) => `row ${r.rowNumber} ${c.header}: ${JSON.stringify(r.values[c.header])}`),
  );
  expect(wrong).toEqual([]);
}

describe('writeXlsx → readXlsxRows', () => {
  it('round-trips 10k rows with Chinese text, numbers, dates and empty cells', async () => {
    const buf = await toBuffer((out) => writeXlsx(out, sheet, gen(10_000)));
    expect(buf.subarray(0, 2).toString()).toBe('PK');
    let header: string[] = [];
    const rows = await readAll(Readable.from([buf]), { onHeader: (h) => (header = h) });
    expect(header).toEqual(['姓名', '年龄', '学费', '入学日期', '备注']);
    expect(rows).toHaveLength(10_000);
    expect(rows[0]).toEqual({ rowNumber: 4, values: { 姓名: '张三0', 年龄: '0', 学费: '-12.5', 入学日期: '2024-09-01', 备注: '' } });
    expect(rows[1].values).toEqual({ 姓名: '张三1', 年龄: '1', 学费: '1234.56', 入学日期: '2024-09-02', 备注: '备注 1' });
    expect(rows[9_999]).toEqual({ rowNumber: 10_003, values: expect.objectContaining({ 姓名: '张三9999', 年龄: '99' }) });
  });

  // exceljs's streaming reader decoded each inflated chunk on its own, so a character whose UTF-8 bytes straddled
  // two chunks came back as U+FFFD (patches/exceljs+4.4.0.patch). Our export layout (inline strings) is checked
  // through the 学员 import in server/edu/__tests__/student-import-preview.test.ts; this is the layout Excel saves.
  it('reads 20,000 rows of dense Chinese text back exactly from a workbook with shared strings (as Excel saves it)', async () => {
    const data = chineseRows(20_000, 2);
    const buf = await workbookBuffer((wb) => {
      const ws = wb.addWorksheet('学员');
      ws.addRow(chineseColumns.map((c) => c.header));
      for (const r of data) ws.addRow(chineseColumns.map((c) => r[c.key]));
    });
    const rows = await readAll(buf);
    expect(rows).toHaveLength(data.length);
    expectSameText(rows, data);
  });

  it('reads the layout with AutoPoi settings (titleRows 2) and with the expected headers', async () => {
    const buf = await toBuffer((out) => writeXlsx(out, sheet, gen(3)));
    const explicit = await readAll(buf, { titleRows: 2 });
    const byHeaders = await readAll(buf, { headers: ['姓名', '年龄'] });
    expect(explicit.map((r) => r.values.姓名)).toEqual(['张三0', '张三1', '张三2']);
    expect(byHeaders).toEqual(explicit);
  });

  it('writes the title, subtitle, bold header and widths', async () => {
    const buf = await toBuffer((out) => writeXlsx(out, sheet, gen(1)));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('学生信息报表');
    expect(ws.getCell('A1').value).toBe('学生信息报表');
    expect(ws.getCell('A2').value).toBe('导出人:管理员');
    expect(ws.getCell('A3').value).toBe('姓名');
    expect(ws.getCell('A3').font?.bold).toBe(true);
    expect(ws.getColumn(3).width).toBe(12);
    expect(ws.getCell('E1').isMerged).toBe(true);
  });

  it("without a subtitle writes 导出时间 in Beijing time, whatever the server's time zone", async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'UTC';
    jest.useFakeTimers({ now: new Date('2026-11-25T17:30:05Z'), doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'setTimeout'] });
    try {
      const buf = await toBuffer((out) => writeXlsx(out, { ...sheet, subtitle: undefined }, gen(1)));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
      expect(wb.worksheets[0].getCell('A2').value).toBe('导出时间：2026-11-26 01:30:05');
    } finally {
      jest.useRealTimers();
      process.env.TZ = tz;
    }
  });

  it('turns dates, times, rich text, formulas, hyperlinks and booleans into plain text', async () => {
    const buf = await workbookBuffer((wb) => {
      const ws = wb.addWorksheet('数据');
      ws.addRow(['姓名', '生日', '上课时间', '时刻', '说明', '合计', '链接', '在读']);
      ws.addRow([
        ' 李四 ',
        new Date(Date.UTC(2010, 4, 6)),
        new Date(Date.UTC(2024, 8, 1, 8, 30, 0)),
        new Date(Date.UTC(1899, 11, 30, 14, 5, 0)),
        { richText: [{ text: '富' }, { text: '文本', font: { bold: true } }] },
        { formula: '1+2', result: 3 },
        { text: '官网', hyperlink: 'https://example.com' },
        true,
      ]);
      ws.getCell('B2').numFmt = 'yyyy-mm-dd';
      ws.getCell('C2').numFmt = 'yyyy-mm-dd hh:mm:ss';
      ws.getCell('D2').numFmt = 'hh:mm:ss';
      ws.addRow([]);
      ws.addRow(['', '', '', '', '', '', '', '']);
      ws.addRow(['王五']);
      wb.addWorksheet('第二页').addRow(['不读', '这页']);
    });
    const rows = await readAll(buf);
    expect(rows).toEqual([
      {
        rowNumber: 2,
        values: { 姓名: '李四', 生日: '2010-05-06', 上课时间: '2024-09-01 08:30:00', 时刻: '14:05:00', 说明: '富文本', 合计: '3', 链接: '官网', 在读: 'TRUE' },
      },
      { rowNumber: 5, values: { 姓名: '王五', 生日: '', 上课时间: '', 时刻: '', 说明: '', 合计: '', 链接: '', 在读: '' } },
    ]);
  });

  it('finds a single-column header and skips title rows that hold one merged cell', async () => {
    const single = await workbookBuffer((wb) => wb.addWorksheet('a').addRows([['编码'], ['A01'], ['A02']]));
    expect((await readAll(single)).map((r) => r.values)).toEqual([{ 编码: 'A01' }, { 编码: 'A02' }]);
    const titled = await workbookBuffer((wb) => wb.addWorksheet('a').addRows([['场地报表'], [], ['名称', '容量'], ['一号教室', 40]]));
    expect(await readAll(titled)).toEqual([{ rowNumber: 4, values: { 名称: '一号教室', 容量: '40' } }]);
  });
});

describe('readXlsxRows refuses what it cannot read', () => {
  const biff = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);

  it('refuses legacy BIFF .xls with a "save as .xlsx" message, from a buffer and a stream', async () => {
    await expect(readAll(biff)).rejects.toThrow('暂不支持旧版 Excel 97-2003 (.xls) 格式，请另存为 .xlsx 后再导入');
    await expect(readAll(Readable.from([biff.subarray(0, 3), biff.subarray(3)]))).rejects.toThrow('暂不支持旧版 Excel 97-2003');
  });

  it('refuses garbage, empty input, a truncated file and a zip that is not a workbook', async () => {
    const msg = '文件格式不正确，请上传 Excel 文件';
    await expect(readAll(Buffer.from('姓名,年龄\n张三,3\n'))).rejects.toThrow(msg);
    await expect(readAll(Buffer.alloc(0))).rejects.toThrow(msg);
    const good = await toBuffer((out) => writeXlsx(out, sheet, gen(2000)));
    await expect(readAll(good.subarray(0, Math.floor(good.length / 2)))).rejects.toThrow(msg);
    const notBook = await workbookBuffer((wb) => wb.addWorksheet('x'));
    const zipOnly = Buffer.from(notBook).subarray(0, 4); // PK\x03\x04 and nothing else
    await expect(readAll(zipOnly)).rejects.toThrow(msg);
  });

  it('enforces the size and row limits', async () => {
    const buf = await toBuffer((out) => writeXlsx(out, sheet, gen(500)));
    await expect(readAll(buf, { limits: { maxBytes: 1024 } })).rejects.toThrow('文件大小超出1KB限制');
    await expect(readAll(Readable.from([buf.subarray(0, 4096), buf.subarray(4096)]), { limits: { maxBytes: 5000 } })).rejects.toThrow(
      '文件大小超出5KB限制',
    );
    await expect(readAll(buf, { limits: { maxRows: 100 } })).rejects.toThrow('导入数据行数超出限制，单个文件最多 100 行');
  });
});

describe('xlsxResponse', () => {
  it('answers an .xlsx download (named and typed as what it holds) whose content reads back', async () => {
    const res = await xlsxResponse('学生信息', sheet, gen(20));
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('学生信息.xlsx')}`,
    );
    // A caller's .xls ending (the spec's name) is replaced, never kept.
    expect((await xlsxResponse('学生信息.xls', sheet, gen(1))).headers.get('content-disposition')).toContain(encodeURIComponent('学生信息.xlsx'));
    const rows = await readAll(Buffer.from(await res.arrayBuffer()));
    expect(rows).toHaveLength(20);
  });

  it('stops producing rows and releases the source when the download is cancelled', async () => {
    let produced = 0;
    let closed = false;
    async function* endless(): AsyncGenerator<ExcelRow> {
      try {
        for (;;) {
          produced++;
          yield { name: `张三${produced}`, age: produced, fee: 1, enrolled: '2024-01-01', note: 'x'.repeat(100) };
        }
      } finally {
        closed = true;
      }
    }
    const res = await xlsxResponse('无尽', sheet, endless());
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    for (let i = 0; i < 100 && !closed; i++) await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(true);
    const after = produced;
    await new Promise((r) => setTimeout(r, 100));
    expect(produced).toBe(after);
  });

  it('surfaces a failing first row as an error before answering', async () => {
    async function* failing(): AsyncGenerator<ExcelRow> {
      throw new Error('query failed');
    }
    await expect(xlsxResponse('x', sheet, failing())).rejects.toThrow('query failed');
  });
});

describe('readXlsxRows and its input', () => {
  it('releases a file stream when the caller stops early, and passes callback errors through', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jw-read-')), 'a.xlsx');
    fs.writeFileSync(file, await toBuffer((out) => writeXlsx(out, sheet, gen(5000))));
    const input = fs.createReadStream(file);
    for await (const r of readXlsxRows(input)) {
      expect(r.rowNumber).toBe(4);
      break;
    }
    for (let i = 0; i < 50 && !input.destroyed; i++) await new Promise((r) => setTimeout(r, 10));
    expect(input.destroyed).toBe(true);
    const bad = readAll(fs.createReadStream(file), {
      onHeader: () => {
        throw new TypeError('caller bug');
      },
    });
    await expect(bad).rejects.toThrow(TypeError);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
