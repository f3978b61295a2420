/** @jest-environment node */
import { validateRows } from '@/lib/grid/rules';
import type { GridRow } from '@/lib/grid/types';
import { LESSON_NO_RULES, lessonPayload } from '../lesson-rules';
import { lessonProblem } from '../teach-template-resource';

/* The lesson rules of the template editor: the grid's cell rules and the shared check the server runs too. */

const cols = [{ key: 'lessonNo', title: '课次', type: 'inputNumber' as const, validateRules: LESSON_NO_RULES }];
const row = (id: string, lessonNo: unknown): GridRow => ({ id, lessonNo });

describe('lesson rules', () => {
  it('marks a repeated lesson number on each row that repeats it, naming the number', async () => {
    const errors = await validateRows(cols, [row('a', 1), row('b', 3), row('c', '3'), row('d', 2)]);
    expect(errors).toEqual([
      { rowId: 'b', key: 'lessonNo', message: '课次序号3重复' },
      { rowId: 'c', key: 'lessonNo', message: '课次序号3重复' },
    ]);
  });

  it('wants a whole number 1–999', async () => {
    const errors = await validateRows(cols, [row('a', 0), row('b', 1000), row('c', 1.5), row('d', ''), row('e', 999)]);
    expect(errors.map((e) => [e.rowId, e.message])).toEqual([
      ['a', '课次序号须为1到999的整数'],
      ['b', '课次序号须为1到999的整数'],
      ['c', '课次序号须为1到999的整数'],
      ['d', '请输入课次序号'],
    ]);
  });

  it('the shared check: numbers, titles, homework title with homework content', () => {
    expect(lessonProblem([{ lessonNo: 1, title: '一' }, { lessonNo: 2, title: '二' }])).toBeNull();
    expect(lessonProblem([{ lessonNo: 3, title: '一' }, { lessonNo: 3, title: '二' }])).toBe('课次序号3重复');
    expect(lessonProblem([{ lessonNo: 1, title: ' ' }])).toBe('第1行：请输入课次标题');
    expect(lessonProblem([{ lessonNo: 1, title: 'x'.repeat(101) }])).toBe('第1行：课次标题不能超过100个字符');
    expect(lessonProblem([{ lessonNo: 1, title: '一', homeworkContent: '做题' }])).toBe('第1行：填写了作业内容，请输入作业标题');
  });

  it('sends a saved lesson with its id and a new one without, materials as a comma list', () => {
    expect(lessonPayload({ id: 'L1', lessonNo: '2', title: ' 标题 ', materialIds: ['m1', 'm2', 'm1'], chapterId: '' })).toEqual({
      id: 'L1', lessonNo: 2, chapterId: null, title: '标题', content: null, materialIds: 'm1,m2', homeworkTitle: null, homeworkContent: null,
    });
    expect(lessonPayload({ id: '__new_x_1', lessonNo: 1, title: 'a' })).not.toHaveProperty('id');
  });
});
