/** @jest-environment node */
import { encodeSuperQuery } from '../../../lib/super-query';
import type { DB } from '../../db/schema';
import { escapeLike } from '../../db/like';
import { ApiFailure } from '../../core/errors';
import { parseListQuery, parseSort, SORT_FIELD_MISSING, type Params } from '../query';
import { pageQueries } from '../select';
import { compilerOnly, FIXTURE, FIXTURE_IDENTIFIERS, identifiersIn } from './helpers';

const db = compilerOnly<DB>();

/** The production list query for these params, compiled: SQL text + bound parameters. */
function compile(params: Params, page = { offset: 0, limit: 10 }) {
  const q = pageQueries(db, FIXTURE, parseListQuery(FIXTURE, params), page);
  const rows = q.rows.compile();
  const count = q.count.compile();
  return { sql: rows.sql, params: rows.parameters as unknown[], countSql: count.sql };
}

/** Drops one pair of parentheses around the whole text. */
function unwrap(text: string): string {
  if (!text.startsWith('(')) return text;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    if (depth === 0) return i === text.length - 1 ? text.slice(1, -1) : text;
  }
  return text;
}

/** The WHERE part of the page query (the top-level AND's parentheses removed). */
const where = (params: Params) => {
  const { sql, params: p } = compile(params);
  return { where: unwrap(sql.slice(sql.indexOf(' where ') + 7, sql.indexOf(' order by '))), params: p.slice(0, -2) };
};

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiFailure);
    return (e as ApiFailure).message;
  }
  throw new Error('not refused');
};

const LIVE = '"del_flag" = $';

describe('plain field operators (contract §7)', () => {
  it.each<[Params, string, unknown[]]>([
    [{ name: '*张*' }, '"name" ilike $1', ['%张%']],
    [{ name: '张*' }, '"name" ilike $1', ['张%']],
    [{ name: '*三' }, '"name" ilike $1', ['%三']],
    [{ name: '*' }, '"name" = $1', ['*']],
    [{ name: 'a*b' }, '"name" = $1', ['a*b']],
    [{ name: ' 张三 ' }, '"name" = $1', ['张三']],
    [{ name: 'a,b, c' }, '"name" in ($1, $2, $3)', ['a', 'b', 'c']],
    [{ tags: ',a,b,' }, '("tags" ilike $1 or "tags" ilike $2)', ['%a%', '%b%']],
    [{ name: '!x' }, '"name" <> $1', ['x']],
    [{ name: '!= x' }, '"name" <> $1', ['x']],
    [{ age: '>= 5' }, '"age" >= $1', [5]],
    [{ age: '<= 5' }, '"age" <= $1', [5]],
    [{ age: '> 5' }, '"age" > $1', [5]],
    [{ age: '< 5' }, '"age" < $1', [5]],
    [{ age: '1,2' }, '"age" in ($1, $2)', [1, 2]],
    [{ score: '>= 59.5' }, '"score" >= $1', ['59.5']],
    [{ name: 'x++y' }, '"name" = $1', ['x,y']],
    [{ name: '*50%_off\\*' }, '"name" ilike $1', ['%50\\%\\_off\\\\%']],
    [{ age: '*1*' }, 'cast("age" as varchar) ilike $1', ['%1%']],
    [{ sex_MultiString: '1,2' }, '"sex" in ($1, $2)', ['1', '2']],
    [{ birthday_begin: '2026-01-01', birthday_end: '2026-12-31 10:00:00' }, '"birthday" >= $1 and "birthday" <= $2', ['2026-01-01', '2026-12-31']],
    [{ age_begin: '18', age_end: '60' }, '"age" >= $1 and "age" <= $2', [18, 60]],
  ])('%j → %s', (params, text, values) => {
    const w = where(params);
    expect(w.where).toBe(`${text} and ${LIVE}${values.length + 1}`);
    expect(w.params).toEqual([...values, '0']);
  });

  it('a 10-char date on a datetime field means the whole day in GMT+8', () => {
    const w = where({ startTime_begin: '2026-03-01', startTime_end: '2026-03-01' });
    expect(w.where).toBe(`"start_time" >= $1 and "start_time" < $2 and ${LIVE}3`);
    expect(w.params.slice(0, 2)).toEqual([new Date('2026-02-28T16:00:00Z'), new Date('2026-03-01T16:00:00Z')]);
    const eq = where({ startTime: '2026-03-01 08:30:00' });
    expect(eq.where).toBe(`("start_time" >= $1 and "start_time" < $2) and ${LIVE}3`);
    expect(eq.params.slice(0, 2)).toEqual([new Date('2026-03-01T00:30:00Z'), new Date('2026-03-01T00:30:01Z')]);
  });

  it('ignores empty values, unknown names, write-only and virtual fields', () => {
    const w = where({ name: '', age: '  ', foo: 'bar', secret: 'x', departNames: 'y', 'name; drop table jw_fixture': '1', _t: '1', field: 'id,,name' });
    expect(w.where).toBe(`${LIVE}1`);
  });

  it.each<[Params, string]>([
    [{ age: 'abc' }, '年龄'],
    [{ age: '>=5' }, '整数'],
    [{ age: "1' or '1'='1" }, '整数'],
    [{ score: '1e9' }, '数字'],
    [{ birthday: '2026-02-30' }, '日期'],
    [{ startTime_begin: '2026-13-01' }, '日期时间'],
    [{ startTime: "2026-01-01'; drop table jw_fixture; --" }, '日期时间'],
    [{ name: 'x'.repeat(1001) }, '查询条件过长'],
    [{ sex_MultiString: Array.from({ length: 501 }, (_, i) => i).join(',') }, '不能超过500个值'],
  ])('refuses %j with a Chinese message', (params, word) => {
    expect(refused(() => parseListQuery(FIXTURE, params))).toContain(word);
  });
});

