import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { formatDateTime } from '../core/format';
import type { Writer } from '../system/permission-menus';
import type { CgformEnhanceJs, CgformEnhanceJsHistory } from '../../lib/online/wire';
import { headRow } from './form-design';

/** An online form's JS 增强 (issue #25): its list and form scripts, each with a history of saved texts. */

/** JS 增强 size limit (bytes of UTF-8). */
export const ENHANCE_JS_MAX = 64 * 1024;
/** History kept per (form, js type) (spec 02 §9). */
export const ENHANCE_HISTORY_KEEP = 16;

const jsType = (v: unknown): 'list' | 'form' => {
  if (v === 'list' || v === 'form') return v;
  throw new ApiFailure('JS增强类型只能是 list 或 form');
};

export async function getEnhanceJs(db: Database, headId: string, type: unknown): Promise<CgformEnhanceJs> {
  const t = jsType(type);
  await headRow(db, headId);
  const row = await db.selectFrom('onl_cgform_enhance_js').select('cg_js').where('cgform_head_id', '=', headId).where('cg_js_type', '=', t).executeTakeFirst();
  return { cgJsType: t, cgJs: row?.cg_js ?? '' };
}

/**
 * Saves a form's list or form script and appends it to the history (unless it equals the newest entry), keeping
 * the newest 16 per (form, type), in one transaction. Restoring is posting an old text: a new entry.
 */
export async function saveEnhanceJs(db: Database, me: Writer, headId: string, raw: unknown): Promise<CgformEnhanceJs> {
  const b = (raw && typeof raw === 'object' ? raw : {}) as { cgJsType?: unknown; cgJs?: unknown };
  const t = jsType(b.cgJsType);
  if (typeof b.cgJs !== 'string') throw new ApiFailure('请输入JS增强代码');
  const js = b.cgJs;
  if (Buffer.byteLength(js, 'utf8') > ENHANCE_JS_MAX) throw new ApiFailure('JS增强代码不能超过64KB');
  await db.transaction().execute(async (tx) => {
    await headRow(tx, headId, true);
    const existing = await tx.selectFrom('onl_cgform_enhance_js').select('id').where('cgform_head_id', '=', headId).where('cg_js_type', '=', t).executeTakeFirst();
    if (existing) await tx.updateTable('onl_cgform_enhance_js').set({ cg_js: js, update_by: me.username, update_time: new Date() }).where('id', '=', existing.id).execute();
    else await tx.insertInto('onl_cgform_enhance_js').values({ id: newId(), cgform_head_id: headId, cg_js_type: t, cg_js: js, content: null, update_by: me.username, update_time: new Date() }).execute();
    const newest = await tx.selectFrom('onl_cgform_enhance_js_history').select('cg_js').where('cgform_head_id', '=', headId).where('cg_js_type', '=', t).orderBy('create_time', 'desc').limit(1).executeTakeFirst();
    if (newest?.cg_js === js) return;
    await tx.insertInto('onl_cgform_enhance_js_history').values({ id: newId(), cgform_head_id: headId, cg_js_type: t, cg_js: js, create_by: me.username }).execute();
    const keep = tx.selectFrom('onl_cgform_enhance_js_history').select('id').where('cgform_head_id', '=', headId).where('cg_js_type', '=', t).orderBy('create_time', 'desc').orderBy('id', 'desc').limit(ENHANCE_HISTORY_KEEP);
    await tx.deleteFrom('onl_cgform_enhance_js_history').where('cgform_head_id', '=', headId).where('cg_js_type', '=', t).where('id', 'not in', keep).execute();
  });
  return { cgJsType: t, cgJs: js };
}

export async function enhanceJsHistory(db: Database, headId: string, type: unknown): Promise<CgformEnhanceJsHistory[]> {
  const t = jsType(type);
  await headRow(db, headId);
  const rows = await db.selectFrom('onl_cgform_enhance_js_history').selectAll().where('cgform_head_id', '=', headId).where('cg_js_type', '=', t).orderBy('create_time', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, cgJsType: t, cgJs: r.cg_js, createBy: r.create_by, createTime: formatDateTime(r.create_time) ?? '' }));
}
