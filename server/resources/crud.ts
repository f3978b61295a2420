import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { columnOf, rowKeyColumn } from '../../lib/resources/field-kinds';
import { toSchema, type BodyRow } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import type { Database } from '../db';
import { ApiFailure, failureResponse, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { requirePerm } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { parse, readBody } from '../core/validate';
import { newId } from '../core/ids';
import { parseListQuery, toWhere, type Cond, type Row } from './query';
import { addDictTexts, asAny, loadDictTexts, selectOne, selectPage, toRecord, withSelected } from './select';
import { withCustomFields } from './custom-columns';
import { DATA_RULE_ACTIONS, dataRuleWhere, withDataRules } from './data-rules';
import { exportXls, importExcel, importTemplate, previewExcel } from './excel-actions';
import { audit, newRowColumns, toColumns } from './columns';
import { recordDataVersion } from './data-log';
import { checkByRuleCode } from './check-rules';
import { ROW_VERSION_HEADER, versionOf } from '../../lib/resources/row-version';
import { nextStamp, staleVersionFailure, StaleVersion, versionToken, withVersion } from './row-version';
import { CRUD_ACTIONS, managesAll, notOwnerMessage, ownerColumn, type CrudAction, type CrudHooks, type HookCtx, type SaveCtx } from './hooks';

export { iterateRows, selectPage } from './select';
export { CRUD_ACTIONS, managesAll, notOwnerMessage, ownerColumn, type CrudAction, type CrudHooks, type CrudReplies, type HookCtx, type SaveCtx } from './hooks';

/**
 * `crudModule(def, hooks)` (DESIGN.md §3): list / queryById / add / edit / delete / deleteBatch for one
 * resource, with permission codes `${perm}:list|add|edit|delete|deleteBatch` (code 510), zod bodies from
 * the fields, unique re-checks, audit columns and soft delete; exportXls / importExcel (`${perm}:exportXls|importExcel`)
 * are in excel-actions.ts, on top of `iterateRows` and server/excel/.
 */


export const DUPLICATE_VALUE = '该值不可用，系统中已存在！';
const NOT_FOUND = '未找到对应数据';
const MAX_BATCH = 1000;

const METHODS: Record<CrudAction, string[]> = {
  list: ['GET'],
  queryById: ['GET'],
  add: ['POST'],
  edit: ['PUT', 'POST'],
  delete: ['DELETE'],
  deleteBatch: ['DELETE'],
  exportXls: ['GET'],
  importExcel: ['POST'],
  previewExcel: ['POST'],
  importTemplate: ['GET'],
};

export const isCrudAction = (s: string): s is CrudAction => (CRUD_ACTIONS as readonly string[]).includes(s);

/** The import's preview and template come with importExcel and need its permission. */
const IMPORT_SIDE_ACTIONS: ReadonlySet<CrudAction> = new Set(['previewExcel', 'importTemplate']);

/** Whether the definition enables an action (list and queryById always exist). */
export const actionEnabled = (def: ResourceDef, action: CrudAction) =>
  action === 'list' || action === 'queryById' || def.actions[IMPORT_SIDE_ACTIONS.has(action) ? 'importExcel' : (action as keyof ResourceDef['actions'])] === true;

/** The permission code an action needs. */
export const permOf = (def: ResourceDef, action: CrudAction) =>
  `${def.perm}:${action === 'queryById' ? 'list' : IMPORT_SIDE_ACTIONS.has(action) ? 'importExcel' : action}`;

const CUSTOM_ACTIONS: ReadonlySet<CrudAction> = new Set(['list', 'queryById', 'add', 'edit']);

/** Runs one action for a resource: enabled? method? permission? then the handler. */
export async function runCrud(c: Ctx, def: ResourceDef, hooks: CrudHooks, action: CrudAction): Promise<Response> {
  if (!actionEnabled(def, action)) throw new ApiFailure('很抱歉，资源未找到!', 404, 404);
  if (!METHODS[action].includes(c.req.method)) throw new ApiFailure(`不支持${c.req.method}请求方法`, 405);
  let allowed = false;
  // requirePerm throws its refusal; `allowed` stays false only for a guard that neither refuses nor lets through.
  await requirePerm(hooks.perms?.[action] ?? permOf(def, action))(c, async () => {
    allowed = true;
  });
  if (!allowed) throw new ApiFailure('没有权限，请联系管理员授权', 510);
  const db = c.var.services.db;
  const auth = authOf(c);
  // Two independent reads, run together: the table's custom columns (an administrator's extra fields,
  // part of reads and form writes) and the user's data rules (menus' sys_permission_data_rule, ANDed
  // into the screen's extraWhere; rule fields are the resource's own, never custom ones).
  const [run, rules] = await Promise.all([
    CUSTOM_ACTIONS.has(action) ? withCustomFields(db, def, hooks) : { def, hooks },
    DATA_RULE_ACTIONS.has(action) ? dataRuleWhere(db, auth, def) : undefined,
  ]);
  const ctx: HookCtx = { c, db, auth, def: run.def, action };
  return HANDLERS[action](ctx, withDataRules(run.hooks, rules));
}

/** A Hono sub-app serving one resource under `def.api`; mount with `app.route('/', crudModule(def))`. It answers its own refusals. */
export function crudModule(def: ResourceDef, hooks: CrudHooks = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(failureResponse);
  app.all(`${def.api}/:action{[A-Za-z]+}`, async (c, next) => {
    const action = c.req.param('action');
    if (!isCrudAction(action)) return next();
    return runCrud(c, def, hooks, action);
  });
  return app;
}

// ---------------------------------------------------------------- handlers

type Handler = (ctx: HookCtx, hooks: CrudHooks) => Promise<Response>;

/** The add / edit body: raw checks of the screen (checkBody), then the field schema. */
async function readSaveBody(ctx: HookCtx, hooks: CrudHooks, mode: 'add' | 'edit'): Promise<{ body: BodyRow; version?: string }> {
  const raw = await readBody(ctx.c, RAW_BODY);
  await hooks.checkBody?.(raw, { ...ctx, mode });
  // The version (issue #39) comes in If-Match from our forms only; a body's `_version` is dropped like any unknown key.
  return { body: parse(toSchema(ctx.def, mode), raw), version: versionOf(ctx.c.req.header(ROW_VERSION_HEADER)) };
}

const RAW_BODY = z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: '请求数据格式错误' });


