import { sql, type Updateable } from 'kysely';
import type { DepartInput } from '../../lib/system/depart-input';
import type { Database } from '../db';
import type { SysDepart, SysDepartTable } from '../db/schema';
import { escapeLike } from '../db/like';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { formatDateTime } from '../core/format';

/*
 * 部门管理 (contract §4, JeecgBoot SysDepartController / SysDepartServiceImpl), with three deliberate
 * departures, each for safety:
 * - Org codes are generated here (YouBianCodeUtil's scheme: root A01, A02…; child <parent>A01…) and
 *   never taken from the client. The next code is the largest code ever issued at that level plus one,
 *   deleted rows included, so a code is never handed to a second department (business rows and users
 *   stamped with an org code keep pointing at the department they meant).
 * - The parent cannot change on edit. Moving a department would rewrite the codes of its whole subtree
 *   and every row stamped with them; JeecgBoot's screens do not offer it either.
 * - Delete refuses a department that still has sub-departments or users, instead of JeecgBoot's silent
 *   cascade over the subtree and its user links: one click must not strip a campus's staff of their
 *   department. Deletion is soft (del_flag '1'), which is what keeps its code reserved.
 */

/** One level of an org code: a letter and two digits (A01…Z99). */
const SEGMENT_RE = /^[A-Z]\d{2}$/;
export const SEGMENT_LENGTH = 3;
const SEARCH_LIMIT = 200;
const CODE_RETRIES = 5;

export const DEPART_NOT_FOUND = '未找到对应实体';
export const CODES_EXHAUSTED = '同级部门编码已用完（A01～Z99），无法再新增';
export const PARENT_NOT_FOUND = '上级部门不存在';
export const NO_PARENT_CHANGE = '不支持修改上级部门；如需调整，请在新的上级下新建部门并迁移用户';
export const NO_MATCH = '未查询匹配数据！';

/**
 * The segment after `last` at one level: A01 → A02, A99 → B01, Z99 → null (the level is full).
 * YouBianCodeUtil turns Z99 into Z99A01, a code one level deeper; refusing is clearer.
 */
export function nextSegment(last: string | null): string | null {
  if (!last) return 'A01';
  if (!SEGMENT_RE.test(last)) throw new Error(`not an org code segment: ${last}`);
  const letter = last.charCodeAt(0);
  const num = Number(last.slice(1));
  if (num < 99) return `${last[0]}${String(num + 1).padStart(2, '0')}`;
  if (last[0] === 'Z') return null;
  return `${String.fromCharCode(letter + 1)}01`;
}

/** The next code under `parentCode` ('' = root) given every code already issued at that level. */
export function nextOrgCode(parentCode: string, taken: readonly string[]): string {
  let max: string | null = null;
  for (const code of taken) {
    if (code.length !== parentCode.length + SEGMENT_LENGTH || !code.startsWith(parentCode)) continue;
    const seg = code.slice(parentCode.length);
    // Fixed width, one letter then digits: plain comparison orders them.
    if (SEGMENT_RE.test(seg) && (max === null || seg > max)) max = seg;
  }
  const seg = nextSegment(max);
  if (!seg) throw new ApiFailure(CODES_EXHAUSTED);
  return parentCode + seg;
}

/** contract §4 SysDepartTreeModel; `children` is null on a leaf, never []. */
export interface DepartTreeModel {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  orgCategory: string;
  orgType: string;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string;
  delFlag: string;
  qywxIdentifier: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  directorUserIds: string | null;
  /** 所在地区: a 6-digit region code (not in JeecgBoot's model). */
  areaCode: string | null;
  children: DepartTreeModel[] | null;
}

/** The SysDepart entity as JeecgBoot serialises it (queryAllParentId's parentMap). */
export function toDepartEntity(d: SysDepart) {
  return {
    id: d.id,
    parentId: d.parent_id,
    departName: d.depart_name,
    departNameEn: d.depart_name_en,
    departNameAbbr: d.depart_name_abbr,
    departOrder: d.depart_order,
    description: d.description,
    orgCategory: d.org_category,
    orgType: d.org_type,
    orgCode: d.org_code,
    mobile: d.mobile,
    fax: d.fax,
    address: d.address,
    memo: d.memo,
    status: d.status,
    delFlag: d.del_flag,
    qywxIdentifier: null,
    createBy: d.create_by,
    createTime: formatDateTime(d.create_time),
    updateBy: d.update_by,
    updateTime: formatDateTime(d.update_time),
    directorUserIds: d.director_user_ids,
    areaCode: d.area_code,
  };
}

