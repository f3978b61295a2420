/** @jest-environment node */
import { normaliseAnswer, scoreObjective, validateItem } from './workbook-rules';

const opts = JSON.stringify(['北京', '上海', '广州']);

describe('validateItem', () => {
  it('accepts a valid item of each type', () => {
    expect(validateItem({ type: 1, stem: '首都?', options: opts, answer: 'a', score: 2 })).toEqual({});
    expect(validateItem({ type: 2, stem: '城市?', options: ['甲', '乙', '丙'], answer: 'A, C', score: '3.5' })).toEqual({});
    expect(validateItem({ type: 3, stem: '地球是圆的', answer: '对', score: 1 })).toEqual({});
    expect(validateItem({ type: 4, stem: '1+1=__', answer: '2|二', score: 1 })).toEqual({});
    expect(validateItem({ type: 5, stem: '谈谈你的看法', answer: null, score: 10 })).toEqual({});
  });
  it('refuses answers that do not fit the type', () => {
    expect(validateItem({ type: 1, stem: 's', options: opts, answer: 'D', score: 1 }).answer).toBe('单选题的答案必须是其中一个选项的字母');
    expect(validateItem({ type: 1, stem: 's', options: opts, answer: 'A,B', score: 1 }).answer).toBeDefined();
    expect(validateItem({ type: 2, stem: 's', options: opts, answer: 'A,E', score: 1 }).answer).toMatch(/多选题/);
    expect(validateItem({ type: 3, stem: 's', answer: '是', score: 1 }).answer).toMatch(/对.*错/);
    expect(validateItem({ type: 4, stem: 's', answer: ' | ', score: 1 }).answer).toMatch(/请填写答案/);
  });
  it('checks stem, options and score', () => {
    const e = validateItem({ type: 1, stem: '  ', options: ['only'], answer: 'A', score: -1 });
    expect(e).toMatchObject({ stem: '请输入题干', options: '请至少填写2个选项', score: '分值不能小于0' });
    expect(validateItem({ type: 1, stem: 's', options: 'not json', answer: 'A', score: 1 }).options).toBeDefined();
    expect(validateItem({ type: 3, stem: 's', options: ['x'], answer: '对', score: 1 }).options).toBe('只有单选题和多选题有选项');
    expect(validateItem({ type: 9, stem: 's', score: 1 }).type).toBe('请选择题型');
    expect(validateItem({ type: 5, stem: 's', score: '' }).score).toBe('请输入分值');
  });
  it('normalises stored answers', () => {
    expect(normaliseAnswer(1, ' b ')).toBe('B');
    expect(normaliseAnswer(2, 'c a')).toBe('A,C');
    expect(normaliseAnswer(4, ' 2 | 二 |')).toBe('2|二');
    expect(normaliseAnswer(5, '  ')).toBeNull();
  });
});

describe('scoreObjective', () => {
  it('单选 and 判断 exact, 多选 all or nothing, 填空 any accepted answer, 主观 null', () => {
    expect(scoreObjective({ type: 1, answer: 'B', score: '2.00' }, ' b')).toBe(2);
    expect(scoreObjective({ type: 1, answer: 'B', score: 2 }, 'C')).toBe(0);
    expect(scoreObjective({ type: 2, answer: 'A,C', score: 4 }, 'C,A')).toBe(4);
    expect(scoreObjective({ type: 2, answer: 'A,C', score: 4 }, 'A')).toBe(0);
    expect(scoreObjective({ type: 2, answer: 'A,C', score: 4 }, 'A,B,C')).toBe(0);
    expect(scoreObjective({ type: 3, answer: '对', score: 1 }, '对')).toBe(1);
    expect(scoreObjective({ type: 3, answer: '对', score: 1 }, '错')).toBe(0);
    expect(scoreObjective({ type: 4, answer: '2|二', score: 3 }, ' 二 ')).toBe(3);
    expect(scoreObjective({ type: 4, answer: '2|二', score: 3 }, '两')).toBe(0);
    expect(scoreObjective({ type: 5, answer: '参考', score: 10 }, 'anything')).toBeNull();
  });
  it('a blank answer earns 0', () => {
    expect(scoreObjective({ type: 1, answer: 'A', score: 2 }, null)).toBe(0);
    expect(scoreObjective({ type: 4, answer: 'x', score: 2 }, undefined)).toBe(0);
  });
});
