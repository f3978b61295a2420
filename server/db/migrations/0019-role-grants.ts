import { sql, type Kysely } from 'kysely';

/*
 * Demo roles and the permission tree (issue #21), for databases seeded before it; on a new database the
 * tables are empty here and the seed writes the new state. Kysely<unknown> on purpose, as in 0001.
 *
 * 1. Buttons hang under the menu row of their screen: 冻结用户 and 编辑用户 under 用户管理, the 通告 buttons
 *    under 通告管理, 消息模板's (and 发送消息) under 消息模板, 查看消息记录 under 消息记录 — moved only where
 *    they still hang where the old seed put them, so an administrator's own moves stand.
 * 2. The seeded demo roles lose what their job does not need: marketing 登录日志 (every user's sign-ins and
 *    IPs) and the teaching screens that are not its own; teachers 教师管理, 教室管理 and 节假日; 教务 在线用户.
 * 3. Every role holds the path to what it holds (a child without its parent floated at the top of the menu).
 * The new rows (查看完整手机号) and the demo roles' data rules come from the seed, which runs after this.
 */

const MOVES: [id: string, from: string, to: string][] = [
  ['perm_btn_user_frozen', 'perm_isystem', 'perm_isystem_user'],
  ['perm_btn_user_edit', 'perm_isystem_role_permission', 'perm_isystem_user'],
  ...['list', 'add', 'edit', 'delete', 'release', 'revoke'].map((a): [string, string, string] => [`perm_btn_annt_${a}`, 'perm_isystem', 'perm_isystem_annt']),
  ...['perm_btn_message_send', 'perm_btn_msg_tpl_list', 'perm_btn_msg_tpl_add', 'perm_btn_msg_tpl_edit', 'perm_btn_msg_tpl_delete', 'perm_btn_msg_tpl_delete_batch'].map(
    (id): [string, string, string] => [id, 'perm_isystem', 'perm_isystem_msg_template'],
  ),
  ['perm_btn_message_list', 'perm_isystem', 'perm_isystem_message'],
];

const REVOKED: Record<string, string[]> = {
  role_marketing: [
    'perm_isystem_log', 'perm_btn_log_list',
    'perm_edu_schedule', 'perm_btn_sched_list', 'perm_edu_audit', 'perm_btn_apply_list', 'perm_edu_live', 'perm_btn_live_list',
    'perm_edu_clazz', 'perm_btn_clazz_list', 'perm_edu_teacher', 'perm_btn_tch_list', 'perm_edu_room', 'perm_btn_room_list',
    'perm_edu_holiday', 'perm_btn_holiday_list', 'perm_edu_material', 'perm_btn_material_list',
  ],
  role_teacher: ['perm_edu_teacher', 'perm_btn_tch_list', 'perm_edu_room', 'perm_btn_room_list', 'perm_edu_holiday', 'perm_btn_holiday_list'],
  role_academic: ['perm_isystem_online', 'perm_btn_online_list'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [id, from, to] of MOVES) {
    await sql`update sys_permission set parent_id = ${to} where id = ${id} and parent_id = ${from}
      and exists (select 1 from sys_permission m where m.id = ${to})`.execute(db);
  }
  await sql`update sys_permission set name = '编辑用户' where id = 'perm_btn_user_edit' and name = '修改用户角色'`.execute(db);
  await sql`update sys_permission p set is_leaf = false where p.id in (${sql.join([...new Set(MOVES.map((m) => m[2]))])})
    and exists (select 1 from sys_permission c where c.parent_id = p.id)`.execute(db);

  for (const [role, ids] of Object.entries(REVOKED)) {
    await sql`delete from sys_role_permission where role_id = ${role} and permission_id in (${sql.join(ids)})`.execute(db);
  }

  // The path to every held row; the id is server/core/ids.ts linkId(role, permission). Each pass adds one level.
  for (let pass = 0; pass < 10; pass++) {
    const r = await sql`
      insert into sys_role_permission (id, role_id, permission_id)
      select distinct left(encode(sha256(convert_to(rp.role_id || '|' || p.parent_id, 'UTF8')), 'hex'), 32), rp.role_id, p.parent_id
      from sys_role_permission rp
      join sys_permission p on p.id = rp.permission_id
      join sys_permission parent on parent.id = p.parent_id and parent.del_flag = 0
      where p.del_flag = 0
        and not exists (select 1 from sys_role_permission x where x.role_id = rp.role_id and x.permission_id = p.parent_id)
      on conflict do nothing`.execute(db);
    if (!Number(r.numAffectedRows ?? 0)) break;
  }
}

export async function down(): Promise<void> {
  // Grants are data: the old ones (a privacy leak among them) are not restored.
}
