import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db';
import type { SysSavedQuery } from '../db/schema';
import { formatDateTime } from '../core/format';
import { newId } from '../core/ids';
import {
  EMPTY_SAVE,
  EMPTY_SAVE_NAME,
  MAX_SAVE_CODE,
  MAX_SAVE_NAME,
  MAX_SAVED_PER_CODE,
  SAVE_NAME_TOO_LONG,
  SAVE_OK,
  SAVED_LIMIT_REACHED,
  DELETE_OK,
} from '../../lib/saved-queries';
import { MAX_SUPER_QUERY_RULES, parseSuperQuery, type SuperQueryCondition } from '../../lib/super-query';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { parse, readBody } from '../core/validate';

/**
 * Saved advanced queries of the signed-in user (spec 02 query builder; the browser keeps a copy under
 * `pro__JSuperQuerySaved_<code>`). Any signed-in user may use them, and only ever on their own rows:
 * every statement is scoped by the session's user id, never by an id the client sends.
 */
export const savedQueryRoutes = new Hono<AppEnv>();

const BASE = '/sys/superQuery';
/** Far above any real save (50 rules × 2,000 characters is capped at 20,000 by the parser). */
const MAX_BODY_BYTES = 64 * 1024;
export const CODE_REQUIRED = '保存编码不能为空';
export const CODE_TOO_LONG = `保存编码不能超过${MAX_SAVE_CODE}个字符`;
export const NOT_FOUND = '未找到对应数据';

const codeField = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(MAX_SAVE_CODE, CODE_TOO_LONG)
  // Route paths and save codes are printable text; control characters are refused.
  .regex(/^[^\u0000-\u001f\u007f]+$/, CODE_REQUIRED);

const saveSchema = z.object({
  code: codeField,
  title: z.string({ error: EMPTY_SAVE_NAME }).trim().min(1, EMPTY_SAVE_NAME).max(MAX_SAVE_NAME, SAVE_NAME_TOO_LONG),
  matchType: z.string().max(10).optional(),
  records: z.array(z.unknown(), { error: EMPTY_SAVE }).max(MAX_SUPER_QUERY_RULES, `高级查询条件不能超过${MAX_SUPER_QUERY_RULES}个`),
});

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export interface SavedQueryRecord {
  id: string;
  title: string;
  matchType: 'and' | 'or';
  records: SuperQueryCondition[];
  createTime: string | null;
  updateTime: string | null;
}

/** Stored rules were parsed before they were written; a damaged row still answers with no conditions rather than failing the list. */
function toRecord(row: SysSavedQuery): SavedQueryRecord {
  let records: SuperQueryCondition[] = [];
  try {
    const parsed = parseSuperQuery(row.rules, row.match_type);
    if (parsed.ok && parsed.query) records = parsed.query.rules;
  } catch {
    records = [];
  }
  return {
    id: row.id,
    title: row.title,
    matchType: row.match_type === 'or' ? 'or' : 'and',
    records,
    createTime: formatDateTime(row.create_time),
    updateTime: formatDateTime(row.update_time),
  };
}

const listOf = (db: Database, userId: string, code: string) =>
  db.selectFrom('sys_saved_query').selectAll().where('user_id', '=', userId).where('code', '=', code).orderBy('create_time', 'asc').orderBy('id', 'asc').execute();

savedQueryRoutes.get(`${BASE}/list`, async (c: Ctx) => {
  const { user } = authOf(c);
  const code = parse(codeField, c.req.query('code') ?? '');
  const rows = await listOf(c.var.services.db, user.id, code);
  return c.json(ok(rows.map(toRecord)));
});

/** Insert, or overwrite the user's entry of the same title on the same page (the client confirmed it). */
savedQueryRoutes.post(`${BASE}/save`, async (c: Ctx) => {
  const { user } = authOf(c);
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw new ApiFailure('高级查询条件过长');
  const body = await readBody(c, saveSchema);
  // The shared parser: only the ten rules, well-formed field names, bounded values; empty values dropped.
  const parsed = parseSuperQuery(JSON.stringify(body.records), body.matchType);
  if (!parsed.ok) throw new ApiFailure(parsed.error);
  if (!parsed.query) throw new ApiFailure(EMPTY_SAVE);
  const { matchType, rules } = parsed.query;
  const text = JSON.stringify(rules);

  const saved = await c.var.services.db.transaction().execute(async (tx) => {
    // One save at a time per user, so the cap below cannot be passed by concurrent requests.
    await tx.selectFrom('sys_user').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
    const existing = await tx
      .selectFrom('sys_saved_query')
      .select('id')
      .where('user_id', '=', user.id)
      .where('code', '=', body.code)
      .where('title', '=', body.title)
      .executeTakeFirst();
    if (existing) {
      return tx
        .updateTable('sys_saved_query')
        .set({ match_type: matchType, rules: text, update_time: new Date() })
        .where('id', '=', existing.id)
        .where('user_id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const { count } = await tx
      .selectFrom('sys_saved_query')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .where('code', '=', body.code)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_SAVED_PER_CODE) throw new ApiFailure(SAVED_LIMIT_REACHED);
    return tx
      .insertInto('sys_saved_query')
      .values({ id: newId(), user_id: user.id, code: body.code, title: body.title, match_type: matchType, rules: text })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return c.json(ok(toRecord(saved), SAVE_OK));
});

savedQueryRoutes.delete(`${BASE}/delete`, async (c: Ctx) => {
  const { user } = authOf(c);
  const id = c.req.query('id') ?? '';
  if (!ID_RE.test(id)) throw new ApiFailure(NOT_FOUND);
  // Scoped by owner: another user's id deletes nothing and answers like a missing row.
  const r = await c.var.services.db.deleteFrom('sys_saved_query').where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw new ApiFailure(NOT_FOUND);
  return c.json(ok(null, DELETE_OK));
});
