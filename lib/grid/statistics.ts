import type { GridColumn, GridRow } from './types';

/** The statistics row (spec 02 §3): sum and average over the numeric values of a column; blanks are skipped. */
export function columnStatistics(rows: GridRow[], key: string): { sum: number; average: number } {
  let sum = 0;
  let n = 0;
  for (const r of rows) {
    const v = r[key];
    if (v === '' || v === null || v === undefined || typeof v === 'boolean') continue;
    const x = Number(v);
    if (!Number.isFinite(x)) continue;
    sum += x;
    n += 1;
  }
  // Rounded to 2 decimals so float noise (0.1 + 0.2) never shows.
  const round = (x: number) => Math.round(x * 100) / 100;
  return { sum: round(sum), average: n ? round(sum / n) : 0 };
}

export const hasStatistics = (cols: GridColumn[]) => cols.some((c) => c.statistics?.length);
