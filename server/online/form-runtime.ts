import { sql } from 'kysely';
import { foreignKeyOf, formToResourceDef } from '../../lib/online/form-def';
import { checkDef, columnOf, fieldByName } from '../../lib/resources/field-kinds';
import { toSchema, type BodyRow } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import { permCodes } from '../../lib/permissions/permission-rules';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { parse } from '../core/validate';
import type { CrudHooks, SaveCtx } from '../resources/crud';
import { audit, newRowColumns, toColumns } from '../resources/columns';
import type { Row } from '../resources/query';
import { addDictTexts, asAny, loadDictTexts, selectColumns, toRecord } from '../resources/select';
import { loadForm, type LoadedForm } from './form-store';

/**
 * The generated CRUD of a designed online form (issue #25): the form's definition as a ResourceDef
 * (lib/online/form-def.ts), served by the resource engine's `runCrud` (server/online/online-form-data-routes.ts),
 * plus the one-to-many part the engine does not know: a main form's add / edit body carries
 * `<childTableName>: row[]`, validated with each child form's own definition and saved in the main row's
 * transaction; queryById answers the child rows beside the main row. A form is served only while its table
 * matches its definition (is_db_synch 'Y'), so the columns the definition names are the table's.
 */

export const FORM_NOT_FOUND = '未找到对应的在线表单';
export const FORM_NOT_SYNCED = '表单未同步数据库';
export const childNotSynced = (txt: string) => `子表「${txt}」未同步数据库`;
export const CHILD_ALONE = '附表请在其主表中使用';
/** Child rows one save may carry (one grid per child table). */
export const MAX_CHILD_ROWS = 1000;

export interface ServedChild {
  form: LoadedForm;
  def: ResourceDef;
  /** The foreign-key field (= column) pointing at the main row's id. */
  fk: string;
}

export interface ServedForm {
  form: LoadedForm;
  def: ResourceDef;
  children: ServedChild[];
}

interface HeadStamp {
  id: string;
  table_type: number;
  form_version: number;
  is_db_synch: string;
  /** The child forms' `id:version:synch`, sorted: a child's change rebuilds the main form's definition too. */
  kids: string | null;
}

const CODE_RE = /^[A-Za-z0-9_]{1,50}$/;

/** Built definitions per database, by the form's head id, valid while its stamp is unchanged. */
const cache = new WeakMap<Database, Map<string, { stamp: string; served: ServedForm }>>();

function checkedDef(form: LoadedForm): ResourceDef {
  const def = formToResourceDef(form);
  // The definition was validated when it was saved (lib/online/form-rules.ts); this guards hand-edited rows:
  // every identifier the engine quotes must be a plain one.
  const problems = checkDef(def);
  if (problems.length) {
    console.warn(`[online-form] ${form.head.tableName}: ${problems.join('; ')}`);
    throw new ApiFailure('表单定义有误，请在表单开发中检查后重新同步');
  }
  return def;
}

/**
 * The served form by its code (tableName) or head id: one small query when the cached definition is current.
 * Throws ApiFailure (FORM_NOT_FOUND, FORM_NOT_SYNCED, …) when it cannot be used.
 */
export async function servedForm(db: Database, code: string): Promise<ServedForm> {
  if (!CODE_RE.test(code)) throw new ApiFailure(FORM_NOT_FOUND);
  const { rows } = await sql<HeadStamp>`
    select h.id, h.table_type, h.form_version, h.is_db_synch,
      (select string_agg(c.id || ':' || c.form_version || ':' || c.is_db_synch, ',' order by c.id)
         from onl_cgform_head c
        where c.table_type = 3 and c.id in (select f.cgform_head_id from onl_cgform_field f where f.main_table = h.table_name)) as kids
    from onl_cgform_head h where h.table_name = ${code} or h.id = ${code}
    order by (h.table_name = ${code}) desc limit 1`.execute(db);
  const head = rows[0];
  if (!head) throw new ApiFailure(FORM_NOT_FOUND);
  if (head.is_db_synch !== 'Y') throw new ApiFailure(FORM_NOT_SYNCED);
  if (Number(head.table_type) === 3) throw new ApiFailure(CHILD_ALONE);
  const stamp = `${head.form_version}|${head.kids ?? ''}`;
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(head.id);
  if (hit && hit.stamp === stamp) return hit.served;

  const form = await loadForm(db, { id: head.id });
  if (!form) throw new ApiFailure(FORM_NOT_FOUND);
  const children: ServedChild[] = [];
  if (form.head.tableType === 2) {
    for (const child of form.children) {
      if (child.head.isDbSynch !== 'Y') throw new ApiFailure(childNotSynced(child.head.tableTxt));
      const fk = foreignKeyOf(child);
      if (!fk) continue;
      children.push({ form: child, def: checkedDef(child), fk });
    }
  }
  const served: ServedForm = { form, def: checkedDef(form), children };
  perDb.set(head.id, { stamp, served });
  return served;
}

