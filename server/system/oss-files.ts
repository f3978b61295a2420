import { sql, type RawBuilder } from 'kysely';
import { OSS_FILE_MESSAGES as M, ossFileResource, ossFileTypeOf } from '../../features/system/files/oss-file-resource';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import type { Database } from '../db';
import type { CrudHooks } from '../resources/crud';
import type { Row } from '../resources/query';
import { registerResource } from '../resources/registry';
import { contentTypeFor } from '../storage/download-headers';
import { checkRemovablePath, normaliseStoredPath, StorageError, type FileStorage } from '../storage/storage';

/**
 * 文件管理 (issue #24 item 9): the registry of stored uploads (oss_file, migration 0037) and where each file is
 * used. Every upload registers its row (/sys/common/upload, /sys/oss/file/upload, the sliced upload's finish);
 * files stored before the registry existed, or put on disk another way (a restored backup, the demo
 * courseware), are registered by `registerStoredFiles`, run by the seed at every start: bounded, and
 * idempotent through the unique `url` (so after the first start it only ever adds what bypassed the uploads).
 * Generated import-error workbooks (`import-errors/`) are outputs, not uploads, and are left out.
 */

// ---------------------------------------------------------------- registering

export interface NewStoredFile {
  path: string;
  size: number;
  /** The uploader's own file name (display and download name); default: the stored name. */
  name?: string | null;
  /** The uploader's username (JeecgBoot's create_by); null for files found on disk. */
  uploader?: string | null;
  createTime?: Date;
}

/** Display text only: the last path segment, no control characters, at most 255 characters. */
function cleanName(name: string | null | undefined, storedPath: string): string {
  const own = (name ?? '').split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return own || storedPath.split('/').pop() || storedPath;
}

const rowOf = (f: NewStoredFile) => ({
  id: newId(),
  file_name: cleanName(f.name, f.path),
  url: f.path,
  file_type: ossFileTypeOf(f.path),
  content_type: contentTypeFor(f.path),
  file_size: f.size,
  create_by: f.uploader ?? null,
  ...(f.createTime ? { create_time: f.createTime } : {}),
});

/** Registers one stored file; a path already registered is left as it is. */
export async function registerStoredFile(db: Database, file: NewStoredFile): Promise<void> {
  await db.insertInto('oss_file').values(rowOf(file)).onConflict((oc) => oc.column('url').doNothing()).execute();
}

/**
 * An upload's registration, after the file is stored. A failure is logged, not answered: the file is stored
 * and the next start's scan registers it.
 */
export async function registerUpload(db: Database, file: NewStoredFile): Promise<void> {
  try {
    await registerStoredFile(db, file);
  } catch (e) {
    console.error('[oss-file] could not register', file.path, e);
  }
}

/** At most this many files are looked at per start (a readdir walk of this size takes well under a second). */
export const SCAN_LIMIT = 20_000;
const SCAN_BATCH = 500;
const SKIPPED_FOLDERS = ['import-errors/'];

/**
 * Registers the files on disk that have no row yet (the start-up scan). Names and uploaders of 课程资料 files
 * come from their material rows (tbl_course_material.file_name keeps the uploaded name). Returns how many were added.
 */
export async function registerStoredFiles(db: Database, storage: FileStorage | undefined, limit = SCAN_LIMIT): Promise<number> {
  if (!storage?.list) return 0;
  let added = 0;
  let batch: { path: string; size: number; modified: Date }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const paths = batch.map((f) => f.path);
    const known = new Set((await db.selectFrom('oss_file').select('url').where('url', 'in', paths).execute()).map((r) => r.url));
    const fresh = batch.filter((f) => !known.has(f.path));
    batch = [];
    if (!fresh.length) return;
    const materials = await db
      .selectFrom('tbl_course_material')
      .select(['file_path', 'file_name', 'create_by'])
      .where('file_path', 'in', fresh.map((f) => f.path))
      .execute();
    const byPath = new Map(materials.map((m) => [m.file_path, m]));
    const rows = fresh.map((f) => rowOf({ path: f.path, size: f.size, name: byPath.get(f.path)?.file_name, uploader: byPath.get(f.path)?.create_by, createTime: f.modified }));
    const inserted = await db.insertInto('oss_file').values(rows).onConflict((oc) => oc.column('url').doNothing()).returning('id').execute();
    added += inserted.length;
  };
  for await (const f of storage.list(limit)) {
    if (SKIPPED_FOLDERS.some((s) => f.path.startsWith(s))) continue;
    batch.push(f);
    if (batch.length >= SCAN_BATCH) await flush();
  }
  await flush();
  return added;
}

// ---------------------------------------------------------------- where used

