import type { BodyRow } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import { columnOf, fieldByName } from '../../lib/resources/field-kinds';
import { managesAllRecords } from '../../lib/permissions/ownership';
import type { Database } from '../db';
import type { AuthContext, Ctx } from '../core/context';
import type { Params, Row, WhereFn } from './query';
import type { SelectWith } from './select';

/**
 * What a resource's hooks see and may say (server/resources/crud.ts runs them), and the ownership rule the
 * engine and the hand-written writes share. Its own module so the engine's parts (crud.ts, excel-actions.ts,
 * data-rules.ts, custom-columns.ts) import it without importing each other in a circle.
 */

export const CRUD_ACTIONS = ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel', 'previewExcel', 'importTemplate'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

export interface HookCtx {
  c: Ctx;
  db: Database;
  auth: AuthContext;
  def: ResourceDef;
  action: CrudAction;
}

export interface SaveCtx extends HookCtx {
  mode: 'add' | 'edit';
  id: string;
  /** The stored row before an edit (raw columns). */
  existing?: Row;
}

/** What a screen may customise; keep each one small. */
export interface CrudHooks {
  /**
   * The raw add / edit body, before the field schema: for a screen whose messages are more specific than
   * the schema's generic ones (the venue form's 请输入正整数!). Throw ApiFailure to refuse. Forms only: an
   * Excel import validates with the schema and beforeSave.
   */
  checkBody?(input: Record<string, unknown>, ctx: HookCtx & { mode: 'add' | 'edit' }): void | Promise<void>;
  /** Validated, field-named values before they are written (`id` = the row's key, new on add); may change them or throw ApiFailure. */
  beforeSave?(row: BodyRow, ctx: SaveCtx): void | Promise<void>;
  /**
   * An Excel import's new rows, before their `beforeSave`s (in the import's transaction): work that is one
   * statement for all of them rather than one a row (the 学号 of a 20,000-row file).
   */
  beforeAddMany?(rows: BodyRow[], ctx: SaveCtx): void | Promise<void>;
  /** After the row is written, in the same transaction (`ctx.db` is the transaction): link rows, virtual fields. */
  afterSave?(row: BodyRow, ctx: SaveCtx): void | Promise<void>;
  /** After the write has committed (add / edit): pushes and other side effects that must not see a rolled-back row. */
  afterCommit?(row: BodyRow, ctx: SaveCtx): void | Promise<void>;
  /** The records of a list page / queryById before `_dictText` is added (fill virtual fields here). */
  afterLoad?(records: Row[], ctx: HookCtx): void | Promise<void>;
  /**
   * Values read with the rows of a list page and a queryById, by record field (select.ts `SelectWith`): a virtual
   * field's correlated subquery instead of a query of afterLoad's per page (issue #28: statements per request).
   * They are in the records before afterLoad runs; an export does not select them, so afterLoad still fills what is
   * missing.
   */
  selectWith?: SelectWith;
  /** Ownership / data-rule filter, applied to list, queryById, edit and delete (definition names only). */
  extraWhere?(ctx: HookCtx): WhereFn | undefined;
  /** A list request's query parameters before they are parsed: a screen's plain-text "contains", its refused values. */
  listParams?(params: Params, ctx: HookCtx): Params;
  /** Columns a soft delete sets besides the flag and the update audit (a deleted 定时任务 is also stopped). */
  removeSet?: Row;
  /** After a delete / deleteBatch has committed, with the keys of the rows it removed (pushes, a scheduler). */
  afterRemove?(ids: string[], ctx: HookCtx): void | Promise<void>;
  /** The screen's own wording and limits where its JeecgBoot controller answers otherwise than the defaults. */
  replies?: CrudReplies;
  /** An action guarded by another code than `${perm}:${action}` (通告's batch delete needs the delete right). */
  perms?: Partial<Record<CrudAction, string>>;
}

/** Per-screen answers of the CRUD actions (messages of success and refusal, batch limit, result of a save). */
export interface CrudReplies {
  add?: string;
  edit?: string;
  delete?: string;
  deleteBatch?: string;
  /** No live row: queryById, edit, delete. */
  notFound?: string;
  /** delete / deleteBatch without an id. */
  noIds?: string;
  /** deleteBatch's limit and its refusal. */
  maxBatch?: number;
  tooMany?: string;
  /** A deleteBatch that removed nothing answers notFound (default: success). */
  batchNeedsRow?: boolean;
  /** add / edit answer a null result instead of the saved record. */
  noRecord?: boolean;
  /** A write meeting the database's unique index (default DUPLICATE_VALUE). */
  duplicate?: string;
}

// ---------------------------------------------------------------- ownership (spec 01 §6)

/**
 * The stored owner column of a resource with an owner field. 'createBy' owners (a username) are left to
 * their screens' hooks; an ownBy-style field holds the owning user's id.
 */
export function ownerColumn(def: ResourceDef): string | undefined {
  if (!def.ownerField || def.ownerField === 'createBy') return undefined;
  const f = fieldByName(def, def.ownerField);
  return f && !f.virtual ? columnOf(f) : undefined;
}

/** isAdmin = 1 or isMarketing = 1 may edit and delete anyone's rows (lib/permissions/ownership.ts, shared with the screens). */
export const managesAll = (auth: AuthContext) => managesAllRecords({ isAdmin: auth.user.is_admin, isMarketing: auth.user.is_marketing });

export const notOwnerMessage = (def: ResourceDef, verb: '修改' | '删除') => `只能${verb}自己创建的${def.title}`;
