// Loaded on the first export, not at start (bench/start.ts: exceljs and its zip libraries are ~300 modules).
import type * as ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { setTimeout as sleep, setImmediate as yieldToLoop } from 'node:timers/promises';
import { contentDisposition } from '../storage/download-headers';
import { pendingSheetBytes, plainRowAppender } from './fast-rows';
import { formatDateTime } from '../core/format';
import { loadExcelJS } from './load';

/**
 * Streaming xlsx export. Layout, chosen so JeecgBoot's import settings (AutoPoi `titleRows 2,
 * headRows 1`, contract §7) read our own exports back:
 *
 *   row 1  title (merged across all columns)       e.g. "学生信息报表"
 *   row 2  subtitle (merged)                       e.g. "导出人:管理员"; default "导出时间：…"
 *   row 3  header (bold)
 *   row 4+ data, one committed row at a time (never held in memory)
 *
 * `readXlsxRows` finds the header row by itself, or takes `titleRows: 2` explicitly.
 */
export const TITLE_ROWS = 2;

export type CellValue = string | number | null;
export type ExcelRow = Record<string, CellValue>;

export interface ExcelColumn {
  header: string;
  key: string;
  /** Column width in Excel character units (about 7 px each); default from the header text. */
  width?: number;
}

export interface SheetSpec {
  title: string;
  /** Second title row; JeecgBoot writes "导出人:<realname>". Default "导出时间：YYYY-MM-DD HH:mm:ss". */
  subtitle?: string;
  columns: ExcelColumn[];
}

/** Excel's limit for one cell's text. */
const MAX_CELL_CHARS = 32767;
/** How often the row loop checks the output's backpressure and lets the zip pipeline run. */
const YIELD_EVERY = 200;
/** Sheet XML allowed to wait for the compressor (keeps peak memory flat however many rows). */
const MAX_PENDING_XML = 4 * 1024 * 1024;

export async function writeXlsx(out: NodeJS.WritableStream, sheet: SheetSpec, rows: AsyncIterable<ExcelRow>): Promise<void> {
  if (sheet.columns.length === 0) throw new Error('writeXlsx: no columns');
  const { stream } = await loadExcelJS();
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: out as unknown as Writable,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = '教务系统';
  const worksheet = workbook.addWorksheet(sheetName(sheet.title), {
    views: [{ state: 'frozen', ySplit: TITLE_ROWS + 1 }],
  });
  worksheet.columns = sheet.columns.map((c) => ({ key: c.key, width: c.width ?? defaultWidth(c.header) }));
  const n = sheet.columns.length;

  const title = worksheet.addRow([sheet.title]);
  title.height = 30;
  title.getCell(1).font = { bold: true, size: 16 };
  title.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
  const subtitle = worksheet.addRow([sheet.subtitle ?? `导出时间：${formatDateTime(new Date())}`]);
  subtitle.getCell(1).alignment = { horizontal: 'right' };
  if (n > 1) {
    worksheet.mergeCells(1, 1, 1, n);
    worksheet.mergeCells(2, 1, 2, n);
  }
  title.commit();
  subtitle.commit();
  const header = worksheet.addRow(sheet.columns.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { horizontal: 'center', vertical: 'middle' };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
  });
  header.commit();
  skipEmptyStyles(workbook);

  const keys = sheet.columns.map((c) => c.key);
  const append = plainRowAppender(worksheet, n) ?? ((values: CellValue[]) => worksheet.addRow(values).commit());
  let count = 0;
  for await (const row of rows) {
    append(keys.map((k) => cellValue(row[k])));
    if (++count % YIELD_EVERY === 0) await relieve(out, worksheet);
  }
  worksheet.commit();
  if (isDestroyed(out)) throw new Error('writeXlsx: output closed before the end');
  await workbook.commit();
}

type StyleRegistry = { addStyleModel?: (model: object | undefined, cellType?: number) => number };

