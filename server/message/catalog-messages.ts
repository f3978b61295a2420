import { sql } from 'kysely';
import { messageResource, MSG_TEMPLATE_BUS_TYPE } from '../../features/system/messages/message-resource';
import { messageTemplateResource as templateDef } from '../../features/system/messages/message-template-resource';
import { parseTestJson, placeholderProblem, TEMPLATE_TYPE_RICH, TEST_JSON_NOT_OBJECT, templateVars } from '../../lib/system/template-vars';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import type { Ctx } from '../core/context';
import { loadUserPermCodes } from '../auth/users';
import type { CrudHooks } from '../resources/crud';
import { dataRuleWhere } from '../resources/data-rules';
import { parseListQuery, type Row } from '../resources/query';
import { registerResource } from '../resources/registry';
import { addDictTexts, loadDictTexts, selectPage, toRecord } from '../resources/select';
import { PERMS } from '../../lib/permissions/codes';

/**
 * 消息模板 and 消息记录 on the resource engine.
 *
 * Templates (`/sys/message/sysMessageTemplate/*`, `system:messageTemplate:*`): every `${…}` in title and
 * content must be a closed, plain identifier (the renderer would otherwise leave it as text); test data,
 * when given, must be a JSON object; rich-text content is sanitised on save. Deleting a template leaves
 * the messages sent from it intact: they hold their own rendered title and content (bus_id just dangles).
 * The list is served by `listTemplates` (message-routes.ts) so a sender without the list right can still
 * choose a template.
 *
 * Messages (`/sys/message/sysMessage/list|queryById`, `system:message:list`): read-only view of the
 * category '2' announcements that sendByTemplate created, with template, receivers and read counts.
 */

export const CONTENT_EMPTY = '模板内容不能为空（不安全的内容已被过滤）';
export const TEMPLATE_DELETED = '（模板已删除）';
/** Receiver names listed per message; the rest is counted. */
const NAMES_SHOWN = 5;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const templateHooks: CrudHooks = {
  beforeSave(row, ctx) {
    const e = ctx.existing ?? {};
    const pick = (name: string, column: string) => (row[name] !== undefined ? row[name] : e[column]);
    for (const [label, name, column] of [
      ['模板标题', 'templateTitle', 'template_title'],
      ['模板内容', 'templateContent', 'template_content'],
    ] as const) {
      const problem = placeholderProblem(label, str(pick(name, column)));
      if (problem) throw new ApiFailure(problem);
    }
    if (typeof row.templateTestJson === 'string' && parseTestJson(row.templateTestJson) === null) throw new ApiFailure(TEST_JSON_NOT_OBJECT);
    const type = str(pick('templateType', 'template_type')) || '1';
    // Rich text is cleaned when its content is written, and when a text template becomes rich text.
    if (type === TEMPLATE_TYPE_RICH && (row.templateContent !== undefined || (row.templateType !== undefined && row.templateType !== e.template_type))) {
      const clean = sanitizeHtml(str(pick('templateContent', 'template_content'))).trim();
      if (!clean) throw new ApiFailure(CONTENT_EMPTY);
      row.templateContent = clean;
    }
  },
  afterLoad(records) {
    for (const r of records) r.variables = templateVars(str(r.templateTitle), str(r.templateContent));
  },
};

const messageHooks: CrudHooks = {
  extraWhere: () => (eb) => eb.and([eb(sql.ref('msg_category'), '=', '2'), eb(sql.ref('bus_type'), '=', MSG_TEMPLATE_BUS_TYPE)]),
  async afterLoad(records, ctx) {
    if (!records.length) return;
    const ids = records.map((r) => String(r.id));
    const tplIds = [...new Set(records.map((r) => str(r.busId)).filter(Boolean))];
    const [stats, templates] = await Promise.all([
      ctx.db
        .selectFrom('sys_announcement_send as s')
        .leftJoin('sys_user as u', 'u.id', 's.user_id')
        .select([
          's.annt_id',
          sql<string>`count(*)`.as('total'),
          sql<string>`count(*) filter (where s.read_flag = '1')`.as('read'),
          // A removed user's row still counts; its id stands in for the name.
          sql<string[]>`(array_agg(coalesce(u.realname, s.user_id) order by u.realname, s.user_id))[1:${sql.lit(NAMES_SHOWN)}]`.as('names'),
        ])
        .where('s.annt_id', 'in', ids)
        .groupBy('s.annt_id')
        .execute(),
      tplIds.length ? ctx.db.selectFrom('sys_message_template').select(['id', 'template_name']).where('id', 'in', tplIds).execute() : [],
    ]);
    const byAnnt = new Map(stats.map((s) => [s.annt_id, s]));
    const names = new Map(templates.map((t) => [t.id, t.template_name]));
    for (const r of records) {
      const s = byAnnt.get(String(r.id));
      const total = Number(s?.total ?? 0);
      r.receiverCount = total;
      r.readCount = Number(s?.read ?? 0);
      const shown = (s?.names ?? []).join('、');
      r.receiverNames = total > NAMES_SHOWN ? `${shown} 等${total}人` : shown;
      r.templateName = names.get(str(r.busId)) ?? TEMPLATE_DELETED;
    }
  },
};

/**
 * GET /sys/message/sysMessageTemplate/list: the resource's list (query grammar, paging, sort, data rules,
 * `templateType_dictText`, `variables`) for holders of `system:messageTemplate:list` or of
 * `system:message:send`. A plain templateCode / templateName value (no `*`) matches contained text, as
 * the earlier hand-written list did.
 */
export async function listTemplates(c: Ctx): Promise<Response> {
  const auth = c.get('auth');
  const { db } = c.var.services;
  if (!auth) throw new ApiFailure(NO_PERMISSION, 510);
  const codes = await loadUserPermCodes(db, auth.user.id);
  if (!codes.has(PERMS.messageTemplate.list) && !codes.has(PERMS.message.send)) throw new ApiFailure(NO_PERMISSION, 510);
  const params: Record<string, string | undefined> = { ...c.req.query() };
  for (const k of ['templateCode', 'templateName']) {
    const v = params[k]?.trim();
    if (v && !v.includes('*')) params[k] = `*${v}*`;
  }
  const { pageNo, pageSize, offset } = readPage(c);
  const query = parseListQuery(templateDef, params);
  const rules = await dataRuleWhere(db, auth, templateDef);
  const { rows, total } = await selectPage(db, templateDef, query, { offset, limit: pageSize }, { extraWhere: rules });
  const records: Row[] = rows.map((r) => toRecord(templateDef, r));
  templateHooks.afterLoad!(records, { c, db, auth, def: templateDef, action: 'list' });
  const texts = await loadDictTexts(db, templateDef, records);
  for (const r of records) addDictTexts(templateDef, r, texts);
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
}

let registered = false;

/** Idempotent (the registry is process-wide); called from registerCatalog (server/areas.ts). */
export function registerMessageResources(): void {
  if (registered) return;
  registered = true;
  registerResource(templateDef, templateHooks);
  registerResource(messageResource, messageHooks);
}