/**
 * How a column refers to stored files: `eq` holds one path, `list` comma-joined paths, `text` HTML or text
 * with `/sys/common/static/<path>` links (rich text).
 */
type Match = 'eq' | 'list' | 'text';

interface Reference {
  table: string;
  column: string;
  label: string;
  match: Match;
  /** SQL for the record's name, over alias `t` (a constant of this file, never client input). */
  name: string;
  /** SQL keeping live rows only, over alias `t`; absent: every row counts. */
  live?: string;
  /** A jsonb column: matched (as `text`) over its JSON text. */
  json?: true;
}

const LIVE = 't.del_flag = 0';

/**
 * The whitelist of columns that keep stored paths. Soft-deleted rows do not hold a file, except users: a user
 * in the recycle bin can be restored with the avatar. Adding a file column to the product means adding it here.
 */
export const FILE_REFERENCES: readonly Reference[] = [
  { table: 'tbl_course_material', column: 'file_path', label: '课程资料', match: 'eq', name: 't.name', live: LIVE },
  { table: 'tbl_course_material', column: 'cover_path', label: '课程资料封面', match: 'eq', name: 't.name', live: LIVE },
  { table: 'sys_user', column: 'avatar', label: '用户头像', match: 'eq', name: 't.realname' },
  { table: 'tbl_homework', column: 'attachments', label: '作业附件', match: 'list', name: 't.title', live: LIVE },
  { table: 'tbl_homework', column: 'content', label: '作业内容', match: 'text', name: 't.title', live: LIVE },
  { table: 'tbl_homework_student', column: 'attachments', label: '作业提交', match: 'list', name: '(select h.title from tbl_homework h where h.id = t.homework_id)' },
  { table: 'tbl_homework_student', column: 'content', label: '作业提交', match: 'text', name: '(select h.title from tbl_homework h where h.id = t.homework_id)' },
  { table: 'tbl_lead_follow', column: 'images', label: '跟进记录', match: 'list', name: '(select l.name from tbl_lead l where l.id = t.lead_id)' },
  { table: 'sys_announcement', column: 'msg_content', label: '通知公告', match: 'text', name: 't.titile', live: "t.del_flag = '0'" },
  { table: 'sys_message_template', column: 'template_content', label: '消息模板', match: 'text', name: 't.template_name' },
  { table: 'tbl_workbook_item', column: 'stem', label: '练习册题目', match: 'text', name: '(select w.name from tbl_workbook w where w.id = t.workbook_id)', live: 'exists (select 1 from tbl_workbook w where w.id = t.workbook_id and w.del_flag = 0)' },
  { table: 'tbl_workbook_item', column: 'analysis', label: '练习册题目', match: 'text', name: '(select w.name from tbl_workbook w where w.id = t.workbook_id)', live: 'exists (select 1 from tbl_workbook w where w.id = t.workbook_id and w.del_flag = 0)' },
  { table: 'tbl_teach_template_item', column: 'content', label: '教学模板', match: 'text', name: '(select m.name from tbl_teach_template m where m.id = t.template_id)', live: 'exists (select 1 from tbl_teach_template m where m.id = t.template_id and m.del_flag = 0)' },
  { table: 'tbl_teach_template_item', column: 'homework_content', label: '教学模板', match: 'text', name: '(select m.name from tbl_teach_template m where m.id = t.template_id)', live: 'exists (select 1 from tbl_teach_template m where m.id = t.template_id and m.del_flag = 0)' },
  { table: 'tbl_calendar', column: 'content', label: '课次内容', match: 'text', name: 't.title', live: LIVE },
  { table: 'tbl_student_work', column: 'file', label: '学员作品', match: 'eq', name: 't.title', live: LIVE },
  { table: 'tbl_prospectus', column: 'cover', label: '招生简章封面', match: 'eq', name: 't.title', live: LIVE },
  { table: 'tbl_prospectus', column: 'blocks', label: '招生简章', match: 'text', name: 't.title', live: LIVE, json: true },
];

export interface Usage {
  label: string;
  name: string;
  table: string;
  id: string;
}

