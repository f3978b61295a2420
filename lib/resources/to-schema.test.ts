/** @jest-environment node */
import { normaliseDate, toSchema } from './to-schema';
import type { ResourceDef } from './types';

const def: ResourceDef = {
  name: 'demo',
  title: '示例',
  table: 'demo_item',
  api: '/demo/item',
  perm: 'demo:item',
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true },
  fields: [
    { name: 'id', label: 'ID', kind: 'hidden' },
    { name: 'name', label: '名称', kind: 'input', required: true, maxLength: 5 },
    { name: 'phone', label: '手机号', kind: 'input', pattern: 'mobile' },
    { name: 'amount', label: '金额', kind: 'inputNumber' },
    { name: 'qty', label: '数量', kind: 'inputNumber', type: 'int', defaultValue: 1 },
    { name: 'status', label: '状态', kind: 'select', options: [{ value: '1', text: '启用' }, { value: '0', text: '停用' }] },
    { name: 'tags', label: '标签', kind: 'list_multi', options: [{ value: 'a', text: 'A' }, { value: 'b', text: 'B' }] },
    { name: 'day', label: '日期', kind: 'date' },
    { name: 'startAt', label: '开始时间', kind: 'datetime' },
    { name: 'enabled', label: '开关', kind: 'switch' },
    { name: 'secret', label: '密码', kind: 'password', writeOnly: true },
    { name: 'code', label: '编码', kind: 'input', form: 'readonly' },
    { name: 'createTime', label: '创建时间', kind: 'datetime', form: false },
    { name: 'createBy', label: '创建人', kind: 'input' },
  ],
};

const add = (body: unknown) => toSchema(def, 'add').safeParse(body);
const edit = (body: unknown) => toSchema(def, 'edit').safeParse(body);
const firstError = (r: ReturnType<typeof add>) => (r.success ? null : r.error.issues[0].message);

describe('toSchema add', () => {
  it('normalises a valid body and drops unknown, read-only and audit keys', () => {
    const r = add({
      id: 'client-chosen',
      name: '张三',
      phone: '13800138000',
      amount: '12.5',
      status: '1',
      tags: ['a', 'b'],
      day: '2026-03-01',
      startAt: '2026-03-01 08:30',
      enabled: 'Y',
      secret: 's3cret',
      code: 'X',
      createTime: '2020-01-01 00:00:00',
      createBy: 'mallory',
      hacker: "'; drop table demo_item; --",
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      name: '张三',
      phone: '13800138000',
      amount: 12.5,
      qty: 1,
      status: '1',
      tags: 'a,b',
      day: '2026-03-01',
      startAt: '2026-03-01 08:30:00',
      enabled: 'Y',
      secret: 's3cret',
    });
  });

  it.each([
    [{}, '请输入名称!'],
    [{ name: '   ' }, '请输入名称!'],
    [{ name: '一二三四五六' }, '名称不能超过5个字符'],
    [{ name: 'a', phone: '12345' }, '请输入正确的手机号码!'],
    [{ name: 'a', amount: 'abc' }, '金额必须是数字'],
    [{ name: 'a', qty: '1.5' }, '数量必须是整数'],
    [{ name: 'a', status: '9' }, '状态的值不正确'],
    [{ name: 'a', tags: 'a,z' }, '标签的值不正确'],
    [{ name: 'a', day: '2026-02-30' }, '日期日期格式不正确'],
    [{ name: 'a', startAt: '2026-03-01 25:00:00' }, '开始时间日期格式不正确'],
    [{ name: 'a', enabled: 'yes' }, '开关的值不正确'],
    [{ name: { $ne: null } }, '名称格式不正确'],
    [[1, 2], '请求数据格式错误'],
    ['name=a', '请求数据格式错误'],
  ])('%j → %s', (body, message) => expect(firstError(add(body))).toBe(message));

  it('turns empty optional values into null', () => {
    expect(add({ name: 'a', phone: '', amount: null }).data).toMatchObject({ phone: null, amount: null });
  });
});

describe('toSchema edit', () => {
  it('is a partial update that needs the row key', () => {
    expect(edit({ id: 'abc', status: '0' }).data).toEqual({ id: 'abc', status: '0' });
    expect(firstError(edit({ status: '0' }))).toBe('未找到对应数据');
    expect(firstError(edit({ id: { x: 1 } }))).toBe('未找到对应数据');
  });

  it('still refuses clearing a required field', () => {
    expect(firstError(edit({ id: 'abc', name: '' }))).toBe('请输入名称!');
  });
});

describe('normaliseDate', () => {
  it.each([
    ['2026-03-01', false, '2026-03-01'],
    ['2026-03-01 08:30:15', false, '2026-03-01'],
    ['2026-03-01T08:30', true, '2026-03-01 08:30:00'],
    ['2024-02-29', true, '2024-02-29 00:00:00'],
    ['2023-02-29', false, null],
    ['2026-3-1', false, null],
    ["2026-03-01' or 1=1 --", false, null],
  ])('%s (time %s) → %s', (s, withTime, out) => expect(normaliseDate(s, withTime)).toBe(out));
});
