/** @jest-environment node */
import {
  checkDef,
  columnOf,
  defaultSearchMode,
  fieldByColumn,
  fieldByName,
  FIELD_KINDS,
  hasDict,
  isExported,
  isListed,
  isMultiValue,
  isQueryable,
  isSortable,
  isWritable,
  rowKeyColumn,
  snakeCase,
  sqlTypeOf,
  valueTypeOf,
} from './field-kinds';
import type { FieldDef, ResourceDef } from './types';

const f = (over: Partial<FieldDef> & Pick<FieldDef, 'name' | 'kind'>): FieldDef => ({ label: over.name, ...over });

const def: ResourceDef = {
  name: 'demo',
  title: '示例',
  table: 'demo_item',
  api: '/demo/item',
  perm: 'demo:item',
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: {},
  fields: [
    f({ name: 'id', kind: 'hidden' }),
    f({ name: 'realName', kind: 'input', sortable: true }),
    f({ name: 'password', kind: 'password', writeOnly: true }),
    f({ name: 'orgCode', kind: 'sel_depart', column: 'sys_org_code' }),
    f({ name: 'createTime', kind: 'datetime', form: false }),
    f({ name: 'departIds', kind: 'sel_depart', virtual: true }),
  ],
};

describe('names', () => {
  it.each([
    ['realName', 'real_name'],
    ['orgCode', 'org_code'],
    ['id', 'id'],
    ['URLPath', 'url_path'],
    ['field2Name', 'field2_name'],
    ['already_snake', 'already_snake'],
  ])('snakeCase(%s) = %s', (name, col) => expect(snakeCase(name)).toBe(col));

  it('columnOf uses the explicit column, else snake case', () => {
    expect(columnOf(fieldByName(def, 'orgCode')!)).toBe('sys_org_code');
    expect(columnOf(fieldByName(def, 'realName')!)).toBe('real_name');
  });

  it('finds fields by name and by column; virtual fields have no column', () => {
    expect(fieldByName(def, 'nope')).toBeUndefined();
    expect(fieldByColumn(def, 'sys_org_code')?.name).toBe('orgCode');
    expect(fieldByColumn(def, 'depart_ids')).toBeUndefined();
    expect(rowKeyColumn(def)).toBe('id');
    expect(rowKeyColumn({ ...def, rowKey: 'userId', fields: [] })).toBe('user_id');
  });
});

describe('kinds', () => {
  it('every kind has a value type and a default search mode', () => {
    for (const k of FIELD_KINDS) {
      expect(valueTypeOf({ name: 'x', label: 'x', kind: k })).toMatch(/^(string|int|number|boolean|date|datetime)$/);
      expect(defaultSearchMode(k)).toMatch(/^(eq|like|range|in)$/);
    }
  });

  it('value types come from the kind unless the field says', () => {
    expect(valueTypeOf(f({ name: 'n', kind: 'inputNumber' }))).toBe('number');
    expect(valueTypeOf(f({ name: 'n', kind: 'inputNumber', type: 'int' }))).toBe('int');
    expect(valueTypeOf(f({ name: 'd', kind: 'date' }))).toBe('date');
    expect(valueTypeOf(f({ name: 'd', kind: 'datetime' }))).toBe('datetime');
    expect(valueTypeOf(f({ name: 's', kind: 'select' }))).toBe('string');
  });

  it('listing, export, query, write and sort flags', () => {
    const [id, realName, password, orgCode, createTime, departIds] = def.fields;
    expect([id, realName, password, orgCode, createTime].map(isListed)).toEqual([false, true, false, true, true]);
    expect(isExported(realName)).toBe(true);
    expect(isExported(password)).toBe(false);
    expect(isExported(departIds)).toBe(false);
    expect(isQueryable(password)).toBe(false);
    expect(isQueryable(departIds)).toBe(false);
    expect(isQueryable({ ...realName, query: false })).toBe(false);
    expect(isWritable(createTime)).toBe(false);
    expect(isWritable({ ...realName, form: 'readonly' })).toBe(false);
    expect(isWritable(password)).toBe(true);
    expect(isSortable(def, realName)).toBe(true);
    expect(isSortable(def, createTime)).toBe(true); // the default sort
    expect(isSortable(def, orgCode)).toBe(false);
    expect(isSortable(def, departIds)).toBe(false);
    expect(isMultiValue(orgCode)).toBe(true);
    expect(hasDict(realName)).toBe(false);
    expect(hasDict({ ...realName, options: [{ value: '1', text: '一' }] })).toBe(true);
  });

  it('maps value types to PostgreSQL 15 column types', () => {
    expect(sqlTypeOf(f({ name: 'a', kind: 'input', maxLength: 50 }))).toBe('varchar(50)');
    expect(sqlTypeOf(f({ name: 'a', kind: 'richText' }))).toBe('text');
    expect(sqlTypeOf(f({ name: 'a', kind: 'inputNumber', type: 'int' }))).toBe('integer');
    expect(sqlTypeOf(f({ name: 'a', kind: 'date' }))).toBe('varchar(10)');
    expect(sqlTypeOf(f({ name: 'a', kind: 'datetime' }))).toBe('timestamptz');
  });
});

describe('checkDef', () => {
  it('accepts a sound definition', () => expect(checkDef(def)).toEqual([]));

  it.each([
    [{ table: 'demo; drop table x' }, 'table'],
    [{ table: 'information_schema.tables' }, 'table'],
    [{ api: 'demo/item' }, 'api'],
    [{ fields: [f({ name: 'a b', kind: 'input' })] }, 'field'],
    [{ fields: [f({ name: 'a', kind: 'input', column: 'a"--' })] }, 'column'],
    [{ fields: [f({ name: 'a', kind: 'input' }), f({ name: 'a', kind: 'input' })] }, 'twice'],
    [{ defaultSort: { column: 'nope', order: 'asc' as const } }, 'default sort'],
    [{ softDeleteColumn: 'del flag' }, 'soft-delete'],
  ])('refuses %j', (over, word) => {
    expect(checkDef({ ...def, ...over }).join(' ')).toContain(word);
  });
});
