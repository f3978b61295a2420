import type { Database } from '../db/index';

/**
 * The demo roles' data rules (issue #21): which rows of a screen a role reaches (server/resources/data-rules.ts).
 * A teacher reaches the classes it teaches and their current students; marketing the students it owns.
 * Seeded on every start like the permission rows: a rule is added to its role's menu link only when this run
 * inserted the rule, so an administrator's later change (rule switched off, unticked for the role) stands.
 */
export const ROLE_DATA_RULES = [
  {
    id: 'dr_teacher_taught_students',
    role: 'role_teacher',
    permission_id: 'perm_edu_student',
    rule_name: '所教班级的学员',
    rule_column: 'id',
    rule_conditions: 'IN',
    rule_value: '#{sys_taught_student_ids}',
  },
  {
    id: 'dr_teacher_taught_clazz',
    role: 'role_teacher',
    permission_id: 'perm_edu_clazz',
    rule_name: '所教班级',
    rule_column: 'id',
    rule_conditions: 'IN',
    rule_value: '#{sys_taught_clazz_ids}',
  },
  {
    id: 'dr_marketing_own_students',
    role: 'role_marketing',
    permission_id: 'perm_edu_student',
    rule_name: '本人所属学员',
    rule_column: 'ownBy',
    rule_conditions: '=',
    rule_value: '#{sys_user_id}',
  },
] as const;

export async function seedRoleDataRules(db: Database): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const { role, ...rule } of ROLE_DATA_RULES) {
      // The menu row may have been removed by an administrator: then there is nothing to restrict.
      if (!(await tx.selectFrom('sys_permission').select('id').where('id', '=', rule.permission_id).executeTakeFirst())) continue;
      const inserted = await tx
        .insertInto('sys_permission_data_rule')
        .values({ ...rule, create_by: 'system', update_by: null, update_time: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      const link = await tx
        .selectFrom('sys_role_permission')
        .select(['id', 'data_rule_ids'])
        .where('role_id', '=', role)
        .where('permission_id', '=', rule.permission_id)
        .executeTakeFirst();
      if (!link) continue;
      const ids = (link.data_rule_ids ?? '').split(',').filter(Boolean);
      await tx.updateTable('sys_role_permission').set({ data_rule_ids: [...ids, rule.id].join(',') }).where('id', '=', link.id).execute();
    }
    // rule_flag marks a menu with rules: the role screens offer 数据规则 on it (databases seeded before this line too).
    await tx
      .updateTable('sys_permission')
      .set({ rule_flag: 1 })
      .where('rule_flag', '<>', 1)
      .where('id', 'in', (eb) => eb.selectFrom('sys_permission_data_rule').select('permission_id'))
      .execute();
  });
}
