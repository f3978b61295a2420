import type { ImportPreview } from '../../lib/resources/import-preview';
import { sql } from 'kysely';
import { columnOf, isExported, isWritable, rowKeyColumn } from '../../lib/resources/field-kinds';
import { toSchema, type BodyRow } from '../../lib/resources/to-schema';
import type { FieldDef, ResourceDef } from '../../lib/resources/types';
import { ApiFailure, ok } from '../core/errors';
import { IMPORT_MESSAGES, partialImportEnvelope, writeImportReport, type RowError } from '../excel/import-report';
import { readXlsxRows, type ReadRow } from '../excel/read';
import { parseMultipartUpload } from '../excel/upload';
import { xlsxResponse, type ExcelColumn, type ExcelRow } from '../excel/write';
import { newId } from '../core/ids';
import { parseListQuery, toWhere, type Row } from './query';
import { addDictTexts, asAny, iterateRows, loadDictTexts, selectOne } from './select';
import { managesAll, ownerColumn, type CrudHooks, type HookCtx, type SaveCtx } from './hooks';
import { audit, newRowColumns, toColumns } from './columns';
import { reverseTexts, toBody, type Reverse } from './excel-cells';
import { checkRuleFor } from './check-rules';

/**
 * `{api}/exportXls` and `{api}/importExcel` (contract §7) for any resource: the export streams the
 * current query (or `selections`) through exceljs without holding the rows; the import validates every
 * row with the same schema as the form, and writes the good rows of a file in one transaction — the
 * bad ones come back in the 201 error file, so a file never lands half.
 */

const SWITCH_TEXT: Record<string, string> = { Y: '是', N: '否' };
const INSERT_CHUNK = 200;
const MAX_SELECTIONS = 10_000;

const exportFields = (def: ResourceDef) => def.fields.filter((f) => isExported(f) && f.name !== def.rowKey && f.kind !== 'hidden');
const importFields = (def: ResourceDef) => exportFields(def).filter((f) => isWritable(f));

function cellOf(f: FieldDef, record: Row): string | number | null {
  const text = record[`${f.name}_dictText`];
  if (text !== undefined) return text === null ? null : String(text);
  const v = record[f.name];
  if (v === null || v === undefined) return null;
  if (f.kind === 'switch') return SWITCH_TEXT[String(v)] ?? String(v);
  return typeof v === 'number' ? v : String(v);
}

/**
 * The export's query params. JeecgListMixin's second export form (handleExportXls2) navigates to
 * `exportXls?paramsStr=<encodeURI(JSON of the list params)>`: its filter, sort and selections are honoured as
 * if sent one by one; a param also sent plainly wins. A paramsStr that is not a JSON object is refused.
 */
export function exportParams(query: Record<string, string>): Record<string, string> {
  const raw = query.paramsStr;
  if (raw === undefined || raw.trim() === '') return query;
  if (raw.length > 100_000) throw new ApiFailure('查询条件过长');
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeOnce(raw));
  } catch {
    throw new ApiFailure('导出参数格式错误');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiFailure('导出参数格式错误');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (v === null || v === undefined || typeof v === 'object') continue;
    out[k] = String(v);
  }
  const { paramsStr: _drop, ...plain } = query;
  return { ...out, ...plain };
}

