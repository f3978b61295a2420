import { sql, type Transaction } from 'kysely';
import type { Database } from '../db';
import type { DB, SysCategory } from '../db/schema';
import { escapeLike } from '../db/like';
import { newId } from '../core/ids';
import { formatDateTime } from '../core/format';
import { DictError, parseTreeCondition, type DictModel, type TreeSelectModel } from '../resources/dicts';

/** Category dictionary (contract §6, JeecgBoot's SysCategoryController/Service). */
export const ROOT_PID = '0';
export const HAS_CHILD = '1';
const CONDITION_FIELDS = ['id', 'code', 'name', 'create_by', 'sys_org_code'];
const MAX_IDS = 500;
const MAX_NODES = 5000;

export class CategoryError extends DictError {}

export interface CategoryRecord {
  id: string;
  pid: string;
  name: string;
  code: string;
  hasChild: string;
  sysOrgCode: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export const toRecord = (r: SysCategory): CategoryRecord => ({
  id: r.id,
  pid: r.pid,
  name: r.name,
  code: r.code,
  hasChild: r.has_child,
  sysOrgCode: r.sys_org_code,
  createBy: r.create_by,
  createTime: formatDateTime(r.create_time),
  updateBy: r.update_by,
  updateTime: formatDateTime(r.update_time),
});

export interface CategoryNode extends TreeSelectModel {
  children?: CategoryNode[];
}

const toNode = (r: Pick<SysCategory, 'id' | 'pid' | 'name' | 'code' | 'has_child'>): CategoryNode => ({
  key: r.id,
  title: r.name,
  leaf: r.has_child !== HAS_CHILD,
  parentId: r.pid,
  value: r.id,
  code: r.code,
});

const splitIds = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean).slice(0, MAX_IDS);

/** `rootList`: one level (pid, default root) paged; a name or code filter searches the whole tree (JeecgBoot 3.x). */
export async function rootList(db: Database, f: { pid?: string; name?: string; code?: string; offset: number; limit: number }) {
  let q = db.selectFrom('sys_category');
  const name = (f.name ?? '').replace(/\*/g, '').trim();
  const code = (f.code ?? '').replace(/\*/g, '').trim();
  if (!name && !code) q = q.where('pid', '=', f.pid?.trim() || ROOT_PID);
  if (name) q = q.where('name', 'ilike', `%${escapeLike(name)}%`);
  if (code) q = q.where('code', 'ilike', `%${escapeLike(code)}%`);
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('code').offset(f.offset).limit(f.limit).execute(),
  ]);
  return { records: rows.map(toRecord), total: Number(n) };
}

/** `childList?pid`: every child row of one node. */
export async function childList(db: Database, pid: string): Promise<CategoryRecord[]> {
  const rows = await db.selectFrom('sys_category').selectAll().where('pid', '=', pid.trim() || ROOT_PID).orderBy('code').limit(MAX_NODES).execute();
  return rows.map(toRecord);
}

/** `getChildListBatch?parentIds`: the children of several nodes. */
export async function childListBatch(db: Database, parentIds: string): Promise<CategoryRecord[]> {
  const ids = splitIds(parentIds);
  if (!ids.length) return [];
  const rows = await db.selectFrom('sys_category').selectAll().where('pid', 'in', ids).orderBy('code').limit(MAX_NODES).execute();
  return rows.map(toRecord);
}

/** Children of `pid` as tree nodes, optionally filtered by a JSON condition (LIKE patterns on whitelisted fields). */
export async function nodesByPid(db: Database, pid: string, condition = ''): Promise<CategoryNode[]> {
  const conditions = parseTreeCondition(condition, CONDITION_FIELDS);
  let q = db.selectFrom('sys_category').select(['id', 'pid', 'name', 'code', 'has_child']).where('pid', '=', pid);
  for (const [column, pattern] of conditions) q = q.where(sql.ref(column), 'like', pattern);
  return (await q.orderBy('code').limit(MAX_NODES).execute()).map(toNode);
}

