import type { Database } from '../db/index';
import { registerStoredFiles } from '../system/oss-files';
import type { FileStorage } from '../storage/storage';

/**
 * 文件管理's start-up scan (issue #24 item 9), at every start and not only for the demo: files on disk without
 * a registry row (stored before migration 0037, the demo courseware, a restored backup) are registered; bounded
 * by SCAN_LIMIT and idempotent (unique url). New uploads register themselves, so after the first start this
 * adds only what bypassed them.
 */
export async function seedOssFiles(db: Database, { storage }: { storage?: FileStorage }): Promise<void> {
  const added = await registerStoredFiles(db, storage);
  if (added) console.log(`[seed] 文件管理: registered ${added} stored files`);
}
