import { Hono } from 'hono';
import { WORK_API, WORK_FILE_URL, WORK_MESSAGES, WORK_PREVIEW_URL } from '../../features/work/works/work-resource';
import { PERMS } from '../../lib/permissions/codes';
import { authOf, type AppEnv } from '../core/context';
import { ApiFailure, ok } from '../core/errors';
import { foreignWork, loadWorkPage, seesAllWorks, visibleWorkFile } from './student-works';
import { storedFileResponse } from '../storage/download-headers';
import { StorageError } from '../storage/storage';
import { permCodesOf, requirePerm } from '../core/perm';

/**
 * 学员作品 beside the resource engine's CRUD (issue #26 item 4): the work's file and its page, under the same
 * visibility rule as the list (server/work/student-works.ts), and a guard that names why a delete is refused.
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
  if (!id) throw new ApiFailure(WORK_MESSAGES.notFound, 404);
  const all = seesAllWorks(await permCodesOf(c, auth.user.id));
  const work = await loadWorkPage(c.var.services.db, id, auth, all);
  if (work === 'missing') throw new ApiFailure(WORK_MESSAGES.notFound, 404);
  if (work === 'denied') throw new ApiFailure(WORK_MESSAGES.noAccess, 403);
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
  if (!row) throw new ApiFailure(WORK_MESSAGES.notFound, 404, 404);
  let opened;
  try {
    opened = storage ? await storage.open(row.file) : null;
  } catch (e) {
    if (!(e instanceof StorageError)) throw e;
  }
  if (!opened) throw new ApiFailure(FILE_MISSING, 404, 404);
  return storedFileResponse(opened, row.file, row.file_name, { inline: c.req.query('download') !== '1', inlineExts: INLINE_EXTS });
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
