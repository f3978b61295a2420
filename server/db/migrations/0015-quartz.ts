import { sql, type Kysely } from 'kysely';

/*
 * 定时任务 (issue 5; server/system/quartz-*.ts): JeecgBoot's sys_quartz_job. status 0 = 正常
 * (scheduled), -1 = 停止. A job class may appear once among live rows, as in JeecgBoot, where the
 * class name is the Quartz job key. Kysely<unknown> on purpose, as in 0001.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_quartz_job')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('create_by', 'varchar(32)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'timestamptz')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_class_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('cron_expression', 'varchar(255)', (c) => c.notNull())
    .addColumn('parameter', 'text')
    .addColumn('description', 'varchar(255)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(-1))
    .addCheckConstraint('sys_quartz_job_status', sql`status in (0, -1)`)
    .execute();
  await sql`create unique index sys_quartz_job_class on sys_quartz_job (job_class_name) where del_flag = 0`.execute(db);

  // The housekeeping jobs ship stopped, so nothing runs until an administrator starts it.
  const rows = [
    ['quartz_temp_clean', 'org.jeecg.modules.quartz.job.TempFileCleanJob', '0 0 3 * * ? *', '{"days":7}', '每天3点清理7天前的临时文件和过期的分片上传'],
    ['quartz_session_clean', 'org.jeecg.modules.quartz.job.SessionCleanJob', '0 30 3 * * ? *', '{"days":30}', '每天3点半删除30天前已过期或已注销的登录会话'],
  ];
  for (const [id, cls, cron, param, desc] of rows) {
    await sql`insert into sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status)
      values (${id}, 'admin', ${cls}, ${cron}, ${param}, ${desc}, -1)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_quartz_job').ifExists().execute();
}