/** encodeURI'd JSON arrives decoded once by the query parser; a client that encoded it twice gets one more pass. */
function decodeOnce(raw: string): string {
  const text = raw.trim();
  if (text.startsWith('{')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export async function exportXls(ctx: HookCtx, hooks: CrudHooks): Promise<Response> {
  const { c, db, def } = ctx;
  const params = exportParams(c.req.query());
  const query = parseListQuery(def, params);
  const selections = (params.selections ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (selections.length > MAX_SELECTIONS) throw new ApiFailure(`一次最多导出${MAX_SELECTIONS}条选中记录`);
  if (selections.length) query.where.push({ kind: 'in', column: rowKeyColumn(def), values: selections });
  const fields = exportFields(def);
  const texts = await loadDictTexts(db, def);
  const columns: ExcelColumn[] = fields.map((f) => ({ header: f.label, key: f.name, width: Math.max(10, Math.round((f.width ?? 120) / 8)) }));
  const extraWhere = hooks.extraWhere?.(ctx);
  async function* rows(): AsyncGenerator<ExcelRow> {
    const batch: Row[] = [];
    const flush = async function* () {
      await hooks.afterLoad?.(batch, ctx);
      for (const r of batch) {
        addDictTexts(def, r, texts);
        const out: ExcelRow = {};
        for (const f of fields) out[f.name] = cellOf(f, r);
        yield out;
      }
      batch.length = 0;
    };
    for await (const raw of iterateRows(db, def, query, 1000, { extraWhere })) {
      batch.push(raw);
      if (batch.length >= 500) yield* flush();
    }
    yield* flush();
  }
  return xlsxResponse(`${def.title}.xlsx`, { title: def.title, columns }, rows());
}

/**
 * `{api}/importTemplate`: an empty sheet headed by the importable columns, laid out as the export (which
 * the import reads back), so a file filled in from it imports as is.
 */
export async function importTemplate(ctx: HookCtx): Promise<Response> {
  const { def } = ctx;
  const columns: ExcelColumn[] = importFields(def).map((f) => ({ header: f.label, key: f.name, width: Math.max(10, Math.round((f.width ?? 120) / 8)) }));
  async function* none(): AsyncGenerator<ExcelRow> {}
  return xlsxResponse(`${def.title}导入模板.xlsx`, { title: def.title, columns }, none());
}

/**
 * What an import does with a row whose unique key (a `unique` field: 手机, 用户账号 …) is already stored:
 * `insert` (仅新增, JeecgBoot's behaviour and the default) reports it as 已存在; `upsert` (新增或更新) updates
 * that row with the file's cells, so a list exported, edited in Excel and imported back updates what it holds.
 * Sent as the multipart field (or query param) `importMode`; JeecgBoot's client sends none.
 */
export type ImportMode = 'insert' | 'upsert';
export const IMPORT_MODE_PARAM = 'importMode';

export function importModeOf(value: string | undefined): ImportMode {
  return value?.trim() === 'upsert' ? 'upsert' : 'insert';
}

interface Candidate {
  rowNumber: number;
  body: BodyRow;
  /** Upsert: the stored row (its key) this row updates. */
  matchId?: string;
}

/** Upsert only updates rows the user could edit in the form: within the screen's filter (data rules) and owned, unless 管理员 / 市场. */
async function editableIds(ctx: HookCtx, hooks: CrudHooks, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const { def, auth } = ctx;
  const key = rowKeyColumn(def);
  const owner = ownerColumn(def);
  const extraWhere = hooks.extraWhere?.({ ...ctx, action: 'edit' });
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    let q = asAny(ctx.db).selectFrom(def.table).select(sql<string>`${sql.ref(key)}::text`.as('id')).where(toWhere(def, [{ kind: 'in', column: key, values: chunk }], extraWhere));
    if (owner && !managesAll(auth)) q = q.where(sql.ref(owner), '=', auth.user.id);
    for (const r of (await q.execute()) as { id: string }[]) out.add(r.id);
  }
  return out;
}

/**
 * Unique fields: duplicates inside the file and against stored rows (soft-deleted ones count, as in crud).
 * In upsert mode a live stored row that the user may edit is the row's match instead of an error; a row
 * whose unique cells name two different stored rows is an error.
 */
async function uniqueErrors(ctx: HookCtx, hooks: CrudHooks, candidates: Candidate[], mode: ImportMode): Promise<RowError[]> {
  const errors: RowError[] = [];
  const { def } = ctx;
  const key = rowKeyColumn(def);
  const byRow = new Map(candidates.map((cand) => [cand.rowNumber, cand]));
  const matched: { cand: Candidate; label: string; value: string }[] = [];
  for (const f of def.fields.filter((x) => x.unique && !x.virtual)) {
    const seen = new Map<string, number>();
    const values: string[] = [];
    for (const cand of candidates) {
      const v = cand.body[f.name];
      if (v === null || v === undefined || v === '') continue;
      const text = String(v);
      const first = seen.get(text);
      if (first !== undefined) errors.push({ rowNumber: cand.rowNumber, message: `${f.label}与第${first}行重复` });
      else {
        seen.set(text, cand.rowNumber);
        values.push(text);
      }
    }
    for (let i = 0; i < values.length; i += 1000) {
      const chunk = values.slice(i, i + 1000);
      let q = asAny(ctx.db)
        .selectFrom(def.table)
        .select([sql<string>`${sql.ref(columnOf(f))}::text`.as('v'), sql<string>`${sql.ref(key)}::text`.as('id')])
        .where(sql.ref(columnOf(f)), 'in', chunk);
      if (def.softDeleteColumn) q = q.select(sql<string>`${sql.ref(def.softDeleteColumn)}::text`.as('del'));
      for (const t of (await q.execute()) as { v: string; id: string; del?: string }[]) {
        const rowNumber = seen.get(t.v)!;
        const cand = byRow.get(rowNumber)!;
        // Soft delete: 1 = deleted (query.ts notDeleted).
        const live = t.del === undefined || t.del === null || t.del === '0';
        if (mode !== 'upsert' || !live) {
          errors.push({ rowNumber, message: `${f.label}“${t.v}”已存在${live ? '' : '（已删除的记录）'}` });
          continue;
        }
        if (cand.matchId !== undefined && cand.matchId !== t.id) errors.push({ rowNumber, message: `${f.label}“${t.v}”属于另一条已有记录，无法确定要更新哪一条` });
        else {
          cand.matchId = t.id;
          matched.push({ cand, label: f.label, value: t.v });
        }
      }
    }
  }
  if (matched.length) {
    const editable = await editableIds(ctx, hooks, [...new Set(matched.map((m) => m.cand.matchId!))]);
    for (const m of matched) if (!editable.has(m.cand.matchId!)) errors.push({ rowNumber: m.cand.rowNumber, message: `${m.label}“${m.value}”已存在，且无权修改该记录` });
  }
  return errors;
}

/** Fields naming a 编码校验规则 (the form's and the save's check): each rule read once, every row's value checked. */
async function checkRuleErrors(ctx: HookCtx, candidates: Candidate[]): Promise<RowError[]> {
  const errors: RowError[] = [];
  for (const f of ctx.def.fields.filter((x) => x.checkRule)) {
    const check = await checkRuleFor(ctx.db, f.checkRule!);
    for (const cand of candidates) {
      const v = cand.body[f.name];
      if (v === null || v === undefined || v === '') continue;
      const answer = check(String(v));
      if (!answer.ok) errors.push({ rowNumber: cand.rowNumber, message: `${f.label}：${answer.message}` });
    }
  }
  return errors;
}

/** Reads and validates one file without writing: the form's schema per row, 编码校验规则, then unique fields (in the file and stored). */
async function validateFile(ctx: HookCtx, hooks: CrudHooks, input: NodeJS.ReadableStream, reverse: Reverse, mode: ImportMode) {
  const { def } = ctx;
  const fields = importFields(def);
  const schema = toSchema(def, 'add');
  let headers: string[] = [];
  const sheetRows: ReadRow[] = [];
  const candidates: Candidate[] = [];
  const errors: RowError[] = [];
  for await (const r of readXlsxRows(input, { headers: fields.map((f) => f.label), onHeader: (h) => (headers = h) })) {
    sheetRows.push(r);
    const { body, errors: cellErrors } = toBody(fields, r.values, reverse);
    const parsed = schema.safeParse(body);
    // A dictionary cell's own message replaces what the column's type would say about the same cell.
    const typeErrors = parsed.success ? [] : parsed.error.issues.filter((i) => !cellErrors.has(String(i.path[0]))).map((i) => i.message);
    if (parsed.success && cellErrors.size === 0) candidates.push({ rowNumber: r.rowNumber, body: parsed.data });
    else errors.push({ rowNumber: r.rowNumber, message: [...cellErrors.values(), ...typeErrors].join('；') });
  }
  if (!fields.some((f) => headers.includes(f.label))) throw new ApiFailure('文件内容与模板不符：没有可导入的列，请先导出一份作为模板');
  errors.push(...(await checkRuleErrors(ctx, candidates)));
  errors.push(...(await uniqueErrors(ctx, hooks, candidates, mode)));
  const bad = new Set(errors.map((e) => e.rowNumber));
  const good = candidates.filter((cand) => !bad.has(cand.rowNumber));
  // An update writes only the columns the file has: the add schema's defaults for absent columns would overwrite stored values.
  const inFile = new Set(fields.filter((f) => headers.includes(f.label)).map((f) => f.name));
  for (const cand of good) if (cand.matchId !== undefined) for (const name of Object.keys(cand.body)) if (!inFile.has(name)) delete cand.body[name];
  return { headers, sheetRows, errors, good };
}

const ANALYZE_AFTER_ROWS = 200;

/** Imports one file: every row validated; the good ones (new rows, and in upsert mode updated ones) in one transaction; the bad ones reported. */
async function importFile(ctx: HookCtx, hooks: CrudHooks, input: NodeJS.ReadableStream, reverse: Reverse, mode: ImportMode) {
  const { def, auth } = ctx;
  const { headers, sheetRows, errors, good } = await validateFile(ctx, hooks, input, reverse, mode);
  const adds = good.filter((cand) => cand.matchId === undefined);
  const updates = good.filter((cand) => cand.matchId !== undefined);
  await ctx.db.transaction().execute(async (tx) => {
    const rows: Row[] = [];
    if (adds.length) await hooks.beforeAddMany?.(adds.map((cand) => cand.body), { ...ctx, db: tx, mode: 'add', id: '' });
    for (const cand of adds) {
      const id = newId();
      const saveCtx: SaveCtx = { ...ctx, db: tx, mode: 'add', id };
      await hooks.beforeSave?.(cand.body, saveCtx);
      rows.push(newRowColumns(def, cand.body, id, auth));
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await asAny(tx).insertInto(def.table).values(rows.slice(i, i + INSERT_CHUNK)).execute();
    if (hooks.afterSave) for (let i = 0; i < adds.length; i++) await hooks.afterSave(adds[i].body, { ...ctx, db: tx, mode: 'add', id: String(rows[i][rowKeyColumn(def)]) });
    const key = rowKeyColumn(def);
    for (const cand of updates) {
      const id = cand.matchId!;
      const existing = await selectOne(tx, def, id);
      const saveCtx: SaveCtx = { ...ctx, db: tx, mode: 'edit', id, existing };
      await hooks.beforeSave?.(cand.body, saveCtx);
      const row = toColumns(def, cand.body);
      audit(def, row, 'updateBy', auth.user.username);
      audit(def, row, 'updateTime', new Date());
      await asAny(tx).updateTable(def.table).set(row).where(sql.ref(key), '=', id).execute();
      await hooks.afterSave?.(cand.body, saveCtx);
    }
  });
  // A bulk change: fresh statistics, since the embedded database never runs autovacuum (server/seed/index.ts).
  if (good.length >= ANALYZE_AFTER_ROWS) await sql`analyze ${sql.id(def.table)}`.execute(ctx.db);
  return { headers, sheetRows, errors, total: sheetRows.length, success: good.length, added: adds.length, updated: updates.length };
}

export async function importExcel(ctx: HookCtx, hooks: CrudHooks): Promise<Response> {
  const { c, db, def } = ctx;
  const { files, fields } = await parseMultipartUpload(c);
  const mode = importModeOf(fields[IMPORT_MODE_PARAM] ?? c.req.query(IMPORT_MODE_PARAM));
  const reverse = reverseTexts(await loadDictTexts(db, def));
  let added = 0;
  let updated = 0;
  // Each file lands whole (its good rows) or not at all; the first file with bad rows is reported.
  let report: Awaited<ReturnType<typeof writeImportReport>> | null = null;
  for (const file of files) {
    let result;
    try {
      result = await importFile(ctx, hooks, file.stream(), reverse, mode);
    } catch (e) {
      if ((e as { code?: unknown }).code === '23505') throw new ApiFailure(IMPORT_MESSAGES.duplicate);
      throw e;
    }
    added += result.added;
    updated += result.updated;
    if (result.errors.length && !report) {
      const storage = c.var.services.storage;
      if (!storage) throw new ApiFailure('文件存储未配置，无法生成错误文件');
      report = await writeImportReport(storage, {
        title: def.title,
        headers: result.headers,
        rows: result.sheetRows,
        errors: result.errors,
        totalCount: result.total,
        successCount: result.success,
      });
    }
  }
  if (report) return c.json(partialImportEnvelope(report));
  // JeecgBoot's message, with the updated rows named when there were any (新增或更新).
  return c.json(ok(null, updated ? IMPORT_MESSAGES.okUpserted(added, updated) : IMPORT_MESSAGES.ok(added)));
}

/** Rows a preview answer carries; the counts cover the whole upload. */
export const PREVIEW_ROWS = 100;


/**
 * `{api}/previewExcel` (needs `${perm}:importExcel`): reads and validates the upload exactly as importExcel
 * does and writes nothing, so the user sees every bad row and its reason before 确认导入. Save hooks do not run
 * here (a hook refusal fails the whole import, not a row). Each file is checked on its own, as the import
 * writes them, so a value repeated across two files is only caught by the import.
 */
export async function previewExcel(ctx: HookCtx, hooks: CrudHooks): Promise<Response> {
  const { c, db, def } = ctx;
  const { files, fields } = await parseMultipartUpload(c);
  const mode = importModeOf(fields[IMPORT_MODE_PARAM] ?? c.req.query(IMPORT_MODE_PARAM));
  const reverse = reverseTexts(await loadDictTexts(db, def));
  const labels = importFields(def).map((f) => f.label);
  const seen = new Set<string>();
  const out: ImportPreview = { total: 0, valid: 0, invalid: 0, updates: 0, headers: [], rows: [] };
  // Rows with errors first (in file order), then the good ones: with only PREVIEW_ROWS shown, an error on
  // row 500 must not hide behind 100 good rows.
  const bad: ImportPreview['rows'] = [];
  const fine: ImportPreview['rows'] = [];
  for (const file of files) {
    const { headers, sheetRows, errors, good } = await validateFile(ctx, hooks, file.stream(), reverse, mode);
    for (const h of headers) if (labels.includes(h)) seen.add(h);
    const reasons = new Map<number, string[]>();
    for (const e of errors) reasons.set(e.rowNumber, [...(reasons.get(e.rowNumber) ?? []), e.message]);
    const updating = new Set(good.filter((cand) => cand.matchId !== undefined).map((cand) => cand.rowNumber));
    out.total += sheetRows.length;
    out.valid += good.length;
    out.updates! += updating.size;
    out.invalid += sheetRows.length - good.length;
    for (const r of sheetRows) {
      const error = reasons.get(r.rowNumber)?.join('；') ?? null;
      const target = error ? bad : fine;
      if (target.length >= PREVIEW_ROWS) continue;
      const values: Record<string, string> = {};
      for (const l of labels) if (r.values[l] !== undefined) values[l] = r.values[l];
      target.push({ rowNumber: r.rowNumber, fileName: file.name, values, error, ...(updating.has(r.rowNumber) ? { update: true } : {}) });
    }
  }
  out.rows = [...bad, ...fine].slice(0, PREVIEW_ROWS);
  out.headers = labels.filter((l) => seen.has(l));
  return c.json(ok(out));
}
