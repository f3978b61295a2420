import { sql, type RawBuilder } from 'kysely';
import { COURSE_TYPE_FILTER_PARAM, COURSE_TYPE_MESSAGES, TREE_LIMITS, treeMessages, type TreeLabel, type TreeNodeWire } from '../../lib/edu/course-type-api';
import type { BodyRow } from '../../lib/resources/to-schema';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import type { CrudHooks, HookCtx } from '../resources/crud';
import { exportParams } from '../resources/excel-actions';
import type { Row, WhereFn } from '../resources/query';
import { currentTenant, DEFAULT_TENANT_ID } from '../db/tenant-scope';

/*
 * 课程分类 (issue #22): one tree of course types, and the sibling-ordered tree store it shares with 章节
 * (chapters.ts). A store is a table with id, parent_id, a name column, sort and del_flag, optionally scoped (a
 * course's chapters). Every write runs in one transaction behind an advisory lock per tree, so the parent,
 * cycle and sibling-name checks cannot race; names are unique among live siblings; a node is soft-deleted
 * only when it has no live children and nothing uses its subtree.
 */

/** A tree table; every identifier here is fixed in code, never from a client. */
export interface TreeStore {
  table: 'tbl_course_type' | 'tbl_course_chapter';
  nameColumn: 'name' | 'title';
  /** The column that splits the table into separate trees (a course's chapters). */
  scopeColumn?: 'course_id';
  label: TreeLabel;
  /** First key of pg_advisory_xact_lock (the second is the scope's hash). */
  lockKey: number;
}

export interface TreeRow {
  id: string;
  parent_id: string | null;
  name: string;
  sort: number;
}

/**
 * Rows (in display order) nested under their parents. A row whose parent is missing, itself, or on a cycle
 * stands at the top, so nothing stored ever vanishes from the tree (as departs.ts `buildTree`).
 */
export function nestTree(rows: readonly TreeRow[]): TreeNodeWire[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string | null, TreeRow[]>();
  for (const r of rows) {
    const parent = r.parent_id && ids.has(r.parent_id) && r.parent_id !== r.id ? r.parent_id : null;
    const list = byParent.get(parent) ?? [];
    list.push(r);
    byParent.set(parent, list);
  }
  const placed = new Set<string>();
  const build = (r: TreeRow): TreeNodeWire => {
    placed.add(r.id);
    const kids = (byParent.get(r.id) ?? []).filter((k) => !placed.has(k.id)).map(build);
    const node: TreeNodeWire = { id: r.id, key: r.id, value: r.id, title: r.name, parentId: r.parent_id, sort: r.sort, isLeaf: kids.length === 0 };
    if (kids.length) node.children = kids;
    return node;
  };
  const roots = (byParent.get(null) ?? []).map(build);
  for (const r of rows) if (!placed.has(r.id)) roots.push(build(r));
  return roots;
}

