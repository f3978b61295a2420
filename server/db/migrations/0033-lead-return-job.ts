import { sql, type Kysely } from 'kysely';

/*
 * 线索自动回收 (issue #23) ships running, daily at 2:00 (Asia/Shanghai): the pool's settings decide whether it
 * does anything (a disabled pool returns nothing), so the schedule itself can be on from the start. Once, here,
 * rather than in the seed: an administrator who deletes or stops the row is not overruled at the next start.
 * Skipped when a live row of that class already exists (the class is unique among live rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sys_quartz_job (id, create_by, job_class_name, cron_expression, parameter, description, status)
    select 'quartz_lead_return', 'admin', 'org.jeecg.modules.crm.job.LeadAutoReturnJob', '0 0 2 * * ? *', '{}',
      '每天2点按线索池设置退回超期未跟进或未成交的线索，并提前提醒负责人', 0
    where not exists (select 1 from sys_quartz_job where job_class_name = 'org.jeecg.modules.crm.job.LeadAutoReturnJob' and del_flag = 0)`.execute(db);
}
