import { Hono } from 'hono';
import {
  DictError,
  dictHasPhone,
  getDictItems,
  getDictText,
  loadAllDictItems,
  loadDict,
  loadDictItem,
  loadDictOrderByValue,
  loadTreeData,
  pageSizeOf,
  type DictExtras,
} from '../resources/dicts';
import { ID_MAX } from '../core/ids';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { permCodesOf } from '../core/perm';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { PERMS } from '../../lib/permissions/codes';

export const dictRoutes = new Hono<AppEnv>();

/** Path parameters arrive decoded once by Hono; a client that encoded twice gets a second pass, a broken escape stays as it is. */
const param = (c: Ctx, name: string) => {
  const raw = c.req.param(name) ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

const query = (c: Ctx, name: string) => c.req.query(name) ?? '';

/** Runs a dictionary read; a refused request (DictError) becomes a code-500 envelope, never SQL. */
async function answer<T>(c: Ctx, run: () => Promise<T>) {
  try {
    return c.json(ok(await run()));
  } catch (e) {
    if (e instanceof DictError) throw new ApiFailure(e.message);
    throw e;
  }
}

dictRoutes.get('/sys/dict/queryAllDictItems', async (c) => c.json(ok(await loadAllDictItems(c.var.services.db))));

/**
 * Spec 02 §3's option extras: a user dictionary's options carry the person's `phone` only for callers who see phones
 * in 用户管理 anyway (its list code); everyone else gets value and text, as before.
 */
async function extrasFor(c: Ctx, code: string): Promise<DictExtras> {
  if (!dictHasPhone(code)) return {};
  return { phone: (await permCodesOf(c, authOf(c).user.id)).has(PERMS.user.list) };
}

dictRoutes.get('/sys/dict/getDictItems/:code', async (c) => {
  const code = param(c, 'code');
  const extras = await extrasFor(c, code);
  return answer(c, () => getDictItems(c.var.services.db, code, extras));
});

dictRoutes.get('/sys/dict/loadDict/:code', async (c) => {
  const code = param(c, 'code');
  const extras = await extrasFor(c, code);
  return answer(c, () => loadDict(c.var.services.db, code, query(c, 'keyword'), pageSizeOf(c.req.query('pageSize')), extras));
});

dictRoutes.get('/sys/dict/loadDictOrderByValue/:code', async (c) => {
  const code = param(c, 'code');
  const extras = await extrasFor(c, code);
  return answer(c, () => loadDictOrderByValue(c.var.services.db, code, query(c, 'keyword'), extras));
});

dictRoutes.get('/sys/dict/loadDictItem/:code', (c) =>
  // delNotExist defaults to true (JeecgBoot's @RequestParam default).
  answer(c, () => loadDictItem(c.var.services.db, param(c, 'code'), query(c, 'key'), query(c, 'delNotExist') !== 'false')),
);

dictRoutes.get('/sys/dict/getDictText/:code/:key', (c) => answer(c, () => getDictText(c.var.services.db, param(c, 'code'), param(c, 'key'))));

dictRoutes.get('/sys/dict/loadTreeData', (c) => {
  const [tableName, text, code, pidField] = ['tableName', 'text', 'code', 'pidField'].map((n) => query(c, n).trim());
  if (!tableName || !text || !code || !pidField) throw new ApiFailure('参数不完整：需要 tableName、text、code、pidField');
  return answer(c, () =>
    loadTreeData(c.var.services.db, { pid: query(c, 'pid'), pidField, tableName, text, code, hasChildField: query(c, 'hasChildField'), condition: query(c, 'condition') }),
  );
});

/** Nothing is cached server-side (every answer reads the database), so there is nothing to drop. */
dictRoutes.get('/sys/dict/refleshCache', (c) => c.json(ok(null)));

// ---------------------------------------------------------------- 字典项数据值校验

export const ITEM_VALUE_FREE = '该值可用！';
export const ITEM_VALUE_IN_USE = '该值不可用，系统中已存在！';
/** The 字典项 form's check is part of reading or editing items: any of these codes may ask. */
const ITEM_CHECK_PERMS = [PERMS.dictItem.list, PERMS.dictItem.add, PERMS.dictItem.edit];

/**
 * `GET /sys/dictItem/dictItemCheck?itemValue=&dictId=[&id=]` (JeecgBoot's SysDictItemController): is the
 * value free within that dictionary (`id` = the item being edited, left out of the check)? Same messages
 * as JeecgBoot; a missing value or dictionary matches nothing there either, so it is 该值可用！ (the save
 * itself refuses it).
 */
dictRoutes.get('/sys/dictItem/dictItemCheck', async (c) => {
  const codes = await permCodesOf(c, authOf(c).user.id);
  if (!ITEM_CHECK_PERMS.some((p) => codes.has(p))) throw new ApiFailure(NO_PERMISSION, 510);
  const itemValue = c.req.query('itemValue') ?? '';
  const dictId = (c.req.query('dictId') ?? '').trim();
  const id = (c.req.query('id') ?? '').trim();
  // Longer than the columns can hold: nothing stored can be equal to it.
  if (!itemValue || !dictId || itemValue.length > 100 || dictId.length > ID_MAX) return c.json(ok(ITEM_VALUE_FREE, ITEM_VALUE_FREE));
  let q = c.var.services.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', itemValue);
  if (id) q = q.where('id', '<>', id.slice(0, ID_MAX));
  const taken = await q.limit(1).executeTakeFirst();
  if (taken) throw new ApiFailure(ITEM_VALUE_IN_USE);
  return c.json(ok(ITEM_VALUE_FREE, ITEM_VALUE_FREE));
});
