import type { Database } from '../db/index';
import { linkId } from '../core/ids';
import { sendRowId } from '../message/announcements';
import { PERMS } from '../../lib/permissions/codes';

/**
 * Reference and demo rows for announcements, called once per start from server/seed/index.ts.
 * Idempotent: a permission row is linked to its roles only when this run inserted it (an
 * administrator's later unlinking stands); templates are inserted when their code is missing; demo
 * announcements only into an empty table.
 */

/** The menu rows (server/seed/seed-data.ts) of the screens these buttons belong to; 发送消息 is on 消息模板. */
const ANNT = 'perm_isystem_annt';
const TEMPLATES = 'perm_isystem_msg_template';
const MESSAGES = 'perm_isystem_message';

export const ANNOUNCEMENT_PERMS = [
  { id: 'perm_btn_annt_list', parent: ANNT, name: '查看系统通告', perms: PERMS.announcement.list },
  { id: 'perm_btn_annt_add', parent: ANNT, name: '新增系统通告', perms: PERMS.announcement.add },
  { id: 'perm_btn_annt_edit', parent: ANNT, name: '编辑系统通告', perms: PERMS.announcement.edit },
  { id: 'perm_btn_annt_delete', parent: ANNT, name: '删除系统通告', perms: PERMS.announcement.delete },
  { id: 'perm_btn_annt_release', parent: ANNT, name: '发布系统通告', perms: PERMS.announcement.release },
  { id: 'perm_btn_annt_revoke', parent: ANNT, name: '撤销系统通告', perms: PERMS.announcement.revoke },
  { id: 'perm_btn_message_send', parent: TEMPLATES, name: '发送系统消息', perms: PERMS.message.send },
  { id: 'perm_btn_msg_tpl_list', parent: TEMPLATES, name: '查看消息模板', perms: PERMS.messageTemplate.list },
  { id: 'perm_btn_msg_tpl_add', parent: TEMPLATES, name: '新增消息模板', perms: PERMS.messageTemplate.add },
  { id: 'perm_btn_msg_tpl_edit', parent: TEMPLATES, name: '编辑消息模板', perms: PERMS.messageTemplate.edit },
  { id: 'perm_btn_msg_tpl_delete', parent: TEMPLATES, name: '删除消息模板', perms: PERMS.messageTemplate.delete },
  { id: 'perm_btn_msg_tpl_delete_batch', parent: TEMPLATES, name: '批量删除消息模板', perms: PERMS.messageTemplate.deleteBatch },
  { id: 'perm_btn_message_list', parent: MESSAGES, name: '查看消息记录', perms: PERMS.message.list },
] as const;

const PERM_ROLES = ['role_admin'];

export const SEEDED_TEMPLATES = [
  {
    id: 'tpl_course_change',
    template_code: 'course_change_notice',
    template_name: '调课通知',
    template_title: '调课通知：${courseName}',
    template_content:
      '<p>${teacherName}老师您好：</p><p>您负责的课程「${courseName}」已调整至 <strong>${newTime}</strong>，上课地点：${location}。</p><p>如有疑问请联系教务处。</p>',
    template_type: '2',
    template_test_json: JSON.stringify({ teacherName: '李文静', courseName: '初二数学提高班', newTime: '周六 09:00-11:00', location: '北京校区 302 教室' }),
  },
  {
    id: 'tpl_homework_remind',
    template_code: 'homework_remind',
    template_name: '作业批改提醒',
    template_title: '作业待批改提醒',
    template_content: '${teacherName}老师，您有 ${count} 份作业待批改，请于 ${deadline} 前完成。\n批改完成后系统将自动通知学生。',
    template_type: '1',
    template_test_json: JSON.stringify({ teacherName: '周明', count: 12, deadline: '本周五 18:00' }),
  },
];

const DAY = 24 * 3600_000;

