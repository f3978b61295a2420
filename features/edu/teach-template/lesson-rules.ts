import { isTempId } from '@/lib/grid/rows';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { idList, lessonNoOf, TEMPLATE_MESSAGES } from './teach-template-resource';

/** The lesson grid's pure parts (no React): cell rules and the row → wire lesson mapping. */

export const maxLen = (label: string, max: number) => ({ handler: (v: unknown) => String(v ?? '').trim().length <= max || `${label}不能超过${max}个字符` });

/** 课次 rules: a whole number 1–999, not used by another row. */
export const LESSON_NO_RULES: GridColumn['validateRules'] = [
  { required: true, message: '请输入课次序号' },
  { handler: (v: unknown) => lessonNoOf(v) !== null || '课次序号须为1到999的整数' },
  {
    handler: (v: unknown, row: GridRow, rows: GridRow[]) => {
      const no = lessonNoOf(v);
      if (no === null) return true;
      return rows.some((r) => r.id !== row.id && lessonNoOf(r.lessonNo) === no) ? TEMPLATE_MESSAGES.lessonNoRepeated(no) : true;
    },
  },
];

/** A grid row → the lesson the server takes (never the grid's other keys); a temporary id is dropped. */
export function lessonPayload(r: GridRow) {
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
  return {
    ...(isTempId(r.id) ? {} : { id: r.id }),
    lessonNo: lessonNoOf(r.lessonNo) ?? r.lessonNo,
    chapterId: text(r.chapterId) || null,
    title: text(r.title),
    content: typeof r.content === 'string' && r.content ? r.content : null,
    materialIds: idList(r.materialIds).join(','),
    homeworkTitle: text(r.homeworkTitle) || null,
    homeworkContent: text(r.homeworkContent) || null,
  };
}
