import { sql, type Kysely } from 'kysely';

/*
 * Issue #39's loose ends. Kysely<unknown> as in 0001.
 * - sys_user.qywx_user_id: JeecgBoot's WeCom (企业微信) user id; answered by the user list and queryById, accepted by
 *   add and edit (features/system/users/user-resource.ts).
 * - tbl_course.code (课程编码): a school's own course code, validated through the 编码校验规则 `course_code` on the
 *   form (checkByCode) and on save (features/edu/course/course-resource.ts). The rule is seeded here, not only with
 *   the demo, so a form that names it always finds it; an administrator may reword it in 编码校验规则.
 */
export const COURSE_CODE_RULE = {
  id: 'check_rule_course_code',
  rule_code: 'course_code',
  rule_name: '课程编码规则',
  rule_description: '两位大写字母（科目）加三位数字，如 MA101',
  rule_json: JSON.stringify([
    { digits: '2', pattern: '^[A-Z]{2}$', message: '前两位须为大写字母（科目缩写）' },
    { digits: '3', pattern: '^[0-9]{3}$', message: '第三到五位须为数字' },
    { digits: '*', pattern: '^.{5}$', message: '编码须为5位' },
  ]),
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_user add column qywx_user_id varchar(100)`.execute(db);
  await sql`alter table tbl_course add column code varchar(20)`.execute(db);
  const r = COURSE_CODE_RULE;
  await sql`insert into sys_check_rule (id, rule_code, rule_name, rule_description, rule_json, create_by)
    values (${r.id}, ${r.rule_code}, ${r.rule_name}, ${r.rule_description}, ${r.rule_json}, 'admin') on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tbl_course drop column if exists code`.execute(db);
  await sql`alter table sys_user drop column if exists qywx_user_id`.execute(db);
}
