// Loaded on the first import, not at start (as in write.ts).
import type * as ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { assertXlsx, DEFAULT_EXCEL_LIMITS, ExcelError, MESSAGES, type ExcelLimits } from './format';
import { cellText, type RawCell } from './cell-text';
import { loadExcelJS } from './load';

export interface ReadOptions {
  limits?: Partial<ExcelLimits>;
  /**
   * Rows above the header (AutoPoi's `titleRows`; our exports have 2). When absent, the header is
   * detected within the first 20 rows: the first row holding one of `headers`, else the first row
   * with at least two filled cells (title rows are merged, so they hold one), else the first
   * non-empty row.
   */
  titleRows?: number;
  /** The labels the importer expects; used to find the header row. */
  headers?: string[];
  /** Called once with the header texts (column order, empty ones left out) before the first row. */
  onHeader?: (headers: string[]) => void;
}

export interface ReadRow {
  /** The row's number in the sheet (1-based, as Excel shows it): what error reports cite. */
  rowNumber: number;
  /** Every header of the sheet → the trimmed cell text ('' when empty). */
  values: Record<string, string>;
}

const HEADER_SCAN_ROWS = 20;

/** A failure of the caller's own callback: passed through, not mistaken for a bad file. */
class CallbackError {
  constructor(readonly cause: unknown) {}
}

/**
 * Streams the data rows of the first worksheet of an xlsx file, keyed by header text (exceljs
 * `stream.xlsx.WorkbookReader`; the sheet XML is parsed incrementally, never loaded whole).
 * The format is decided by content: zip → xlsx (also when named .xls), OLE → legacy .xls refused,
 * anything else refused. Values are plain strings (see cell-text.ts); empty rows are skipped.
 * Throws ExcelError with a Chinese message for format and limit problems.
 *
 * exceljs spools a worksheet to a temp file (os.tmpdir()) when it comes before sharedStrings.xml in
 * the zip (Excel's order; always for our exports, which have no shared strings) and deletes it after
 * parsing; if the caller stops early, the temp file stays until the process exits.
 */
export async function* readXlsxRows(input: NodeJS.ReadableStream | Buffer, opts: ReadOptions = {}): AsyncGenerator<ReadRow> {
  const limits = { ...DEFAULT_EXCEL_LIMITS, ...opts.limits };
  const guard = await guardedInput(input, limits.maxBytes);
  const { stream } = await loadExcelJS();
  const reader = new stream.xlsx.WorkbookReader(guard.stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell dates from numbers
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      // Later worksheets are skipped without parsing; the loop still runs so exceljs cleans up.
      if (sheets++ > 0) continue;
      yield* readSheet(worksheet as unknown as AsyncIterable<ExcelJS.Row>, opts, limits.maxRows, guard);
    }
  } catch (e) {
    guard.check();
    if (e instanceof ExcelError) throw e;
    if (e instanceof CallbackError) throw e.cause;
    throw new ExcelError(MESSAGES.notExcel);
  } finally {
    // Also when the caller stops early: release the input (an open file, a request body).
    guard.stream.destroy();
  }
  guard.check();
  if (sheets === 0) throw new ExcelError(MESSAGES.notExcel);
}

