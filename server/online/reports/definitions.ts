import { sql } from 'kysely';
import type { Database } from '../../db';
import { defineReport } from './types';
import { PERMS } from '../../../lib/permissions/codes';

/**
 * The product's online reports. Each is a fixed kysely query whose output aliases are the only names a
 * request can refer to (filters, sort); values are bound parameters.
 */

/** 岗位列表: posts (sys_depart rows with org_category '3') with their department; the 职务 popup of 用户管理. */
const departPostBase = (db: Database) =>
  db
    .selectFrom('sys_depart as d')
    .leftJoin('sys_depart as p', 'p.id', 'd.parent_id')
    .select(['d.id as id', 'd.depart_name as departName', 'd.org_code as orgCode', 'p.depart_name as parentName', 'd.depart_order as departOrder'])
    .where('d.org_category', '=', '3')
    .where('d.del_flag', '=', '0');

export const departPostReport = defineReport({
  code: 'depart_post',
  title: '岗位列表',
  base: departPostBase,
  rowKey: 'id',
  columns: [
    { field: 'departName', title: '岗位名称', type: 'string', width: 200, sortable: true },
    { field: 'orgCode', title: '编码', type: 'string', width: 160, sortable: true },
    { field: 'parentName', title: '所属部门', type: 'string', width: 200, sortable: true },
  ],
  queryFields: [
    { field: 'departName', label: '岗位名称', mode: 'single', type: 'string' },
    { field: 'orgCode', label: '编码', mode: 'single', type: 'string' },
  ],
  defaultSort: { field: 'orgCode', order: 'asc' },
});

/** 用户列表: live accounts with their department names (phone numbers: needs the user list permission). */
const sysUserBase = (db: Database) =>
  db
    .selectFrom('sys_user as u')
    .select(['u.id as id', 'u.username as username', 'u.realname as realname', 'u.sex as sex', 'u.phone as phone', 'u.create_time as createTime'])
    .select((eb) =>
      eb
        .selectFrom('sys_user_depart as ud')
        .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
        .whereRef('ud.user_id', '=', 'u.id')
        .where('d.del_flag', '=', '0')
        .select(sql<string>`string_agg(${sql.ref('d.depart_name')}, ',' order by ${sql.ref('d.org_code')})`.as('names'))
        .as('departNames'),
    )
    .where('u.del_flag', '=', 0);

export const sysUserReport = defineReport({
  code: 'sys_user_report',
  title: '用户列表',
  perm: PERMS.user.list,
  base: sysUserBase,
  rowKey: 'id',
  columns: [
    { field: 'username', title: '用户账号', type: 'string', width: 120, sortable: true },
    { field: 'realname', title: '用户姓名', type: 'string', width: 120, sortable: true },
    { field: 'sex', title: '性别', type: 'int', dictCode: 'sex', width: 80, sortable: true },
    { field: 'phone', title: '手机号码', type: 'string', width: 130, sortable: false },
    { field: 'departNames', title: '所属部门', type: 'string', width: 200, sortable: false },
    { field: 'createTime', title: '创建时间', type: 'datetime', width: 170, sortable: true },
  ],
  queryFields: [
    { field: 'username', label: '用户账号', mode: 'single', type: 'string' },
    { field: 'realname', label: '用户姓名', mode: 'single', type: 'string' },
    { field: 'sex', label: '性别', mode: 'single', type: 'int', dictCode: 'sex' },
    { field: 'createTime', label: '创建时间', mode: 'group', type: 'date' },
  ],
  defaultSort: { field: 'createTime', order: 'desc' },
});
