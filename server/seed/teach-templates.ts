import type { Database } from '../db/index';

/**
 * A demo 教学模板 (issue #22): four lessons of 初一数学培优 (the term's course_math7, which has classes and
 * series), pointing at the demo chapters and courseware when those exist. Idempotent, run on every demo start
 * after the chapters and courseware: inserted once under a fixed id, so a template an administrator deleted
 * (soft delete keeps the row) does not come back.
 */

const TEMPLATE_ID = 'tpl_demo_math7';
const COURSE_ID = 'course_math7';

/** [lesson no, chapter id, title, content, material ids, homework title, homework content] */
const LESSONS: [number, string, string, string, string[], string | null, string | null][] = [
  [1, 'chap_m7_1_1', '正数和负数', '<p><strong>目标</strong>：理解正数、负数与0的意义。</p><ul><li>生活中的正负数</li><li>数轴的三要素</li></ul>', ['mat_demo_math7_1'], '正负数练习', '完成讲义第1–10题。'],
  [2, 'chap_m7_1_2', '有理数的加减法', '<p>有理数加法法则与减法转化为加法。</p><ol><li>同号两数相加</li><li>异号两数相加</li></ol>', ['mat_demo_math7_1'], null, null],
  [3, 'chap_m7_2', '整式的加减', '<p>单项式、多项式，合并同类项，去括号。</p>', ['mat_demo_math7_2'], '整式课堂练习', '完成课堂练习第1–10题，写出过程。'],
  [4, 'chap_m7_3', '一元一次方程', '<p>等式的性质，解一元一次方程的步骤。</p>', [], null, null],
];

export async function seedTeachTemplates(db: Database, { demo }: { demo: boolean }): Promise<void> {
  if (!demo) return;
  const course = await db.selectFrom('tbl_course').select('id').where('id', '=', COURSE_ID).where('del_flag', '=', 0).executeTakeFirst();
  if (!course) return;
  if (await db.selectFrom('tbl_teach_template').select('id').where('id', '=', TEMPLATE_ID).executeTakeFirst()) return;
  // Only references that exist in this course (the chapter and courseware seeds may be off or edited).
  const [chapters, materials] = await Promise.all([
    db.selectFrom('tbl_course_chapter').select('id').where('course_id', '=', COURSE_ID).where('del_flag', '=', 0).execute(),
    db.selectFrom('tbl_course_material').select('id').where('course_id', '=', COURSE_ID).where('del_flag', '=', 0).execute(),
  ]);
  const chapterOk = new Set(chapters.map((c) => c.id));
  const materialOk = new Set(materials.map((m) => m.id));
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('tbl_teach_template')
      .values({ id: TEMPLATE_ID, course_id: COURSE_ID, name: '初一数学培优 标准课', status: 1, remark: '示例模板：前四次课', create_by: 'jiaowu', create_time: now, update_by: 'jiaowu', update_time: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await tx
      .insertInto('tbl_teach_template_item')
      .values(
        LESSONS.map(([no, chapter, title, content, mats, hwTitle, hwContent]) => ({
          id: `${TEMPLATE_ID}_${no}`,
          template_id: TEMPLATE_ID,
          lesson_no: no,
          chapter_id: chapterOk.has(chapter) ? chapter : null,
          title,
          content,
          material_ids: mats.filter((m) => materialOk.has(m)).join(',') || null,
          homework_title: hwTitle,
          homework_content: hwContent,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
}
