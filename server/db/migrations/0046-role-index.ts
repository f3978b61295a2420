import { sql, type Kysely } from 'kysely';

/*
 * Issue #39 (new-user trip-ups: homes, menus and the shell).
 *
 * 1. 首页配置 (JeecgBoot 3.x SysRoleIndex, `/sys/sysRoleIndex/*`): one row per role code with the route its users land
 *    on. It replaces sys_role.home_path (0028-crm, issue #23): the values there become rows, then the column goes.
 *    One row per role (JeecgBoot's queryByCode reads one), so role_code is unique.
 * 2. The seeded menu's new shape for installations that have the old rows (a new installation gets it from the seed,
 *    which runs after the migrations and inserts only missing rows): the brochure templates get names a school keeps,
 *    修改密码 moves to 账户设置, the designer-made 各校区本月课消 and 教材领用登记 leave 教育 for 统计报表 and 表单应用
 *    (two folders the seed adds), and four system rows name the components of JeecgBoot's stock client.
 *    Only rows still as the seed made them are touched: an administrator's own renames and moves stay.
 * Kysely<unknown> on purpose, as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_role_index (
    id varchar(32) primary key,
    role_code varchar(64) not null,
    url varchar(200) not null,
    component varchar(200),
    is_route boolean not null default true,
    priority integer not null default 0,
    status varchar(2) not null default '1',
    create_by varchar(50),
    create_time timestamptz not null default now(),
    update_by varchar(50),
    update_time timestamptz,
    sys_org_code varchar(64),
    constraint sys_role_index_status check (status in ('0', '1')))`.execute(db);
  await sql`create unique index sys_role_index_role_code on sys_role_index (role_code)`.execute(db);
  await sql`insert into sys_role_index (id, role_code, url, component, is_route, priority, status, create_by)
    select substr(md5('role_index|' || r.role_code), 1, 32), r.role_code, r.home_path,
      (select p.component from sys_permission p where p.url = r.home_path and p.del_flag = 0 order by p.sort_no limit 1), true, 0, '1', 'system'
    from sys_role r where r.home_path is not null and r.home_path <> ''`.execute(db);
  await sql`alter table sys_role drop column home_path`.execute(db);

  for (const [id, from, to] of RENAMES) await sql`update sys_permission set name = ${to} where id = ${id} and name = ${from}`.execute(db);
  for (const [id, fromParent, toParent] of MOVES) await sql`update sys_permission set parent_id = ${toParent} where id = ${id} and parent_id = ${fromParent}`.execute(db);
  // The demo's designer-made register has a generated id; its url names it (server/online/form-menu.ts formMenuUrl).
  await sql`update sys_permission set parent_id = 'perm_online_apps' where url = '/online/cgformList/textbook_receive' and parent_id = 'perm_edu' and del_flag = 0`.execute(db);
  await sql`update sys_permission set url = '/account/settings/password', sort_no = 2.15 where id = 'perm_edu_password' and url = '/edu/password'`.execute(db);
  for (const [id, from, to] of COMPONENTS) await sql`update sys_permission set component = ${to} where id = ${id} and component = ${from}`.execute(db);
}

/** [menu id, seeded name, new name]: the brochure templates (lib/work/prospectus-templates.ts). */
const RENAMES: readonly (readonly [string, string, string])[] = [
  ['perm_work_new_prospectu', '招生简章（新版）', '简章模板·清新'],
  ['perm_work_new_prospectu3', '招生简章（新版三）', '简章模板·雅紫'],
  ['perm_work_be_born_into', '品牌简章', '简章模板·品牌'],
  ['perm_work_be_born_into_copy', '品牌简章（副本）', '简章模板·暖金'],
  ['perm_work_cn_v35', '作品集简章', '简章模板·作品集'],
];

/** [menu id, seeded parent, new parent]. */
const MOVES: readonly (readonly [string, string, string])[] = [
  ['perm_edu_password', 'perm_edu', 'perm_account_settings'],
  ['perm_online_rpt_campus', 'perm_edu', 'perm_report'],
];

/** [menu id, our component, JeecgBoot 3.4.0's] (issue #45 break 1). */
const COMPONENTS: readonly (readonly [string, string, string])[] = [
  ['perm_isystem_online', 'system/OnlineList', 'system/SysUserOnlineList'],
  ['perm_isystem_oss', 'system/OssFileList', 'modules/oss/OSSFileList'],
  ['perm_isystem_monitor', 'monitor/SystemMonitor', 'modules/monitor/SystemMonitor'],
  ['perm_isystem_oplog', 'system/OperationLogList', 'system/LogList'],
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_role add column home_path varchar(200)`.execute(db);
  await sql`update sys_role r set home_path = i.url from sys_role_index i where i.role_code = r.role_code`.execute(db);
  await sql`drop table if exists sys_role_index`.execute(db);
}
