import type { Database } from '../db/index';
import type { FileStorage } from '../storage/storage';

/**
 * Demo 课件 and 练习册 (issue #22): a few chapter-less PDF / image materials of the term's courses (their files
 * are put into the storage, so preview and download work) and two workbooks, one published with five items
 * of mixed types. Idempotent: a row is written only when its id is missing, so an administrator's later
 * edits and deletions stand. Materials need the term's courses and a storage; workbooks only the demo.
 */

/** A one-page PDF showing `lines` (ASCII: the standard Helvetica font has no Chinese glyphs). */
export function tinyPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (ch) => `\\${ch}`);
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 28} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 2×2 PNG (red, green / blue, white). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC',
  'base64',
);

interface DemoMaterial {
  id: string;
  courseId: string;
  name: string;
  type: number;
  fileName: string;
  visibility: number;
  data: () => Buffer;
}

const MATERIALS: DemoMaterial[] = [
  { id: 'mat_demo_math7_1', courseId: 'course_math7', name: '第一讲 有理数 讲义', type: 6, fileName: '第一讲 有理数 讲义.pdf', visibility: 0, data: () => tinyPdf(['Lesson 1: Rational numbers', 'Positive and negative numbers, the number line, opposite numbers.']) },
  { id: 'mat_demo_math7_2', courseId: 'course_math7', name: '第二讲 整式 课堂练习', type: 6, fileName: '第二讲 整式 课堂练习.pdf', visibility: 1, data: () => tinyPdf(['Lesson 2: Polynomials', 'Exercises 1-10.']) },
  { id: 'mat_demo_eng_j_1', courseId: 'course_eng_j', name: '阅读策略 讲义', type: 6, fileName: '阅读策略 讲义.pdf', visibility: 1, data: () => tinyPdf(['Reading strategies', 'Skimming, scanning and guessing words from context.']) },
  { id: 'mat_demo_math8_1', courseId: 'course_math8', name: '轴对称 示意图', type: 3, fileName: '轴对称示意图.png', visibility: 0, data: () => TINY_PNG },
];

interface DemoItem {
  type: number;
  stem: string;
  options?: string[];
  answer: string | null;
  analysis?: string;
  score: number;
}

const PUBLISHED_ITEMS: DemoItem[] = [
  { type: 1, stem: '下列各数中，最小的数是（ ）', options: ['-3', '0', '2', '-1'], answer: 'A', analysis: '负数小于0，-3 < -1。', score: 2 },
  { type: 2, stem: '下列各数中，属于整数的有（ ）', options: ['-2', '0.5', '0', '3'], answer: 'A,C,D', analysis: '0.5 是分数。', score: 3 },
  { type: 3, stem: '0 既不是正数也不是负数。', answer: '对', score: 1 },
  { type: 4, stem: '-5 的相反数是____。', answer: '5|+5', analysis: '只有符号不同的两个数互为相反数。', score: 2 },
  { type: 5, stem: '请举出生活中用负数表示的两个例子。', answer: '零下5摄氏度记作 -5℃；支出100元记作 -100 元。', score: 2 },
];

const WORKBOOKS = [
  { id: 'wb_demo_math7_1', name: '有理数 单元练习', course_id: 'course_math7', grade: '初一', status: 1, remark: '第一单元课后练习', items: PUBLISHED_ITEMS },
  {
    id: 'wb_demo_eng_j_1',
    name: '阅读理解 专项练习（草稿）',
    course_id: 'course_eng_j',
    grade: '初二',
    status: 0,
    remark: null,
    items: [{ type: 1, stem: 'What is the main idea of the passage?', options: ['Sports', 'Travel', 'Food'], answer: 'B', score: 5 }] as DemoItem[],
  },
];

export async function seedCoursewareWorkbooks(db: Database, { storage }: { storage?: FileStorage } = {}): Promise<void> {
  const courses = new Set((await db.selectFrom('tbl_course').select('id').where('id', 'like', 'course_%').where('del_flag', '=', 0).execute()).map((r) => r.id));
  for (const wb of WORKBOOKS) {
    const { items, ...row } = wb;
    const inserted = await db
      .insertInto('tbl_workbook')
      .values({ ...row, course_id: courses.has(row.course_id) ? row.course_id : null, create_by: 'jiaowu' })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    await db
      .insertInto('tbl_workbook_item')
      .values(
        items.map((it, i) => ({
          id: `${wb.id}_${i + 1}`.slice(0, 32),
          workbook_id: wb.id,
          type: it.type,
          stem: it.stem,
          options: it.options ? JSON.stringify(it.options) : null,
          answer: it.answer,
          analysis: it.analysis ?? null,
          score: it.score,
          sort: i + 1,
        })),
      )
      .execute();
  }

  if (!storage) return;
  const present = new Set((await db.selectFrom('tbl_course_material').select('id').where('id', 'in', MATERIALS.map((m) => m.id)).execute()).map((r) => r.id));
  for (const m of MATERIALS) {
    if (present.has(m.id) || !courses.has(m.courseId)) continue;
    const stored = await storage.put(m.data(), { biz: 'material', originalName: m.fileName });
    await db
      .insertInto('tbl_course_material')
      .values({
        id: m.id, course_id: m.courseId, name: m.name, material_type: m.type, file_path: stored.path, file_size: stored.size,
        file_name: m.fileName, cover_path: null, remark: null, chapter_id: null, visibility: m.visibility, create_by: 'jiaowu',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
