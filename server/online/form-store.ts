import type { Selectable } from 'kysely';
import type { Database } from '../db';
import type { OnlCgformFieldTable, OnlCgformHeadTable } from '../db/schema';
import type { CgformField, CgformHead, CgformShowType, CgformDbType } from '../../lib/online/wire';
import { formatDateTime } from '../core/format';

/**
 * Reading online form definitions (issue #25): one place that turns onl_cgform_head/onl_cgform_field rows into
 * the wire types of lib/online/wire.ts, for the designer (server/online/online-form-routes.ts) and the generated
 * CRUD (server/online/online-form-data-routes.ts).
 */

export interface LoadedForm {
  head: CgformHead;
  fields: CgformField[];
  /** Main tables: the child forms (tableType 3) whose fields name this form as mainTable. */
  children: LoadedForm[];
}

type HeadRow = Selectable<OnlCgformHeadTable>;
type FieldRow = Selectable<OnlCgformFieldTable>;

export const toHead = (r: HeadRow): CgformHead => ({
  id: r.id,
  tableName: r.table_name,
  tableTxt: r.table_txt,
  tableType: r.table_type as CgformHead['tableType'],
  subTableStr: r.sub_table_str,
  isDbSynch: r.is_db_synch === 'Y' ? 'Y' : 'N',
  formVersion: r.form_version,
  isCheckbox: r.is_checkbox === 'N' ? 'N' : 'Y',
  isPage: r.is_page === 'N' ? 'N' : 'Y',
  description: r.description,
  createBy: r.create_by,
  createTime: formatDateTime(r.create_time) ?? '',
  updateTime: formatDateTime(r.update_time),
});

const flag = (n: number | null | undefined): 0 | 1 => (n ? 1 : 0);

export const toField = (r: FieldRow): CgformField => ({
  id: r.id,
  dbFieldName: r.db_field_name,
  dbFieldTxt: r.db_field_txt,
  dbType: r.db_type as CgformDbType,
  dbLength: r.db_length,
  dbPointLength: r.db_point_length,
  dbDefaultVal: r.db_default_val,
  dbIsNull: flag(r.db_is_null),
  fieldShowType: r.field_show_type as CgformShowType,
  fieldLength: r.field_length,
  dictField: r.dict_field,
  fieldValidType: r.field_valid_type,
  isShowForm: flag(r.is_show_form),
  isShowList: flag(r.is_show_list),
  isQuery: flag(r.is_query),
  queryMode: r.query_mode === 'group' ? 'group' : 'single',
  sortFlag: flag(r.sort_flag),
  isReadOnly: flag(r.is_read_only),
  mainTable: r.main_table,
  mainField: r.main_field,
  orderNum: r.order_num,
});

async function fieldsOf(db: Database, headId: string): Promise<CgformField[]> {
  const rows = await db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', headId).orderBy('order_num').orderBy('db_field_name').execute();
  return rows.map(toField);
}

/** A form by its code (tableName) or id, with its child forms; undefined when there is none. */
export async function loadForm(db: Database, key: { code: string } | { id: string }): Promise<LoadedForm | undefined> {
  const q = db.selectFrom('onl_cgform_head').selectAll();
  const row = await ('code' in key ? q.where('table_name', '=', key.code) : q.where('id', '=', key.id)).executeTakeFirst();
  if (!row) return undefined;
  const head = toHead(row);
  const fields = await fieldsOf(db, head.id);
  const children: LoadedForm[] = [];
  if (head.tableType === 2) {
    const childRows = await db
      .selectFrom('onl_cgform_head')
      .selectAll()
      .where('table_type', '=', 3)
      .where('id', 'in', db.selectFrom('onl_cgform_field').select('cgform_head_id').where('main_table', '=', head.tableName))
      .orderBy('table_name')
      .execute();
    for (const c of childRows) children.push({ head: toHead(c), fields: await fieldsOf(db, c.id), children: [] });
  }
  return { head, fields, children };
}