/** The served forms a menu's button codes stand for (`online:form:<code>:list`): 数据规则's field list. */
export async function onlineDefsForButtons(db: Database, buttonPerms: readonly (string | null)[]): Promise<ResourceDef[]> {
  const codes = new Set<string>();
  for (const p of buttonPerms) for (const c of permCodes(p)) {
    const m = /^online:form:([a-z][a-z0-9_]{0,49}):list$/.exec(c);
    if (m) codes.add(m[1]);
  }
  const out: ResourceDef[] = [];
  for (const code of codes) {
    try {
      out.push((await servedForm(db, code)).def);
    } catch (e) {
      if (!(e instanceof ApiFailure)) throw e;
    }
  }
  return out;
}

interface PendingChild {
  child: ServedChild;
  rows: { id: string | null; body: BodyRow }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A child row's own id when it names one (new grid rows carry the grid's temporary `__new_…` ids). */
const childRowId = (v: unknown): string | null => (typeof v === 'string' && v && v.length <= 64 && !v.startsWith('__new') ? v : null);

/**
 * Checks the child tables of an add / edit body; absent keys leave a table's rows alone (a partial edit),
 * a present one replaces the set. Every row is checked as a whole row by the child's definition.
 */
export function readChildRows(served: ServedForm, raw: Record<string, unknown>): PendingChild[] {
  const out: PendingChild[] = [];
  for (const child of served.children) {
    const name = child.form.head.tableName;
    const txt = child.form.head.tableTxt || name;
    const value = raw[name];
    if (value === undefined) continue;
    if (!Array.isArray(value)) throw new ApiFailure(`${txt}数据格式错误`);
    if (value.length > MAX_CHILD_ROWS) throw new ApiFailure(`${txt}最多${MAX_CHILD_ROWS}行`);
    const schema = toSchema(child.def, 'add');
    const rows = value.map((row, i) => {
      if (!isObject(row)) throw new ApiFailure(`${txt}第${i + 1}行数据格式错误`);
      try {
        return { id: childRowId(row.id), body: parse(schema, row) };
      } catch (e) {
        if (e instanceof ApiFailure) throw new ApiFailure(`${txt}第${i + 1}行：${e.message}`);
        throw e;
      }
    });
    out.push({ child, rows });
  }
  return out;
}

/** Replaces a main row's child rows (in the caller's transaction): delete the missing, update the kept, insert the new. */
export async function saveChildRows(tx: Database, pending: PendingChild[], mainId: string, ctx: Pick<SaveCtx, 'auth'>): Promise<void> {
  for (const { child, rows } of pending) {
    const t = asAny(tx);
    const { def, fk } = child;
    const stored = new Set(((await t.selectFrom(def.table).select('id').where(sql.ref(fk), '=', mainId).execute()) as Row[]).map((r) => String(r.id)));
    const kept = rows.filter((r) => r.id !== null && stored.has(r.id));
    const keptIds = kept.map((r) => r.id!);
    let del = t.deleteFrom(def.table).where(sql.ref(fk), '=', mainId);
    if (keptIds.length) del = del.where('id', 'not in', keptIds);
    await del.execute();
    for (const r of rows) {
      if (r.id !== null && stored.has(r.id)) {
        const row = toColumns(def, r.body);
        audit(def, row, 'updateBy', ctx.auth.user.username);
        audit(def, row, 'updateTime', new Date());
        await t.updateTable(def.table).set(row).where('id', '=', r.id).where(sql.ref(fk), '=', mainId).execute();
      } else {
        const row = newRowColumns(def, r.body, newId(), ctx.auth);
        row[columnOf(fieldByName(def, fk)!)] = mainId;
        await t.insertInto(def.table).values(row).execute();
      }
    }
  }
}

/** A main row's child rows as records (with `_dictText`), keyed by child tableName. */
export async function loadChildRows(db: Database, served: ServedForm, mainId: string): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const { form, def, fk } of served.children) {
    const rows = (await asAny(db)
      .selectFrom(def.table)
      .select(selectColumns(def))
      .where(sql.ref(fk), '=', mainId)
      .orderBy('create_time')
      .orderBy('id')
      .limit(MAX_CHILD_ROWS)
      .execute()) as Row[];
    const records = rows.map((r) => toRecord(def, r));
    const texts = await loadDictTexts(db, def, records);
    for (const r of records) addDictTexts(def, r, texts);
    out[form.head.tableName] = records;
  }
  return out;
}

/**
 * The engine hooks of one request on a served form. The child rows read by checkBody are kept for afterSave of
 * the same request (the hooks object is made per request), which writes them in the main row's transaction.
 */
export function formHooks(served: ServedForm): CrudHooks {
  if (!served.children.length) return {};
  let pending: PendingChild[] = [];
  return {
    checkBody(raw) {
      pending = readChildRows(served, raw);
    },
    async afterSave(_row, ctx) {
      if (pending.length) await saveChildRows(ctx.db, pending, ctx.id, ctx);
    },
    async afterLoad(records, ctx) {
      if (ctx.action !== 'queryById' || records.length !== 1) return;
      Object.assign(records[0], await loadChildRows(ctx.db, served, String(records[0].id)));
    },
  };
}
