import type { Context } from 'hono';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { BodyTooLargeError, readRequestBody } from '../../lib/server/body-limit';
import { assertXlsx, DEFAULT_EXCEL_LIMITS, ExcelError, hasExcelExtension, MESSAGES } from './format';

export interface UploadedExcel {
  /** The multipart field name (`files[]`, `file`, … JeecgBoot accepts any). */
  field: string;
  /** The client's file name (display only; never used as a path). */
  name: string;
  size: number;
  file: File;
  /** The bytes as a Node stream, for `readXlsxRows`. */
  stream(): Readable;
}

export interface ParseUploadOptions {
  /** Largest file; the whole request may be this plus 1 MB of multipart overhead. Default 20 MB. */
  maxBytes?: number;
  /** Most files in one request (spec 02 §9: the file dialog takes 9). */
  maxFiles?: number;
}

const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * Every file of a multipart import request (`POST …/importExcel`, contract §7: any field name),
 * checked before use: the declared and the actual request size, each file's size, its name
 * (.xls/.xlsx) and its content (xlsx zip; a real BIFF .xls gets the "save as .xlsx" message).
 * Other fields (isSingleTableImport, foreignKeys) are ignored here. Throws ExcelError.
 */
export async function parseMultipartFiles(c: Context, opts: ParseUploadOptions = {}): Promise<UploadedExcel[]> {
  return (await parseMultipartUpload(c, opts)).files;
}

/** parseMultipartFiles plus the request's plain form fields (first value of each; e.g. `importMode`). */
export async function parseMultipartUpload(c: Context, opts: ParseUploadOptions = {}): Promise<{ files: UploadedExcel[]; fields: Record<string, string> }> {
  const maxBytes = opts.maxBytes ?? DEFAULT_EXCEL_LIMITS.maxBytes;
  const maxFiles = opts.maxFiles ?? 9;
  const maxRequest = maxBytes + MULTIPART_OVERHEAD;
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw new ExcelError(MESSAGES.noFile);
  if (!c.req.raw.body) throw new ExcelError(MESSAGES.noFile);
  // The shared bounded reader (lib/server/body-limit.ts) with the import's own limit, not MAX_BODY_BYTES:
  // refused from Content-Length, or as soon as a chunked body passes it.
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readRequestBody(c.req.raw, maxRequest);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw new ExcelError(MESSAGES.tooLarge(maxBytes));
    throw e;
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ExcelError(MESSAGES.noFile);
  }

  const files: UploadedExcel[] = [];
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (!Object.hasOwn(fields, field)) fields[field] = value.slice(0, 1000);
      continue;
    }
    // An empty file input is sent as a part with no name and no bytes.
    if (!value.name && value.size === 0) continue;
    if (files.length >= maxFiles) throw new ExcelError(`一次最多上传 ${maxFiles} 个文件`);
    if (value.size > maxBytes) throw new ExcelError(MESSAGES.tooLarge(maxBytes));
    if (!hasExcelExtension(value.name)) throw new ExcelError(MESSAGES.notExcel);
    assertXlsx(new Uint8Array(await value.slice(0, 8).arrayBuffer()));
    files.push({
      field,
      name: value.name,
      size: value.size,
      file: value,
      stream: () => Readable.fromWeb(value.stream() as unknown as NodeWebReadableStream<Uint8Array>),
    });
  }
  if (files.length === 0) throw new ExcelError(MESSAGES.noFile);
  return { files, fields };
}
