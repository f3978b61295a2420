import type { Database } from '../db/index';
import { studentResource } from '../../features/edu/student/student-resource';
import { courseResource } from '../../features/edu/course/course-resource';
import { formatRequestParam } from '../../lib/logs/redact';
import { dataContentOf } from '../resources/data-log';
import { selectOne } from '../resources/select';
import { OPERATION_LOG_TYPE } from '../ops/operation-log';

/**
 * Demo 操作日志 and 数据日志 (issue #24 items 7, 8), so 系统管理's two log screens have something to show: a dozen
 * operations of the last days (one refused) and two versions of the first few students and courses. Each part only
 * into its empty table (a restart adds nothing; an administrator's pruning is not undone). Demo only.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Op = [minutesAgo: number, user: string, content: string, type: number, method: string, url: string, body: Record<string, unknown>, ok: boolean, message: string];

const OPS: Op[] = [
  [3 * DAY, 'admin', '用户登录', 2, 'POST', '/sys/login', { username: 'admin', password: 'x', captcha: 'x', checkKey: '1712' }, true, '登录成功'],
  [3 * DAY - 5, 'admin', '角色-编辑', 3, 'PUT', '/sys/role/edit', { id: 'r_teacher', roleName: '教师', description: '任课教师' }, true, '编辑成功!'],
  [2 * DAY, 'jiaowu', '用户登录', 2, 'POST', '/sys/login', { username: 'jiaowu', password: 'x' }, true, '登录成功'],
  [2 * DAY - 12, 'jiaowu', '学员-编辑', 3, 'PUT', '/edu/tblStudent/edit', { id: 'demo', name: '学员', grade: '三年级' }, true, '编辑成功!'],
  [2 * DAY - 30, 'jiaowu', '课程-添加', 2, 'POST', '/course/tblCourse/add', { name: '暑期数学', unit: 1 }, true, '添加成功！'],
  [2 * DAY - 31, 'jiaowu', '课程-添加', 2, 'POST', '/course/tblCourse/add', { name: '暑期数学', unit: 1 }, false, '该值不可用，系统中已存在！'],
  [DAY, 'marketing', '用户登录', 2, 'POST', '/sys/login', { username: 'marketing', password: 'x' }, true, '登录成功'],
  [DAY - 8, 'marketing', '线索-添加', 2, 'POST', '/crm/tblLead/add', { name: '家长', channel: 1 }, true, '添加成功！'],
  [DAY - 40, 'marketing', '修改密码', 3, 'PUT', '/sys/user/updatePassword', { oldpassword: 'x', password: 'x', confirmpassword: 'x' }, true, '密码修改成功！'],
  [300, 'admin', '用户登录', 2, 'POST', '/sys/login', { username: 'admin', password: 'x' }, true, '登录成功'],
  [290, 'admin', '场地-删除', 4, 'DELETE', '/location/tblLocation/delete', {}, true, '删除成功!'],
  [120, 'admin', '学员-导出', 6, 'GET', '/edu/tblStudent/exportXls', {}, true, ''],
];

export async function seedOpDataLogs(db: Database, now = new Date()): Promise<void> {
  const anyOp = await db.selectFrom('sys_log').select('id').where('log_type', '=', OPERATION_LOG_TYPE).limit(1).executeTakeFirst();
  if (!anyOp) {
    await db
      .insertInto('sys_log')
      .values(
        OPS.map(([ago, user, content, type, method, url, body, ok, message], i) => ({
          log_type: OPERATION_LOG_TYPE,
          log_content: content,
          operate_type: type,
          userid: `u_${user === 'jiaowu' ? 'academic' : user}`,
          username: user,
          ip: '192.168.1.20',
          method: `${method} ${url}`,
          request_url: url,
          request_type: method,
          request_param: formatRequestParam({ body }),
          cost_time: 8 + ((i * 7) % 40),
          success: ok ? 1 : 0,
          result_code: ok ? 200 : 500,
          result_message: message || null,
          create_time: new Date(now.getTime() - ago * MINUTE),
        })),
      )
      .execute();
  }

  const anyVersion = await db.selectFrom('sys_data_log').select('id').limit(1).executeTakeFirst();
  if (anyVersion) return;
  const students = await db.selectFrom('tbl_student').select('id').where('del_flag', '=', 0).orderBy('create_time').orderBy('id').limit(3).execute();
  const courses = await db.selectFrom('tbl_course').select('id').where('del_flag', '=', 0).orderBy('create_time').orderBy('id').limit(2).execute();
  const targets = [...students.map((s) => ({ def: studentResource, id: s.id })), ...courses.map((c) => ({ def: courseResource, id: c.id }))];
  for (const [i, { def, id }] of targets.entries()) {
    const row = await selectOne(db, def, id);
    if (!row) continue;
    const current = dataContentOf(def, row);
    // An earlier state (another 备注 / 价格), so 版本对比 shows a difference.
    const earlier = def === studentResource ? { ...current, remark: '新建档案' } : { ...current, price: typeof current.price === 'number' ? current.price + 20 : 100 };
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY - i * MINUTE);
    await db
      .insertInto('sys_data_log')
      .values([
        { id: `demo_dl_${i}_1`, data_table: def.table, data_id: id, data_content: JSON.stringify(earlier), data_version: 1, create_by: 'jiaowu', create_name: '赵立新', create_time: at(5) },
        { id: `demo_dl_${i}_2`, data_table: def.table, data_id: id, data_content: JSON.stringify(current), data_version: 2, create_by: 'admin', create_name: '管理员', create_time: at(1) },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