describe('advanced query', () => {
  const sq = (rules: object[], matchType?: string): Params => ({ superQueryParams: encodeURI(JSON.stringify(rules)), superQueryMatchType: matchType });

  it('parenthesises the group and ORs the rules for or', () => {
    const w = where({ name: '*a*', ...sq([{ field: 'age', rule: '>=', val: '18' }, { field: 'name', rule: 'right_like', val: '张' }], 'or') });
    expect(w.where).toBe(`"name" ilike $1 and ("age" >= $2 or "name" ilike $3) and ${LIVE}4`);
    expect(w.params).toEqual(['%a%', 18, '张%', '0']);
  });

  it('ANDs by default and handles in / ne / datetime rules', () => {
    const w = where(sq([
      { field: 'sex', rule: 'in', val: '1,2' },
      { field: 'name', rule: 'ne', val: 'x' },
      { field: 'startTime', rule: 'le', val: '2026-03-01' },
    ]));
    expect(w.where).toBe(`("sex" in ($1, $2) and "name" <> $3 and "start_time" < $4) and ${LIVE}5`);
    expect(w.params[3]).toEqual(new Date('2026-03-01T16:00:00Z'));
  });

  it('accepts exactly what encodeSuperQuery produces', () => {
    expect(where({ superQueryParams: encodeSuperQuery([{ field: 'code', rule: 'eq', val: "O'Neil" }]) }).params).toEqual(["O'Neil", '0']);
  });

  it.each<[object[], string]>([
    [[{ field: 'nope', rule: 'eq', val: '1' }], '高级查询的字段不存在：nope'],
    [[{ field: 'secret', rule: 'eq', val: '1' }], '高级查询的字段不存在：secret'],
    [[{ field: 'departNames', rule: 'eq', val: '1' }], '高级查询的字段不存在：departNames'],
    [[{ field: 'name', rule: 'ext', val: "1=1) or (1=1" }], '不支持的查询规则'],
    [[{ field: 'name', rule: 'USE_SQL_RULES', val: 'select 1' }], '不支持的查询规则'],
    [[{ field: 'information_schema.tables', rule: 'eq', val: '1' }], '高级查询条件格式不正确'],
    [[{ field: 'age', rule: 'gt', val: '1; drop table jw_fixture' }], '整数'],
  ])('refuses %j', (rules, message) => {
    expect(refused(() => parseListQuery(FIXTURE, sq(rules)))).toContain(message);
  });

  it('keeps `query: false` fields out of the advanced query but not out of the search bar', () => {
    const def = { ...FIXTURE, fields: FIXTURE.fields.map((f) => (f.name === 'phone' ? { ...f, query: false } : f)) };
    expect(parseListQuery(def, { phone: '138*' }).where).toEqual([{ kind: 'like', column: 'phone', pattern: '138%', text: false }]);
    expect(refused(() => parseListQuery(def, sq([{ field: 'phone', rule: 'eq', val: '1' }])))).toBe('高级查询的字段不存在：phone');
  });

  it('refuses text that is not JSON', () => {
    expect(refused(() => parseListQuery(FIXTURE, { superQueryParams: "') or 1=1 --" }))).toBe('高级查询条件格式不正确');
  });
});