async function* readSheet(rows: AsyncIterable<ExcelJS.Row>, opts: ReadOptions, maxRows: number, guard: Guard): AsyncGenerator<ReadRow> {
  const wanted = new Set((opts.headers ?? []).map((h) => h.trim()).filter(Boolean));
  let columns: { index: number; name: string }[] | null = null;
  const pending: { rowNumber: number; cells: string[] }[] = [];
  let lastNumber = 0;
  let count = 0;

  const takeHeader = (cells: string[]) => {
    const seen = new Set<string>();
    columns = [];
    cells.forEach((name, index) => {
      if (name && !seen.has(name)) {
        seen.add(name);
        columns!.push({ index, name });
      }
    });
    try {
      opts.onHeader?.(columns.map((c) => c.name));
    } catch (e) {
      throw new CallbackError(e);
    }
  };
  const toRow = (rowNumber: number, cells: string[]): ReadRow | null => {
    const values: Record<string, string> = {};
    let filled = false;
    for (const { index, name } of columns!) {
      const v = cells[index] ?? '';
      values[name] = v;
      if (v) filled = true;
    }
    if (!filled) return null;
    if (++count > maxRows) throw new ExcelError(MESSAGES.tooManyRows(maxRows));
    return { rowNumber, values };
  };
  /** Picks the header among the buffered rows and returns the data rows buffered after it. */
  const settleHeader = (): ReadRow[] => {
    const matches = (cells: string[]) => cells.some((c) => wanted.has(c));
    let at = wanted.size ? pending.findIndex((r) => matches(r.cells)) : -1;
    if (at < 0) at = pending.findIndex((r) => r.cells.filter(Boolean).length >= 2);
    if (at < 0) at = 0;
    takeHeader(pending[at].cells);
    const rest = pending.slice(at + 1).map((r) => toRow(r.rowNumber, r.cells));
    pending.length = 0;
    return rest.filter((r): r is ReadRow => r !== null);
  };

  for await (const row of rows) {
    guard.check();
    // Some writers omit `r`; then rows are consecutive.
    const rowNumber = Number.isFinite(row.number) && row.number > 0 ? row.number : lastNumber + 1;
    lastNumber = rowNumber;
    const cells = rowCells(row);
    if (columns) {
      const r = toRow(rowNumber, cells);
      if (r) yield r;
      continue;
    }
    if (opts.titleRows !== undefined) {
      if (rowNumber === opts.titleRows + 1) takeHeader(cells);
      else if (rowNumber > opts.titleRows + 1) {
        // The header row itself was absent (empty): there is no header to key values by.
        takeHeader([]);
      }
      continue;
    }
    if (!cells.some(Boolean)) continue;
    pending.push({ rowNumber, cells });
    const decisive =
      (wanted.size > 0 && cells.some((c) => wanted.has(c))) ||
      (wanted.size === 0 && cells.filter(Boolean).length >= 2) ||
      pending.length >= HEADER_SCAN_ROWS;
    if (decisive) yield* settleHeader();
  }
  if (!columns && pending.length) yield* settleHeader();
}

/** Cell texts by 0-based column index (exceljs rows are 1-based and sparse). */
function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  const values = row.values as RawCell[];
  for (let i = 1; i < values.length; i++) cells[i - 1] = cellText(values[i]);
  return cells;
}

interface Guard {
  stream: Readable;
  /** Throws the limit or input error that ended the input early, if any. */
  check(): void;
}

/**
 * Sniffs the first bytes before exceljs sees anything, then passes the input through while
 * counting bytes. Errors (too large, a failing source) end the stream instead of erroring it,
 * because exceljs pipes the input into its unzipper and a piped error would never arrive there;
 * `check()` then reports the real reason.
 */
async function guardedInput(input: NodeJS.ReadableStream | Buffer, maxBytes: number): Promise<Guard> {
  if (Buffer.isBuffer(input)) {
    if (input.length > maxBytes) throw new ExcelError(MESSAGES.tooLarge(maxBytes));
    assertXlsx(input.subarray(0, 8));
    return { stream: Readable.from([input]), check: () => undefined };
  }
  const source = (input as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let total = 0;
  for (let r = await source.next(); !r.done; r = await source.next()) {
    const chunk = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value);
    head.push(chunk);
    total += chunk.length;
    if (total > maxBytes) throw new ExcelError(MESSAGES.tooLarge(maxBytes));
    if (total >= 8) break;
  }
  assertXlsx(Buffer.concat(head).subarray(0, 8));
  let failure: Error | null = null;
  async function* rest() {
    yield* head;
    try {
      for (let r = await source.next(); !r.done; r = await source.next()) {
        const chunk = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value);
        total += chunk.length;
        if (total > maxBytes) {
          failure = new ExcelError(MESSAGES.tooLarge(maxBytes));
          break;
        }
        yield chunk;
      }
    } catch (e) {
      failure = e instanceof Error ? e : new Error(String(e));
    } finally {
      await source.return?.();
    }
  }
  return {
    stream: Readable.from(rest()),
    check: () => {
      if (failure) throw failure;
    },
  };
}