const idParam = (c: Ctx) => (c.req.query('id') ?? '').trim().slice(0, 64);

async function list(ctx: HookCtx, hooks: CrudHooks) {
  const { c, db, def } = ctx;
  const { pageNo, pageSize, offset } = readPage(c);
  const params = c.req.query();
  const query = parseListQuery(def, hooks.listParams ? hooks.listParams(params, ctx) : params);
  const selectWith = withVersion(def, hooks.selectWith);
  const { rows, total } = await selectPage(db, def, query, { offset, limit: pageSize }, { extraWhere: hooks.extraWhere?.(ctx), selectWith });
  const records = rows.map((r) => withSelected(toRecord(def, r), r, selectWith));
  await hooks.afterLoad?.(records, ctx);
  // Translated after afterLoad, so virtual fields (a user's roles) get their texts too, for this page's values only.
  const texts = await loadDictTexts(db, def, records);
  for (const r of records) addDictTexts(def, r, texts);
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
}

async function loadRecord(ctx: HookCtx, hooks: CrudHooks, id: string) {
  const selectWith = withVersion(ctx.def, hooks.selectWith);
  const row = await selectOne(ctx.db, ctx.def, id, { extraWhere: hooks.extraWhere?.(ctx), selectWith });
  if (!row) return null;
  const records = [withSelected(toRecord(ctx.def, row), row, selectWith)];
  await hooks.afterLoad?.(records, ctx);
  return records[0];
}

async function queryById(ctx: HookCtx, hooks: CrudHooks) {
  const id = idParam(ctx.c);
  const record = id ? await loadRecord(ctx, hooks, id) : null;
  if (!record) throw new ApiFailure(hooks.replies?.notFound ?? NOT_FOUND);
  return ctx.c.json(ok(record));
}