describe('sort whitelist', () => {
  it('sorts by sortable fields (camelCase, _dictText stripped, comma list) with a row-key tie-break', () => {
    expect(parseSort(FIXTURE, 'name', 'asc')).toEqual([{ column: 'name', order: 'asc', text: true, pinyin: 'name_pinyin' }, { column: 'id', order: 'asc' }]);
    expect(parseSort(FIXTURE, 'age_dictText,startTime', 'DESC')).toEqual([
      { column: 'age', order: 'desc' },
      { column: 'start_time', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
    expect(parseSort(FIXTURE, undefined, undefined)).toEqual([{ column: 'create_time', order: 'desc' }, { column: 'id', order: 'desc' }]);
    expect(parseSort(FIXTURE, 'createTime', "desc; drop table jw_fixture")).toEqual([{ column: 'create_time', order: 'desc' }, { column: 'id', order: 'desc' }]);
    expect(compile({ column: 'name', order: 'asc' }).sql).toMatch(/ order by "name" asc, "id" asc limit \$\d+ offset \$\d+$/);
  });

  it('sorts free text in 拼音 order: the ICU collation where the database has it, else the stored key (text when missing); other types as stored', () => {
    const sqlOf = (mode: 'icu' | 'key' | 'plain', column: string) => pageQueries(db, FIXTURE, parseListQuery(FIXTURE, { column, order: 'asc' }), { offset: 0, limit: 10 }, {}, mode).rows.compile().sql;
    expect(sqlOf('icu', 'name')).toMatch(/ order by "name" collate "zh-x-icu" asc, "id" asc /);
    expect(sqlOf('icu', 'age')).toMatch(/ order by "age" asc, "id" asc /);
    expect(sqlOf('icu', 'startTime')).toMatch(/ order by "start_time" asc, "id" asc /);
    expect(sqlOf('key', 'name')).toMatch(/ order by coalesce\("name_pinyin", "name"\) collate "C" asc, "id" asc /);
    expect(sqlOf('key', 'age')).toMatch(/ order by "age" asc, "id" asc /);
    expect(sqlOf('plain', 'name')).toMatch(/ order by "name" asc, "id" asc /);
    // Free text without a stored key keeps code point order on such a database.
    const noKey = { ...FIXTURE, fields: FIXTURE.fields.map((f) => (f.name === 'name' ? { ...f, pinyinSort: false } : f)) };
    expect(pageQueries(db, noKey, parseListQuery(noKey, { column: 'name', order: 'asc' }), { offset: 0, limit: 10 }, {}, 'key').rows.compile().sql).toMatch(/ order by "name" asc, "id" asc /);
  });

  it.each(['nope', 'phone', 'secret', 'departNames', 'id desc, (select 1)', 'name desc', '(select 1)', 'name;drop table jw_fixture', 'create_time', 'information_schema.tables'])(
    'refuses %j',
    (column) => {
      const first = column.split(',')[0].trim();
      expect(refused(() => parseSort(FIXTURE, column, 'asc'))).toBe(`${SORT_FIELD_MISSING}${first}`);
    },
  );
});

describe('nothing the client sends reaches SQL text', () => {
  const HOSTILE = [
    "' or '1'='1",
    "'; drop table jw_fixture; --",
    '-- comment',
    '/* x */',
    'information_schema.tables',
    '"name"',
    '$1',
    '\\',
    '\u0000',
  ];

  it.each(HOSTILE)('value %j is only ever a bound parameter', (payload) => {
    const params: Params = {
      name: `*${payload}*`,
      code: payload,
      phone: `!${payload}`,
      tags: `,${payload},x,`,
      superQueryParams: encodeURI(JSON.stringify([{ field: 'name', rule: 'like', val: payload }, { field: 'code', rule: 'in', val: `${payload},b` }])),
      superQueryMatchType: 'or',
      [payload]: payload,
    };
    const { sql, params: values, countSql } = compile(params);
    for (const text of [sql, countSql]) {
      for (const id of identifiersIn(text)) expect(FIXTURE_IDENTIFIERS.has(id)).toBe(true);
      expect(text).not.toContain('drop');
      expect(text).not.toContain('information_schema');
      expect(text).not.toContain("'");
      expect(text).not.toContain('--');
    }
    expect(values.some((v) => typeof v === 'string' && v.includes(escapeLike(payload)))).toBe(true);
    expect(values).toContain(payload);
  });

  it('pages within the caller-given bounds (readPage caps pageSize at 200)', () => {
    const { params } = compile({}, { offset: 400, limit: 200 });
    expect(params.slice(-2)).toEqual([200, 400]);
  });
});
