import { Hono } from 'hono';
import { addressBookResource } from '../../features/system/address-book/address-book-resource';
import { PERMS } from '../../lib/permissions/codes';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { ok } from '../core/errors';
import { xlsxResponse, type ExcelRow } from '../excel/write';
import { addressBookPage, isAddressBookSort, searchText, type AddressBookFilter, type AddressBookRecord, type AddressBookSort } from './address-book';
import { pageOf, readPage } from '../core/paging';
import { permCodesOf, requirePerm } from '../core/perm';

/**
 * 通讯录 (issue #24 item 4):
 * - GET /sys/user/queryByOrgCodeForAddressList?orgCode=&realname=&workNo=&phone=&pageNo=&pageSize=&column=&order=
 *   (`system:addressBook:list`): a page `{records, total, size, current, pages}` of
 *   `{userId, username, realname, workNo, post, post_dictText, telephone, phone, email, avatar, sex, departId, departName}`,
 *   the users of the department with that org code and its sub-departments (everybody without one);
 * - GET /sys/addressList/exportXls, the same params plus `selections` (user ids): `system:addressBook:exportXls`.
 * 手机 is masked (138****0001) unless the caller holds `system:addressBook:phone`; for such a caller a phone
 * search matches nothing, so the digits cannot be found one query at a time (as 学员's phones).
 */
export const addressBookRoutes = new Hono<AppEnv>();

const EXPORT_BATCH = 500;
const MAX_SELECTIONS = 1000;

interface Request {
  filter: AddressBookFilter;
  sort: AddressBookSort;
  fullPhones: boolean;
  /** A phone search by a caller who sees masked phones: nothing matches. */
  blind: boolean;
}

async function readRequest(c: Ctx): Promise<Request> {
  const q = (name: string) => c.req.query(name);
  const fullPhones = (await permCodesOf(c, authOf(c).user.id)).has(PERMS.addressBook.phone);
  const filter: AddressBookFilter = {
    orgCode: (q('orgCode') ?? '').trim().slice(0, 64) || undefined,
    realname: searchText(q('realname')) || undefined,
    workNo: searchText(q('workNo')) || undefined,
    phone: searchText(q('phone')) || undefined,
  };
  const selections = (q('selections') ?? '').split(',').map((s) => s.trim()).filter((s) => s && s.length <= 64);
  if (selections.length) filter.userIds = [...new Set(selections)].slice(0, MAX_SELECTIONS);
  const column = (q('column') ?? '').trim();
  const sort: AddressBookSort = { column: isAddressBookSort(column) ? column : 'realname', order: q('order') === 'desc' ? 'desc' : 'asc' };
  return { filter, sort, fullPhones, blind: Boolean(filter.phone) && !fullPhones };
}

addressBookRoutes.get('/sys/user/queryByOrgCodeForAddressList', requirePerm(PERMS.addressBook.list), async (c) => {
  const { pageNo, pageSize, offset } = readPage(c);
  const req = await readRequest(c);
  if (req.blind) return c.json(ok(pageOf([], 0, pageNo, pageSize)));
  const { records, total } = await addressBookPage(c.var.services.db, req.filter, req.sort, { offset, limit: pageSize }, req.fullPhones);
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});

/** The export's columns: the list's, 职务 by name (the same masking as the list). */
const EXPORT_COLUMNS = addressBookResource.fields.map((f) => ({ header: f.label, key: f.name === 'post' ? 'post_dictText' : f.name }));

addressBookRoutes.get('/sys/addressList/exportXls', requirePerm(PERMS.addressBook.exportXls), async (c) => {
  const req = await readRequest(c);
  const db = c.var.services.db;
  async function* rows(): AsyncGenerator<ExcelRow> {
    if (req.blind) return;
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const { records } = await addressBookPage(db, req.filter, req.sort, { offset, limit: EXPORT_BATCH }, req.fullPhones);
      for (const r of records) yield Object.fromEntries(EXPORT_COLUMNS.map(({ key }) => [key, r[key as keyof AddressBookRecord] ?? null])) as ExcelRow;
      if (records.length < EXPORT_BATCH) return;
    }
  }
  const title = addressBookResource.title;
  return xlsxResponse(`${title}.xlsx`, { title, subtitle: `导出人:${authOf(c).user.realname}`, columns: EXPORT_COLUMNS }, rows());
});
