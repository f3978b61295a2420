import { Hono } from 'hono';
import { hasDict, isListed, isSortable, searchModeOf } from '../../lib/resources/field-kinds';
import type { ResourceDef } from '../../lib/resources/types';
import type { AppEnv, Ctx, UserPermissions } from '../core/context';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { isCrudAction, runCrud, type CrudAction } from '../resources/crud';
import { getDictItems } from '../resources/dicts';
import { formHooks, servedForm, type ServedForm } from './form-runtime';
import { permCodesOf } from '../core/perm';

/**
 * Issue #25: a designed form's data (the generated CRUD). Our list engine's paths
 * `/online/cgform/api/crud/{code}/{list|queryById|add|edit|delete|deleteBatch|exportXls|importExcel|…}` and JeecgBoot's
 * own (`getColumns`, `getData`, `getQueryInfo`, `form`, `exportXls`, `importXls`) all run through the resource engine's
 * `runCrud`: the form's permission codes (`online:form:{code}:*`, code 510), data rules of its menu, validation from
 * its definition. `{code}` is the form's table name (or its head id, as JeecgBoot's client sends).
 */
export const onlineFormDataRoutes = new Hono<AppEnv>();

const API = '/online/cgform/api';

const run = async (c: Ctx, code: string, action: CrudAction) => {
  const served = await servedForm(c.var.services.db, code);
  return runCrud(c, served.def, formHooks(served), action);
};

/**
 * runCrud's actions read their ids from the query string (contract §7); JeecgBoot's `form/{code}/{id}` carries it
 * in the path, so the request is re-addressed (no body on these GET / DELETE calls).
 */
function withQuery(c: Ctx, params: Record<string, string>) {
  const url = new URL(c.req.url);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  c.req.raw = new Request(url, { method: c.req.method, headers: c.req.raw.headers });
}

/** The caller's permission codes (null without a session). */
async function callerCodes(c: Ctx): Promise<UserPermissions | null> {
  const auth = c.get('auth');
  return auth ? permCodesOf(c, auth.user.id) : null;
}

/** The list code of a served form, checked like requirePerm does (refused: thrown). */
function assertListAllowed(def: ResourceDef, codes: UserPermissions | null): void {
  if (!codes?.has(`${def.perm}:list`)) throw new ApiFailure(NO_PERMISSION, 510);
}

/** JeecgBoot's list buttons (OnlCgformAutoList `buttonSwitch`) and the form codes that show them. */
const BUTTON_CODES: [button: string, action: string][] = [
  ['add', 'add'],
  ['update', 'edit'],
  ['delete', 'delete'],
  ['batch_delete', 'deleteBatch'],
  ['import', 'importExcel'],
  ['export', 'exportXls'],
];

async function dictOptions(c: Ctx, def: ResourceDef) {
  const out: Record<string, { value: string; text: string; title: string; label: string }[]> = {};
  for (const f of def.fields) {
    if (!hasDict(f) || !f.dictCode) continue;
    const items = await getDictItems(c.var.services.db, f.dictCode).catch(() => []);
    out[f.name] = items.map((i) => ({ value: i.value, text: i.text, title: i.text, label: i.text }));
  }
  return out;
}

async function enhanceScripts(c: Ctx, headId: string) {
  const rows = await c.var.services.db.selectFrom('onl_cgform_enhance_js').select(['cg_js_type', 'cg_js']).where('cgform_head_id', '=', headId).execute();
  const of = (t: string) => rows.find((r) => r.cg_js_type === t)?.cg_js ?? '';
  return { list: of('list'), form: of('form') };
}

/**
 * JeecgBoot's getColumns answer (OnlCgformApiController, what the stock OnlCgformAutoList reads: flags 'Y'/'N', the
 * list JS增强 as text in `enhanceJs`, `fieldHrefSlots`, `hideColumns` = the buttons the caller may not use) plus ours:
 * `def`, child tables and both scripts under `enhance` (our screen runs them in the /enhance-sandbox Worker).
 */
