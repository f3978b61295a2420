/** @jest-environment node */
import { paramValueProblem, reportSqlParams, splitReportSql, validateReportDefinition } from './report-rules';
import type { CgreportItem, CgreportSaveBody } from './wire';

const item = (fieldName: string, extra: Partial<CgreportItem> = {}): CgreportItem => ({
  fieldName, fieldTxt: fieldName, fieldWidth: null, fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, searchMode: null, dictCode: null, orderNum: 1, ...extra,
});
const body = (over: Partial<CgreportSaveBody['head']> = {}, items = [item('a')], params: CgreportSaveBody['params'] = []): CgreportSaveBody => ({
  head: { code: 'r1', name: '报表', cgrSql: 'select 1 as a', chartType: 'none', ...over },
  items,
  params,
});

describe('splitReportSql: ${param} placeholders become bound values, never text', () => {
  it('cuts at placeholders outside quotes, drops comments and the trailing semicolon', () => {
    expect(splitReportSql("select * from t where a = ${x} -- ${not_a_param}\n and b = ${ y } /* ${z} */;  ;\n")).toEqual([
      'select * from t where a = ',
      { param: 'x' },
      '  \n and b = ',
      { param: 'y' },
    ]);
    expect(reportSqlParams('select ${a}, ${b}, ${a}')).toEqual(['a', 'b']);
  });

  it('keeps quoted text whole: a doubled quote, an E-string escape, a dollar-quoted body', () => {
    expect(splitReportSql("select 'it''s', E'a\\'b', $t$x;y$t$ where c = ${p}")).toEqual(["select 'it''s', E'a\\'b', $t$x;y$t$ where c = ", { param: 'p' }]);
  });

  it('refuses a placeholder inside quotes, a bare $1, a bad name and unclosed quotes', () => {
    expect(() => splitReportSql("select * from t where name like '%${kw}%'")).toThrow(/不能写在引号内/);
    expect(() => splitReportSql('select * from "${t}"')).toThrow(/不能写在双引号内/);
    expect(() => splitReportSql('select $$${x}$$')).toThrow(/\$\$ 字符串内/);
    expect(() => splitReportSql('select * from t where id = $1')).toThrow('请用 ${参数名} 写参数，不要直接写 $1');
    expect(() => splitReportSql("select ${a'b}")).toThrow(/参数名 "a'b" 不合法/);
    expect(() => splitReportSql("select 'abc")).toThrow('SQL 中的字符串引号没有结束');
    expect(() => splitReportSql('select 1 /* x')).toThrow('SQL 注释 /* 没有结束');
  });
});

describe('validateReportDefinition', () => {
  it('accepts a complete definition', () => {
    expect(validateReportDefinition(body({ cgrSql: 'select 1 as a where 1 = ${p}', chartType: 'bar', chartX: 'a', chartY: 'a' }, [item('a')], [{ paramName: 'p', paramTxt: 'P', paramValue: null, orderNum: 1 }]))).toEqual([]);
  });

  it('names each problem: code, name, field names, params against the SQL, chart fields', () => {
    const errors = validateReportDefinition({
      head: { code: '1bad code', name: '', cgrSql: 'select ${used}', chartType: 'line', chartX: 'nope', chartY: 'a,zzz' },
      items: [item('a'), item('a'), item('bad name'), item('b', { fieldTxt: '' })],
      params: [{ paramName: 'unused', paramTxt: 'U', paramValue: null, orderNum: 1 }],
    });
    expect(errors).toEqual([
      '报表编码只能用字母、数字和下划线，以字母开头，最长64个字符',
      '请填写报表名称',
      '字段 a 重复',
      '字段名 "bad name" 不合法：请在SQL中用 as 起一个字母、数字和下划线组成的别名',
      '请填写字段 b 的显示名',
      'SQL 使用了参数 ${used}，请在参数中声明它',
      '参数 unused 没有在SQL中使用',
      '请选择图表的X字段（报表字段之一）',
      '图表的Y字段 zzz 不是报表字段',
    ]);
    expect(validateReportDefinition(body({}, []))).toEqual(['请先解析SQL，生成报表字段']);
  });
});

describe('params with an input type and a dictionary (issue #39)', () => {
  const param = (extra: Partial<CgreportSaveBody['params'][number]> = {}) => ({ paramName: 'd', paramTxt: '日期', paramValue: null, orderNum: 1, ...extra });
  const sqlWithD = { cgrSql: 'select 1 as a where ${d} is not null' };

  it.each([
    ['Date', '2026-12-07', null],
    ['Date', '2026-12-07 10:00', '参数 日期 应为日期（yyyy-MM-dd）'],
    ['Date', '2026/12/07', '参数 日期 应为日期（yyyy-MM-dd）'],
    ['Datetime', '2026-12-07 10:00:00', null],
    ['Datetime', '2026-12-07', null],
    ['Datetime', 'tomorrow', '参数 日期 应为日期时间（yyyy-MM-dd HH:mm:ss）'],
    ['String', 'anything', null],
    [null, 'anything', null],
  ] as const)('paramValueProblem(%s, %s)', (type, value, problem) => {
    expect(paramValueProblem({ paramName: 'd', paramTxt: '日期', paramType: type }, value)).toBe(problem);
  });

  it('refuses an unknown type, a malformed dictionary code and a default that is not a date', () => {
    expect(validateReportDefinition(body(sqlWithD, [item('a')], [param({ paramType: 'Number' as never })]))).toEqual(['参数 d 的类型不正确']);
    expect(validateReportDefinition(body(sqlWithD, [item('a')], [param({ dictCode: 'sex; drop' })]))).toEqual(['参数 d 的字典编码不正确']);
    expect(validateReportDefinition(body(sqlWithD, [item('a')], [param({ paramType: 'Date', paramValue: '12/07/2026' })]))).toEqual(['参数 日期 应为日期（yyyy-MM-dd）（默认值）']);
    expect(validateReportDefinition(body(sqlWithD, [item('a')], [param({ paramType: 'Date', paramValue: '2026-12-07', dictCode: 'sex' })]))).toEqual([]);
  });
});
