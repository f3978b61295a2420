import type { Database } from '../index';
import { CLAZZ_NUMBER, numberUnnumbered, STUDENT_NUMBER } from '../../services/fill-rules';

/**
 * 编码校验规则 / 填值规则 demo (issue #24): a few more rules to look at beside the ones migrations 0004 and 0035
 * seed (common, location_code; student_no, clazz_no), and numbers for the demo 学员 and 班级 (inserted in bulk
 * by the term seed, without the form that numbers them). Idempotent: rules by code, numbers only where missing.
 */

const CHECK_RULES = [
  {
    id: 'check_rule_course_code',
    rule_code: 'course_code',
    rule_name: '课程编码规则',
    rule_description: '两位大写字母（科目）加三位数字，如 MA101',
    rule_json: JSON.stringify([
      { digits: '2', pattern: '^[A-Z]{2}$', message: '前两位须为大写字母（科目缩写）' },
      { digits: '3', pattern: '^[0-9]{3}$', message: '第三到五位须为数字' },
      { digits: '*', pattern: '^.{5}$', message: '编码须为5位' },
    ]),
  },
];

const FILL_RULES = [
  { id: 'fill_rule_order_no', rule_code: 'order_no', rule_name: '订单编号', rule_pattern: 'DD{yyyyMMdd}{seq:4}', reset_period: 'daily', rule_description: '按天重置的订单号，如 DD202609010001' },
  { id: 'fill_rule_contract_no', rule_code: 'contract_no', rule_name: '合同编号（按校区）', rule_pattern: 'HT-{field:campus}-{yyyy}{seq:4}', reset_period: 'yearly', rule_description: '表单的校区编码 campus 作为中段' },
];

export async function seedFillRules(db: Database): Promise<void> {
  for (const r of CHECK_RULES) await db.insertInto('sys_check_rule').values({ ...r, create_by: 'admin' }).onConflict((oc) => oc.doNothing()).execute();
  for (const r of FILL_RULES) await db.insertInto('sys_fill_rule').values({ ...r, create_by: 'admin' }).onConflict((oc) => oc.doNothing()).execute();
  await numberUnnumbered(db, STUDENT_NUMBER);
  await numberUnnumbered(db, CLAZZ_NUMBER);
}