/** The id of the node with this code ('0' or empty = the root); CategoryError when absent or ambiguous. */
async function pidOfCode(db: Database, pcode: string): Promise<string> {
  const code = pcode.trim();
  if (!code || code === ROOT_PID) return ROOT_PID;
  const rows = await db.selectFrom('sys_category').select('id').where('code', '=', code).limit(2).execute();
  if (rows.length === 0) throw new CategoryError(`该编码【${code.slice(0, 100)}】不存在，请核实!`);
  if (rows.length > 1) throw new CategoryError(`该编码【${code.slice(0, 100)}】存在多个，请核实!`);
  return rows[0].id;
}

/** `loadTreeRoot?async&pcode`: the children of the pcode node; with async=false the whole subtree. */
export async function loadTreeRoot(db: Database, async: boolean, pcode: string): Promise<CategoryNode[]> {
  const roots = await nodesByPid(db, await pidOfCode(db, pcode));
  if (async) return roots;
  const byParent = new Map<string, CategoryNode[]>();
  const all = await descendantsOf(db, roots.map((r) => r.key));
  for (const row of all) {
    const list = byParent.get(row.pid) ?? [];
    list.push(toNode(row));
    byParent.set(row.pid, list);
  }
  const attach = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes.map((n) => {
      const kids = byParent.get(n.key);
      return kids?.length ? { ...n, children: attach(kids) } : n;
    });
  return attach(roots);
}

/** Every descendant row of the given nodes (not the nodes themselves), ordered by code. */
async function descendantsOf(db: Database | Transaction<DB>, ids: string[]) {
  if (!ids.length) return [];
  const { rows } = await sql<{ id: string; pid: string; name: string; code: string; has_child: string }>`
    with recursive sub as (
      select id, pid, name, code, has_child, 1 as depth from sys_category where pid in (${sql.join(ids)})
      union all
      select c.id, c.pid, c.name, c.code, c.has_child, s.depth + 1 from sys_category c join sub s on c.pid = s.id where s.depth < 50
    ) select id, pid, name, code, has_child from sub order by code limit ${MAX_NODES}`.execute(db);
  return rows;
}

/** `loadTreeData?pid|pcode&condition`: pid wins over pcode (JeecgBoot's messages). */
export async function loadTreeData(db: Database, pid: string, pcode: string, condition: string): Promise<CategoryNode[]> {
  let parent = pid.trim();
  if (!parent) {
    if (!pcode.trim()) throw new CategoryError('加载分类字典树参数有误.[null]!');
    parent = pcode.trim() === ROOT_PID ? ROOT_PID : ((await db.selectFrom('sys_category').select('id').where('code', '=', pcode.trim()).executeTakeFirst())?.id ?? '');
    if (!parent) throw new CategoryError('加载分类字典树参数有误.[code]!');
  }
  return nodesByPid(db, parent, condition);
}

/** `loadDictItem?ids&delNotExist`: names in id order; unknown ids dropped, or kept as themselves. */
export async function namesOf(db: Database, ids: string, delNotExist: boolean): Promise<string[]> {
  const wanted = splitIds(ids);
  if (!wanted.length) return [];
  const rows = await db.selectFrom('sys_category').select(['id', 'name']).where('id', 'in', [...new Set(wanted)]).execute();
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : delNotExist ? [] : [id]));
}

/** `loadAllData?code`: every category whose code starts with `code` ('0' or empty = all) as DictModel (value id, text name). */
export async function loadAllData(db: Database, code: string): Promise<DictModel[]> {
  let q = db.selectFrom('sys_category').select(['id', 'name']);
  const prefix = code.trim();
  if (prefix && prefix !== ROOT_PID) q = q.where('code', 'like', `${escapeLike(prefix)}%`);
  const rows = await q.orderBy('code').limit(MAX_NODES).execute();
  if (!rows.length) throw new CategoryError('无数据,参数有误.[code]');
  return rows.map((r) => ({ value: r.id, text: r.name, title: r.name, label: r.name }));
}

/** `loadOne?field&val`: field must be a category property; exactly one match. */
const LOAD_ONE_FIELDS: Record<string, 'id' | 'pid' | 'name' | 'code'> = { id: 'id', pid: 'pid', name: 'name', code: 'code' };
export async function loadOne(db: Database, field: string, val: string): Promise<CategoryRecord> {
  const column = Object.prototype.hasOwnProperty.call(LOAD_ONE_FIELDS, field) ? LOAD_ONE_FIELDS[field] : undefined;
  if (!column) throw new CategoryError('查询字段不存在');
  const rows = await db.selectFrom('sys_category').selectAll().where(column, '=', val).limit(2).execute();
  if (rows.length === 0) throw new CategoryError('查询无果');
  if (rows.length > 1) throw new CategoryError(`查询数据异常,[${field}]存在多个值:${val.slice(0, 100)}`);
  return toRecord(rows[0]);
}

