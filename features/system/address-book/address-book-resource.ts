import type { ResourceDef } from '@/lib/resources/types';
import { PERMS } from '../../../lib/permissions/codes';
import { POSITION_DICT } from '../position/position-resource';

/** JeecgBoot's endpoint (SysUserController.queryByOrgCodeForAddressList): a page, one record per user. */
export const ADDRESS_LIST_URL = '/sys/user/queryByOrgCodeForAddressList';
/** Ours (JeecgBoot has no address-book export): the same params plus `selections`. */
export const ADDRESS_EXPORT_URL = '/sys/addressList/exportXls';

/**
 * 通讯录 (system/AddressList): the list's columns and search, data only. Not a registered resource: the rows come
 * from server/system/address-book-routes.ts, which also takes its export headers from here. 手机 arrives masked
 * unless the caller holds system:addressBook:phone.
 */
export const addressBookResource: ResourceDef = {
  name: 'addressBook',
  title: '通讯录',
  table: 'sys_user',
  api: '/sys/addressList',
  perm: PERMS.addressBook.prefix,
  rowKey: 'userId',
  defaultSort: { column: 'realname', order: 'asc' },
  actions: { exportXls: true },
  fields: [
    { name: 'realname', label: '姓名', kind: 'input', search: 'like', sortable: true, pinyinSort: true, width: 110 },
    { name: 'workNo', label: '工号', kind: 'input', search: 'like', sortable: true, width: 100 },
    { name: 'departName', label: '部门', kind: 'input', width: 200 },
    { name: 'post', label: '职务', kind: 'list_multi', dictCode: POSITION_DICT, width: 140 },
    { name: 'phone', label: '手机', kind: 'input', search: 'like', width: 120 },
    { name: 'email', label: '邮箱', kind: 'input', width: 200 },
  ],
};
