/** @jest-environment node */
import type { ResourceDef } from '@/lib/resources/types';
import { dataColumns, rowIndexColumn } from '../list-columns';

// Issue #21: the # column restarted at 1 on every page.
describe('the # column', () => {
  const number = (col: ReturnType<typeof rowIndexColumn>, index: number) => col.render!(undefined, {}, index);

  it('goes on across pages', () => {
    expect(number(rowIndexColumn({ pageNo: 1, pageSize: 10 }), 0)).toBe(1);
    expect(number(rowIndexColumn({ pageNo: 2, pageSize: 10 }), 0)).toBe(11);
    expect(number(rowIndexColumn({ pageNo: 3, pageSize: 20 }), 4)).toBe(45);
    expect(number(rowIndexColumn(), 4)).toBe(5);
  });

  it("is the list page's first column, numbered by its paging", () => {
    const def = { rowKey: 'id', defaultSort: { column: 'createTime', order: 'desc' }, fields: [{ name: 'name', label: '名称', kind: 'input' }] } as unknown as ResourceDef;
    const [first] = dataColumns(def, null, {}, { pageNo: 2, pageSize: 30 });
    expect(first.key).toBe('rowIndex');
    expect(first.render!(undefined, {}, 0)).toBe(31);
  });
});
