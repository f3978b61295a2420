/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStorage } from '../../storage/local';
import { importReportFileName, partialImportEnvelope, writeImportReport } from '../import-report';
import { readXlsxRows, type ReadRow } from '../read';

let root: string;
let storage: LocalFileStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-report-'));
  storage = new LocalFileStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const headers = ['名称', '容量', '状态'];
const rows: ReadRow[] = [4, 5, 6, 7].map((n) => ({ rowNumber: n, values: { 名称: `教室${n}`, 容量: String(n * 10), 状态: n === 6 ? '' : '1' } }));

async function readStored(storedPath: string): Promise<ReadRow[]> {
  const opened = await storage.open(storedPath);
  const out: ReadRow[] = [];
  for await (const r of readXlsxRows(opened!.stream, { titleRows: 2 })) out.push(r);
  return out;
}

describe('writeImportReport', () => {
  it('stores the failed rows with an 错误信息 column and returns the 201 result', async () => {
    const result = await writeImportReport(storage, {
      title: '场地',
      headers,
      rows,
      totalCount: 4,
      errors: [
        { rowNumber: 6, message: '状态不能为空' },
        { rowNumber: 4, message: '名称已存在' },
        { rowNumber: 6, message: '容量必须小于50' },
      ],
    });
    expect(result).toEqual({
      totalCount: 4,
      errorCount: 2,
      successCount: 2,
      msg: '总上传行数：4，已导入行数：2，错误行数：2',
      fileUrl: expect.stringMatching(/^\/sys\/common\/static\/import-errors\/[a-z0-9]+_[0-9a-f]{24}\.xlsx$/),
      // Saved under the screen and the time (Beijing), not the stored id (issue #21).
      fileName: expect.stringMatching(/^场地导入错误_\d{8}_\d{6}\.xlsx$/),
    });
    const storedPath = result.fileUrl.replace('/sys/common/static/', '');
    expect(await readStored(storedPath)).toEqual([
      { rowNumber: 4, values: { 行号: '4', 名称: '教室4', 容量: '40', 状态: '1', 错误信息: '名称已存在' } },
      { rowNumber: 5, values: { 行号: '6', 名称: '教室6', 容量: '60', 状态: '', 错误信息: '状态不能为空；容量必须小于50' } },
    ]);
  });

  it('lists errors for rows it was not given, and accepts an async row source', async () => {
    async function* source() {
      yield* rows.slice(0, 1);
    }
    const result = await writeImportReport(storage, {
      headers,
      rows: source(),
      totalCount: 10,
      successCount: 0,
      errors: [
        { rowNumber: 4, message: '名称已存在' },
        { rowNumber: 9, message: '文件导入失败:有重复数据！' },
      ],
    });
    expect(result.msg).toBe('总上传行数：10，已导入行数：0，错误行数：2');
    const back = await readStored(result.fileUrl.replace('/sys/common/static/', ''));
    expect(back.map((r) => [r.values.行号, r.values.错误信息])).toEqual([
      ['4', '名称已存在'],
      ['9', '文件导入失败:有重复数据！'],
    ]);
  });

  it('wraps the result in the code-201 envelope', async () => {
    const result = await writeImportReport(storage, { headers, rows, totalCount: 4, errors: [{ rowNumber: 5, message: 'x' }] });
    expect(partialImportEnvelope(result)).toEqual({ success: true, code: 201, message: '文件导入成功，但有错误。', result, timestamp: expect.any(Number) });
  });
});

describe('importReportFileName', () => {
  it('is the title and the time in Beijing time, with nothing a file system refuses', () => {
    expect(importReportFileName('学员', new Date('2026-03-15T06:30:05Z'))).toBe('学员导入错误_20260315_143005.xlsx');
    expect(importReportFileName('a/b: c', new Date('2026-12-31T16:00:00Z'))).toBe('abc导入错误_20270101_000000.xlsx');
  });
});
