import { Hono } from 'hono';
import path from 'node:path';
import { Readable } from 'node:stream';
import { WORK_API, WORK_FILE_URL, WORK_MESSAGES, WORK_PREVIEW_URL } from '../../features/work/works/work-resource';
import { PERMS } from '../../lib/permissions/codes';
import { authOf, type AppEnv } from '../core/context';
import { ApiFailure, fail, ok } from '../core/errors';
import { foreignWork, loadWorkPage, seesAllWorks, visibleWorkFile } from '../services/student-works';
import { contentDisposition, contentTypeFor } from '../storage/download-headers';
import { StorageError } from '../storage/storage';
import { permCodesOf, requirePerm } from './perm';

/**
 * 学员作品 beside the resource engine's CRUD (issue #26 item 4): the work's file and its page, under the same
 * visibility rule as the list (server/services/student-works.ts), and a guard that names why a delete is refused.
 */
export const studentWorkRoutes = new Hono<AppEnv>();

const FILE_MISSING = '文件不存在';
/** What the gallery and the preview show inline: <img>, <video> and the PDF viewer; never markup. */
const INLINE_EXTS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.pdf', '.mp4']);

const idOf = (raw: string | undefined) => (raw ?? '').trim().slice(0, 64);

/**
 * `GET /edu/studentWork/preview?id=`: the work with its student, class, course and uploader names, and `canEdit`.
 * 作品不存在 (404) for no such live work, 没有权限查看 (403) for one the caller may not see.
 */
studentWorkRoutes.get(WORK_PREVIEW_URL, requirePerm(PERMS.studentWork.list), async (c) => {
  const auth = authOf(c);
  const id = idOf(c.req.query('id'));
  if (!id) return c.json(fail(WORK_MESSAGES.notFound, 404));
  const all = seesAllWorks(await permCodesOf(c, auth.user.id));
  const work = await loadWorkPage(c.var.services.db, id, auth, all);
  if (work === 'missing') return c.json(fail(WORK_MESSAGES.notFound, 404));
  if (work === 'denied') return c.json(fail(WORK_MESSAGES.noAccess, 403));
  return c.json(ok(work));
});

/**
 * `GET /edu/studentWork/file?id=`: the file inline (gallery thumbnails, preview, player); `&download=1` as an
 * attachment under the name it was uploaded with (RFC 5987). The same visibility as the list.
 */
studentWorkRoutes.get(WORK_FILE_URL, requirePerm(PERMS.studentWork.list), async (c) => {
  const { db, storage } = c.var.services;
  const auth = authOf(c);
  const id = idOf(c.req.query('id'));
  const all = seesAllWorks(await permCodesOf(c, auth.user.id));
  const row = id ? await visibleWorkFile(db, id, auth, all) : undefined;
  if (!row) return c.json(fail(WORK_MESSAGES.notFound, 404), 404);
  let opened;
  try {
    opened = storage ? await storage.open(row.file) : null;
  } catch (e) {
    if (!(e instanceof StorageError)) throw e;
  }
  if (!opened) return c.json(fail(FILE_MISSING, 404), 404);
  const stored = path.posix.basename(row.file);
  const inline = c.req.query('download') !== '1' && INLINE_EXTS.has(path.posix.extname(stored).toLowerCase());
  const disposition = contentDisposition(row.file_name || stored);
  return c.body(Readable.toWeb(opened.stream) as unknown as ReadableStream<Uint8Array>, 200, {
    // The type follows the stored (checked, generated) name, never the user's.
    'Content-Type': contentTypeFor(stored),
    'Content-Length': String(opened.size),
    'Content-Disposition': inline ? disposition.replace(/^attachment/, 'inline') : disposition,
    'X-Content-Type-Options': 'nosniff',
    // No sandbox inline: Chrome's PDF viewer refuses a sandboxed document. Nothing inline is markup.
    'Content-Security-Policy': inline ? "default-src 'none'" : "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  });
});

/**
 * Before the engine's `DELETE /edu/studentWork/delete`: a teacher deleting a shared work of someone else is told
 * why (只能删除自己上传的作品) instead of 未找到对应数据; the engine still deletes only what the rule allows.
 */
studentWorkRoutes.delete(`${WORK_API}/delete`, requirePerm(PERMS.studentWork.delete), async (c, next) => {
  const auth = authOf(c);
  const id = idOf(c.req.query('id'));
  if (id && !seesAllWorks(await permCodesOf(c, auth.user.id)) && (await foreignWork(c.var.services.db, id, auth))) throw new ApiFailure(WORK_MESSAGES.notOwnerDelete);
  await next();
});
