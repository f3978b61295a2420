import type { Database } from '../db/index';
import { CLAZZ_NUMBER, numberUnnumbered, STUDENT_NUMBER } from '../system/fill-rules';

/**
 * 填值规则 demo (issue #24): a few more rules to look at beside the ones migrations seed (编码校验规则 common and
 * location_code in 0004, course_code in 0053, which 课程编码 uses, so every installation has it; 填值规则 student_no and
 * clazz_no in 0035), and numbers for the demo 学员 and 班级 (inserted in bulk by the term seed, without the form that
 * numbers them). Idempotent: rules by code, numbers only where missing.
 */

const FILL_RULES = [
  { id: 'fill_rule_order_no', rule_code: 'order_no', rule_name: '订单编号', rule_pattern: 'DD{yyyyMMdd}{seq:4}', reset_period: 'daily', rule_description: '按天重置的订单号，如 DD202609010001' },
  { id: 'fill_rule_contract_no', rule_code: 'contract_no', rule_name: '合同编号（按校区）', rule_pattern: 'HT-{field:campus}-{yyyy}{seq:4}', reset_period: 'yearly', rule_description: '表单的校区编码 campus 作为中段' },
];

export async function seedFillRules(db: Database): Promise<void> {
  for (const r of FILL_RULES) await db.insertInto('sys_fill_rule').values({ ...r, create_by: 'admin' }).onConflict((oc) => oc.doNothing()).execute();
  await numberUnnumbered(db, STUDENT_NUMBER);
  await numberUnnumbered(db, CLAZZ_NUMBER);
}