/** Unique fields are re-checked on save (soft-deleted rows count, like the database's unique indexes). */
async function assertUnique(db: Database, def: ResourceDef, body: BodyRow, exceptId: string | null) {
  for (const f of def.fields) {
    const v = body[f.name];
    if (!f.unique || f.virtual || v === undefined || v === null || v === '') continue;
    let q = asAny(db).selectFrom(def.table).select(sql<number>`1`.as('one')).where(sql.ref(columnOf(f)), '=', v);
    if (exceptId !== null) q = q.where(sql.ref(rowKeyColumn(def)), '<>', exceptId);
    if (await q.limit(1).executeTakeFirst()) throw new ApiFailure(DUPLICATE_VALUE);
  }
}

/** Fields naming a 编码校验规则 are checked by it on save (the form's checkByCode, again on the server). */
async function assertCheckRules(db: Database, def: ResourceDef, body: BodyRow) {
  for (const f of def.fields) {
    const v = body[f.name];
    if (!f.checkRule || v === undefined || v === null || v === '') continue;
    const answer = await checkByRuleCode(db, f.checkRule, String(v));
    if (!answer.ok) throw new ApiFailure(`${f.label}：${answer.message}`);
  }
}

/** A race past assertUnique ends at the database's unique index: same answer. */
async function mapUniqueViolation<T>(work: () => Promise<T>, message = DUPLICATE_VALUE): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if ((e as { code?: unknown }).code === '23505') throw new ApiFailure(message);
    throw e;
  }
}

async function add(ctx: HookCtx, hooks: CrudHooks) {
  const { c, db, def, auth } = ctx;
  const { body } = await readSaveBody(ctx, hooks, 'add');
  const id = newId();
  const saveCtx: SaveCtx = { ...ctx, mode: 'add', id };
  await hooks.beforeSave?.(body, saveCtx);
  const row = newRowColumns(def, body, id, auth);
  await assertCheckRules(db, def, body);
  await assertUnique(db, def, body, null);
  await mapUniqueViolation(() =>
    db.transaction().execute(async (tx) => {
      await asAny(tx).insertInto(def.table).values(row).execute();
      await hooks.afterSave?.(body, { ...saveCtx, db: tx });
      await recordDataVersion(tx, def, id, auth);
    }),
    hooks.replies?.duplicate,
  );
  await hooks.afterCommit?.(body, saveCtx);
  return c.json(ok(await savedRecord(ctx, hooks, id), hooks.replies?.add ?? '添加成功！'));
}

/** What add / edit answer: the saved record as a read gives it, or null when the screen says so. */
const savedRecord = (ctx: HookCtx, hooks: CrudHooks, id: string) => (hooks.replies?.noRecord ? null : loadRecord(ctx, hooks, id));

async function edit(ctx: HookCtx, hooks: CrudHooks) {
  const { c, db, def, auth } = ctx;
  const { body, version } = await readSaveBody(ctx, hooks, 'edit');
  const id = String(body[def.rowKey]);
  const extra = hooks.extraWhere?.(ctx);
  // With a version (If-Match: our forms; issue #39) the save is refused when the row changed since it was read: at once when
  // the stored row already differs, and atomically by the UPDATE's own WHERE against a save racing this one.
  const token = version === undefined ? undefined : versionToken(def);
  const existing = await selectOne(db, def, id, { extraWhere: extra, selectWith: token && { __version: () => token } });
  if (!existing) throw new ApiFailure(hooks.replies?.notFound ?? NOT_FOUND);
  if (token && existing.__version !== version) throw (await staleVersionFailure(db, def, id)) ?? new ApiFailure(NOT_FOUND);
  delete existing.__version;
  const owner = ownerColumn(def);
  if (owner && !managesAll(auth) && existing[owner] !== auth.user.id) throw new ApiFailure(notOwnerMessage(def, '修改'));
  const saveCtx: SaveCtx = { ...ctx, mode: 'edit', id, existing };
  await hooks.beforeSave?.(body, saveCtx);
  const row = toColumns(def, body);
  audit(def, row, 'updateBy', auth.user.username);
  audit(def, row, 'updateTime', nextStamp(def));
  await assertCheckRules(db, def, body);
  await assertUnique(db, def, body, id);
  const byId: Cond = { kind: 'cmp', column: rowKeyColumn(def), op: '=', value: id };
  try {
    await mapUniqueViolation(() =>
      db.transaction().execute(async (tx) => {
        if (Object.keys(row).length) {
          let q = asAny(tx).updateTable(def.table).set(row).where(toWhere(def, [byId], extra));
          if (token) q = q.where(sql<boolean>`${token} = ${version}`);
          const r = await q.executeTakeFirst();
          if (token && Number(r.numUpdatedRows) === 0) throw new StaleVersion();
        }
        await hooks.afterSave?.(body, { ...saveCtx, db: tx });
        await recordDataVersion(tx, def, id, auth, existing);
      }),
      hooks.replies?.duplicate,
    );
  } catch (e) {
    if (e instanceof StaleVersion) throw (await staleVersionFailure(db, def, id)) ?? new ApiFailure(NOT_FOUND);
    throw e;
  }
  await hooks.afterCommit?.(body, saveCtx);
  return c.json(ok(await savedRecord(ctx, hooks, id), hooks.replies?.edit ?? '编辑成功!'));
}