/** Rows looked at per reference and page: enough to name the users of a file, not to list them all. */
const ROWS_PER_REFERENCE = 200;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The column as text (a jsonb column's JSON text). */
const columnText = (ref: Reference) => (ref.json ? sql`${sql.ref(`t.${ref.column}`)}::text` : sql.ref(`t.${ref.column}`));

function condition(ref: Reference, paths: string[]): RawBuilder<unknown> {
  const col = columnText(ref);
  if (ref.match === 'eq') return sql`${col} in (${sql.join(paths)})`;
  if (ref.match === 'list') return sql.join(paths.map((p) => sql`(',' || ${col} || ',') like ${`%,${escapeLike(p)},%`}`), sql` or `);
  return sql.join(paths.map((p) => sql`${col} like ${`%${escapeLike(p)}%`}`), sql` or `);
}

function holds(ref: Reference, value: string, p: string): boolean {
  if (ref.match === 'eq') return value === p;
  if (ref.match === 'list') return value.split(',').some((s) => s.trim() === p);
  return value.includes(p);
}

/**
 * The records using each path: one parameterised query per whitelisted column for the whole set of paths
 * (about 15 queries for a page, whatever its size), matched back to the paths here.
 */
export async function findUsages(db: Database, paths: readonly string[]): Promise<Map<string, Usage[]>> {
  const out = new Map<string, Usage[]>(paths.map((p) => [p, []]));
  const wanted = [...out.keys()].filter(Boolean);
  if (!wanted.length) return out;
  for (const ref of FILE_REFERENCES) {
    const live = ref.live ? sql`${sql.raw(ref.live)} and ` : sql``;
    const { rows } = await sql<{ id: string; name: string | null; value: string | null }>`
      select t.id as id, ${sql.raw(ref.name)} as name, ${columnText(ref)} as value
      from ${sql.table(ref.table)} t
      where ${live}(${condition(ref, wanted)})
      order by t.id
      limit ${ROWS_PER_REFERENCE}`.execute(db);
    for (const r of rows) {
      for (const p of wanted) {
        if (!r.value || !holds(ref, r.value, p)) continue;
        const list = out.get(p)!;
        // The same record through two of its columns (a workbook's stem and analysis) counts once.
        if (!list.some((u) => u.table === ref.table && u.id === r.id)) list.push({ label: ref.label, name: r.name ?? r.id, table: ref.table, id: r.id });
      }
    }
  }
  return out;
}

/** `课程资料：一年级语文；通知公告：开学通知` — the first `max`, then 等N处. */
export function usageText(usages: readonly Usage[], max = 3): string {
  const shown = usages.slice(0, max).map((u) => `${u.label}：${u.name}`).join('；');
  return usages.length > max ? `${shown} 等${usages.length}处` : shown;
}

// ---------------------------------------------------------------- list (resource engine)

const hooks: CrudHooks = {
  /** 使用位置 and whether the stored bytes still exist, per page (files removed by hand or by TempFileCleanJob). */
  async afterLoad(records: Row[], ctx) {
    const paths = records.map((r) => String(r.url ?? ''));
    const usages = await findUsages(ctx.db, paths);
    const storage = ctx.c.var.services.storage;
    await Promise.all(
      records.map(async (r) => {
        const p = String(r.url ?? '');
        const used = usages.get(p) ?? [];
        r.usedBy = usageText(used);
        r.usedCount = used.length;
        r.missing = storage ? !(await storage.exists(p).catch(() => false)) : false;
        r.fileSize = Number(r.fileSize ?? 0);
      }),
    );
  },
};

let registered = false;

/** Called once by server/system/catalog-users.ts. */
export function registerOssFileResources(): void {
  if (registered) return;
  registered = true;
  registerResource(ossFileResource, hooks);
}

// ---------------------------------------------------------------- delete

export interface DeletedFile {
  id: string;
  url: string;
}

/**
 * Deletes a registered file: refused while a record uses it (naming where), else the row and the stored bytes
 * go in one transaction (the row is locked first; a failing removal keeps the row). `by` is `{ id }` (JeecgBoot's
 * delete) or `{ url }` (deleteByUrl), whose path gets spec 02 §5's object-store rules first: the bucket
 * root answers code 10003, a path ending in `/` is refused.
 */
export async function deleteOssFile(db: Database, storage: FileStorage | undefined, by: { id: string } | { url: string }): Promise<DeletedFile> {
  let url: string | null = null;
  if ('url' in by) {
    try {
      url = checkRemovablePath(by.url);
    } catch (e) {
      if (e instanceof StorageError) throw new ApiFailure(e.message, e.code);
      throw e;
    }
  }
  return db.transaction().execute(async (tx) => {
    let q = tx.selectFrom('oss_file').select(['id', 'url']).forUpdate();
    q = url !== null ? q.where('url', '=', url) : q.where('id', '=', 'id' in by ? by.id : '');
    const row = await q.executeTakeFirst();
    if (!row) throw new ApiFailure(M.notFound);
    const used = (await findUsages(tx, [row.url])).get(row.url) ?? [];
    if (used.length) throw new ApiFailure(M.inUse(usageText(used)));
    await tx.deleteFrom('oss_file').where('id', '=', row.id).execute();
    if (storage) {
      try {
        await storage.remove(normaliseStoredPath(row.url));
      } catch (e) {
        if (e instanceof StorageError) throw new ApiFailure(e.message, e.code);
        throw e;
      }
    }
    return row;
  });
}
