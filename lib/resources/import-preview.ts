/**
 * The answer of `{api}/previewExcel` (server/resources/excel-actions.ts, shown by
 * components/data/list/import-modal.tsx): the upload validated as the import would, nothing written;
 * counts cover every row, `rows` the first 100.
 */
export interface ImportPreview {
  total: number;
  valid: number;
  invalid: number;
  /** The importable columns found in the file(s), in the form's order. */
  headers: string[];
  rows: { rowNumber: number; fileName: string; values: Record<string, string>; error: string | null }[];
}
