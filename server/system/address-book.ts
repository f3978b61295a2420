import { sql, type ExpressionBuilder } from 'kysely';
import { maskPhone } from '../../lib/account/mask-phone';
import type { Database } from '../db';
import type { DB } from '../db/schema';
import { escapeLike } from '../db/like';
import { splitPostCodes } from './catalog-position';

/**
 * 通讯录 (issue #24 item 4): the live users of a department and its sub-departments (org codes share the prefix,
 * A01 → A01A02 …), one record per user as JeecgBoot's `queryByOrgCodeForAddressList` merges them, with the
 * department names inside that subtree joined by " | ", 职务 by name and the phone masked unless the caller may
 * see it. Every value the client sends is a bound parameter; the sort is one of a fixed list.
 */

export interface AddressBookFilter {
  /** A department's org code: its users and its sub-departments'; absent: everybody. */
  orgCode?: string;
  realname?: string;
  workNo?: string;
  phone?: string;
  /** Only these users (an export of the selected rows). */
  userIds?: string[];
}

export type AddressBookSort = { column: keyof typeof SORTS; order: 'asc' | 'desc' };

export interface AddressBookRecord {
  userId: string;
  username: string;
  realname: string;
  workNo: string | null;
  post: string | null;
  /** 职务 by name; a code no position has (older free text) as it is. */
  post_dictText: string | null;
  telephone: string | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  sex: number | null;
  departId: string | null;
  departName: string | null;
}

type UserEb = ExpressionBuilder<DB & { u: DB['sys_user'] }, 'u'>;

/** Sortable columns: realname by its stored 拼音 key (the resource engine's order for 用户姓名), workNo as text. */
const SORTS = {
  realname: sql`coalesce(u.realname_pinyin, u.realname) collate "C"`,
  workNo: sql`u.work_no`,
} as const;

export const isAddressBookSort = (column: string): column is AddressBookSort['column'] => Object.prototype.hasOwnProperty.call(SORTS, column);

/** A search value as the list sends it (`*张*` for a contains search): the text between the wildcards. */
export const searchText = (v: string | undefined): string => (v ?? '').trim().replace(/^\*+|\*+$/g, '').trim().slice(0, 100);

const contains = (v: string) => `%${escapeLike(v)}%`;

/** Membership in the department `orgCode` or below (live departments only). */
const inSubtree = (orgCode: string) => sql<boolean>`left(d.org_code, ${orgCode.length}) = ${orgCode}`;

function where(f: AddressBookFilter) {
  return (eb: UserEb) => {
    const conds = [eb('u.del_flag', '=', 0)];
    if (f.orgCode) {
      const org = f.orgCode;
      conds.push(
        eb.exists(
          eb
            .selectFrom('sys_user_depart as ud')
            .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
            .select(sql`1`.as('one'))
            .whereRef('ud.user_id', '=', 'u.id')
            .where('d.del_flag', '=', '0')
            .where(inSubtree(org)),
        ),
      );
    }
    if (f.realname) conds.push(eb('u.realname', 'ilike', contains(f.realname)));
    if (f.workNo) conds.push(eb('u.work_no', 'ilike', contains(f.workNo)));
    if (f.phone) conds.push(eb('u.phone', 'like', contains(f.phone)));
    if (f.userIds) conds.push(f.userIds.length ? eb('u.id', 'in', f.userIds) : eb.lit(false));
    return eb.and(conds);
  };
}

/** One page of the address book in the given order; `fullPhones` false masks every phone (138****0001). */
export async function addressBookPage(
  db: Database,
  filter: AddressBookFilter,
  sort: AddressBookSort,
  page: { offset: number; limit: number },
  fullPhones: boolean,
): Promise<{ records: AddressBookRecord[]; total: number }> {
  const cond = where(filter);
  const order = sort.order === 'desc' ? sql`desc` : sql`asc`;
  const [users, count] = await Promise.all([
    db
      .selectFrom('sys_user as u')
      .select(['u.id', 'u.username', 'u.realname', 'u.work_no', 'u.post', 'u.telephone', 'u.phone', 'u.email', 'u.avatar', 'u.sex'])
      .where(cond)
      .orderBy(sql`${SORTS[sort.column]} ${order}`)
      .orderBy('u.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db.selectFrom('sys_user as u').select((eb) => eb.fn.countAll<string>().as('n')).where(cond).executeTakeFirstOrThrow(),
  ]);
  if (!users.length) return { records: [], total: Number(count.n) };
  const ids = users.map((u) => u.id);
  let departQuery = db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['ud.user_id', 'd.id', 'd.depart_name'])
    .where('ud.user_id', 'in', ids)
    .where('d.del_flag', '=', '0');
  if (filter.orgCode) departQuery = departQuery.where(inSubtree(filter.orgCode));
  const codes = [...new Set(users.flatMap((u) => splitPostCodes(u.post)))];
  const [departs, positions] = await Promise.all([
    departQuery.orderBy('d.org_code').execute(),
    codes.length ? db.selectFrom('sys_position').select(['code', 'name']).where('code', 'in', codes).execute() : Promise.resolve([]),
  ]);
  const positionName = new Map(positions.map((p) => [p.code, p.name]));
  const records = users.map((u): AddressBookRecord => {
    const mine = departs.filter((d) => d.user_id === u.id);
    const post = splitPostCodes(u.post);
    return {
      userId: u.id,
      username: u.username,
      realname: u.realname,
      workNo: u.work_no,
      post: u.post,
      post_dictText: post.length ? post.map((c) => positionName.get(c) ?? c).join(',') : null,
      telephone: u.telephone,
      phone: u.phone === null ? null : fullPhones ? u.phone : maskPhone(u.phone),
      email: u.email,
      avatar: u.avatar,
      sex: u.sex,
      departId: mine[0]?.id ?? null,
      departName: mine.length ? mine.map((d) => d.depart_name).join(' | ') : null,
    };
  });
  return { records, total: Number(count.n) };
}
