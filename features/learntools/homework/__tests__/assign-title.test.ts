/** @jest-environment node */
import { suggestedTitle } from '../assign-title';

describe('suggestedTitle (布置作业: 练习册 → 标题)', () => {
  it.each<[string, string | undefined, string | null, string | undefined, string | null]>([
    ['an empty title takes the workbook name', '', null, '分数练习', '分数练习'],
    ['an untouched field (undefined) too', undefined, null, '分数练习', '分数练习'],
    ['a blank title too', '   ', null, '分数练习', '分数练习'],
    ['the previous suggestion is replaced by the next workbook', '分数练习', '分数练习', '小数练习', '小数练习'],
    ['a typed title stays', '第三周作业', null, '分数练习', null],
    ['a typed title stays after an earlier suggestion', '第三周作业', '分数练习', '小数练习', null],
    ['an unnamed workbook changes nothing', '', null, '', null],
    ['the same name again changes nothing', '分数练习', '分数练习', '分数练习', null],
  ])('%s', (_name, current, last, suggestion, expected) => {
    expect(suggestedTitle(current, last, suggestion)).toBe(expected);
  });
});
