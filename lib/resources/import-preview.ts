/**
 * The answer of `{api}/previewExcel` (server/resources/excel-actions.ts, shown by
 * components/data/list/import-modal.tsx): the upload validated as the import would, nothing written;
 * counts cover every row, `rows` at most 100: the rows with errors first (in file order), then the good ones,
 * so an error late in a long file is still shown.
 */
export interface ImportPreview {
  total: number;
  valid: number;
  invalid: number;
  /** Of `valid`, the rows that update a stored row (新增或更新 only). */
  updates?: number;
  /** The importable columns found in the file(s), in the form's order. */
  headers: string[];
  /** `update`: the row updates the stored row with the same unique key (新增或更新). */
  rows: { rowNumber: number; fileName: string; values: Record<string, string>; error: string | null; update?: boolean }[];
}