/** The ids of `rootId` and everything below it, by parent links among `rows`. */
export function subtreeIds(rows: readonly TreeRow[], rootId: string): Set<string> {
  const out = new Set<string>([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parent_id && out.has(r.parent_id) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

const scopeCond = (store: TreeStore, scope: string | null) => (store.scopeColumn ? sql`and ${sql.ref(store.scopeColumn)} = ${scope}` : sql``);

/** The live rows of one tree, in display order (sort, then age). */
export async function treeRows(db: Database, store: TreeStore, scope: string | null): Promise<TreeRow[]> {
  const { rows } = await sql<TreeRow>`select id, parent_id, ${sql.ref(store.nameColumn)} as name, sort from ${sql.table(store.table)}
    where del_flag = 0 ${scopeCond(store, scope)} order by sort, create_time, id`.execute(db);
  return rows.map((r) => ({ ...r, sort: Number(r.sort) }));
}

async function lockTree(tx: Database, store: TreeStore, scope: string | null) {
  await sql`select pg_advisory_xact_lock(${store.lockKey}, hashtext(${scope ?? ''}))`.execute(tx);
}

/** A live node and its scope, or notFound. */
async function nodeOf(db: Database, store: TreeStore, id: string): Promise<{ id: string; scope: string | null }> {
  const scope = store.scopeColumn ? sql`${sql.ref(store.scopeColumn)}` : sql`null`;
  const { rows } = await sql<{ id: string; scope: string | null }>`select id, ${scope} as scope from ${sql.table(store.table)} where id = ${id} and del_flag = 0`.execute(db);
  if (!rows[0]) throw new ApiFailure(treeMessages(store.label).notFound);
  return rows[0];
}

const sameParent = (a: string | null, b: string | null) => (a ?? null) === (b ?? null);

function assertNameFree(store: TreeStore, rows: readonly TreeRow[], parentId: string | null, name: string, exceptId?: string) {
  if (rows.some((r) => sameParent(r.parent_id, parentId) && r.name === name && r.id !== exceptId)) throw new ApiFailure(treeMessages(store.label).duplicate(name));
}

function assertParent(store: TreeStore, rows: readonly TreeRow[], parentId: string | null) {
  if (parentId && !rows.some((r) => r.id === parentId)) throw new ApiFailure(treeMessages(store.label).parentNotFound);
}

/** Adds a node as the last child of `parentId` (null: a root). */
export async function addNode(db: Database, store: TreeStore, input: { scope: string | null; parentId: string | null; name: string }, by: string): Promise<string> {
  return db.transaction().execute(async (tx) => {
    await lockTree(tx, store, input.scope);
    const rows = await treeRows(tx, store, input.scope);
    if (rows.length >= TREE_LIMITS.maxNodes) throw new ApiFailure(treeMessages(store.label).tooMany);
    assertParent(store, rows, input.parentId);
    assertNameFree(store, rows, input.parentId, input.name);
    const siblings = rows.filter((r) => sameParent(r.parent_id, input.parentId));
    const sort = siblings.reduce((m, r) => Math.max(m, r.sort + 1), 0);
    const id = newId();
    const scopeCol = store.scopeColumn ? sql`, ${sql.ref(store.scopeColumn)}` : sql``;
    const scopeVal = store.scopeColumn ? sql`, ${input.scope}` : sql``;
    // A raw statement: the tenant plugin does not rewrite it, so it names the request's tenant itself.
    const tenant = currentTenant() ?? DEFAULT_TENANT_ID;
    await sql`insert into ${sql.table(store.table)} (id, parent_id, ${sql.ref(store.nameColumn)}, sort, create_by, tenant_id ${scopeCol})
      values (${id}, ${input.parentId}, ${input.name}, ${sort}, ${by}, ${tenant} ${scopeVal})`.execute(tx);
    return id;
  });
}

export async function renameNode(db: Database, store: TreeStore, input: { id: string; name: string }, by: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { scope } = await nodeOf(tx, store, input.id);
    await lockTree(tx, store, scope);
    const rows = await treeRows(tx, store, scope);
    const me = rows.find((r) => r.id === input.id);
    if (!me) throw new ApiFailure(treeMessages(store.label).notFound);
    assertNameFree(store, rows, me.parent_id, input.name, me.id);
    await sql`update ${sql.table(store.table)} set ${sql.ref(store.nameColumn)} = ${input.name}, update_by = ${by}, update_time = now() where id = ${me.id}`.execute(tx);
  });
}

/**
 * Moves a node under `parentId` (null: a root) at position `sort` among its new siblings (0 = first; past the
 * end = last) and renumbers those siblings 0..n. Refused under the node itself or one of its descendants.
 */
export async function moveNode(db: Database, store: TreeStore, input: { id: string; parentId: string | null; sort: number }, by: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { scope } = await nodeOf(tx, store, input.id);
    await lockTree(tx, store, scope);
    const rows = await treeRows(tx, store, scope);
    const me = rows.find((r) => r.id === input.id);
    if (!me) throw new ApiFailure(treeMessages(store.label).notFound);
    assertParent(store, rows, input.parentId);
    if (input.parentId && subtreeIds(rows, me.id).has(input.parentId)) throw new ApiFailure(treeMessages(store.label).intoItself);
    assertNameFree(store, rows, input.parentId, me.name, me.id);
    const siblings = rows.filter((r) => sameParent(r.parent_id, input.parentId) && r.id !== me.id);
    const at = Math.max(0, Math.min(siblings.length, Math.trunc(input.sort)));
    siblings.splice(at, 0, me);
    await sql`update ${sql.table(store.table)} set parent_id = ${input.parentId}, update_by = ${by}, update_time = now() where id = ${me.id}`.execute(tx);
    for (const [i, r] of siblings.entries()) {
      if (r.sort !== i || r.id === me.id) await sql`update ${sql.table(store.table)} set sort = ${i} where id = ${r.id}`.execute(tx);
    }
  });
}

/**
 * Soft-deletes a node. `inUse` names what still uses the node's subtree (a refusal message) or answers null;
 * it is asked first, so a parent whose descendants are used says so; then a node with live children is refused.
 */
export async function deleteNode(db: Database, store: TreeStore, id: string, by: string, inUse: (tx: Database, ids: string[]) => Promise<string | null>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { scope } = await nodeOf(tx, store, id);
    await lockTree(tx, store, scope);
    const rows = await treeRows(tx, store, scope);
    const used = await inUse(tx, [...subtreeIds(rows, id)]);
    if (used) throw new ApiFailure(used);
    if (rows.some((r) => r.parent_id === id)) throw new ApiFailure(treeMessages(store.label).hasChildren);
    await sql`update ${sql.table(store.table)} set del_flag = 1, update_by = ${by}, update_time = now() where id = ${id}`.execute(tx);
  });
}