function demoAnnouncements(now: number) {
  const at = (offset: number) => new Date(now + offset);
  const base = { del_flag: '0', bus_type: null, bus_id: null, msg_abstract: null, dt_task_id: null, cancel_time: null, create_by: 'admin', update_by: null, update_time: null };
  return [
    {
      ...base,
      id: 'annt_demo_winter',
      titile: '关于2026年寒假放假安排的通知',
      msg_content:
        '<p>各位老师：</p><p>根据集团校历安排，2026年寒假自<strong>1月24日</strong>起至<strong>2月22日</strong>止，2月23日正式上课。</p><ul><li>寒假集训班照常进行，具体排课见行事历；</li><li>放假前请完成本学期成绩录入与教室设备检查。</li></ul><p>祝大家假期愉快！</p>',
      priority: 'H', msg_category: '1', msg_type: 'ALL', user_ids: null, send_status: '1', sender: 'admin',
      start_time: at(-3 * DAY), end_time: at(90 * DAY), send_time: at(-3 * DAY), create_time: at(-3 * DAY - 3600_000),
      open_type: null, open_page: null,
    },
    {
      ...base,
      id: 'annt_demo_evaluation',
      titile: '本学期教学质量评估工作启动',
      msg_content: '<p>本学期教学质量评估将于下周一启动，评估内容包括课堂教学、作业批改与学员满意度。</p><p>请各教研组长组织本组教师完成自评表。</p>',
      priority: 'M', msg_category: '1', msg_type: 'ALL', user_ids: null, send_status: '1', sender: 'admin',
      start_time: at(-DAY), end_time: at(60 * DAY), send_time: at(-DAY), create_time: at(-DAY - 3600_000),
      open_type: null, open_page: null,
    },
    {
      ...base,
      id: 'annt_demo_security',
      titile: '账户安全提醒：请及时修改初始密码',
      msg_content: '<p>为保障账户安全，请尚未修改初始密码的用户尽快在「账户设置 → 安全设置」中修改密码。</p>',
      priority: 'L', msg_category: '2', msg_type: 'ALL', user_ids: null, send_status: '1', sender: 'admin',
      start_time: at(-2 * 3600_000), end_time: at(30 * DAY), send_time: at(-2 * 3600_000), create_time: at(-3 * 3600_000),
      open_type: 'url', open_page: '/account/settings/security',
    },
    {
      ...base,
      id: 'annt_demo_invigilate',
      titile: '期中考试监考安排',
      msg_content: '<p>李老师您好：</p><p>您被安排于下周三上午 9:00-11:00 在北京校区 201 教室监考初二数学期中考试，请提前 15 分钟到场领取试卷。</p>',
      priority: 'M', msg_category: '1', msg_type: 'USER', user_ids: 'u_teacher,', send_status: '1', sender: 'jiaowu',
      start_time: at(-3600_000), end_time: at(14 * DAY), send_time: at(-3600_000), create_time: at(-2 * 3600_000),
      open_type: null, open_page: null,
    },
    {
      ...base,
      id: 'annt_demo_draft',
      titile: '暑期教师培训报名通知（草稿）',
      msg_content: '<p>暑期教师培训将于7月中旬举行，报名方式另行通知。</p>',
      priority: 'L', msg_category: '1', msg_type: 'ALL', user_ids: null, send_status: '0', sender: null,
      start_time: null, end_time: null, send_time: null, create_time: at(-600_000),
      open_type: null, open_page: null,
    },
  ];
}

export async function seedAnnouncements(db: Database, { demo }: { demo: boolean }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    let sort = 110;
    for (const p of ANNOUNCEMENT_PERMS) {
      const inserted = await tx
        .insertInto('sys_permission')
        .values({ id: p.id, parent_id: p.parent, name: p.name, url: null, component: null, component_name: null, redirect: null, menu_type: 2, perms: p.perms, perms_type: '1', sort_no: sort++, icon: null, description: null, create_by: null, update_by: null, update_time: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      // The menu row was computed a leaf by seed-data.ts: its buttons live here.
      await tx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', p.parent).execute();
      for (const roleId of PERM_ROLES) {
        await tx.insertInto('sys_role_permission').values({ id: linkId(roleId, p.id), role_id: roleId, permission_id: p.id }).onConflict((oc) => oc.doNothing()).execute();
      }
    }
    for (const t of SEEDED_TEMPLATES) {
      await tx.insertInto('sys_message_template').values({ ...t, create_by: 'system', update_by: null, update_time: null }).onConflict((oc) => oc.doNothing()).execute();
    }
    if (!demo || (await tx.selectFrom('sys_announcement').select('id').limit(1).executeTakeFirst())) return;
    const rows = demoAnnouncements(Date.now());
    await tx.insertInto('sys_announcement').values(rows).execute();
    for (const a of rows) {
      if (a.msg_type !== 'USER') continue;
      for (const uid of a.user_ids!.split(',').filter(Boolean)) {
        await tx.insertInto('sys_announcement_send').values({ id: sendRowId(a.id, uid), annt_id: a.id, user_id: uid, read_flag: '0', read_time: null, create_by: 'admin', update_by: null, update_time: null }).execute();
      }
    }
  });
}