export async function findCategory(db: Database | Transaction<DB>, id: string) {
  return db.selectFrom('sys_category').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `checkCode?pid&code`: a child's code must start with its parent's code. Returns the refusal message, or null. */
export async function checkCode(db: Database, pid: string, code: string): Promise<string | null> {
  if (!code.trim()) return '错误,类型编码为空!';
  if (!pid.trim() || pid.trim() === ROOT_PID) return null;
  const parent = await findCategory(db, pid.trim());
  if (!parent) return '父级节点不存在';
  return code.startsWith(parent.code) ? null : `编码不符合规范,须以"${parent.code}"开头!`;
}

export interface CategoryInput {
  pid?: string;
  name: string;
  code?: string;
}

export interface Actor {
  username: string;
  orgCode: string | null;
}

/** JeecgBoot's category code rule (YouBianCodeUtil): per level A01…A99, then B01…; children prefix their parent's code. */
export function nextSiblingCode(prefix: string, siblingCodes: readonly string[]): string {
  let max = 0;
  for (const c of siblingCodes) {
    const m = c.startsWith(prefix) ? /^([A-Z])(\d{2})$/.exec(c.slice(prefix.length)) : null;
    if (m && m[2] !== '00') max = Math.max(max, (m[1].charCodeAt(0) - 65) * 99 + Number(m[2]));
  }
  if (max >= 26 * 99) throw new CategoryError('该层级的编码已用尽');
  return prefix + String.fromCharCode(65 + Math.floor(max / 99)) + String((max % 99) + 1).padStart(2, '0');
}

/**
 * The code a new child of `pid` would get when saved without one (JeecgBoot's CategoryCodeRule, the fill rules'
 * {category}); null when the parent does not exist. Like JeecgBoot's, two calls before a save give the same code.
 */
export async function nextCategoryCode(db: Database, pid: string): Promise<string | null> {
  const parent = pid === ROOT_PID ? null : await findCategory(db, pid);
  if (pid !== ROOT_PID && !parent) return null;
  const siblings = await db.selectFrom('sys_category').select('code').where('pid', '=', pid).execute();
  return nextSiblingCode(parent?.code ?? '', siblings.map((r) => r.code));
}

const badPrefix = (parentCode: string) => `编码不符合规范,须以"${parentCode}"开头!`;

async function parentCodeOf(tx: Transaction<DB>, pid: string): Promise<string> {
  if (pid === ROOT_PID) return '';
  const parent = await findCategory(tx, pid);
  if (!parent) throw new CategoryError('父级节点不存在');
  return parent.code;
}

async function assertCodeFree(tx: Transaction<DB>, code: string, exceptId?: string) {
  let q = tx.selectFrom('sys_category').select('id').where('code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new CategoryError('编码已存在');
}

/** Marks `pid` as having children or not, from what is really there. */
async function syncHasChild(tx: Transaction<DB>, pid: string) {
  if (pid === ROOT_PID) return;
  const child = await tx.selectFrom('sys_category').select('id').where('pid', '=', pid).limit(1).executeTakeFirst();
  await tx.updateTable('sys_category').set({ has_child: child ? HAS_CHILD : '0' }).where('id', '=', pid).execute();
}

/** `add`: the code is checked against the parent's (or generated), the parent's has_child set. Returns the new id. */
export async function addCategory(db: Database, input: CategoryInput, actor: Actor): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const pid = input.pid?.trim() || ROOT_PID;
    const parentCode = await parentCodeOf(tx, pid);
    let code = input.code?.trim() ?? '';
    if (code && (!code.startsWith(parentCode) || code === parentCode)) throw new CategoryError(badPrefix(parentCode));
    if (!code) code = nextSiblingCode(parentCode, (await tx.selectFrom('sys_category').select('code').where('pid', '=', pid).execute()).map((r) => r.code));
    await assertCodeFree(tx, code);
    const id = newId();
    await tx
      .insertInto('sys_category')
      .values({ id, pid, name: input.name, code, has_child: '0', sys_org_code: actor.orgCode, create_by: actor.username, update_by: null, update_time: null })
      .execute();
    await syncHasChild(tx, pid);
    return id;
  });
}

