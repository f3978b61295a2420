import { Hono } from 'hono';
import { sql } from 'kysely';
import { MATERIAL_DOWNLOAD_URL } from '../../features/edu/material/material-resource';
import { PERMS } from '../../lib/permissions/codes';
import { authOf, type AppEnv } from '../core/context';
import { ApiFailure } from '../core/errors';
import { seesAllMaterials, visibleMaterial } from './catalog-material';
import { storedFileResponse } from '../storage/download-headers';
import { StorageError } from '../storage/storage';
import { permCodesOf, requirePerm } from '../core/perm';

/**
 * `GET /edu/tblCourseMaterial/download?id=` (课程资料 / 课件, issue #22): the stored file under the name it was
 * uploaded with (RFC 5987), after the same visibility rule as the list, and `download_count` + 1.
 * `&preview=1` is the screen's preview and player: inline, not counted. Needs `edu:material:list`.
 */
export const materialDownloadRoutes = new Hono<AppEnv>();

const NOT_FOUND = '资料不存在或无权查看';
const FILE_MISSING = '文件不存在';
/** Shown inline by the preview: what an <img>, <video>, <audio> or the PDF viewer displays; never markup. */
const INLINE_EXTS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.pdf', '.mp3', '.wav', '.mp4']);

materialDownloadRoutes.get(MATERIAL_DOWNLOAD_URL, requirePerm(PERMS.material.list), async (c) => {
  const { db, storage } = c.var.services;
  const auth = authOf(c);
  const id = (c.req.query('id') ?? '').trim().slice(0, 64);
  const preview = c.req.query('preview') === '1';
  if (!id) throw new ApiFailure(NOT_FOUND, 404, 404);
  const all = seesAllMaterials(await permCodesOf(c, auth.user.id));
  let q = db
    .selectFrom('tbl_course_material')
    .select(['id', 'file_path', 'file_name'])
    .where('id', '=', id)
    .where('del_flag', '=', 0);
  // visibleMaterial is written for the resource engine's untyped builder; the condition is raw SQL on this table.
  if (!all) q = q.where((eb) => visibleMaterial(eb as never, auth));
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiFailure(NOT_FOUND, 404, 404);
  if (!storage) throw new ApiFailure(FILE_MISSING, 404, 404);
  let opened;
  try {
    opened = await storage.open(row.file_path);
  } catch (e) {
    if (e instanceof StorageError) throw new ApiFailure(FILE_MISSING, 404, 404);
    throw e;
  }
  if (!opened) throw new ApiFailure(FILE_MISSING, 404, 404);
  // Counted when the file is handed out (a broken transfer still counts: the request is what is known).
  if (!preview) await db.updateTable('tbl_course_material').set({ download_count: sql`download_count + 1` }).where('id', '=', row.id).execute();
  return storedFileResponse(opened, row.file_path, row.file_name, { inline: preview, inlineExts: INLINE_EXTS });
});
