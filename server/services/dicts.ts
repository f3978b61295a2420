import type { Database } from '../db';

export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

const toModel = (value: string, text: string): DictModel => ({ value, text, title: text, label: text });

/** `/sys/dict/queryAllDictItems`: every dictionary's enabled items, keyed by code (contract §6). */
export async function loadAllDictItems(db: Database): Promise<Record<string, DictModel[]>> {
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['d.dict_code', 'i.item_value', 'i.item_text'])
    .where('d.del_flag', '=', 0)
    .where('i.status', '=', 1)
    .orderBy('d.dict_code')
    .orderBy('i.sort_order')
    .execute();
  const out: Record<string, DictModel[]> = {};
  for (const r of rows) (out[r.dict_code] ??= []).push(toModel(r.item_value, r.item_text));
  return out;
}

/**
 * Table dictionaries the client may name (`table,text,code`). JeecgBoot builds SQL from whatever the
 * client sends; here only these exact triples exist, and their SQL is fixed in code.
 */
const TABLE_DICTS: Record<string, (db: Database) => Promise<DictModel[]>> = {
  'sys_user,realname,id': async (db) =>
    (await db.selectFrom('sys_user').select(['id as v', 'realname as t']).where('del_flag', '=', 0).orderBy('realname').limit(1000).execute()).map((r) => toModel(r.v, r.t)),
  'sys_user,realname,username': async (db) =>
    (await db.selectFrom('sys_user').select(['username as v', 'realname as t']).where('del_flag', '=', 0).orderBy('realname').limit(1000).execute()).map((r) => toModel(r.v, r.t)),
  'sys_depart,depart_name,id': async (db) =>
    (await db.selectFrom('sys_depart').select(['id as v', 'depart_name as t']).where('del_flag', '=', '0').orderBy('org_code').limit(1000).execute()).map((r) => toModel(r.v, r.t)),
  'sys_depart,depart_name,org_code': async (db) =>
    (await db.selectFrom('sys_depart').select(['org_code as v', 'depart_name as t']).where('del_flag', '=', '0').orderBy('org_code').limit(1000).execute()).map((r) => toModel(r.v, r.t)),
  'sys_role,role_name,id': async (db) =>
    (await db.selectFrom('sys_role').select(['id as v', 'role_name as t']).orderBy('role_name').limit(1000).execute()).map((r) => toModel(r.v, r.t)),
  'sys_role,role_name,role_code': async (db) =>
    (await db.selectFrom('sys_role').select(['role_code as v', 'role_name as t']).orderBy('role_name').limit(1000).execute()).map((r) => toModel(r.v, r.t)),
};

export class DictError extends Error {}

/** `/sys/dict/getDictItems/{code}`: a plain dictionary (all statuses, by sort order) or a registered table dictionary. */
export async function getDictItems(db: Database, code: string): Promise<DictModel[]> {
  const trimmed = code.trim();
  if (!trimmed) throw new DictError('字典Code不能为空!');
  if (trimmed.includes(',')) {
    const parts = trimmed.split(',').map((s) => s.trim());
    if (parts.length < 3) throw new DictError('字典Code格式不正确！');
    // A 4th part would be a raw SQL filter in JeecgBoot; never accepted here.
    const loader = parts.length === 3 ? TABLE_DICTS[parts.join(',')] : undefined;
    if (!loader) throw new DictError('不支持的表字典，请联系管理员配置');
    return loader(db);
  }
  // JeecgBoot runs dictCode through SqlInjectionUtil and refuses quotes etc.; codes are plain identifiers.
  if (!/^[\w.:-]{1,100}$/.test(trimmed)) throw new DictError('字典Code格式不正确！');
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['i.item_value', 'i.item_text'])
    .where('d.dict_code', '=', trimmed)
    .where('d.del_flag', '=', 0)
    .orderBy('i.sort_order')
    .execute();
  return rows.map((r) => toModel(r.item_value, r.item_text));
}
