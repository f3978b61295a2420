/**
 * 练习册 items: the types, the per-type validation of an item and the objective auto-scoring. Pure, so the
 * workbook screen, the server and the homework grading share one definition.
 */

export const ITEM_TYPES = [
  { value: 1, label: '单选' },
  { value: 2, label: '多选' },
  { value: 3, label: '判断' },
  { value: 4, label: '填空' },
  { value: 5, label: '主观' },
] as const;

export type ItemType = 1 | 2 | 3 | 4 | 5;

export const ITEM_TYPE_LABEL: Record<number, string> = Object.fromEntries(ITEM_TYPES.map((t) => [t.value, t.label]));

export const WORKBOOK_STATUS = [
  { value: 0, label: '草稿' },
  { value: 1, label: '已发布' },
  { value: 2, label: '停用' },
] as const;

/** 判断's two answers. */
export const JUDGE_ANSWERS = ['对', '错'] as const;
/** A choice item has 2..8 options, lettered A..H. */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;
export const MAX_SCORE = 9999;
export const STEM_MAX = 5000;
export const OPTION_MAX = 500;

export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

export function isChoice(type: number): boolean {
  return type === 1 || type === 2;
}

/** The options column (a JSON array of strings); anything else is no options. */
export function parseOptions(raw: string | null | undefined): string[] | null {
  if (raw == null || raw === '') return null;
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  } catch {
    return null;
  }
}

/** Letters of a 多选 answer as a sorted, distinct list: `C, a` → `['A','C']`. Separators are optional. */
export function choiceLetters(raw: string): string[] {
  const letters = raw.toUpperCase().replace(/[\s,，、;；]/g, '');
  return [...new Set(letters.split(''))].sort();
}

/** 判断 answers as students and teachers write them, folded to 对/错 (anything else stays as is). */
function judgeValue(raw: string): string {
  const v = raw.trim().toLowerCase();
  if (['对', '正确', '√', '✓', 't', 'true', 'y', 'yes', '1'].includes(v)) return '对';
  if (['错', '错误', '×', '✗', 'x', 'f', 'false', 'n', 'no', '0'].includes(v)) return '错';
  return raw.trim();
}

/** 填空's accepted answers: `|`-separated, trimmed, empties dropped. */
export function acceptedAnswers(raw: string): string[] {
  return raw.split('|').map((s) => s.trim()).filter((s) => s !== '');
}

export interface ItemInput {
  type: number;
  stem?: string | null;
  options?: string[] | string | null;
  answer?: string | null;
  score?: number | string | null;
}

export type ItemErrors = Partial<Record<'type' | 'stem' | 'options' | 'answer' | 'score', string>>;

/**
 * The per-type rules. Returns the first problem per field (Chinese, for the form and the server's message);
 * an empty object is a valid item.
 */
export function validateItem(item: ItemInput): ItemErrors {
  const errors: ItemErrors = {};
  const type = Number(item.type);
  if (![1, 2, 3, 4, 5].includes(type)) {
    errors.type = '请选择题型';
    return errors;
  }
  const stem = (item.stem ?? '').trim();
  if (!stem) errors.stem = '请输入题干';
  else if (stem.length > STEM_MAX) errors.stem = `题干不能超过${STEM_MAX}个字符`;

  const score = item.score === '' || item.score == null ? NaN : Number(item.score);
  if (!Number.isFinite(score)) errors.score = '请输入分值';
  else if (score < 0) errors.score = '分值不能小于0';
  else if (score > MAX_SCORE) errors.score = `分值不能大于${MAX_SCORE}`;
  else if (Math.round(score * 100) !== score * 100) errors.score = '分值最多保留两位小数';

  const answer = (item.answer ?? '').trim();
  if (isChoice(type)) {
    const options = typeof item.options === 'string' ? parseOptions(item.options) : item.options ?? null;
    if (!options || options.length < MIN_OPTIONS) errors.options = `请至少填写${MIN_OPTIONS}个选项`;
    else if (options.length > MAX_OPTIONS) errors.options = `选项不能超过${MAX_OPTIONS}个`;
    else if (options.some((o) => o.trim() === '')) errors.options = '选项内容不能为空';
    else if (options.some((o) => o.length > OPTION_MAX)) errors.options = `选项不能超过${OPTION_MAX}个字符`;
    const letters = options ? options.map((_, i) => optionLetter(i)) : [];
    if (!answer) errors.answer = '请填写答案';
    else if (type === 1) {
      if (!/^[A-Za-z]$/.test(answer) || !letters.includes(answer.toUpperCase())) {
        errors.answer = '单选题的答案必须是其中一个选项的字母';
      }
    } else {
      const picked = choiceLetters(answer);
      if (!/^[A-Za-z\s,，、;；]+$/.test(answer) || picked.some((l) => !letters.includes(l))) {
        errors.answer = '多选题的答案必须是选项字母，以逗号分隔，如 A,C';
      }
    }
  } else {
    if (item.options != null && !(Array.isArray(item.options) && item.options.length === 0) && item.options !== '') {
      errors.options = '只有单选题和多选题有选项';
    }
    if (type === 3 && !(JUDGE_ANSWERS as readonly string[]).includes(answer)) errors.answer = '判断题的答案只能是“对”或“错”';
    if (type === 4 && acceptedAnswers(answer).length === 0) errors.answer = '请填写答案（多个可接受答案用 | 分隔）';
  }
  return errors;
}

/** Normalised answer to store: 单选 upper-case letter, 多选 `A,C`, others trimmed (empty → null). */
export function normaliseAnswer(type: number, answer: string | null | undefined): string | null {
  const a = (answer ?? '').trim();
  if (!a) return null;
  if (type === 1) return a.toUpperCase();
  if (type === 2) return choiceLetters(a).join(',');
  if (type === 4) return acceptedAnswers(a).join('|');
  return a;
}

/**
 * The points a student's answer earns: the item's score when right, 0 when wrong or blank; null for 主观
 * (a teacher grades it). 单选/判断 exact (letter case and the usual 对/错 spellings folded), 多选 all or
 * nothing, 填空 any accepted answer after trimming.
 */
export function scoreObjective(
  item: { type: number; answer: string | null; score: number | string },
  given: string | null | undefined,
): number | null {
  const type = Number(item.type);
  if (type === 5 || ![1, 2, 3, 4].includes(type)) return null;
  const full = Number(item.score);
  const points = Number.isFinite(full) && full > 0 ? full : 0;
  const answer = (item.answer ?? '').trim();
  const g = (given ?? '').trim();
  if (!answer || !g) return 0;
  let right = false;
  if (type === 1) right = g.toUpperCase() === answer.toUpperCase();
  else if (type === 2) right = choiceLetters(g).join(',') === choiceLetters(answer).join(',');
  else if (type === 3) right = judgeValue(g) === judgeValue(answer);
  else right = acceptedAnswers(answer).includes(g);
  return right ? points : 0;
}

/** One item as `/learntools/tblWorkbook/item/list` answers it (the server's services and the items screen). */
export interface WorkbookItemWire {
  id: string;
  workbookId: string;
  type: number;
  type_dictText: string;
  stem: string;
  /** 单选 / 多选 only; stored as a JSON array of strings. */
  options: string[] | null;
  answer: string | null;
  analysis: string | null;
  score: number;
  sort: number;
}
