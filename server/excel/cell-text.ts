/** What exceljs's streaming reader puts in a cell (see exceljs worksheet-reader.js). */
export type RawCell =
  | null
  | undefined
  | string
  | number
  | boolean
  | Date
  | { richText: { text?: string | null }[] }
  | { text: unknown; hyperlink?: string }
  | { formula: string; result?: unknown }
  | { sharedFormula: string; result?: unknown }
  | { error: string }
  | { sharedString: number };

/**
 * A cell as the importer sees it: trimmed text. Numbers keep JavaScript's shortest form
 * (13800138000 → "13800138000"); dates become 'YYYY-MM-DD HH:mm:ss', or 'YYYY-MM-DD' at midnight,
 * or 'HH:mm:ss' for a pure time; rich text is joined; formulas give their cached result; errors
 * give their code ('#N/A'), so validation reports them.
 */
export function cellText(v: RawCell): string {
  return raw(v).trim();
}

function raw(v: RawCell | unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return formatExcelDate(v);
  if (typeof v !== 'object') return String(v);
  if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r?.text ?? '').join('');
  if ('formula' in v || 'sharedFormula' in v) return raw((v as { result?: unknown }).result);
  if ('hyperlink' in v || 'text' in v) return raw((v as { text?: unknown }).text);
  if ('error' in v) return String(v.error ?? '');
  return '';
}

/**
 * exceljs turns a date serial into a Date whose UTC fields are Excel's wall-clock fields, so the
 * UTC getters give back exactly what the sheet shows, independent of the server's time zone.
 * Rounded to the second (serials are floating point: 0.5 s errors are common).
 */
export function formatExcelDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const t = new Date(Math.round(d.getTime() / 1000) * 1000);
  const p = (x: number) => String(x).padStart(2, '0');
  const date = `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())}`;
  const time = `${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
  // Serial < 1 (Excel day 0 is 1899-12-30 in exceljs): a time of day without a date.
  if (t.getTime() < Date.UTC(1899, 11, 31)) return time;
  return time === '00:00:00' ? date : `${date} ${time}`;
}
