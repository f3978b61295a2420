/** @jest-environment node */
import { Hono } from 'hono';
import { PassThrough } from 'node:stream';
import { readXlsxRows } from '../read';
import { parseMultipartFiles, type ParseUploadOptions } from '../upload';
import { writeXlsx } from '../write';
import { ExcelError } from '../format';

function appWith(opts?: ParseUploadOptions) {
  const app = new Hono();
  app.post('/importExcel', async (c) => {
    try {
      const files = await parseMultipartFiles(c, opts);
      const out = [];
      for (const f of files) {
        let rows = 0;
        for await (const _ of readXlsxRows(f.stream())) rows++;
        out.push({ field: f.field, name: f.name, size: f.size, rows });
      }
      return c.json({ ok: true, files: out });
    } catch (e) {
      if (e instanceof ExcelError) return c.json({ ok: false, message: e.message });
      throw e;
    }
  });
  return app;
}

async function xlsx(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* gen() {
    for (let i = 0; i < rows; i++) yield { a: `行${i}`, b: i };
  }
  await writeXlsx(out, { title: 't', columns: [{ header: '甲', key: 'a' }, { header: '乙', key: 'b' }] }, gen());
  return Buffer.concat(chunks);
}

async function post(app: Hono, parts: [string, Blob | string, string?][], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [field, value, name] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, value, name);
  }
  const res = await app.request('/importExcel', { method: 'POST', body: form, headers });
  return (await res.json()) as { ok: boolean; message?: string; files?: { field: string; name: string; size: number; rows: number }[] };
}

describe('parseMultipartFiles', () => {
  it('accepts xlsx content under .xls and .xlsx names, from any field, ignoring other fields', async () => {
    const app = appWith();
    const book = new Blob([new Uint8Array(await xlsx(5))]);
    const r = await post(app, [
      ['files[]', book, '我们导出的.xls'],
      ['file', book, 'b.XLSX'],
      ['isSingleTableImport', 'true'],
    ]);
    expect(r).toEqual({
      ok: true,
      files: [
        { field: 'files[]', name: '我们导出的.xls', size: book.size, rows: 5 },
        { field: 'file', name: 'b.XLSX', size: book.size, rows: 5 },
      ],
    });
  });

  it('checks names and content', async () => {
    const app = appWith();
    const book = new Blob([new Uint8Array(await xlsx(1))]);
    const biff = new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])]);
    expect((await post(app, [['file', book, 'a.csv']])).message).toBe('文件格式不正确，请上传 Excel 文件');
    expect((await post(app, [['file', new Blob(['a,b\n1,2\n']), 'a.xlsx']])).message).toBe('文件格式不正确，请上传 Excel 文件');
    expect((await post(app, [['file', biff, '旧版.xls']])).message).toBe('暂不支持旧版 Excel 97-2003 (.xls) 格式，请另存为 .xlsx 后再导入');
    expect((await post(app, [['isSingleTableImport', 'true']])).message).toBe('未上传任何文件');
    expect((await post(app, [['file', new Blob([]), '']])).message).toBe('未上传任何文件');
  });

  it('refuses too large requests by header and by actual size, and too many files', async () => {
    const app = appWith({ maxBytes: 2048, maxFiles: 1 });
    const big = new Blob([new Uint8Array(await xlsx(300))]);
    expect(big.size).toBeGreaterThan(2048);
    expect((await post(app, [['file', big, 'a.xlsx']])).message).toBe('文件大小超出2KB限制, 请压缩或降低文件质量! ');
    const declared = await app.request('/importExcel', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      body: '--x--',
    });
    expect(((await declared.json()) as { message: string }).message).toContain('文件大小超出');
    // No Content-Length (chunked): the body is counted while it is read.
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > 8 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const chunked = await app.request('/importExcel', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(((await chunked.json()) as { message: string }).message).toContain('文件大小超出');
    expect(sent).toBeLessThan(2 * 1024 * 1024);
    const small = new Blob([new Uint8Array((await xlsx(1)).subarray(0, 1500))]);
    expect((await post(app, [['a', small, 'a.xlsx'], ['b', small, 'b.xlsx']])).message).toBe('一次最多上传 1 个文件');
  });
});
