import { sql, type Kysely } from 'kysely';

/*
 * 场地 (spec 01 §3 "Venue"; features/edu/location/location-resource.ts). province / city are 6-digit
 * region codes of the area linkage (900000 = 海外); in_charge and own_by are sys_user ids (no foreign
 * key, like JeecgBoot: a removed user's venues stay readable). Soft delete (del_flag 1) so schedules that
 * will name a venue keep resolving it. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tbl_location')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('province', 'varchar(32)', (c) => c.notNull())
    .addColumn('city', 'varchar(32)', (c) => c.notNull())
    .addColumn('dict', 'varchar(32)')
    .addColumn('detail_location', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_double_teacher', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_member', 'integer', (c) => c.notNull())
    .addColumn('in_charge', 'varchar(32)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('priority', 'integer')
    .addColumn('remark', 'varchar(500)')
    .addColumn('hotel_contact', 'varchar(50)')
    .addColumn('phone', 'varchar(30)')
    .addColumn('hotel_expenses', 'varchar(500)')
    .addColumn('own_by', 'varchar(32)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  // The list pages by (create_time, id) by default and filters by region; in_charge / own_by serve the
  // teacher's venues and the ownership checks of edit and delete.
  await db.schema.createIndex('tbl_location_create_time').on('tbl_location').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('tbl_location_region').on('tbl_location').columns(['province', 'city']).execute();
  await db.schema.createIndex('tbl_location_in_charge').on('tbl_location').column('in_charge').execute();
  await db.schema.createIndex('tbl_location_own_by').on('tbl_location').column('own_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tbl_location').ifExists().execute();
}
