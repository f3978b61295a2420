import { sql, type Kysely } from 'kysely';

/*
 * 文件管理 (issue #24 item 9): JeecgBoot's oss_file (file_name, url, JeecgEntity's audit columns) as the
 * registry of stored uploads. `url` is the storage-relative path (what /sys/common/upload answers and what
 * records keep), unique so registering twice (an upload, then the start-up scan) is a no-op. Ours:
 * file_type (image / video / audio / document / archive / other, from the extension), content_type,
 * file_size. create_by is the uploader's username, as JeecgBoot's entities keep it; null for files found on
 * disk by the scan. Files already stored are registered by that scan (server/system/oss-files.ts
 * `registerStoredFiles`, run by the seed at every start), not here: a migration has no storage.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oss_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('file_type', 'varchar(16)', (c) => c.notNull().defaultTo('other'))
    .addColumn('content_type', 'varchar(100)')
    .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  await sql`create index oss_file_create_time on oss_file (create_time desc, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oss_file').ifExists().execute();
}