/** `edit`: name, code and parent; no cycles, the code keeps the parent's prefix, and a node with children keeps its code. */
export async function editCategory(db: Database, id: string, input: CategoryInput, actor: Actor): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const cur = await findCategory(tx, id);
    if (!cur) throw new CategoryError('未找到对应实体');
    const pid = input.pid === undefined ? cur.pid : input.pid.trim() || ROOT_PID;
    if (pid !== cur.pid) {
      for (let at = pid, depth = 0; at !== ROOT_PID && depth < 100; depth++) {
        if (at === id) throw new CategoryError('不能把节点移动到它自己或它的子节点下');
        const up = await findCategory(tx, at);
        if (!up) break;
        at = up.pid;
      }
    }
    const parentCode = await parentCodeOf(tx, pid);
    const code = input.code?.trim() || cur.code;
    if (!code.startsWith(parentCode) || code === parentCode) throw new CategoryError(badPrefix(parentCode));
    if (code !== cur.code) {
      const child = await tx.selectFrom('sys_category').select('id').where('pid', '=', id).limit(1).executeTakeFirst();
      if (child) throw new CategoryError('该分类下有子节点，不能修改编码');
      await assertCodeFree(tx, code, id);
    }
    await tx
      .updateTable('sys_category')
      .set({ pid, name: input.name, code, update_by: actor.username, update_time: new Date() })
      .where('id', '=', id)
      .execute();
    if (pid !== cur.pid) {
      await syncHasChild(tx, pid);
      await syncHasChild(tx, cur.pid);
    }
  });
}

/** `delete` / `deleteBatch`: the nodes and their whole subtrees, then the parents' has_child. Returns how many nodes were named and found. */
export async function removeCategories(db: Database, ids: string[]): Promise<number> {
  const wanted = [...new Set(ids.map((s) => s.trim()).filter(Boolean))].slice(0, MAX_IDS);
  if (!wanted.length) return 0;
  return db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom('sys_category').select(['id', 'pid']).where('id', 'in', wanted).execute();
    if (!rows.length) return 0;
    // `union` (not `union all`) also ends on a corrupt cycle.
    await sql`with recursive sub as (
        select id from sys_category where id in (${sql.join(rows.map((r) => r.id))})
        union select c.id from sys_category c join sub s on c.pid = s.id
      ) delete from sys_category where id in (select id from sub)`.execute(tx);
    for (const pid of new Set(rows.map((r) => r.pid))) await syncHasChild(tx, pid);
    return rows.length;
  });
}

/** Demo tree, inserted only into an empty table (idempotent; never overwrites an administrator's tree). */
const DEMO: [id: string, pid: string, name: string, code: string][] = [
  ['cat_course', ROOT_PID, '课程分类', 'A01'],
  ['cat_course_chinese', 'cat_course', '语文', 'A01A01'],
  ['cat_course_math', 'cat_course', '数学', 'A01A02'],
  ['cat_course_english', 'cat_course', '英语', 'A01A03'],
  ['cat_course_science', 'cat_course', '科学', 'A01A04'],
  ['cat_stage', ROOT_PID, '学段', 'A02'],
  ['cat_stage_primary', 'cat_stage', '小学', 'A02A01'],
  ['cat_stage_junior', 'cat_stage', '初中', 'A02A02'],
  ['cat_stage_senior', 'cat_stage', '高中', 'A02A03'],
];

export async function seedCategories(db: Database): Promise<void> {
  if (await db.selectFrom('sys_category').select('id').limit(1).executeTakeFirst()) return;
  const parents = new Set(DEMO.map((d) => d[1]));
  await db
    .insertInto('sys_category')
    .values(DEMO.map(([id, pid, name, code]) => ({ id, pid, name, code, has_child: parents.has(id) ? HAS_CHILD : '0', sys_org_code: 'A01', create_by: 'system', update_by: null, update_time: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
