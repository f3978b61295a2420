import { sql, type Kysely } from 'kysely';

/* Migrations take Kysely<unknown> on purpose: they must not depend on today's schema types. */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_tenant')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sys_depart')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(32)')
    .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('depart_name_en', 'varchar(500)')
    .addColumn('depart_name_abbr', 'varchar(500)')
    .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('org_category', 'varchar(10)', (c) => c.notNull().defaultTo('2'))
    .addColumn('org_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
    .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mobile', 'varchar(32)')
    .addColumn('address', 'varchar(100)')
    .addColumn('memo', 'varchar(500)')
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sys_user')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('realname', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(255)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('sex', 'integer')
    .addColumn('email', 'varchar(45)')
    .addColumn('phone', 'varchar(45)')
    .addColumn('org_code', 'varchar(64)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('work_no', 'varchar(100)')
    .addColumn('post', 'varchar(100)')
    .addColumn('telephone', 'varchar(45)')
    .addColumn('user_identity', 'integer')
    .addColumn('rel_tenant_ids', 'varchar(100)')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_marketing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_end_time', 'timestamptz')
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  // A phone number identifies a user for SMS login, so it must be unique among live users.
  await sql`create unique index sys_user_phone_uniq on sys_user (phone) where phone is not null and del_flag = 0`.execute(db);

  await db.schema
    .createTable('sys_user_depart')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('dep_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
    .addUniqueConstraint('sys_user_depart_uniq', ['user_id', 'dep_id'])
    .execute();

  await db.schema
    .createTable('sys_role')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(255)')
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sys_user_role')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addUniqueConstraint('sys_user_role_uniq', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('sys_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(32)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)')
    .addColumn('component', 'varchar(255)')
    .addColumn('component_name', 'varchar(100)')
    .addColumn('redirect', 'varchar(255)')
    .addColumn('menu_type', 'integer', (c) => c.notNull())
    .addColumn('perms', 'varchar(1000)')
    .addColumn('perms_type', 'varchar(10)')
    .addColumn('sort_no', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('always_show', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('icon', 'varchar(100)')
    .addColumn('is_route', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_leaf', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('keep_alive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hide_tab', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('description', 'varchar(255)')
    .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rule_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('internal_or_external', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sys_role_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
    .addUniqueConstraint('sys_role_permission_uniq', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('sys_dict')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(255)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('sys_dict_item')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('dict_id', 'varchar(32)', (c) => c.notNull().references('sys_dict.id').onDelete('cascade'))
    .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .addUniqueConstraint('sys_dict_item_uniq', ['dict_id', 'item_value'])
    .execute();

  await db.schema
    .createTable('sys_user_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('client_ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('login_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sys_user_session_user').on('sys_user_session').column('user_id').execute();

  await db.schema
    .createTable('sys_captcha')
    .addColumn('check_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_sms_code')
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('mode', 'varchar(2)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sys_sms_code_pk', ['mobile', 'mode'])
    .execute();

  await db.schema
    .createTable('sys_login_attempt')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sys_login_attempt_lookup')
    .on('sys_login_attempt')
    .columns(['username', 'client_ip', 'create_time'])
    .execute();

  await db.schema
    .createTable('sys_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('log_type', 'integer', (c) => c.notNull())
    .addColumn('log_content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('userid', 'varchar(32)')
    .addColumn('username', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sys_log', 'sys_login_attempt', 'sys_sms_code', 'sys_captcha', 'sys_user_session', 'sys_dict_item', 'sys_dict',
    'sys_role_permission', 'sys_permission', 'sys_user_role', 'sys_role', 'sys_user_depart', 'sys_user', 'sys_depart', 'sys_tenant',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
