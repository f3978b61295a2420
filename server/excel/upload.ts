import type { Context } from 'hono';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
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
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxRequest) throw new ExcelError(MESSAGES.tooLarge(maxBytes));

  const body = await readLimited(c.req.raw.body, maxRequest, maxBytes);
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

/** The request body, refusing it as soon as it passes `limit` bytes (also without a Content-Length). */
async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) throw new ExcelError(MESSAGES.noFile);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ExcelError(MESSAGES.tooLarge(maxBytes));
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}
