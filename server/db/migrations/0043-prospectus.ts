import { sql, type Kysely } from 'kysely';
import { linkId } from '../../core/ids';

/*
 * 招生简章 (issue #26 item 5). A brochure: title, template (lib/work/prospectus-templates.ts), subtitle, cover (a stored
 * image path) and its ordered typed blocks as jsonb (lib/work/prospectus-blocks.ts, validated and sanitised by the
 * service). status 0 草稿 / 1 已发布; public_token (256 random bits, url-safe) exists only while published, so a
 * withdrawal kills the link at once. tbl_* names: the tenant scope plugin fills and filters tenant_id.
 * tbl_prospectus_signup keeps each accepted public sign-up as sent (client IP, the lead it made, or the live lead
 * that already had the phone): the per-IP and per-brochure rate limits count it, and a duplicate loses nothing. The lead channel 招生简章 (lead_channel 7) joins installations whose dictionary
 * exists already; a new installation gets it from the seed. Kysely<unknown> on purpose, as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table tbl_prospectus (
    id varchar(32) primary key,
    title varchar(60) not null,
    template varchar(32) not null,
    subtitle varchar(100),
    cover varchar(500),
    blocks jsonb not null default '[]'::jsonb,
    status integer not null default 0,
    public_token varchar(64),
    publish_time timestamptz,
    del_flag integer not null default 0,
    create_by varchar(50),
    create_time timestamptz not null default now(),
    update_by varchar(50),
    update_time timestamptz,
    tenant_id integer not null default 1,
    constraint tbl_prospectus_status check (status in (0, 1)),
    constraint tbl_prospectus_token check ((status = 1) = (public_token is not null)))`.execute(db);
  await sql`create unique index tbl_prospectus_public_token on tbl_prospectus (public_token) where public_token is not null`.execute(db);
  await sql`create index tbl_prospectus_template on tbl_prospectus (tenant_id, template, create_time desc) where del_flag = 0`.execute(db);
  await sql`create table tbl_prospectus_signup (
    id varchar(32) primary key,
    prospectus_id varchar(32) not null references tbl_prospectus (id),
    client_ip varchar(64) not null,
    name varchar(20) not null,
    phone varchar(30) not null,
    course_id varchar(32),
    remark varchar(500),
    lead_id varchar(32),
    create_time timestamptz not null default now(),
    tenant_id integer not null default 1)`.execute(db);
  await sql`create index tbl_prospectus_signup_brochure on tbl_prospectus_signup (prospectus_id, create_time)`.execute(db);
  await sql`create index tbl_prospectus_signup_ip on tbl_prospectus_signup (client_ip, create_time)`.execute(db);
  // The item id is the one the seed gives it (linkId of the dictionary's id and the value).
  await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order)
    select ${linkId('dict_lead_channel', '7')}, id, '7', '招生简章', 7
    from sys_dict where id = 'dict_lead_channel'
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_dict_item where item_value = '7' and dict_id in (select id from sys_dict where dict_code = 'lead_channel')`.execute(db);
  await db.schema.dropTable('tbl_prospectus_signup').ifExists().execute();
  await db.schema.dropTable('tbl_prospectus').ifExists().execute();
}
