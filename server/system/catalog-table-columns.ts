import { fieldByName } from '../../lib/resources/field-kinds';
import { CUSTOM_SHOW_TYPES, parseOptionItem } from '../../lib/resources/custom-columns';
import { tableColumnResource } from '../../features/system/table-columns/table-column-resource';
import { ApiFailure } from '../core/errors';
import type { CrudHooks } from '../resources/crud';
import { listResources, registerResource } from '../resources/registry';

/**
 * 自定义列: sys_table_column through the resource engine. A column may only be defined for a table whose
 * resource stores custom values, under a name none of that table's resources already uses; its name
 * and table are fixed once created (stored values are keyed by them).
 */

export const CUSTOM_TABLE_REFUSED = '该表不支持自定义列';
export const CUSTOM_FIELD_TAKEN = '字段名与该表已有字段重复';
export const CUSTOM_FIELD_FIXED = '所属表和字段名创建后不能修改';
export const CUSTOM_OPTIONS_REQUIRED = '下拉类型须填写下拉选项（用逗号分隔，可写成 值:文本）';

const hooks: CrudHooks = {
  beforeSave(row, ctx) {
    if (ctx.mode === 'edit') {
      const e = ctx.existing ?? {};
      if ((row.tableName !== undefined && row.tableName !== e.table_name) || (row.jdbcField !== undefined && row.jdbcField !== e.jdbc_field)) throw new ApiFailure(CUSTOM_FIELD_FIXED);
    } else {
      const table = String(row.tableName ?? '');
      const owners = listResources().filter((r) => r.def.customValuesColumn && (r.def.customColumnsTable ?? r.def.table) === table);
      if (!owners.length) throw new ApiFailure(CUSTOM_TABLE_REFUSED);
      const name = String(row.jdbcField ?? '');
      if (owners.some((r) => fieldByName(r.def, name) || r.def.rowKey === name)) throw new ApiFailure(CUSTOM_FIELD_TAKEN);
    }
    const showType = String(row.showType ?? (ctx.existing?.show_type as string | undefined) ?? 'input');
    if (!Object.hasOwn(CUSTOM_SHOW_TYPES, showType)) throw new ApiFailure('显示类型不正确');
    const options = row.optionItem !== undefined ? row.optionItem : ctx.existing?.option_item;
    if ((showType === 'select' || showType === 'list_multi') && !parseOptionItem(options as string | null).length) throw new ApiFailure(CUSTOM_OPTIONS_REQUIRED);
  },
};

export function registerTableColumnResources(): void {
  registerResource(tableColumnResource, hooks);
}
