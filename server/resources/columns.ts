import { columnOf, fieldByName, rowKeyColumn, valueTypeOf } from '../../lib/resources/field-kinds';
import type { BodyRow } from '../../lib/resources/to-schema';
import type { ResourceDef } from '../../lib/resources/types';
import type { AuthContext } from '../core/context';
import { parseDateBoundGmt8 } from '../core/format';
import { withPinyinKeys } from './pinyin-key';
import type { Row } from './query';

/** Field-named values → columns (datetime wall time in GMT+8 → instant). Virtual fields are left to hooks. */
export function toColumns(def: ResourceDef, body: BodyRow): Row {
  const row: Row = {};
  for (const [name, v] of Object.entries(body)) {
    const f = fieldByName(def, name);
    if (!f || f.virtual || name === def.rowKey) continue;
    row[columnOf(f)] = valueTypeOf(f) === 'datetime' && typeof v === 'string' ? parseDateBoundGmt8(v, 'begin') : v;
  }
  // Every engine write (add, edit, import) keeps the 拼音 sort keys of the texts it writes.
  return withPinyinKeys(def, row);
}

/** Sets an audit column when the resource declares the field. */
export function audit(def: ResourceDef, row: Row, name: string, value: unknown) {
  const f = fieldByName(def, name);
  if (f && !f.virtual) row[columnOf(f)] = value;
}

/** A new row's columns, as the form's add and an Excel import both insert it: key, creation audit, owner. */
export function newRowColumns(def: ResourceDef, body: BodyRow, id: string, auth: AuthContext): Row {
  const row = toColumns(def, body);
  row[rowKeyColumn(def)] = id;
  audit(def, row, 'createBy', auth.user.username);
  audit(def, row, 'createTime', new Date());
  const owner = def.ownerField ? fieldByName(def, def.ownerField) : undefined;
  if (owner && !owner.virtual && def.ownerField !== 'createBy' && body[owner.name] == null) row[columnOf(owner)] = auth.user.id;
  return row;
}
