/** @jest-environment node */
import {
  encodeSuperQuery,
  MAX_SUPER_QUERY_RULES,
  normaliseRule,
  parseMatchType,
  parseSuperQuery,
  SUPER_QUERY_FORMAT_ERROR,
  toSuperQueryParams,
  type SuperQueryCondition,
} from './super-query';

const rules: SuperQueryCondition[] = [
  { field: 'name', rule: 'like', val: '张%三 & 50% + "引号"' },
  { field: 'age', rule: 'ge', val: '18', type: 'int', dbType: 'int' },
];

/** What the server sees after the transport layer: the client URL-encodes the encodeURI'd value once more. */
const overTheWire = (value: string) => new URLSearchParams(new URLSearchParams({ p: value }).toString()).get('p')!;

describe('encode / parse round trip', () => {
  it('encodes the Vue way and parses what the server receives', () => {
    const encoded = encodeSuperQuery(rules);
    expect(encoded).toBe(encodeURI(JSON.stringify(rules)));
    expect(overTheWire(encoded)).toBe(encoded);
    expect(parseSuperQuery(overTheWire(encoded), 'or')).toEqual({ ok: true, query: { matchType: 'or', rules } });
  });

  it('accepts plain JSON (single encoding) and a double encoding', () => {
    const json = JSON.stringify(rules);
    expect(parseSuperQuery(json)).toEqual({ ok: true, query: { matchType: 'and', rules } });
    expect(parseSuperQuery(encodeURIComponent(encodeURI(json)))).toEqual({ ok: true, query: { matchType: 'and', rules } });
  });

  it('keeps a literal %41 in a value (decoded exactly once)', () => {
    const r = parseSuperQuery(encodeSuperQuery([{ field: 'name', rule: 'eq', val: '%41' }]));
    expect(r.ok && r.query!.rules[0].val).toBe('%41');
  });

  it('builds list params and nothing for an empty query', () => {
    expect(toSuperQueryParams({ matchType: 'and', rules })).toEqual({ superQueryParams: encodeSuperQuery(rules), superQueryMatchType: 'and' });
    expect(toSuperQueryParams({ matchType: 'or', rules: [] })).toEqual({});
    expect(toSuperQueryParams(null)).toEqual({});
  });
});

describe('rules', () => {
  it.each([
    ['eq', 'eq'], ['=', 'eq'], ['ne', 'ne'], ['!=', 'ne'], ['gt', 'gt'], ['>', 'gt'], ['ge', 'ge'], ['>=', 'ge'],
    ['lt', 'lt'], ['<', 'lt'], ['le', 'le'], ['<=', 'le'], ['IN', 'in'], ['LIKE', 'like'], ['LEFT_LIKE', 'left_like'], ['right_like', 'right_like'],
  ])('%s → %s', (raw, rule) => expect(normaliseRule(raw)).toBe(rule));

  it.each(['ext', 'USE_SQL_RULES', 'eq_with_add', 'like_with_and', '<>', 'between', '', 'toString', '__proto__', 'constructor'])('refuses %j', (raw) => {
    expect(normaliseRule(raw)).toBeNull();
    const r = parseSuperQuery(JSON.stringify([{ field: 'name', rule: raw, val: 'x' }]));
    expect(r.ok).toBe(false);
  });

  it('match type defaults to and', () => {
    expect(parseMatchType('OR')).toBe('or');
    expect(parseMatchType('and')).toBe('and');
    expect(parseMatchType("or' --")).toBe('and');
    expect(parseMatchType(undefined)).toBe('and');
  });
});

describe('hostile and malformed input', () => {
  const bad = (raw: string) => {
    const r = parseSuperQuery(raw);
    expect(r.ok).toBe(false);
    return r.ok ? '' : r.error;
  };

  it.each([
    ['not json', 'hello'],
    ['an object', '{"field":"name","rule":"eq","val":"x"}'],
    ['a number', '42'],
    ['a rule that is not an object', '[1]'],
    ['an array rule', '[["name","eq","x"]]'],
    ['a missing field', '[{"rule":"eq","val":"x"}]'],
    ['a SQL field', `[{"field":"name) or 1=1 --","rule":"eq","val":"x"}]`],
    ['a quoted field', `[{"field":"na'me","rule":"eq","val":"x"}]`],
    ['a dotted field', '[{"field":"information_schema.tables","rule":"eq","val":"x"}]'],
    ['an object value', '[{"field":"name","rule":"eq","val":{"$gt":""}}]'],
    ['a nested array value', '[{"field":"name","rule":"in","val":[["a"]]}]'],
    ['a bad type', '[{"field":"name","rule":"eq","val":"x","type":"date; drop"}]'],
    ['broken escapes', '%E0%A4%A'],
  ])('refuses %s', (_, raw) => expect(bad(raw)).toBeTruthy());

  it('refuses too many rules and too long input', () => {
    const many = Array.from({ length: MAX_SUPER_QUERY_RULES + 1 }, () => ({ field: 'name', rule: 'eq', val: 'x' }));
    expect(bad(JSON.stringify(many))).toContain(String(MAX_SUPER_QUERY_RULES));
    expect(bad(JSON.stringify([{ field: 'name', rule: 'eq', val: 'x'.repeat(3000) }]))).toBe('高级查询条件过长');
    expect(bad('['.repeat(70_000))).toBe('高级查询条件过长');
  });

  it('drops rules without a value, joins arrays, and answers null when nothing is left', () => {
    expect(parseSuperQuery('[{"field":"name","rule":"eq","val":""},{"field":"name","rule":"eq"}]')).toEqual({ ok: true, query: null });
    const r = parseSuperQuery('[{"field":"tags","rule":"in","val":["a","b",3]}]');
    expect(r.ok && r.query!.rules[0].val).toBe('a,b,3');
    expect(parseSuperQuery('')).toEqual({ ok: true, query: null });
    expect(parseSuperQuery(undefined)).toEqual({ ok: true, query: null });
  });

  it('ignores prototype tricks', () => {
    const r = parseSuperQuery('[{"field":"name","rule":"eq","val":"x","__proto__":{"rule":"ext"}}]');
    expect(r).toEqual({ ok: true, query: { matchType: 'and', rules: [{ field: 'name', rule: 'eq', val: 'x' }] } });
    expect(SUPER_QUERY_FORMAT_ERROR).toBe('高级查询条件格式不正确');
  });
});
