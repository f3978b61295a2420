import { GRID_PATTERNS, patternMessage, validateCell, validateRows } from '../rules';
import { acceptNumberInput, numberOnBlur } from '../number-cell';
import { applyPaste, parsePasteText } from '../paste';
import { columnStatistics } from '../statistics';
import { columnWidth, isRowDisabled, isTempId, moveRow, newRow, removeRowsById, resequence, shortFileName, sortRowsBy, withoutTempId } from '../rows';
import type { GridColumn, GridRow } from '../types';

const col = (rules: GridColumn['validateRules'], extra: Partial<GridColumn> = {}): GridColumn => ({ key: 'v', title: '数据值', type: 'input', validateRules: rules, ...extra });
const rowsOf = (...vals: unknown[]): GridRow[] => vals.map((v, i) => ({ id: `r${i}`, v }));

describe('cell rules', () => {
  it('required: empty refused with the message (title filled in), filled passes', async () => {
    const c = col([{ required: true, message: '请输入${title}!' }]);
    expect(await validateCell(c, { id: 'a', v: ' ' }, [])).toBe('请输入数据值!');
    expect(await validateCell(col([{ required: true }]), { id: 'a', v: '' }, [])).toBe('数据值不能为空');
    expect(await validateCell(c, { id: 'a', v: 'x' }, [])).toBeNull();
  });

  it('unique: a value in two or more rows is refused; empty passes', async () => {
    const c = col([{ unique: true, message: '数据值重复' }]);
    const rows = rowsOf('a', 'b', 'a', '', '');
    expect(await validateCell(c, rows[0], rows)).toBe('数据值重复');
    expect(await validateCell(c, rows[1], rows)).toBeNull();
    expect(await validateCell(c, rows[3], rows)).toBeNull();
    expect((await validateRows([c], rows)).map((e) => e.rowId)).toEqual(['r0', 'r2']);
  });

  it('custom regex and async handler', async () => {
    expect(await validateCell(col([{ pattern: /^a/, message: '要以a开头' }]), { id: 'x', v: 'ba' }, [])).toBe('要以a开头');
    expect(await validateCell(col([{ pattern: '^\\d+$' }]), { id: 'x', v: 'q' }, [])).toBe('数据值校验未通过');
    const handler = async (v: unknown) => (v === 'bad' ? '不能是bad' : true);
    expect(await validateCell(col([{ handler }]), { id: 'x', v: 'bad' }, [])).toBe('不能是bad');
    expect(await validateCell(col([{ handler }]), { id: 'x', v: 'ok' }, [])).toBeNull();
  });

  it.each([
    ['*', '', 'x'],
    ['n6-16', '12345', '123456'],
    ['*6-16', 'abcde', 'ab c!e'],
    ['s6-18', 'abc123', 'abcdef'],
    ['url', 'example', 'https://example.com/a?b=1'],
    ['e', 'a@', 'a.b@example.edu.cn'],
    ['m', '12800000000', '13800000001'],
    ['p', '012345', '100080'],
    ['s', 'ab1', 'abc'],
    ['n', '1.2.3', '-3.5'],
    ['z', '1.5', '-42'],
    ['money', '1.234', '12.34'],
  ] as const)('pattern %s refuses %p with its own message and accepts %p', async (name, bad, good) => {
    const c = col([{ pattern: name }]);
    expect(await validateCell(c, { id: 'x', v: bad }, [])).toBe(patternMessage(name));
    expect(await validateCell(c, { id: 'x', v: good }, [])).toBeNull();
    expect(patternMessage(name)).toBe(`${GRID_PATTERNS[name].title}校验未通过`);
  });

  it('a pattern leaves an empty optional value alone', async () => {
    expect(await validateCell(col([{ pattern: 'm' }]), { id: 'x', v: '' }, [])).toBeNull();
  });
});

describe('number cell', () => {
  it('keeps an optional leading minus, digits and one dot; reverts anything else', () => {
    expect(acceptNumberInput('1', '12')).toBe('12');
    expect(acceptNumberInput('', '-')).toBe('-');
    expect(acceptNumberInput('1.', '1.5')).toBe('1.5');
    expect(acceptNumberInput('1.5', '1.5.')).toBe('1.5');
    expect(acceptNumberInput('12', '12a')).toBe('12');
    expect(acceptNumberInput('12', '1-2')).toBe('12');
  });
  it('on blur becomes a float or empty', () => {
    expect(numberOnBlur('3.50')).toBe(3.5);
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('')).toBe('');
    expect(numberOnBlur(7)).toBe(7);
  });
});

