import type { Database } from '../db/index';

/**
 * 职务 demo data (issue #24 item 2), demo seeds only, idempotent and cheap: a school's positions, and the demo
 * users' 职务 — seeded as free text before positions existed — turned into the matching codes (JeecgBoot stores
 * comma-joined codes in sys_user.post), only while a user still holds exactly that text. 离岗教师 matches no
 * position and stays as it is: the screens show such a value unchanged.
 */

/** [id, code, name, 职级 (dict position_rank)]. */
export const DEMO_POSITIONS = [
  ['seedpos_headmaster', 'headmaster', '校长', '5'],
  ['seedpos_academic_head', 'academic_head', '教务主管', '4'],
  ['seedpos_faculty', 'faculty', '教师', '3'],
  ['seedpos_math_teacher', 'math_teacher', '数学教师', '3'],
  ['seedpos_english_teacher', 'english_teacher', '英语教师', '3'],
  ['seedpos_enroll_advisor', 'enroll_advisor', '招生顾问', '2'],
  ['seedpos_sys_admin', 'sys_admin', '系统管理员', '3'],
  // The frozen demo teacher's: every demo user's 职务 is a position, so the 用户管理 export re-imports whole.
  ['seedpos_leave_teacher', 'leave_teacher', '离岗教师', '3'],
] as const;

const DEMO_USER_IDS = ['u_admin', 'u_teacher', 'u_teacher2', 'u_marketing', 'u_marketing2', 'u_academic', 'u_frozen'];

export async function seedPositions(db: Database): Promise<void> {
  await db
    .insertInto('sys_position')
    .values(DEMO_POSITIONS.map(([id, code, name, rank]) => ({ id, code, name, post_rank: rank, company_id: null, sys_org_code: 'A01', create_by: 'system', update_by: null, update_time: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const [, code, name] of DEMO_POSITIONS) {
    await db.updateTable('sys_user').set({ post: code }).where('id', 'in', DEMO_USER_IDS).where('post', '=', name).execute();
  }
}