async function columnsAnswer(c: Ctx, served: ServedForm, codes: UserPermissions) {
  const { def, form } = served;
  const dicts = await dictOptions(c, def);
  const columns = def.fields
    .filter((f) => isListed(f) && f.kind !== 'hidden')
    .map((f) => ({
      title: f.label,
      dataIndex: f.name,
      align: 'center',
      sorter: isSortable(def, f),
      width: f.width ?? null,
      // A plain dictionary: its options by field name; any other translated field: the row's own `_dictText`.
      ...(hasDict(f) ? { customRender: dicts[f.name] ? f.name : `_replace_text_${f.name}_dictText` } : {}),
    }));
  const enhance = await enhanceScripts(c, form.head.id);
  return {
    code: form.head.tableName,
    head: form.head,
    description: form.head.tableTxt,
    currentTableName: form.head.tableName,
    tableType: form.head.tableType,
    formTemplate: '1',
    checkboxFlag: form.head.isCheckbox === 'Y' ? 'Y' : 'N',
    paginationFlag: form.head.isPage === 'Y' ? 'Y' : 'N',
    scrollFlag: 0,
    hasBpmStatus: def.fields.some((f) => f.name === 'bpm_status'),
    columns,
    dictOptions: dicts,
    fieldHrefSlots: [] as { slotName: string; href: string }[],
    hideColumns: BUTTON_CODES.filter(([, action]) => !codes.has(`${def.perm}:${action}`)).map(([button]) => button),
    cgButtonList: [] as unknown[],
    foreignKeys: served.children.map((ch) => ({ table: ch.form.head.tableName, field: ch.fk })),
    enhanceJs: enhance.list,
    def,
    subTables: served.children.map((ch) => ({ tableName: ch.form.head.tableName, tableTxt: ch.form.head.tableTxt, fk: ch.fk, def: ch.def })),
    enhance,
  };
}

onlineFormDataRoutes.all(`${API}/crud/:code/:action{[A-Za-z]+}`, async (c) => {
  const action = c.req.param('action');
  if (!isCrudAction(action)) throw new ApiFailure('很抱歉，资源未找到!', 404, 404);
  return run(c, c.req.param('code'), action);
});

onlineFormDataRoutes.get(`${API}/getColumns/:code`, async (c) => {
  const served = await servedForm(c.var.services.db, c.req.param('code'));
  const codes = await callerCodes(c);
  if (!codes) throw new ApiFailure(NO_PERMISSION, 510);
  assertListAllowed(served.def, codes);
  return c.json(ok(await columnsAnswer(c, served, codes)));
});

/** JeecgBoot's query fields: `view` is the control, `mode` single | group (a range). */
onlineFormDataRoutes.get(`${API}/getQueryInfo/:code`, async (c) => {
  const served = await servedForm(c.var.services.db, c.req.param('code'));
  assertListAllowed(served.def, await callerCodes(c));
  const info = served.def.fields
    .filter((f) => searchModeOf(f))
    .map((f) => ({ label: f.label, field: f.name, view: f.dictCode ? 'list' : f.kind === 'inputNumber' ? 'number' : f.kind, mode: searchModeOf(f) === 'range' ? 'group' : 'single', dictCode: f.dictCode ?? null }));
  return c.json(ok(info));
});

onlineFormDataRoutes.get(`${API}/getData/:code`, (c) => run(c, c.req.param('code'), 'list'));
onlineFormDataRoutes.post(`${API}/form/:code`, (c) => run(c, c.req.param('code'), 'add'));
onlineFormDataRoutes.put(`${API}/form/:code`, (c) => run(c, c.req.param('code'), 'edit'));
onlineFormDataRoutes.get(`${API}/form/:code/:id`, (c) => {
  withQuery(c, { id: c.req.param('id') });
  return run(c, c.req.param('code'), 'queryById');
});
onlineFormDataRoutes.delete(`${API}/form/:code/:ids`, (c) => {
  const ids = c.req.param('ids');
  if (ids.includes(',')) {
    withQuery(c, { ids });
    return run(c, c.req.param('code'), 'deleteBatch');
  }
  withQuery(c, { id: ids });
  return run(c, c.req.param('code'), 'delete');
});
onlineFormDataRoutes.get(`${API}/exportXls/:code`, (c) => run(c, c.req.param('code'), 'exportXls'));
onlineFormDataRoutes.post(`${API}/importXls/:code`, (c) => run(c, c.req.param('code'), 'importExcel'));
