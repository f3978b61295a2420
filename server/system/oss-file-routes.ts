import { Hono } from 'hono';
import { OSS_FILE_BIZ, OSS_FILE_MESSAGES as M, OSS_FILE_URLS } from '../../features/system/files/oss-file-resource';
import { PERMS } from '../../lib/permissions/codes';
import { authOf, type AppEnv } from '../core/context';
import { ApiFailure, ok } from '../core/errors';
import { deleteOssFile, registerUpload } from './oss-files';
import { requirePerm } from '../core/perm';
import { receive } from './upload-routes';

/**
 * 文件管理 (JeecgBoot's OssFileController): `list` and `queryById` are the resource engine's (server/system/
 * oss-files.ts registers the definition); here, ahead of the engine:
 *   POST   /sys/oss/file/upload          multipart `file` → 上传成功！, result the stored path (system:ossFile:upload)
 *   DELETE /sys/oss/file/delete?id=      删除成功!; refused while a record uses the file (system:ossFile:delete)
 *   DELETE /sys/oss/file/deleteByUrl?url=  ours: the same by stored path, with spec 02 §5's object-store rules
 *                                        (the bucket root → code 10003, a path ending in `/` refused)
 * The upload is /sys/common/upload's (the 200 MB limit, the name rules, the content sniffed) into folder `oss`.
 */
export const ossFileRoutes = new Hono<AppEnv>();

ossFileRoutes.post(OSS_FILE_URLS.upload, requirePerm(PERMS.ossFile.upload), async (c) => {
  const storage = c.var.services.storage;
  const contentType = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  if (!storage) throw new ApiFailure('正在配置服务，请稍后重试');
  if (!/^multipart\/form-data/i.test(contentType) || !body) throw new ApiFailure(M.uploadFailed);
  const outcome = await receive(contentType, body, storage, OSS_FILE_BIZ);
  if ('error' in outcome) throw new ApiFailure(outcome.error);
  await registerUpload(c.var.services.db, { path: outcome.path, size: outcome.size, name: outcome.name, uploader: authOf(c).user.username });
  return c.json(ok(outcome.path, M.uploaded));
});

ossFileRoutes.delete(OSS_FILE_URLS.delete, requirePerm(PERMS.ossFile.delete), async (c) => {
  const id = (c.req.query('id') ?? '').trim().slice(0, 32);
  if (!id) throw new ApiFailure(M.notFound);
  await deleteOssFile(c.var.services.db, c.var.services.storage, { id });
  return c.json(ok(null, M.deleted));
});

ossFileRoutes.delete(OSS_FILE_URLS.deleteByUrl, requirePerm(PERMS.ossFile.delete), async (c) => {
  await deleteOssFile(c.var.services.db, c.var.services.storage, { url: c.req.query('url') ?? '' });
  return c.json(ok(null, M.deleted));
});
