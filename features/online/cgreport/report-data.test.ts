/** @jest-environment node */
import { chartRows, mergeByName, selfParamValues, toChartSpec, toItem, toRpConfig } from './report-data';

describe('report screen helpers', () => {
  it('a re-parse keeps what the designer set for a field of the same name, in the new SQL order', () => {
    const parsed = [toItem({ fieldName: 'b' }, 0), toItem({ fieldName: 'a' }, 1)] as unknown as Record<string, unknown>[];
    const current = [{ id: 'i1', fieldName: 'a', fieldTxt: '校区', fieldWidth: 120, isSearch: 1 }];
    const merged = mergeByName(parsed, current, 'fieldName');
    expect(merged.map((r) => r.fieldName)).toEqual(['b', 'a']);
    expect(merged[1]).toMatchObject({ id: 'i1', fieldTxt: '校区', fieldWidth: 120, isSearch: 1 });
    expect(merged[0]).toMatchObject({ fieldTxt: 'b', isShow: 1, isSearch: 0 });
  });

  it('params go out as self_<name>, empty ones not at all (the server then uses the default)', () => {
    expect(selfParamValues({ month: ' 2026-10 ', campus: '', x: null })).toEqual({ self_month: '2026-10' });
  });

  it('the chart: dictionary text as labels, numbers per y field, a pie only its first series; no chart without x/y', () => {
    const spec = toChartSpec({ type: 'pie', x: 'campus', y: ['hours', 'lessons'] })!;
    const data = chartRows([{ campus: '1', campus_dictText: '东城', hours: '3.5', lessons: 2 }, { campus: '2', hours: null }], spec);
    expect(data.y).toEqual(['hours']);
    expect(data.rows.map((r) => r.campus)).toEqual(['东城', '2']);
    expect(toChartSpec({ type: 'bar', x: 'campus', y: [] })).toBeNull();
    expect(toChartSpec({ type: 'none', x: 'a', y: ['b'] })).toBeNull();
    expect(toChartSpec({ chartType: 'line', chartX: 'a', chartY: 'b, c' })).toEqual({ type: 'line', x: 'a', y: ['b', 'c'] });
  });

  it('getRpColumns: a JeecgBoot answer without our chart reads as no chart, the code as its id', () => {
    const cfg = toRpConfig({ columns: [{ title: '状态', dataIndex: 'status', sorter: 'true', customRender: 'status' }], dictOptions: { status: [{ value: '1', text: '启用' }] } }, 'r1');
    expect(cfg).toMatchObject({ id: 'r1', name: 'r1', chart: null, columns: [{ dataIndex: 'status', sorter: true, dict: 'status' }] });
  });
});
