import { fieldByName } from '../resources/field-kinds';
import { toSchema } from '../resources/to-schema';
import { foreignKeyOf, formToResourceDef, kindOf, type FormDefinition } from './form-def';
import type { CgformField, CgformHead } from './wire';

const head = (over: Partial<CgformHead> = {}): CgformHead => ({
  id: 'h1',
  tableName: 'textbook_receive',
  tableTxt: '教材领用登记',
  tableType: 1,
  subTableStr: null,
  isDbSynch: 'Y',
  formVersion: 1,
  isCheckbox: 'Y',
  isPage: 'Y',
  description: null,
  createBy: 'admin',
  createTime: '2026-11-01 10:00:00',
  updateTime: null,
  ...over,
});

const field = (over: Partial<CgformField> & Pick<CgformField, 'dbFieldName'>): CgformField => ({
  dbFieldTxt: over.dbFieldName,
  dbType: 'string',
  dbLength: 32,
  dbPointLength: 0,
  dbDefaultVal: null,
  dbIsNull: 1,
  fieldShowType: 'text',
  fieldLength: null,
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

const FORM: FormDefinition = {
  head: head(),
  children: [],
  fields: [
    field({ dbFieldName: 'qty', dbFieldTxt: '数量', dbType: 'int', isQuery: 1, queryMode: 'group', sortFlag: 1, dbDefaultVal: '1', orderNum: 3 }),
    field({ dbFieldName: 'student_name', dbFieldTxt: '学员姓名', dbIsNull: 0, dbLength: 20, isQuery: 1, fieldLength: 120, orderNum: 1 }),
    field({ dbFieldName: 'status', dbFieldTxt: '领用状态', fieldShowType: 'list', dictField: 'textbook_receive_status', isQuery: 1, orderNum: 5 }),
    field({ dbFieldName: 'phone', dbFieldTxt: '电话', fieldValidType: 'm', orderNum: 6 }),
    field({ dbFieldName: 'code', dbFieldTxt: '编号', fieldValidType: 'only', orderNum: 7 }),
    field({ dbFieldName: 'tags', dbFieldTxt: '标签', fieldShowType: 'checkbox', dictField: 'tags', isQuery: 1, orderNum: 8 }),
    field({ dbFieldName: 'secret', dbFieldTxt: '口令', fieldShowType: 'password', orderNum: 9 }),
    field({ dbFieldName: 'memo', dbFieldTxt: '说明', dbType: 'Text', fieldShowType: 'umeditor', isShowList: 0, orderNum: 10 }),
    field({ dbFieldName: 'receive_date', dbFieldTxt: '领用日期', dbType: 'Date', fieldShowType: 'date', isQuery: 1, orderNum: 4 }),
    field({ dbFieldName: 'note', dbFieldTxt: '备注', isShowForm: 0, orderNum: 11 }),
  ],
};

describe('formToResourceDef', () => {
  const def = formToResourceDef(FORM);

  it('names the physical table, api and the form\'s permission prefix; generated columns around the fields in their order', () => {
    expect(def).toMatchObject({ name: 'onl_textbook_receive', title: '教材领用登记', table: 'tbl_onl_textbook_receive', api: '/online/cgform/api/crud/textbook_receive', perm: 'online:form:textbook_receive', rowKey: 'id' });
    expect(def.defaultSort).toEqual({ column: 'createTime', order: 'desc' });
    expect(def.actions).toEqual({ add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true });
    expect(def.fields.map((f) => f.name)).toEqual(['id', 'student_name', 'qty', 'receive_date', 'status', 'phone', 'code', 'tags', 'secret', 'memo', 'note', 'createBy', 'createTime', 'updateBy', 'updateTime']);
    expect(fieldByName(def, 'createTime')).toMatchObject({ column: 'create_time', form: false, sortable: true });
  });

  it('maps controls, types, required, unique, patterns, search, sort, widths, lengths and defaults', () => {
    expect(fieldByName(def, 'student_name')).toMatchObject({ kind: 'input', column: 'student_name', required: true, maxLength: 20, search: 'like', width: 120, label: '学员姓名' });
    expect(fieldByName(def, 'qty')).toMatchObject({ kind: 'inputNumber', type: 'int', search: 'range', sortable: true, defaultValue: 1 });
    expect(fieldByName(def, 'status')).toMatchObject({ kind: 'select', dictCode: 'textbook_receive_status', search: 'eq' });
    expect(fieldByName(def, 'phone')).toMatchObject({ pattern: 'm' });
    expect(fieldByName(def, 'code')).toMatchObject({ unique: true });
    expect(fieldByName(def, 'tags')).toMatchObject({ kind: 'list_multi', search: 'in' });
    expect(fieldByName(def, 'secret')).toMatchObject({ kind: 'password', writeOnly: true, list: false });
    expect(fieldByName(def, 'memo')).toMatchObject({ kind: 'richText', list: false, excel: false });
    expect(fieldByName(def, 'receive_date')).toMatchObject({ kind: 'date', type: 'date', search: 'range' });
    expect(fieldByName(def, 'note')!.form).toBe(false);
    expect(fieldByName(def, 'student_name')!.sortable).toBeUndefined();
  });

  it('the engine schema validates from the definition (required, type, pattern, default)', () => {
    const add = toSchema(def, 'add');
    expect(add.safeParse({}).error?.issues[0].message).toBe('请输入学员姓名!');
    expect(add.safeParse({ student_name: '张三', qty: 'x' }).error?.issues[0].message).toBe('数量必须是整数');
    expect(add.safeParse({ student_name: '张三', phone: '123' }).error?.issues[0].message).toBe('请输入正确的手机号码!');
    expect(add.parse({ student_name: '张三', note: 'dropped: not a form field' })).toEqual({ student_name: '张三', qty: 1 });
  });

  it('a number / date column shown as a plain text box gets the matching editor', () => {
    expect(kindOf({ fieldShowType: 'text', dbType: 'BigDecimal' })).toBe('inputNumber');
    expect(kindOf({ fieldShowType: 'text', dbType: 'Datetime' })).toBe('datetime');
    expect(kindOf({ fieldShowType: 'text', dbType: 'Text' })).toBe('textarea');
    expect(kindOf({ fieldShowType: 'radio', dbType: 'int' })).toBe('radio');
  });

  it('a child form\'s foreign key is never a form, list or export field', () => {
    const child: FormDefinition = {
      head: head({ id: 'h2', tableName: 'receive_item', tableTxt: '领用明细', tableType: 3 }),
      children: [],
      fields: [field({ dbFieldName: 'receive_id', dbFieldTxt: '领用单', mainTable: 'textbook_receive', mainField: 'id' }), field({ dbFieldName: 'book', dbFieldTxt: '教材', dbIsNull: 0 })],
    };
    const d = formToResourceDef(child);
    expect(foreignKeyOf(child)).toBe('receive_id');
    expect(fieldByName(d, 'receive_id')).toMatchObject({ form: false, list: false, excel: false });
    expect(toSchema(d, 'add').parse({ book: '语文', receive_id: 'someone-elses' })).toEqual({ book: '语文' });
  });
});
