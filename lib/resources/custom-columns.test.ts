import { customColumnField, parseOptionItem, withCustomColumns } from './custom-columns';
import type { ResourceDef } from './types';

const DEF: ResourceDef = {
  name: 't',
  title: 'T',
  table: 't',
  api: '/t',
  perm: 't',
  rowKey: 'id',
  defaultSort: { column: 'name', order: 'asc' },
  actions: {},
  fields: [{ name: 'name', label: '名称', kind: 'input' }],
};

describe('parseOptionItem', () => {
  it('reads value:text pairs and plain texts, separated by commas (either width) or new lines', () => {
    expect(parseOptionItem('web:官网，ad：广告\n电话')).toEqual([
      { value: 'web', text: '官网' },
      { value: 'ad', text: '广告' },
      { value: '电话', text: '电话' },
    ]);
  });
  it('drops blanks and repeated values; nothing gives no options', () => {
    expect(parseOptionItem(' a , ,a:x, b: ')).toEqual([{ value: 'a', text: 'a' }, { value: 'b', text: 'b' }]);
    expect(parseOptionItem(null)).toEqual([]);
  });
});

describe('customColumnField', () => {
  const taken = new Set(['name', 'id']);
  it('maps show types to field kinds, virtual and not exported or queried', () => {
    expect(customColumnField({ name: '生日', jdbcField: 'bday', showType: 'date' }, taken)).toMatchObject({ name: 'bday', label: '生日', kind: 'date', virtual: true, excel: false, query: false });
    expect(customColumnField({ name: '备注', jdbcField: 'memo', showType: 'weird', prompt: ' 提示 ' }, taken)).toMatchObject({ kind: 'input', maxLength: 500, help: '提示' });
    expect(customColumnField({ name: '渠道', jdbcField: 'ch', showType: 'list_multi', optionItem: 'a,b' }, taken)?.options).toHaveLength(2);
  });
  it('refuses bad names, names already taken and selects without options', () => {
    expect(customColumnField({ name: 'x', jdbcField: 'name', showType: 'input' }, taken)).toBeNull();
    expect(customColumnField({ name: 'x', jdbcField: "a'; drop", showType: 'input' }, taken)).toBeNull();
    expect(customColumnField({ name: 'x', jdbcField: 'sel', showType: 'select', optionItem: '' }, taken)).toBeNull();
  });
});

describe('withCustomColumns', () => {
  it('appends usable columns in sort order and leaves the definition alone when there are none', () => {
    const out = withCustomColumns(DEF, [
      { name: 'B', jdbcField: 'b', showType: 'input', sort: 2 },
      { name: 'A', jdbcField: 'a', showType: 'input', sort: 1 },
      { name: 'A2', jdbcField: 'a', showType: 'input', sort: 3 },
      { name: 'bad', jdbcField: 'id', showType: 'input', sort: 0 },
    ]);
    expect(out.fields.map((f) => f.name)).toEqual(['name', 'a', 'b']);
    expect(withCustomColumns(DEF, [])).toBe(DEF);
  });
});
