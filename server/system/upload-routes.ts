import busboy from 'busboy';
import { Hono } from 'hono';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import {
  checkGeneralUpload,
  extOf,
  GENERAL_MAX_BYTES,
  hasForbiddenNameChars,
  isMaterialKind,
  MATERIAL_RULES,
  UPLOAD_MESSAGES,
  type GeneralType,
  type MaterialKind,
} from '../../lib/upload/rules';
import { INVALID_PATH_MESSAGE, normaliseBiz, StorageError, type FileStorage } from '../storage/storage';
import { sniffUpload, SNIFF_BYTES } from '../storage/upload-checks';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv } from '../core/context';
import { registerUpload } from './oss-files';

/**
 * `POST /sys/common/upload` (contract §8, spec 02 §7): multipart `file` plus `biz` (default temp) or
 * `isup=1`, and optionally `type=image|file` / `kind=audio|video|image|document` so the server applies
 * the widgets' rules too. Any signed-in user may upload (JeecgBoot has no permission code). The file is
 * streamed into storage (never held in memory), counted and cut off over the limit, and its first bytes
 * decide whether it may be stored at all. Fields must come before the file part (our client sends them
 * first); a later field cannot change how the file was stored.
 */
export const uploadRoutes = new Hono<AppEnv>();

export const UPLOAD_FAILED = '上传失败！';
const SERVICE_NOT_READY = '正在配置服务，请稍后重试';
const BAD_PARAMS = '上传参数不正确';

/** A stored file (path, size and the user's file name, which 文件管理 registers) or the refusal. */
export type Outcome = { path: string; size: number; name: string } | { error: string };

interface Rules {
  biz: string;
  type?: GeneralType;
  kind?: MaterialKind;
}

uploadRoutes.post('/sys/common/upload', async (c) => {
  const storage = c.var.services.storage;
  if (!storage) throw new ApiFailure(SERVICE_NOT_READY);
  const contentType = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  if (!/^multipart\/form-data/i.test(contentType) || !body) throw new ApiFailure(UPLOAD_FAILED);
  const outcome = await receive(contentType, body, storage);
  if ('error' in outcome) throw new ApiFailure(outcome.error);
  await registerUpload(c.var.services.db, { path: outcome.path, size: outcome.size, name: outcome.name, uploader: authOf(c).user.username });
  // JeecgBoot puts the path in `message`; `result` carries it too for clients that read the result.
  return c.json(ok(outcome.path, outcome.path));
});

/**
 * Parses the multipart body; the first `file` part is stored, other files are drained and ignored. `defaultBiz`:
 * the folder when the client sends no `biz` (文件管理's upload keeps its files out of `temp`).
 */
export function receive(contentType: string, body: ReadableStream<Uint8Array>, storage: FileStorage, defaultBiz?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let bb: busboy.Busboy;
    try {
      // Browsers send the file name's UTF-8 bytes raw (WHATWG); busboy's default latin1 would garble 中文 names.
      bb = busboy({ headers: { 'content-type': contentType }, preservePath: true, defParamCharset: 'utf8', limits: { files: 5, fields: 20, fieldSize: 1024, fieldNameSize: 100, parts: 30 } });
    } catch {
      resolve({ error: UPLOAD_FAILED });
      return;
    }
    const fields: Record<string, string> = {};
    let job: Promise<Outcome> | null = null;
    let settled = false;
    const done = (o: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(o);
    };
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, file, info) => {
      if (name !== 'file' || job) {
        file.resume();
        return;
      }
      const rules = rulesOf(defaultBiz && !fields.biz ? { ...fields, biz: defaultBiz } : fields);
      if ('error' in rules) {
        file.resume();
        job = Promise.resolve(rules);
        return;
      }
      job = storeOne(file, fileNameOf(info.filename), rules, storage);
    });
    bb.on('close', () => {
      if (!job) return done({ error: UPLOAD_FAILED });
      job.then(done, () => done({ error: UPLOAD_FAILED }));
    });
    bb.on('error', () => {
      if (job) job.then(done, () => done({ error: UPLOAD_FAILED }));
      else done({ error: UPLOAD_FAILED });
    });
    const source = Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>);
    source.on('error', () => bb.destroy());
    source.pipe(bb);
  });
}