/**
 * Speed of the stock row path (used only when the fast path in fast-rows.ts is unavailable): with
 * `useStyles` exceljs registers every cell's fresh, empty style object, rendering and hashing its
 * XML, which was over half the export time. Style 0 is the default (General) format, exactly what
 * exceljs's no-styles mode gives unstyled cells, so after the styled title/header rows they go
 * straight to 0. exceljs 4.4.0 internals (`WorkbookWriter.styles`); if absent, this does nothing.
 */
function skipEmptyStyles(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const styles = (workbook as unknown as { styles?: StyleRegistry }).styles;
  const original = styles?.addStyleModel;
  if (!styles || typeof original !== 'function') return;
  styles.addStyleModel = (model, cellType) =>
    model && Object.keys(model).length === 0 ? 0 : original.call(styles, model, cellType);
}

function cellValue(v: CellValue | undefined): CellValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return v.length > MAX_CELL_CHARS ? v.slice(0, MAX_CELL_CHARS) : v;
}

/**
 * Backpressure: exceljs commits rows synchronously, so the loop itself waits while the output is
 * full, and yields to the event loop so the zip/deflate pipeline keeps draining. Stops (throws)
 * when the consumer went away, e.g. a cancelled download.
 */
async function relieve(out: NodeJS.WritableStream, worksheet: ExcelJS.Worksheet): Promise<void> {
  if (isDestroyed(out)) throw new Error('writeXlsx: output closed before the end');
  // Deflate behind: let it catch up before rendering more XML.
  while (pendingSheetBytes(worksheet) > MAX_PENDING_XML) {
    await sleep(2);
    if (isDestroyed(out)) throw new Error('writeXlsx: output closed before the end');
  }
  const w = out as Partial<Writable>;
  if (w.writableNeedDrain) {
    const ac = new AbortController();
    await Promise.race([once(out, 'drain', { signal: ac.signal }), once(out, 'close', { signal: ac.signal })]).catch(() => undefined);
    ac.abort();
    if (isDestroyed(out)) throw new Error('writeXlsx: output closed before the end');
  } else {
    await yieldToLoop();
  }
}

function isDestroyed(out: NodeJS.WritableStream): boolean {
  return (out as Partial<Writable>).destroyed === true;
}

/** Excel sheet names: at most 31 characters, none of `[]:*?/\`. */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, '_').slice(0, 31).trim() || 'Sheet1';
}

/** Header display width (CJK counts double) plus padding, between 10 and 50 characters. */
function defaultWidth(header: string): number {
  let w = 0;
  for (const ch of header) w += /[\u2e80-\uffff]/.test(ch) ? 2 : 1;
  return Math.min(50, Math.max(10, w + 4));
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The download name of an xlsx export: `学生信息` / `学生信息.xls` → `学生信息.xlsx`. */
export const xlsxName = (filename: string): string => `${filename.replace(/\.xlsx?$/i, '')}.xlsx`;

/**
 * A download Response for an export (`exportXls`). The content is xlsx (OOXML), so the file is named `.xlsx`
 * and typed as such (issue #39: a `.xls` name made Excel warn on every open); a given `.xls` / `.xlsx` ending is
 * replaced. JeecgBoot's stock client names its own blobs, so only our downloads change. The first row is fetched
 * before answering, so a failing query still becomes a normal error envelope instead of a truncated download.
 */
export async function xlsxResponse(filename: string, sheet: SheetSpec, rows: AsyncIterable<ExcelRow>): Promise<Response> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const replay: AsyncIterable<ExcelRow> = {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value;
    },
  };
  const pass = new PassThrough({ highWaterMark: 256 * 1024 });
  writeXlsx(pass, sheet, replay).then(
    () => pass.end(),
    (e: unknown) => {
      if (!pass.destroyed) console.error('[excel] export failed', e);
      void iterator.return?.();
      pass.destroy(e instanceof Error ? e : new Error(String(e)));
    },
  );
  const name = xlsxName(filename);
  return new Response(Readable.toWeb(pass) as unknown as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': contentDisposition(name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