export function toTreeModel(d: SysDepart, isLeaf: boolean): DepartTreeModel {
  return { key: d.id, value: d.id, title: d.depart_name, isLeaf, ...toDepartEntity(d), children: null };
}

const live = (db: Database) => db.selectFrom('sys_depart').selectAll().where('del_flag', '=', '0');

const ordered = <T extends { depart_order: number; org_code: string }>(rows: T[]) =>
  rows.sort((a, b) => a.depart_order - b.depart_order || (a.org_code < b.org_code ? -1 : a.org_code > b.org_code ? 1 : 0));

/**
 * Nests rows by parent. A row whose parent is not among them (or is itself, or lies on a cycle) stands
 * at the top, so nothing loaded ever vanishes from the tree.
 */
export function buildTree(rows: SysDepart[]): DepartTreeModel[] {
  const sorted = ordered([...rows]);
  const ids = new Set(sorted.map((r) => r.id));
  const byParent = new Map<string | null, SysDepart[]>();
  for (const r of sorted) {
    const parent = r.parent_id && ids.has(r.parent_id) && r.parent_id !== r.id ? r.parent_id : null;
    const list = byParent.get(parent) ?? [];
    list.push(r);
    byParent.set(parent, list);
  }
  const placed = new Set<string>();
  const build = (r: SysDepart): DepartTreeModel => {
    placed.add(r.id);
    const kids = (byParent.get(r.id) ?? []).filter((k) => !placed.has(k.id)).map(build);
    const node = toTreeModel(r, kids.length === 0);
    node.children = kids.length ? kids : null;
    return node;
  };
  const roots = (byParent.get(null) ?? []).map(build);
  // Rows on a parent cycle are reachable from no root: show them at the top level too.
  for (const r of sorted) if (!placed.has(r.id)) roots.push(build(r));
  return roots;
}

/** A comma list of ids, trimmed, blanks and repeats dropped (callers cap the count). */
export const splitIds = (raw: string | undefined): string[] => [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter((s) => s && s.length <= 64))];

/** `queryTreeList[?ids=]`: the whole live tree, or only the named departments nested among themselves. */
export async function loadTree(db: Database, ids?: string[]): Promise<DepartTreeModel[]> {
  let q = live(db);
  if (ids) {
    if (!ids.length) return [];
    q = q.where('id', 'in', ids);
  }
  return buildTree(await q.execute());
}

