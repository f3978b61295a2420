import type { ResourceDef } from '@/lib/resources/types';
import { gridColumnsOf } from '../auto-config';

/** A one-to-many online form's child grid (issue #39): hidden fields stay out of sight, table dictionaries search the server. */
const child: ResourceDef = {
  name: 'demo_item',
  title: '明细',
  table: 'demo_item',
  api: '/online/cgform/api/form/demo_item',
  perm: 'online:demo_item',
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true },
  fields: [
    { name: 'id', label: 'ID', kind: 'input', form: false },
    { name: 'orderId', label: '订单', kind: 'input' },
    { name: 'name', label: '名称', kind: 'input', required: true },
    { name: 'status', label: '状态', kind: 'select', dictCode: 'valid_status' },
    { name: 'handler', label: '经办人', kind: 'select', dictCode: 'sys_user,realname,id' },
    { name: 'source', label: '来源', kind: 'hidden', defaultValue: 'online' },
  ],
};

it('maps a hidden field to a hidden column (kept in the row, not shown) and a table-dictionary select to sel_search', () => {
  const byKey = Object.fromEntries(gridColumnsOf(child, 'orderId').map((c) => [c.key, c]));
  expect(Object.keys(byKey)).toEqual(['name', 'status', 'handler', 'source']);
  expect(byKey.source).toMatchObject({ type: 'hidden', defaultValue: 'online' });
  expect(byKey.handler).toMatchObject({ type: 'sel_search', dictCode: 'sys_user,realname,id' });
  expect(byKey.status).toMatchObject({ type: 'select', dictCode: 'valid_status' });
  expect(byKey.name.type).toBe('input');
});
