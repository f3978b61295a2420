/** @jest-environment node */
import type { GridColumn, GridRow } from '@/lib/grid/types';
import {
  ACTION_WIDTH,
  applyCellErrors,
  cellValidationUpdates,
  DRAG_HANDLE_WIDTH,
  errorMapOf,
  gridLayout,
  pageWindow,
  pastePatches,
  sameValues,
  selectAll,
  selectionSummary,
  stepCell,
  toggleSelection,
  type ErrorMap,
} from '../grid-model';

const cols: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', width: 100, validateRules: [{ required: true, message: '请输入${title}' }] },
  { key: 'code', title: '编码', type: 'input', width: 120, validateRules: [{ unique: true, message: '编码不能重复' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', width: 80 },
];
const rows: GridRow[] = [
  { id: 'a', name: '甲', code: 'X', qty: 1 },
  { id: 'b', name: '', code: 'X', qty: 2 },
  { id: 'c', name: '丙', code: 'Y', qty: 3 },
];

describe('grid-model', () => {
  it('sameValues: empty and missing alike, numbers as text, arrays by content', () => {
    expect(sameValues({ id: '1', a: 1, b: null }, { id: '1', a: '1' }, ['a', 'b'])).toBe(true);
    expect(sameValues({ id: '1', t: ['x'] }, { id: '1', t: ['x'] }, ['t'])).toBe(true);
    expect(sameValues({ id: '1', t: ['x'] }, { id: '1' }, ['t'])).toBe(false);
    expect(sameValues({ id: '1', a: 'p' }, { id: '1', a: 'q' }, ['a'])).toBe(false);
  });

  it('applyCellErrors sets and clears messages; a row without messages leaves the map', () => {
    const start: ErrorMap = new Map([['a', { name: 'x' }]]);
    const next = applyCellErrors(start, [
      { rowId: 'a', key: 'name', message: null },
      { rowId: 'b', key: 'code', message: 'dup' },
    ]);
    expect([...next]).toEqual([['b', { code: 'dup' }]]);
    expect(start.get('a')).toEqual({ name: 'x' }); // the previous map is not touched
    expect(errorMapOf([{ rowId: 'a', key: 'name', message: 'm1' }, { rowId: 'a', key: 'code', message: 'm2' }]).get('a')).toEqual({ name: 'm1', code: 'm2' });
  });

  it('cellValidationUpdates checks the cell, and a unique column on every row once', async () => {
    const colMap = new Map(cols.map((c) => [c.key, c]));
    const updates = await cellValidationUpdates(
      [
        { rowId: 'b', key: 'name' },
        { rowId: 'a', key: 'code' },
        { rowId: 'c', key: 'code' },
        { rowId: 'a', key: 'qty' },
      ],
      colMap,
      rows,
    );
    expect(updates).toEqual([
      { rowId: 'b', key: 'name', message: '请输入名称' },
      { rowId: 'a', key: 'code', message: '编码不能重复' },
      { rowId: 'b', key: 'code', message: '编码不能重复' },
      { rowId: 'c', key: 'code', message: null },
    ]);
  });

  it('stepCell wraps columns into the next or previous row and clamps rows', () => {
    expect(stepCell(rows, cols, { rowId: 'a', key: 'qty' }, 0, 1)).toEqual({ index: 1, rowId: 'b', key: 'name' });
    expect(stepCell(rows, cols, { rowId: 'b', key: 'name' }, 0, -1)).toEqual({ index: 0, rowId: 'a', key: 'qty' });
    expect(stepCell(rows, cols, { rowId: 'c', key: 'code' }, 1, 0)).toEqual({ index: 2, rowId: 'c', key: 'code' });
    expect(stepCell(rows, cols, { rowId: 'a', key: 'name' }, -1, -1)).toEqual({ index: 0, rowId: 'a', key: 'qty' });
  });

  it('pastePatches groups the touched cells of persisted rows only', () => {
    const pasted: GridRow[] = [...rows, { id: '__new_1', name: 'n' }];
    const out = pastePatches(pasted, [
      { rowId: 'a', key: 'name' },
      { rowId: 'a', key: 'qty' },
      { rowId: '__new_1', key: 'name' },
    ]);
    expect([...out]).toEqual([['a', { name: '甲', qty: 1 }]]);
  });

  it('pageWindow keeps the page inside the rows', () => {
    expect(pageWindow(25, 10, 3)).toEqual({ pageCount: 3, safePage: 3, pageStart: 20 });
    expect(pageWindow(12, 10, 3)).toEqual({ pageCount: 2, safePage: 2, pageStart: 10 });
    expect(pageWindow(0, 10, 1)).toEqual({ pageCount: 1, safePage: 1, pageStart: 0 });
    expect(pageWindow(50, undefined, 4)).toEqual({ pageCount: 1, safePage: 1, pageStart: 0 });
  });

  it('selection: radio holds one row; 全选 covers the page’s selectable rows only', () => {
    expect(toggleSelection(['a'], 'b', true, 'radio')).toEqual(['b']);
    expect(toggleSelection(['a'], 'a', false, 'radio')).toEqual([]);
    expect(toggleSelection(['a'], 'b', true, 'checkbox')).toEqual(['a', 'b']);
    expect(toggleSelection(['a', 'b'], 'a', false, 'checkbox')).toEqual(['b']);
    const disabled = { code: 'Y' };
    expect(selectionSummary(rows, disabled, ['a'])).toMatchObject({ allChecked: false, someChecked: true });
    expect(selectionSummary(rows, disabled, ['a', 'b'])).toMatchObject({ allChecked: true, someChecked: false });
    const { selectable } = selectionSummary(rows, disabled, []);
    expect(selectAll(['z'], selectable, true)).toEqual(['z', 'a', 'b']);
    expect(selectAll(['z', 'a', 'b'], selectable, false)).toEqual(['z']);
  });

  it('gridLayout adds the leading and action columns to the cells', () => {
    const all = gridLayout(cols, { dragSort: true, rowSelection: 'checkbox', rowNumber: true, hasActions: true });
    expect(all.widths).toEqual([100, 120, 80]);
    expect(all.lead).toBe(DRAG_HANDLE_WIDTH + 50 + 60);
    expect(all.totalWidth).toBe(all.lead + 300 + ACTION_WIDTH);
    expect(gridLayout(cols, { dragSort: false, rowSelection: false, rowNumber: false, hasActions: false })).toEqual({ widths: [100, 120, 80], lead: 0, totalWidth: 300 });
  });
});
