import type { Database } from '../db/index';

/**
 * Demo 课程分类 and 章节 (issue #22): a small type tree, the term's courses filed under it, and chapters for two
 * of them. Idempotent, run on every demo start after the term: rows are inserted when missing, a course is
 * filed only while it has no type (an administrator's later choice stands), and chapters only for a course
 * that exists and has none yet.
 */

/** [id, parent id, name, sort] */
const TYPES: [string, string | null, string, number][] = [
  ['ctype_math', null, '数学', 0],
  ['ctype_math_junior', 'ctype_math', '初中数学', 0],
  ['ctype_math_primary', 'ctype_math', '小学数学', 1],
  ['ctype_eng', null, '英语', 1],
  ['ctype_eng_kids', 'ctype_eng', '少儿英语', 0],
  ['ctype_eng_junior', 'ctype_eng', '初中英语', 1],
  ['ctype_science', null, '科学', 2],
  ['ctype_physics', 'ctype_science', '物理', 0],
  ['ctype_art', null, '艺术', 3],
  ['ctype_code', null, '编程', 4],
];

/** The term's courses (seed/term.ts) → their type. */
const FILED: [string, string][] = [
  ['course_math7', 'ctype_math_junior'],
  ['course_math8', 'ctype_math_junior'],
  ['course_math9', 'ctype_math_junior'],
  ['course_eng_p', 'ctype_eng_kids'],
  ['course_eng_j', 'ctype_eng_junior'],
  ['course_phy', 'ctype_physics'],
  ['course_code', 'ctype_code'],
  ['course_art', 'ctype_art'],
];

/** course id → [id, parent id, title, sort] */
const CHAPTERS: Record<string, [string, string | null, string, number][]> = {
  course_math7: [
    ['chap_m7_1', null, '第一章 有理数', 0],
    ['chap_m7_1_1', 'chap_m7_1', '1.1 正数和负数', 0],
    ['chap_m7_1_2', 'chap_m7_1', '1.2 有理数的加减法', 1],
    ['chap_m7_2', null, '第二章 整式的加减', 1],
    ['chap_m7_3', null, '第三章 一元一次方程', 2],
    ['chap_m7_4', null, '第四章 几何图形初步', 3],
  ],
  course_eng_p: [
    ['chap_ep_1', null, 'Unit 1 字母发音', 0],
    ['chap_ep_2', null, 'Unit 2 短元音', 1],
    ['chap_ep_2_1', 'chap_ep_2', '短元音 a / e', 0],
    ['chap_ep_2_2', 'chap_ep_2', '短元音 i / o / u', 1],
    ['chap_ep_3', null, 'Unit 3 绘本阅读', 2],
  ],
};

export async function seedCourseTypes(db: Database, { demo }: { demo: boolean }): Promise<void> {
  if (!demo) return;
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('tbl_course_type')
      .values(TYPES.map(([id, parent_id, name, sort]) => ({ id, parent_id, name, sort, create_by: 'system' })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const [courseId, typeId] of FILED) {
      await tx.updateTable('tbl_course').set({ type_id: typeId }).where('id', '=', courseId).where('type_id', 'is', null).execute();
    }
    for (const [courseId, rows] of Object.entries(CHAPTERS)) {
      const course = await tx.selectFrom('tbl_course').select('id').where('id', '=', courseId).executeTakeFirst();
      if (!course) continue;
      const any = await tx.selectFrom('tbl_course_chapter').select('id').where('course_id', '=', courseId).limit(1).executeTakeFirst();
      if (any) continue;
      await tx
        .insertInto('tbl_course_chapter')
        .values(rows.map(([id, parent_id, title, sort]) => ({ id, course_id: courseId, parent_id, title, sort, create_by: 'system' })))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  });
}