// ---------------------------------------------------------------- 课程分类

export const COURSE_TYPE_STORE: TreeStore = { table: 'tbl_course_type', nameColumn: 'name', label: '分类', lockKey: 2201 };

export const courseTypeTree = async (db: Database) => nestTree(await treeRows(db, COURSE_TYPE_STORE, null));

/** Live courses whose type is one of `ids`. */
async function coursesOfTypes(tx: Database, ids: string[]): Promise<string | null> {
  const { n } = await tx.selectFrom('tbl_course').select((eb) => eb.fn.countAll<string>().as('n')).where('type_id', 'in', ids).where('del_flag', '=', 0).executeTakeFirstOrThrow();
  return Number(n) > 0 ? COURSE_TYPE_MESSAGES.usedByCourses(Number(n)) : null;
}

export const deleteCourseType = (db: Database, id: string, by: string) => deleteNode(db, COURSE_TYPE_STORE, id, by, coursesOfTypes);

/** The course's type is `typeId` or one of its live descendants (a recursive query; `union` stops at any cycle). */
const inTypeSubtree = (typeId: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref('tbl_course.type_id')} in (with recursive sub(id) as (select ${typeId}::varchar union select t.id from tbl_course_type t join sub on t.parent_id = sub.id where t.del_flag = 0) select id from sub)`;

/** The course list's filter: `typeTree=<id>` keeps courses of that type or any type below it. */
export function courseTypeFilter(ctx: HookCtx): WhereFn | undefined {
  // The export may carry the list's params inside paramsStr (excel-actions.ts reads both forms).
  const raw = (ctx.action === 'exportXls' ? exportParams(ctx.c.req.query()) : ctx.c.req.query())[COURSE_TYPE_FILTER_PARAM];
  const typeId = raw?.trim().slice(0, 32);
  if (!typeId) return undefined;
  return () => inTypeSubtree(typeId);
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A course's type must be a live node; an empty choice is stored as none. */
export async function checkCourseType(db: Database, row: BodyRow, existing?: Row): Promise<void> {
  if (row.typeId === undefined) return;
  const id = text(row.typeId);
  row.typeId = id || null;
  if (!id || id === existing?.type_id) return;
  const found = await db.selectFrom('tbl_course_type').select('id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!found) throw new ApiFailure(COURSE_TYPE_MESSAGES.unknownType);
}

/**
 * In the course write's transaction: the type is still live, checked behind the tree's lock, so a type deleted
 * meanwhile cannot end up filing a course (the delete counts courses behind the same lock).
 */
async function assertTypeStillLive(tx: Database, row: BodyRow): Promise<void> {
  if (typeof row.typeId !== 'string' || row.typeId === '') return;
  await lockTree(tx, COURSE_TYPE_STORE, null);
  const found = await tx.selectFrom('tbl_course_type').select('id').where('id', '=', row.typeId).where('del_flag', '=', 0).executeTakeFirst();
  if (!found) throw new ApiFailure(COURSE_TYPE_MESSAGES.unknownType);
}

/** `typeId_dictText` of each record (deleted types keep their names in history). */
export async function fillCourseTypeNames(db: Database, records: Row[]): Promise<void> {
  const ids = [...new Set(records.map((r) => r.typeId).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const names = new Map<string, string>();
  if (ids.length) for (const r of await db.selectFrom('tbl_course_type').select(['id', 'name']).where('id', 'in', ids).execute()) names.set(r.id, r.name);
  for (const r of records) r.typeId_dictText = typeof r.typeId === 'string' && r.typeId !== '' ? (names.get(r.typeId) ?? r.typeId) : null;
}

/** 课程管理's hooks with the type: checked on save, named on load, filtered by subtree. */
export function withCourseTypes(hooks: CrudHooks): CrudHooks {
  return {
    ...hooks,
    async beforeSave(row, ctx) {
      await hooks.beforeSave?.(row, ctx);
      await checkCourseType(ctx.db, row, ctx.existing);
    },
    async afterSave(row, ctx) {
      await hooks.afterSave?.(row, ctx);
      await assertTypeStillLive(ctx.db, row);
    },
    async afterLoad(records, ctx) {
      await hooks.afterLoad?.(records, ctx);
      await fillCourseTypeNames(ctx.db, records);
    },
    extraWhere(ctx) {
      const own = hooks.extraWhere?.(ctx);
      const byType = ctx.action === 'list' || ctx.action === 'exportXls' ? courseTypeFilter(ctx) : undefined;
      if (!own || !byType) return own ?? byType;
      return (eb) => eb.and([own(eb), byType(eb)]);
    },
  };
}
