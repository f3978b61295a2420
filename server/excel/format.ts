import { IMPORT_MAX_BYTES } from '../../lib/upload/rules';
import { ApiFailure } from '../core/errors';

/** An import/export problem the user can act on; routes may throw it (mapped to `{success:false, code:500}`). */
export class ExcelError extends ApiFailure {
  constructor(message: string) {
    super(message, 500, 200);
  }
}

export const MESSAGES = {
  legacyXls: '暂不支持旧版 Excel 97-2003 (.xls) 格式，请另存为 .xlsx 后再导入',
  notExcel: '文件格式不正确，请上传 Excel 文件',
  noFile: '未上传任何文件',
  /** Same wording as JeecgBoot's upload-size message (contract §1), with our limit. */
  tooLarge: (maxBytes: number) => `文件大小超出${sizeText(maxBytes)}限制, 请压缩或降低文件质量! `,
  tooManyRows: (maxRows: number) => `导入数据行数超出限制，单个文件最多 ${maxRows} 行`,
} as const;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

export interface ExcelLimits {
  /** Largest accepted file in bytes (default 20 MB). */
  maxBytes: number;
  /** Most data rows read from one file (default 200,000). */
  maxRows: number;
}

/** maxBytes is the import dialog's limit too (lib/upload/rules.ts), which checks before sending. */
export const DEFAULT_EXCEL_LIMITS: ExcelLimits = { maxBytes: IMPORT_MAX_BYTES, maxRows: 200_000 };

export type SniffedFormat = 'xlsx' | 'biff' | 'unknown';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound document: legacy BIFF .xls (and also password-protected xlsx, which we cannot read either). */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The format by content, never by name: our own exports are xlsx content named .xls. */
export function sniffExcel(head: Uint8Array): SniffedFormat {
  const starts = (sig: number[]) => head.length >= sig.length && sig.every((b, i) => head[i] === b);
  if (starts(ZIP)) return 'xlsx';
  if (starts(OLE)) return 'biff';
  return 'unknown';
}

/** Throws the matching Chinese message unless `head` starts like an xlsx (zip) file. */
export function assertXlsx(head: Uint8Array): void {
  const format = sniffExcel(head);
  if (format === 'biff') throw new ExcelError(MESSAGES.legacyXls);
  if (format !== 'xlsx') throw new ExcelError(MESSAGES.notExcel);
}

/** Accepted upload names (spec 02 §2: the import dialog accepts .xls and .xlsx). */
export function hasExcelExtension(name: string): boolean {
  return /\.xlsx?$/i.test(name.trim());
}