/**
 * The client's file name without any folder part. Browsers escape `"`, CR and LF in the multipart
 * header as %22 / %0D / %0A (WHATWG); they are restored so the name rules see what the user chose.
 */
export function fileNameOf(raw: string | undefined): string {
  const name = (raw ?? '').replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
  // A backslash stays, so the name rule refuses it (spec 02 §5).
  return path.posix.basename(name);
}

function rulesOf(fields: Record<string, string>): Rules | { error: string } {
  let biz: string;
  try {
    biz = normaliseBiz(fields.biz);
  } catch (e) {
    if (e instanceof StorageError) return { error: INVALID_PATH_MESSAGE };
    throw e;
  }
  const type = fields.type || undefined;
  const kind = fields.kind || undefined;
  if (type !== undefined && type !== 'image' && type !== 'file') return { error: BAD_PARAMS };
  if (kind !== undefined && !isMaterialKind(kind)) return { error: BAD_PARAMS };
  return { biz, type, kind };
}

/** The refusal known from the name alone (before any byte is stored), or null. */
function nameProblem(name: string, rules: Rules): string | null {
  if (!name) return UPLOAD_FAILED;
  if (hasForbiddenNameChars(name)) return UPLOAD_MESSAGES.badName;
  if (rules.kind && !MATERIAL_RULES[rules.kind].exts.includes(extOf(name))) return UPLOAD_MESSAGES.badFormat;
  // Size 0 here: only the name rules of the general upload apply now, its size is counted below.
  return checkGeneralUpload({ name, size: 0 }, rules.type);
}

/**
 * Streams one file into storage: the first SNIFF_BYTES are held and checked, then written ahead of the
 * rest. Over the limit the storage stream is destroyed (the storage removes its partial file) and the
 * remaining bytes are drained so the client still reads the answer.
 */
function storeOne(file: Readable, name: string, rules: Rules, storage: FileStorage): Promise<Outcome> {
  const kindRule = rules.kind ? MATERIAL_RULES[rules.kind] : null;
  const max = Math.min(GENERAL_MAX_BYTES, kindRule?.maxBytes ?? GENERAL_MAX_BYTES);
  const tooLarge = kindRule && kindRule.maxBytes <= GENERAL_MAX_BYTES ? kindRule.message : UPLOAD_MESSAGES.tooLarge;

  return new Promise((resolve) => {
    const head: Buffer[] = [];
    let headBytes = 0;
    let total = 0;
    let out: PassThrough | null = null;
    let put: Promise<Outcome> | null = null;
    let refused: string | null = nameProblem(name, rules);
    if (refused) file.resume();

    const refuse = (message: string) => {
      if (refused) return;
      refused = message;
      out?.destroy(new Error(message));
      file.resume();
    };
    const begin = () => {
      const first = Buffer.concat(head);
      const bad = sniffUpload(name, first, { type: rules.type, kind: rules.kind });
      if (bad) return refuse(bad);
      const stream = new PassThrough();
      out = stream;
      put = storage.put(stream, { biz: rules.biz, originalName: name }).then(
        (stored): Outcome => ({ path: stored.path, size: stored.size, name }),
        (): Outcome => ({ error: UPLOAD_FAILED }),
      );
      stream.write(first);
    };
    const finish = async () => {
      if (refused) {
        // Let a destroyed write settle (the storage deletes its temporary file) before answering.
        await put?.catch(() => undefined);
        return resolve({ error: refused });
      }
      resolve(put ? await put : { error: UPLOAD_FAILED });
    };

    file.on('data', (chunk: Buffer) => {
      if (refused) return;
      total += chunk.length;
      if (total > max) return refuse(tooLarge);
      if (!out) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) begin();
        return;
      }
      if (!out.write(chunk)) {
        file.pause();
        out.once('drain', () => file.resume());
      }
    });
    file.on('end', () => {
      if (!refused && !out) begin();
      if (!refused) out?.end();
      void finish();
    });
    file.on('error', () => {
      refuse(UPLOAD_FAILED);
      void finish();
    });
  });
}
