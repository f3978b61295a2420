import type { GridColumn, GridRow } from './types';

/**
 * An Excel block on the clipboard is text/plain: cells split by '\t', rows by '\n' (or '\r\n'),
 * a trailing newline not being an extra row. Quoted cells ("a\tb" with "" escapes) are unquoted.
 */
export function parsePasteText(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      i += 1;
    } else if (ch === '\t') {
      row.push(cell);
      cell = '';
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      i += 1;
    }
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Text from the clipboard as a cell value of the column's type. */
export function pastedValue(col: GridColumn, text: string): unknown {
  if (col.type === 'inputNumber') {
    const n = Number(text.trim());
    return text.trim() === '' ? '' : Number.isFinite(n) ? n : text;
  }
  if (col.type === 'checkbox') {
    const [on, off] = col.customValue ?? [true, false];
    return ['1', 'true', '是', 'y', 'Y', String(on)].includes(text.trim()) ? on : off;
  }
  if (col.type === 'list_multi') return text.split(',').map((s) => s.trim()).filter(Boolean);
  return text;
}

/**
 * Pastes a block at (rowIndex, the column `startKey`) over the editable columns: existing rows are
 * filled, extra lines append rows built by `makeRow`; columns past the last are dropped.
 * Returns the new rows and the touched cells (to validate each).
 */
export function applyPaste(
  rows: GridRow[],
  cols: GridColumn[],
  rowIndex: number,
  startKey: string,
  block: string[][],
  makeRow: () => GridRow,
): { rows: GridRow[]; touched: { rowId: string; key: string }[] } {
  const editable = cols.filter((c) => c.type !== 'hidden' && c.type !== 'slot' && !c.disabled);
  const start = editable.findIndex((c) => c.key === startKey);
  if (start < 0 || !block.length) return { rows, touched: [] };
  const next = rows.slice();
  const touched: { rowId: string; key: string }[] = [];
  block.forEach((line, i) => {
    const at = rowIndex + i;
    const base = at < next.length ? { ...next[at] } : makeRow();
    line.forEach((text, j) => {
      const col = editable[start + j];
      if (!col) return;
      base[col.key] = pastedValue(col, text);
      touched.push({ rowId: base.id, key: col.key });
    });
    if (at < next.length) next[at] = base;
    else next.push(base);
  });
  return { rows: next, touched };
}
