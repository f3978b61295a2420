/** @jest-environment node */
import { physicalTableOf, validateDefault, validateFieldName, validateFormDefinition, validateTableName } from './form-rules';
import type { CgformField, CgformSaveBody } from './wire';

const field = (over: Partial<CgformField> = {}): CgformField => ({
  dbFieldName: 'student_name',
  dbFieldTxt: '学员姓名',
  dbType: 'string',
  dbLength: 50,
  dbPointLength: 0,
  dbDefaultVal: null,
  dbIsNull: 1,
  fieldShowType: 'text',
  fieldLength: 120,
  dictField: null,
  fieldValidType: null,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  queryMode: 'single',
  sortFlag: 0,
  isReadOnly: 0,
  mainTable: null,
  mainField: null,
  orderNum: 0,
  ...over,
});
const body = (fields: CgformField[], head: Partial<CgformSaveBody['head']> = {}): CgformSaveBody => ({ head: { tableName: 'textbook_receive', tableTxt: '教材领用登记', tableType: 1, ...head }, fields });

describe('table names', () => {
  it('accepts a plain identifier and prefixes it', () => {
    expect(validateTableName('textbook_receive')).toBeNull();
    expect(physicalTableOf('textbook_receive')).toBe('tbl_onl_textbook_receive');
  });
  it.each([
    ['sys_user', '系统表'],
    ['pg_class', '系统表'],
    ['tbl_student', '系统表'],
    ['x; drop table sys_user', '只能由小写字母'],
    ['Students', '只能由小写字母'],
    ['a', '只能由小写字母'],
    ['select', 'SQL关键字'],
    ['', '请输入表名'],
  ])('refuses %j', (name, msg) => {
    expect(validateTableName(name)).toContain(msg);
  });
});

describe('field names', () => {
  it.each([
    ['order', 'SQL关键字'],
    ['user', 'SQL关键字'],
    ['delete', 'SQL关键字'],
    ['id', '系统生成'],
    ['tenant_id', '系统生成'],
    ['create_time', '系统生成'],
    ['a__bak_1', '连续两个下划线'],
    ['1abc', '只能由'],
    ['name"; drop', '只能由'],
    ['a'.repeat(33), '最长32'],
  ])('refuses %j', (name, msg) => {
    expect(validateFieldName(name)).toContain(msg);
  });
  it('accepts ordinary names', () => {
    for (const n of ['name', 'qty', 'receive_date', 'status']) expect(validateFieldName(n)).toBeNull();
  });
});

describe('defaults fit the type', () => {
  it.each([
    [{ dbType: 'int', dbDefaultVal: '1.5' }, '整数'],
    [{ dbType: 'int', dbDefaultVal: '3000000000' }, '范围'],
    [{ dbType: 'BigDecimal', dbLength: 5, dbPointLength: 2, dbDefaultVal: '1234.5' }, '范围'],
    [{ dbType: 'BigDecimal', dbLength: 5, dbPointLength: 2, dbDefaultVal: '1.234' }, '小数位'],
    [{ dbType: 'Date', dbDefaultVal: '2026-02-30' }, 'yyyy-MM-dd'],
    [{ dbType: 'Datetime', dbDefaultVal: '2026-01-01' }, 'HH:mm:ss'],
    [{ dbType: 'string', dbLength: 3, dbDefaultVal: 'abcd' }, '长度'],
  ] as const)('%j', (over, msg) => {
    expect(validateDefault({ dbLength: 10, dbPointLength: 0, ...over } as CgformField)).toContain(msg);
  });
  it('accepts fitting ones', () => {
    expect(validateDefault({ dbType: 'BigDecimal', dbLength: 5, dbPointLength: 2, dbDefaultVal: '123.45' })).toBeNull();
    expect(validateDefault({ dbType: 'Date', dbLength: 0, dbPointLength: 0, dbDefaultVal: '2024-02-29' })).toBeNull();
    expect(validateDefault({ dbType: 'int', dbLength: 0, dbPointLength: 0, dbDefaultVal: '-12' })).toBeNull();
  });
});

describe('definitions', () => {
  it('accepts the demo form', () => {
    expect(validateFormDefinition(body([field(), field({ dbFieldName: 'status', dbFieldTxt: '状态', fieldShowType: 'list', dictField: 'textbook_receive_status' })]))).toEqual([]);
  });
  it('names every problem', () => {
    const errors = validateFormDefinition(
      body([
        field({ dbFieldName: 'qty', dbType: 'string', dbLength: 5000 }),
        field({ dbFieldName: 'qty' }),
        field({ dbFieldName: 'status', fieldShowType: 'radio' }),
        field({ dbFieldName: 'price', dbType: 'BigDecimal', dbLength: 40 }),
        field({ dbFieldName: 'tags', dbType: 'int', fieldShowType: 'checkbox', dictField: 'x' }),
      ]),
    );
    expect(errors).toEqual([
      '字段 qty：文本长度须在1到4000之间',
      '字段名 qty 重复',
      '字段 status：单选框须选择字典',
      '字段 price：数字长度须在1到38之间',
      '字段 tags：多选框只能用于文本类型',
    ]);
  });
  it('needs fields and a description', () => {
    expect(validateFormDefinition(body([], { tableTxt: ' ' }))).toEqual(['请输入表描述', '请至少添加一个字段']);
  });
  it('a child has exactly one foreign key to id of another table', () => {
    const fk = field({ dbFieldName: 'receive_id', mainTable: 'textbook_receive', mainField: 'id' });
    expect(validateFormDefinition(body([field(), fk], { tableName: 'receive_line', tableType: 3 }))).toEqual([]);
    expect(validateFormDefinition(body([field()], { tableName: 'receive_line', tableType: 3 }))).toEqual(['附表须有且只有一个字段关联主表（外键）']);
    expect(validateFormDefinition(body([field(), { ...fk, mainField: 'name' }], { tableName: 'receive_line', tableType: 3 }))).toContain('字段 receive_id：外键字段须关联主表的 id');
    expect(validateFormDefinition(body([field(), fk], { tableType: 1 }))).toContain('字段 receive_id：只有附表的字段可以关联主表');
    expect(validateFormDefinition(body([field(), fk], { tableName: 'textbook_receive', tableType: 3 }))).toContain('附表不能关联自身');
  });
});