/** Which of `ids` have at least one live child. */
async function parentsAmong(db: Database, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('sys_depart').select('parent_id').distinct().where('del_flag', '=', '0').where('parent_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.parent_id as string));
}

/** `queryDepartTreeSync?pid=`: one level (the roots without pid), each node's `isLeaf` exact, children null. */
export async function loadChildren(db: Database, pid: string): Promise<DepartTreeModel[]> {
  const level = pid ? live(db).where('parent_id', '=', pid) : live(db).where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')]));
  const rows = ordered(await level.execute());
  const parents = await parentsAmong(db, rows.map((r) => r.id));
  return rows.map((r) => toTreeModel(r, !parents.has(r.id)));
}

/** `searchBy?keyWord=`: departments whose name contains the keyword, flat (children null), at most 200. */
export async function searchDeparts(db: Database, keyWord: string): Promise<DepartTreeModel[]> {
  const kw = keyWord.trim().slice(0, 100);
  let q = live(db);
  if (kw) q = q.where('depart_name', 'ilike', `%${escapeLike(kw)}%`);
  const rows = ordered(await q.orderBy('depart_order').orderBy('org_code').limit(SEARCH_LIMIT).execute());
  const parents = await parentsAmong(db, rows.map((r) => r.id));
  return rows.map((r) => toTreeModel(r, !parents.has(r.id)));
}

/**
 * `queryAllParentId?departId=|orgCode=` (JeecgBoot's queryAllParentIdRecursion): per asked value,
 * `parentIds` = the department and its ancestors, root first, and `parentMap` = id → entity.
 */
export async function queryAllParentIds(db: Database, by: 'id' | 'org_code', values: string[]) {
  const all = await live(db).execute();
  const byId = new Map(all.map((d) => [d.id, d]));
  const byCode = new Map(all.map((d) => [d.org_code, d]));
  const out: Record<string, { parentIds: string[]; parentMap: Record<string, ReturnType<typeof toDepartEntity>> }> = {};
  for (const v of values) {
    const parentIds: string[] = [];
    const parentMap: Record<string, ReturnType<typeof toDepartEntity>> = {};
    let d = by === 'id' ? byId.get(v) : byCode.get(v);
    while (d && !(d.id in parentMap)) {
      parentIds.unshift(d.id);
      parentMap[d.id] = toDepartEntity(d);
      d = d.parent_id ? byId.get(d.parent_id) : undefined;
    }
    out[v] = { parentIds, parentMap };
  }
  return out;
}

export async function departNameByOrgCode(db: Database, orgCode: string): Promise<string | null> {
  const row = await db.selectFrom('sys_depart').select('depart_name').where('org_code', '=', orgCode).where('del_flag', '=', '0').executeTakeFirst();
  return row?.depart_name ?? null;
}

/** contract §4 `queryIdTree` (JeecgBoot DepartIdModel): `{key, value, title, children}`, children [] on a leaf as Java initialises it. */
export interface DepartIdModel {
  key: string;
  value: string;
  title: string;
  children: DepartIdModel[];
}

export async function loadIdTree(db: Database): Promise<DepartIdModel[]> {
  const strip = (n: DepartTreeModel): DepartIdModel => ({ key: n.id, value: n.id, title: n.departName, children: (n.children ?? []).map(strip) });
  return (await loadTree(db)).map(strip);
}

// ---------------------------------------------------------------- writes


const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

function columnsOf(input: Partial<DepartInput>): Updateable<SysDepartTable> {
  const row: Updateable<SysDepartTable> = {};
  if (input.departName !== undefined) row.depart_name = input.departName.trim();
  if (input.departNameEn !== undefined) row.depart_name_en = orNull(input.departNameEn);
  if (input.departNameAbbr !== undefined) row.depart_name_abbr = orNull(input.departNameAbbr);
  if (input.departOrder !== undefined) row.depart_order = input.departOrder ?? 0;
  if (input.orgCategory) row.org_category = input.orgCategory;
  if (input.mobile !== undefined) row.mobile = orNull(input.mobile);
  if (input.fax !== undefined) row.fax = orNull(input.fax);
  if (input.directorUserIds !== undefined) row.director_user_ids = orNull(input.directorUserIds);
  if (input.areaCode !== undefined) row.area_code = orNull(input.areaCode);
  if (input.address !== undefined) row.address = orNull(input.address);
  if (input.memo !== undefined) row.memo = orNull(input.memo);
  if (input.description !== undefined) row.description = orNull(input.description);
  if (input.status) row.status = input.status;
  return row;
}

const isUniqueViolation = (e: unknown) => !!e && typeof e === 'object' && (e as { code?: unknown }).code === '23505';

/** Adds a department under `parentId` (null = a root) with the next free code; answers its tree node. */
export async function addDepart(db: Database, parentId: string | null, input: DepartInput, actor: string): Promise<DepartTreeModel> {
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await db.transaction().execute(async (tx) => {
        let parentCode = '';
        let level = 1;
        if (parentId) {
          const parent = await tx.selectFrom('sys_depart').select(['org_code', 'org_type']).where('id', '=', parentId).where('del_flag', '=', '0').forUpdate().executeTakeFirst();
          if (!parent) throw new ApiFailure(PARENT_NOT_FOUND);
          parentCode = parent.org_code;
          level = (Number.parseInt(parent.org_type, 10) || parentCode.length / SEGMENT_LENGTH) + 1;
        }
        // Every code ever issued at this level, deleted ones included, so none is handed out twice.
        const taken = await tx
          .selectFrom('sys_depart')
          .select('org_code')
          .where('org_code', 'like', `${escapeLike(parentCode)}___`)
          .where(sql<number>`length(org_code)`, '=', parentCode.length + SEGMENT_LENGTH)
          .execute();
        const id = newId();
        await tx
          .insertInto('sys_depart')
          .values({
            ...columnsOf(input),
            id,
            parent_id: parentId,
            depart_name: input.departName.trim(),
            org_code: nextOrgCode(parentCode, taken.map((t) => t.org_code)),
            org_type: String(level),
            org_category: input.orgCategory || (parentId ? '2' : '1'),
            status: input.status || '1',
            del_flag: '0',
            create_by: actor,
            create_time: new Date(),
          })
          .execute();
        return id;
      });
      const row = await live(db).where('id', '=', id).executeTakeFirstOrThrow();
      return toTreeModel(row, true);
    } catch (e) {
      // Two adds at one level at the same moment computed the same code: the loser tries again.
      if (isUniqueViolation(e) && attempt < CODE_RETRIES) continue;
      throw e;
    }
  }
}