/** Soft delete (1 = deleted, with the update audit and the screen's removeSet) or a real delete, of live rows within the extra filter; the removed keys. */
async function removeRows(ctx: HookCtx, hooks: CrudHooks, ids: string[]): Promise<string[]> {
  const { db, def, auth } = ctx;
  const key = rowKeyColumn(def);
  const where = toWhere(def, [{ kind: 'in', column: key, values: ids }], hooks.extraWhere?.(ctx));
  const owner = ownerColumn(def);
  const removed = await db.transaction().execute(async (tx) => {
    const t = asAny(tx);
    if (owner && !managesAll(auth)) {
      // All or nothing: one row of someone else refuses the whole batch (the throw rolls back).
      const foreign = await t
        .selectFrom(def.table)
        .select(sql<number>`1`.as('one'))
        .where(where)
        .where((eb) => eb.or([eb(sql.ref(owner), 'is', null), eb(sql.ref(owner), '<>', auth.user.id)]))
        .limit(1)
        .executeTakeFirst();
      if (foreign) throw new ApiFailure(notOwnerMessage(def, '删除'));
    }
    if (def.softDeleteColumn) {
      const row: Row = { ...hooks.removeSet, [def.softDeleteColumn]: '1' };
      audit(def, row, 'updateBy', auth.user.username);
      audit(def, row, 'updateTime', new Date());
      return t.updateTable(def.table).set(row).where(where).returning(sql.ref(key).as('k')).execute();
    }
    return t.deleteFrom(def.table).where(where).returning(sql.ref(key).as('k')).execute();
  });
  const keys = removed.map((r) => String(r.k));
  if (keys.length) await hooks.afterRemove?.(keys, ctx);
  return keys;
}

async function remove(ctx: HookCtx, hooks: CrudHooks) {
  const id = idParam(ctx.c);
  const replies = hooks.replies ?? {};
  if (!id) throw new ApiFailure(replies.noIds ?? replies.notFound ?? NOT_FOUND);
  if (!(await removeRows(ctx, hooks, [id])).length) throw new ApiFailure(replies.notFound ?? NOT_FOUND);
  return ctx.c.json(ok(null, replies.delete ?? '删除成功!'));
}

async function removeBatch(ctx: HookCtx, hooks: CrudHooks) {
  const replies = hooks.replies ?? {};
  const max = replies.maxBatch ?? MAX_BATCH;
  const raw = ctx.c.req.query('ids') ?? '';
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!ids.length) throw new ApiFailure(replies.noIds ?? '请选择一条记录！');
  if (ids.length > max || ids.some((s) => s.length > 64)) throw new ApiFailure(replies.tooMany ?? `一次最多删除${max}条记录`);
  const removed = await removeRows(ctx, hooks, ids);
  if (!removed.length && replies.batchNeedsRow) throw new ApiFailure(replies.notFound ?? NOT_FOUND);
  return ctx.c.json(ok(null, replies.deleteBatch ?? '批量删除成功!'));
}

const HANDLERS: Record<CrudAction, Handler> = { list, queryById, add, edit, delete: remove, deleteBatch: removeBatch, exportXls, importExcel, previewExcel, importTemplate };
