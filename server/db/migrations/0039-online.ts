import { sql, type Kysely } from 'kysely';

/*
 * Online low-code forms and reports (issue #25), JeecgBoot's onl_cgform_* / onl_cgreport_* / sys_data_source
 * tables with their column names, plus what we keep that JeecgBoot does not:
 * - onl_cgform_head.physical_table: the table the form's rows live in, always `tbl_onl_<table_name>`, so a
 *   form can never name a system table, and every generated table is a business table (tenant-scoped by
 *   server/db/tenant-scope.ts like every other tbl_*).
 * - onl_cgform_field.synced_*: what the database has for the field since the last 同步数据库, so the sync can
 *   preview ALTERs; onl_cgform_backup_column: a column dropped from the definition, renamed and kept with its
 *   data until the administrator confirms the drop.
 * - onl_cgform_version: a snapshot of the definition at each save (版本).
 * - onl_cgform_enhance_js_history: the last 16 versions per (form, js type) (spec 02 §9).
 * - onl_cgreport_head.chart_*: the chart chosen in the designer.
 * Definitions are installation-wide (not tenant rows); the generated tables' rows are per tenant.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onl_cgform_head')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('table_name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('physical_table', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('table_txt', 'varchar(100)', (c) => c.notNull())
    // 1 single table, 2 main table (has children), 3 child table (of a main table).
    .addColumn('table_type', 'int2', (c) => c.notNull().defaultTo(1))
    .addColumn('sub_table_str', 'varchar(1000)')
    .addColumn('is_db_synch', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
    .addColumn('form_version', 'int4', (c) => c.notNull().defaultTo(1))
    .addColumn('is_checkbox', 'varchar(1)', (c) => c.notNull().defaultTo('Y'))
    .addColumn('is_page', 'varchar(1)', (c) => c.notNull().defaultTo('Y'))
    .addColumn('form_category', 'varchar(32)', (c) => c.notNull().defaultTo('temp'))
    .addColumn('description', 'varchar(500)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('onl_cgform_field')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
    .addColumn('db_field_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('db_field_txt', 'varchar(100)', (c) => c.notNull())
    // string | int | double | BigDecimal | Date | Datetime | Text
    .addColumn('db_type', 'varchar(16)', (c) => c.notNull().defaultTo('string'))
    .addColumn('db_length', 'int4', (c) => c.notNull().defaultTo(32))
    .addColumn('db_point_length', 'int4', (c) => c.notNull().defaultTo(0))
    .addColumn('db_default_val', 'varchar(200)')
    .addColumn('db_is_null', 'int2', (c) => c.notNull().defaultTo(1))
    .addColumn('db_is_key', 'int2', (c) => c.notNull().defaultTo(0))
    // text | textarea | password | list | radio | checkbox | list_multi | date | datetime | sel_user | sel_depart | image | file | umeditor
    .addColumn('field_show_type', 'varchar(16)', (c) => c.notNull().defaultTo('text'))
    .addColumn('field_length', 'int4')
    .addColumn('dict_field', 'varchar(100)')
    // '' | 'only' (unique) | a named pattern of spec 02 §5
    .addColumn('field_valid_type', 'varchar(32)')
    .addColumn('is_show_form', 'int2', (c) => c.notNull().defaultTo(1))
    .addColumn('is_show_list', 'int2', (c) => c.notNull().defaultTo(1))
    .addColumn('is_query', 'int2', (c) => c.notNull().defaultTo(0))
    .addColumn('query_mode', 'varchar(10)', (c) => c.notNull().defaultTo('single'))
    .addColumn('sort_flag', 'int2', (c) => c.notNull().defaultTo(0))
    .addColumn('is_read_only', 'int2', (c) => c.notNull().defaultTo(0))
    // Child tables: the main table's name and the main table field this foreign key points at (always id).
    .addColumn('main_table', 'varchar(50)')
    .addColumn('main_field', 'varchar(32)')
    .addColumn('order_num', 'int4', (c) => c.notNull().defaultTo(0))
    // The column as the database has it since the last sync (null: not created yet).
    .addColumn('synced_name', 'varchar(32)')
    .addColumn('synced_type', 'varchar(16)')
    .addColumn('synced_length', 'int4')
    .addColumn('synced_point_length', 'int4')
    .addColumn('synced_is_null', 'int2')
    .addColumn('synced_unique', 'int2')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  await sql`create unique index onl_cgform_field_name on onl_cgform_field (cgform_head_id, db_field_name)`.execute(db);

  // Columns dropped from a definition whose data is kept until the administrator confirms the drop.
  await db.schema
    .createTable('onl_cgform_backup_column')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
    .addColumn('field_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('backup_column', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('onl_cgform_version')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
    .addColumn('form_version', 'int4', (c) => c.notNull())
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index onl_cgform_version_head on onl_cgform_version (cgform_head_id, form_version)`.execute(db);

  await db.schema
    .createTable('onl_cgform_enhance_js')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
    // 'list' (list buttons and row hooks) | 'form' (form hooks)
    .addColumn('cg_js_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('cg_js', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'varchar(1000)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  await sql`create unique index onl_cgform_enhance_js_type on onl_cgform_enhance_js (cgform_head_id, cg_js_type)`.execute(db);

  await db.schema
    .createTable('onl_cgform_enhance_js_history')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull().references('onl_cgform_head.id').onDelete('cascade'))
    .addColumn('cg_js_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('cg_js', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index onl_cgform_enhance_js_history_code on onl_cgform_enhance_js_history (cgform_head_id, cg_js_type, create_time desc)`.execute(db);

  await db.schema
    .createTable('sys_data_source')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    // Only PostgreSQL is offered (the report runner's guards are PostgreSQL's).
    .addColumn('db_type', 'varchar(10)', (c) => c.notNull().defaultTo('4'))
    .addColumn('db_driver', 'varchar(100)', (c) => c.notNull().defaultTo('org.postgresql.Driver'))
    .addColumn('db_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('db_name', 'varchar(100)')
    .addColumn('db_username', 'varchar(100)', (c) => c.notNull())
    // AES-256-GCM ciphertext (server/core/secret.ts), never sent to a client.
    .addColumn('db_password', 'varchar(500)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('onl_cgreport_head')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('cgr_sql', 'text', (c) => c.notNull())
    // sys_data_source.code, or null for the product's own database.
    .addColumn('db_source', 'varchar(100)')
    .addColumn('content', 'varchar(1000)')
    // none | bar | line | pie
    .addColumn('chart_type', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('chart_x', 'varchar(32)')
    .addColumn('chart_y', 'varchar(200)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('onl_cgreport_item')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
    .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_txt', 'varchar(100)', (c) => c.notNull())
    .addColumn('field_width', 'int4')
    // String | Integer | Double | Date | Datetime
    .addColumn('field_type', 'varchar(16)', (c) => c.notNull().defaultTo('String'))
    .addColumn('is_show', 'int2', (c) => c.notNull().defaultTo(1))
    .addColumn('is_order', 'int2', (c) => c.notNull().defaultTo(0))
    .addColumn('is_search', 'int2', (c) => c.notNull().defaultTo(0))
    .addColumn('search_mode', 'varchar(10)')
    .addColumn('dict_code', 'varchar(100)')
    .addColumn('order_num', 'int4', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index onl_cgreport_item_field on onl_cgreport_item (cgrhead_id, field_name)`.execute(db);

  await db.schema
    .createTable('onl_cgreport_param')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
    .addColumn('param_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('param_txt', 'varchar(100)', (c) => c.notNull())
    .addColumn('param_value', 'varchar(200)')
    .addColumn('order_num', 'int4', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index onl_cgreport_param_name on onl_cgreport_param (cgrhead_id, param_name)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'onl_cgreport_param',
    'onl_cgreport_item',
    'onl_cgreport_head',
    'sys_data_source',
    'onl_cgform_enhance_js_history',
    'onl_cgform_enhance_js',
    'onl_cgform_version',
    'onl_cgform_backup_column',
    'onl_cgform_field',
    'onl_cgform_head',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
