import type * as ExcelJS from 'exceljs';
import type { CellValue } from './write';

/**
 * The data-row fast path of `writeXlsx`. exceljs's streaming writer builds a Row, a Cell per value,
 * a model and an XmlStream for every committed row, which made a 100k-row export take about 5 s of
 * CPU on its own. Our data rows are only strings, numbers and blanks without styles, so their
 * `<row>` XML is rendered directly and appended to the worksheet's XML stream, exactly where
 * `row.commit()` would put it; the workbook structure, the styled title/header rows, merges, column
 * widths and the zip stay exceljs's.
 *
 * Relies on exceljs 4.4.0 `WorksheetWriter` internals (`stream`, `_rows`, `_rowZero`,
 * `startedData`). When they are not as expected it returns null and the caller uses the stock
 * `addRow().commit()` path; the round-trip tests read the output with exceljs's full reader.
 */
export type RowAppender = (values: CellValue[]) => void;

interface StreamLike {
  writableLength?: number;
  _writableState?: { length?: number };
}

interface WorksheetInternals {
  stream?: { write(chunk: string): unknown; pipes?: StreamLike[]; buffers?: unknown[]; bufSize?: number };
  _rows?: unknown[] | null;
  _rowZero?: number;
  startedData?: boolean;
}

export function plainRowAppender(worksheet: ExcelJS.Worksheet, columnCount: number): RowAppender | null {
  const ws = worksheet as unknown as WorksheetInternals;
  if (
    !ws.startedData ||
    !Array.isArray(ws._rows) ||
    ws._rows.length !== 0 ||
    typeof ws._rowZero !== 'number' ||
    typeof ws.stream?.write !== 'function'
  ) {
    return null;
  }
  const letters = Array.from({ length: columnCount }, (_, i) => columnLetter(i + 1));
  const stream = ws.stream;
  return (values) => {
    const r = ws._rowZero!;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < columnCount; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      if (typeof v === 'number') {
        if (Number.isFinite(v)) xml += `<c r="${letters[i]}${r}"><v>${v}</v></c>`;
      } else {
        xml += `<c r="${letters[i]}${r}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(v)}</t></is></c>`;
      }
    }
    stream.write(`${xml}</row>`);
    ws._rowZero = r + 1;
  };
}

/**
 * Bytes of sheet XML written but not yet taken by the zip compressor. exceljs's worksheet stream
 * pushes into the zip without honouring backpressure, so when deflate falls behind, XML piles up
 * in memory; `writeXlsx` waits while this is large. Best effort: 0 when the internals are unknown.
 */
export function pendingSheetBytes(worksheet: ExcelJS.Worksheet): number {
  const stream = (worksheet as unknown as WorksheetInternals).stream;
  if (!stream) return 0;
  let pending = (stream.buffers?.length ?? 0) * (stream.bufSize ?? 0);
  for (const p of stream.pipes ?? []) pending += p.writableLength ?? p._writableState?.length ?? 0;
  return pending;
}

/** 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

// Characters XML 1.0 cannot carry at all (dropped, as exceljs does), and the ones to escape.
const INVALID_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const NEEDS_WORK = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(INVALID_XML, '').replace(SPECIAL, (ch) => ENTITIES[ch]);
}