/** Edits a live department's details. `parentId`, when sent, must be the current parent. */
export async function editDepart(db: Database, id: string, parentId: string | null | undefined, input: Partial<DepartInput>, actor: string): Promise<DepartTreeModel> {
  await db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom('sys_depart').select(['id', 'parent_id']).where('id', '=', id).where('del_flag', '=', '0').forUpdate().executeTakeFirst();
    if (!current) throw new ApiFailure(DEPART_NOT_FOUND);
    if (parentId !== undefined && (parentId || null) !== (current.parent_id || null)) throw new ApiFailure(NO_PARENT_CHANGE);
    await tx
      .updateTable('sys_depart')
      .set({ ...columnsOf(input), update_by: actor, update_time: new Date() })
      .where('id', '=', id)
      .execute();
  });
  const row = await live(db).where('id', '=', id).executeTakeFirstOrThrow();
  const parents = await parentsAmong(db, [id]);
  return toTreeModel(row, !parents.has(id));
}

/**
 * Soft-deletes departments, all or none: each must exist, have no live sub-department outside the
 * batch, and no live user (linked, or holding it as current department). Link rows of users already in
 * the recycle bin go with it, in the same transaction, so nothing points at a retired department.
 */
export async function deleteDeparts(db: Database, ids: string[], actor: string): Promise<number> {
  if (!ids.length) throw new ApiFailure('请选择一条记录！');
  return db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom('sys_depart').select(['id', 'depart_name', 'org_code']).where('id', 'in', ids).where('del_flag', '=', '0').forUpdate().execute();
    if (rows.length !== ids.length) throw new ApiFailure(DEPART_NOT_FOUND);
    const name = (id: string) => rows.find((r) => r.id === id)?.depart_name ?? id;

    const child = await tx
      .selectFrom('sys_depart')
      .select(['parent_id'])
      .where('del_flag', '=', '0')
      .where('parent_id', 'in', ids)
      .where('id', 'not in', ids)
      .executeTakeFirst();
    if (child) throw new ApiFailure(`部门「${name(child.parent_id as string)}」下还有子部门，请先删除子部门`);

    const codes = rows.map((r) => r.org_code);
    const user = await tx
      .selectFrom('sys_user as u')
      .leftJoin('sys_user_depart as ud', (j) => j.onRef('ud.user_id', '=', 'u.id').on('ud.dep_id', 'in', ids))
      .select(['u.org_code', 'ud.dep_id'])
      .where('u.del_flag', '=', 0)
      .where((eb) => eb.or([eb('ud.dep_id', 'is not', null), eb('u.org_code', 'in', codes)]))
      .executeTakeFirst();
    if (user) {
      const dep = user.dep_id ?? rows.find((r) => r.org_code === user.org_code)?.id ?? '';
      throw new ApiFailure(`部门「${name(dep)}」下还有用户，请先将用户移出该部门`);
    }

    await tx.deleteFrom('sys_user_depart').where('dep_id', 'in', ids).execute();
    const r = await tx.updateTable('sys_depart').set({ del_flag: '1', update_by: actor, update_time: new Date() }).where('id', 'in', ids).executeTakeFirst();
    return Number(r.numUpdatedRows);
  });
}
