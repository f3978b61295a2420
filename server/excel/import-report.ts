import { PassThrough } from 'node:stream';
import type { Envelope } from '../core/errors';
import type { FileStorage } from '../storage/storage';
import type { ReadRow } from './read';
import { formatDateTime } from '../core/format';
import { writeXlsx, type ExcelRow } from './write';

/** One problem with one row of an uploaded sheet; `rowNumber` as in ReadRow (Excel's row number). */
export interface RowError {
  rowNumber: number;
  message: string;
}

/** Contract §7: the `result` of a code-201 partial import answer. */
export interface ImportResult {
  totalCount: number;
  errorCount: number;
  successCount: number;
  msg: string;
  /** `/sys/common/static/<stored path>`; the client prefixes its API base. */
  fileUrl: string;
  fileName: string;
}

export const IMPORT_MESSAGES = {
  ok: (rows: number) => `文件导入成功！数据行数：${rows}`,
  /** 新增或更新: how many rows were added and how many updated. */
  okUpserted: (added: number, updated: number) => `文件导入成功！新增${added}行，更新${updated}行`,
  partial: '文件导入成功，但有错误。',
  duplicate: '文件导入失败:有重复数据！',
  /** JeecgBoot ImportExcelUtil's summary line. */
  summary: (total: number, success: number, errors: number) => `总上传行数：${total}，已导入行数：${success}，错误行数：${errors}`,
} as const;

export const ERROR_COLUMN = '错误信息';
export const ROW_NUMBER_COLUMN = '行号';
export const IMPORT_ERRORS_BIZ = 'import-errors';

export interface ImportReportInput {
  /** What was imported, e.g. '场地'; the report's title is `<title>导入错误`. */
  title?: string;
  /** The sheet's header texts in order (ReadOptions.onHeader gives them). */
  headers: string[];
  /** The uploaded rows (all of them or only the failed ones); only rows with errors are written. */
  rows: Iterable<ReadRow> | AsyncIterable<ReadRow>;
  errors: RowError[];
  /** Data rows in the upload. */
  totalCount: number;
  /** Rows that landed; default totalCount minus the rows with errors. */
  successCount?: number;
}

/**
 * Writes the failed rows (their original row number, original cells and an 错误信息 column, in the
 * same title/header layout as our exports, so the file can be fixed and imported again) into
 * storage under `import-errors/`, and returns the contract's 201 result.
 */
export async function writeImportReport(storage: FileStorage, input: ImportReportInput): Promise<ImportResult> {
  const byRow = new Map<number, string[]>();
  for (const e of input.errors) {
    const list = byRow.get(e.rowNumber);
    if (list) list.push(e.message);
    else byRow.set(e.rowNumber, [e.message]);
  }
  const errorCount = byRow.size;
  const successCount = input.successCount ?? Math.max(0, input.totalCount - errorCount);
  const headers = input.headers.filter((h) => h !== ERROR_COLUMN && h !== ROW_NUMBER_COLUMN);
  const keyOf = (i: number) => `c${i}`;
  const columns = [
    { header: ROW_NUMBER_COLUMN, key: 'row', width: 8 },
    ...headers.map((header, i) => ({ header, key: keyOf(i) })),
    { header: ERROR_COLUMN, key: 'error', width: 60 },
  ];

  async function* failedRows(): AsyncGenerator<ExcelRow> {
    const written = new Set<number>();
    for await (const r of input.rows) {
      const messages = byRow.get(r.rowNumber);
      if (!messages || written.has(r.rowNumber)) continue;
      written.add(r.rowNumber);
      const out: ExcelRow = { row: r.rowNumber, error: messages.join('；') };
      headers.forEach((h, i) => (out[keyOf(i)] = r.values[h] ?? ''));
      yield out;
    }
    // Errors for rows not passed in (e.g. found later by the database) are still listed.
    const rest = [...byRow.keys()].filter((n) => !written.has(n)).sort((a, b) => a - b);
    for (const n of rest) yield { row: n, error: byRow.get(n)!.join('；') };
  }

  const title = `${input.title ?? ''}导入错误`;
  const pass = new PassThrough();
  const writing = writeXlsx(pass, { title, subtitle: IMPORT_MESSAGES.summary(input.totalCount, successCount, errorCount), columns }, failedRows()).then(
    () => pass.end(),
    (e: unknown) => {
      pass.destroy(e instanceof Error ? e : new Error(String(e)));
      throw e;
    },
  );
  const [stored] = await Promise.all([storage.put(pass, { biz: IMPORT_ERRORS_BIZ, originalName: 'errors.xlsx' }), writing]);
  return {
    totalCount: input.totalCount,
    errorCount,
    successCount,
    msg: IMPORT_MESSAGES.summary(input.totalCount, successCount, errorCount),
    fileUrl: `/sys/common/static/${stored.path}`,
    // What the user saves it as: the screen and the time (the stored name is a generated id).
    fileName: importReportFileName(input.title, new Date()),
  };
}

/** `学员导入错误_20260315_143005.xlsx`: the screen's title and the time in Beijing time, as every screen shows it. */
export function importReportFileName(title: string | undefined, at: Date): string {
  const stamp = (formatDateTime(at) ?? '').replace(/-/g, '').replace(' ', '_').replace(/:/g, '');
  const safeTitle = (title ?? '').replace(/[\\/:*?"<>|\s]+/g, '');
  return `${safeTitle}导入错误_${stamp}.xlsx`;
}

/** The whole code-201 answer (contract §7): success true, message 文件导入成功，但有错误。 */
export function partialImportEnvelope(result: ImportResult): Envelope<ImportResult> {
  return { success: true, message: IMPORT_MESSAGES.partial, code: 201, result, timestamp: Date.now() };
}
