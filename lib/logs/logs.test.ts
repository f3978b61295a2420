/** @jest-environment node */
import { diffVersions, parseContent, valueText } from './data-diff';
import { operateTypeOf } from './operate-type';
import { FILE_PLACEHOLDER, formatRequestParam, isSecretKey, MAX_PARAM_CHARS, MAX_VALUE_CHARS, redact, REDACTED } from './redact';

describe('redact', () => {
  it.each(['password', 'oldpassword', 'newPassword', 'confirmPassword', 'confirmpassword', 'token', 'accessToken', 'X-Access-Token', 'captcha', 'smscode', 'sms_code', 'secret', 'clientSecret', 'salt', 'apiKey'])(
    'hides %s',
    (key) => {
      expect(isSecretKey(key)).toBe(true);
      expect(redact({ [key]: 'abc123' })).toEqual({ [key]: REDACTED });
    },
  );

  it.each(['username', 'checkKey', 'roleCode', 'dictCode', 'phone', 'realname', 'id'])('keeps %s', (key) => {
    expect(isSecretKey(key)).toBe(false);
    expect(redact({ [key]: 'abc' })).toEqual({ [key]: 'abc' });
  });

  it('walks nested objects and arrays, keeps empty secrets empty', () => {
    expect(redact({ user: { password: 'x', name: '张三' }, list: [{ token: 't' }], pwd: '' })).toEqual({ user: { password: REDACTED, name: '张三' }, list: [{ token: REDACTED }], pwd: '' });
  });

  it('cuts long strings, wide arrays and deep structures; drops data URLs and bytes', () => {
    const long = 'a'.repeat(MAX_VALUE_CHARS + 50);
    expect(redact(long)).toBe(`${'a'.repeat(MAX_VALUE_CHARS)}…(${MAX_VALUE_CHARS + 50}字)`);
    expect((redact(Array.from({ length: 30 }, (_, i) => i)) as unknown[]).slice(-2)).toEqual([19, '…共30项']);
    expect(redact({ a: { b: { c: { d: { e: 1 } } } } })).toEqual({ a: { b: { c: { d: '…' } } } });
    expect(redact({ avatar: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({ avatar: FILE_PLACEHOLDER });
    expect(redact(new Uint8Array([1, 2]))).toBe(FILE_PLACEHOLDER);
  });

  it('formats query and body together, never a multipart body, within the length limit', () => {
    expect(formatRequestParam({ query: { id: '7' }, body: { name: 'x', password: 'p' } })).toBe('{"id":"7","name":"x","password":"******"}');
    expect(formatRequestParam({ query: { biz: 'temp' }, multipart: true })).toBe(`{"biz":"temp","body":"${FILE_PLACEHOLDER}"}`);
    expect(formatRequestParam({ body: ['a', 'b'] })).toBe('{"body":["a","b"]}');
    expect(formatRequestParam({})).toBeNull();
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'.repeat(150)]));
    const text = formatRequestParam({ body: wide })!;
    expect(text.length).toBe(MAX_PARAM_CHARS + 1);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('operateTypeOf', () => {
  it.each([
    ['GET', '/sys/log/list', 1],
    ['POST', '/edu/tblStudent/add', 2],
    ['PUT', '/edu/tblStudent/edit', 3],
    ['DELETE', '/edu/tblStudent/deleteBatch', 4],
    ['POST', '/edu/tblStudent/importExcel', 5],
    ['GET', '/edu/tblStudent/exportXls', 6],
    ['GET', '/sys/quartzJob/pause', 3],
    ['PUT', '/sys/slice/0123456789abcdef0123/3', 3],
    ['POST', '/sys/login', 2],
    ['PATCH', '/x/y', 3],
  ])('%s %s → %d', (method, path, type) => {
    expect(operateTypeOf(method, path)).toBe(type);
  });
});

describe('diffVersions', () => {
  const gender = new Map([
    ['1', '男'],
    ['2', '女'],
  ]);
  const tags = new Map([
    ['a', '甲'],
    ['b', '乙'],
  ]);
  const fields = [
    { name: 'name', label: '姓名' },
    { name: 'gender', label: '性别', texts: gender },
    { name: 'tags', label: '标签', texts: tags },
    { name: 'remark', label: '备注' },
  ];

  it('lists fields in definition order with labels, texts and what changed', () => {
    const rows = diffVersions({ name: '张三', gender: 1, tags: 'a', remark: null, legacy: 'x' }, { name: '张三丰', gender: '2', tags: 'a,b', remark: '' }, fields);
    expect(rows).toEqual([
      { field: 'name', label: '姓名', before: '张三', after: '张三丰', beforeText: '张三', afterText: '张三丰', changed: true },
      { field: 'gender', label: '性别', before: '1', after: '2', beforeText: '男', afterText: '女', changed: true },
      { field: 'tags', label: '标签', before: 'a', after: 'a,b', beforeText: '甲', afterText: '甲,乙', changed: true },
      { field: 'remark', label: '备注', before: null, after: null, beforeText: null, afterText: null, changed: false },
      { field: 'legacy', label: 'legacy', before: 'x', after: null, beforeText: 'x', afterText: null, changed: true },
    ]);
  });

  it('treats 1 and "1", null and "" as equal; leaves out fields neither version holds', () => {
    const rows = diffVersions({ gender: 1, remark: null }, { gender: '1', remark: '' }, fields);
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['gender', false],
      ['remark', false],
    ]);
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('parses only JSON objects', () => {
    expect(parseContent('{"a":1}')).toEqual({ a: 1 });
    expect(parseContent('[1]')).toEqual({});
    expect(parseContent('oops')).toEqual({});
    expect(parseContent(null)).toEqual({});
  });
});