describe('paste', () => {
  it('parses an Excel block (tabs, CRLF, trailing newline, quoted cells)', () => {
    expect(parsePasteText('a\tb\r\nc\td\r\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parsePasteText('"x\ty"\t"say ""hi"""\n')).toEqual([['x\ty', 'say "hi"']]);
    expect(parsePasteText('\t1')).toEqual([['', '1']]);
  });
  it('fills existing rows from the focused cell and appends rows as needed', () => {
    const cols: GridColumn[] = [
      { key: 'a', title: 'A', type: 'input' },
      { key: 'h', title: 'H', type: 'hidden' },
      { key: 'b', title: 'B', type: 'inputNumber' },
    ];
    const rows: GridRow[] = [{ id: '1', a: 'x', b: 1 }];
    let n = 0;
    const out = applyPaste(rows, cols, 0, 'a', [['p', '2', 'dropped'], ['q', 'z']], () => ({ id: `__new_${n++}` }));
    expect(out.rows).toEqual([{ id: '1', a: 'p', b: 2 }, { id: '__new_0', a: 'q', b: 'z' }]);
    expect(out.touched).toHaveLength(4);
    expect(rows[0].a).toBe('x');
  });
});

describe('statistics', () => {
  it('sums and averages numeric values, skipping blanks', () => {
    expect(columnStatistics(rowsOf(1, '2', '', null, 0.1, 0.2), 'v')).toEqual({ sum: 3.3, average: 0.83 });
    expect(columnStatistics([], 'v')).toEqual({ sum: 0, average: 0 });
  });
});

describe('rows and sort numbers', () => {
  it('sortRowsBy: numbers as numbers, Chinese text collated, empty values last either way, stable, sort key rewritten', () => {
    const rows: GridRow[] = [
      { id: 'a', n: '10', t: '乙', orderNum: 1 },
      { id: 'b', n: '9', t: '甲', orderNum: 2 },
      { id: 'c', n: '', t: '', orderNum: 3 },
      { id: 'd', n: '9', t: '丙', orderNum: 4 },
    ];
    expect(sortRowsBy(rows, 'n', 'asc', 'orderNum').map((r) => [r.id, r.orderNum])).toEqual([
      ['b', 1],
      ['d', 2],
      ['a', 3],
      ['c', 4],
    ]);
    expect(sortRowsBy(rows, 'n', 'desc', 'orderNum').map((r) => r.id)).toEqual(['a', 'b', 'd', 'c']);
    // Chinese collation is by pinyin: 丙 bing, 甲 jia, 乙 yi.
    expect(sortRowsBy(rows, 't', 'asc', null).map((r) => r.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(sortRowsBy(rows, 't', 'asc', null)[3].id).toBe('c');
  });

  it('new rows get a marked temporary id, defaults and checkbox customValue', () => {
    const r = newRow([
      { key: 'status', title: 'S', type: 'checkbox', customValue: [1, 0], defaultChecked: true },
      { key: 'off', title: 'O', type: 'checkbox', customValue: ['Y', 'N'] },
      { key: 'd', title: 'D', type: 'input', defaultValue: 'x' },
    ]);
    expect(isTempId(r.id)).toBe(true);
    expect(r).toMatchObject({ status: 1, off: 'N', d: 'x' });
    expect(withoutTempId(r)).toEqual({ status: 1, off: 'N', d: 'x' });
    expect(withoutTempId({ id: 'keep', a: 1 })).toEqual({ id: 'keep', a: 1 });
  });
  it('recalculates the sort key after reorder and remove; persisted removals go to the delete list', () => {
    const rows: GridRow[] = [{ id: 'a', orderNum: 5 }, { id: 'b', orderNum: 9 }, { id: '__new_1', orderNum: 0 }];
    expect(resequence(rows, 'orderNum').map((r) => r.orderNum)).toEqual([1, 2, 3]);
    expect(moveRow(rows, 0, 2, 'orderNum').map((r) => [r.id, r.orderNum])).toEqual([['b', 1], ['__new_1', 2], ['a', 3]]);
    const out = removeRowsById(rows, ['a', '__new_1'], [], 'orderNum');
    expect(out.rows).toEqual([{ id: 'b', orderNum: 1 }]);
    expect(out.deleteIds).toEqual(['a']);
  });
  it('column minimum widths, disabled rows and file names', () => {
    expect(columnWidth({ key: 'a', title: 'a', type: 'datetime', width: 100 })).toBe(190);
    expect(columnWidth({ key: 'a', title: 'a', type: 'sel_user' })).toBe(190);
    expect(columnWidth({ key: 'a', title: 'a', type: 'date', width: 80 })).toBe(135);
    expect(columnWidth({ key: 'a', title: 'a', type: 'input', width: 80 })).toBe(80);
    expect(isRowDisabled({ id: '1', s: 0 }, { s: 0 })).toBe(true);
    expect(isRowDisabled({ id: '1', s: 1 }, { s: 0 })).toBe(false);
    expect(shortFileName('课程资料表格.xlsx')).toBe('课程资料表…');
    expect(shortFileName('a.pd')).toBe('a.pd');
  });
});
