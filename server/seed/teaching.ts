import type { Database } from '../db/index';
import { linkId } from '../core/ids';
import { PERMS } from '../../lib/permissions/codes';
import { crud, defButtons, type SeedPerm } from './perm-rows';
import { courseResource } from '../../features/edu/course/course-resource';
import { CRM_PERMS } from './crm';
import { SYSTEM_ADMIN_PERMS } from './system-admin';
import { insertChunks } from './chunks';

/**
 * Teaching affairs (issue 7): the button permissions the embedded API enforces, seeded on every start
 * like locations.ts (a row is linked to its roles only when this run inserted it, so an
 * administrator's later unlinking stands). The menu rows are in server/seed/seed-data.ts.
 */

const ADMIN = ['role_admin'];
const ACADEMIC = ['role_admin', 'role_academic'];
const STAFF = ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'];
const TEACHING = ['role_admin', 'role_academic', 'role_teacher'];
const SALES = ['role_admin', 'role_academic', 'role_marketing'];

export const TEACHING_PERMS: SeedPerm[] = [
  { id: 'perm_btn_cal_list', parent: 'perm_calpanel', name: '查看行事历', perms: PERMS.calendar.list, roles: STAFF },
  { id: 'perm_btn_cal_add', parent: 'perm_calpanel', name: '新增日程', perms: PERMS.calendar.add, roles: ACADEMIC },
  { id: 'perm_btn_cal_edit', parent: 'perm_calpanel', name: '调整日程', perms: PERMS.calendar.edit, roles: ACADEMIC },
  { id: 'perm_btn_cal_cancel', parent: 'perm_calpanel', name: '取消日程', perms: PERMS.calendar.cancel, roles: ACADEMIC },
  { id: 'perm_btn_cal_override', parent: 'perm_calpanel', name: '冲突时强制保存', perms: PERMS.calendar.override, roles: ADMIN },
  // Every staff role keeps seeing the whole school (free rooms, colleagues); a role without it sees only its own sessions.
  { id: 'perm_btn_cal_all', parent: 'perm_calpanel', name: '查看全部课次', perms: PERMS.calendar.all, roles: STAFF },
  { id: 'perm_btn_cal_series', parent: 'perm_calpanel', name: '批量排课', perms: PERMS.series.add, roles: ACADEMIC },
  { id: 'perm_btn_cal_check', parent: 'perm_calpanel', name: '点名', perms: PERMS.attendance.check, roles: TEACHING },
  { id: 'perm_btn_cal_revoke', parent: 'perm_calpanel', name: '撤销点名', perms: PERMS.attendance.revoke, roles: ACADEMIC },
  { id: 'perm_btn_cal_makeup', parent: 'perm_calpanel', name: '安排补课', perms: PERMS.attendance.makeup, roles: ACADEMIC },
  ...crud('perm_btn_holiday', 'perm_edu_holiday', '节假日', PERMS.holiday, { read: ACADEMIC, write: ACADEMIC, remove: ACADEMIC }),
  ...crud('perm_btn_clazz', 'perm_edu_clazz', '班级', PERMS.clazz, { read: TEACHING, write: ACADEMIC, remove: ACADEMIC }, ['exportXls']),
  ...crud('perm_btn_tch', 'perm_edu_teacher', '教师', PERMS.teacher, { read: ACADEMIC, write: ACADEMIC, remove: ACADEMIC }, ['exportXls']),
  { id: 'perm_btn_tch_transfer', parent: 'perm_edu_teacher', name: '教师调动', perms: PERMS.teacher.transfer, roles: ACADEMIC },
  ...crud('perm_btn_stu', 'perm_edu_student', '学员', PERMS.student, { read: STAFF, write: SALES, remove: ACADEMIC }, ['exportXls', 'importExcel']),
  // Without it 手机 and 监护人电话 come masked (server/edu/catalog-teaching.ts).
  { id: 'perm_btn_stu_phone', parent: 'perm_edu_student', name: '查看完整手机号', perms: PERMS.student.phone, roles: ACADEMIC },
  // Every staff role reads the course catalogue: marketing sells 课时包, teachers file homework (课程资料) by course.
  ...defButtons(courseResource, 'perm_edu_course', { read: STAFF, write: ACADEMIC, remove: ACADEMIC }, 'perm_btn_course'),
  ...crud('perm_btn_material', 'perm_edu_material', '课程资料', PERMS.material, { read: TEACHING, write: TEACHING, remove: ACADEMIC }, ['exportXls']),
  ...crud('perm_btn_room', 'perm_edu_room', '教室', PERMS.room, { read: ACADEMIC, write: ACADEMIC, remove: ACADEMIC }),
  { id: 'perm_btn_sched_list', parent: 'perm_edu_schedule', name: '查看课表', perms: PERMS.schedule.list, roles: TEACHING },
  { id: 'perm_btn_apply_list', parent: 'perm_edu_audit', name: '查看申请', perms: PERMS.apply.list, roles: TEACHING },
  { id: 'perm_btn_apply_add', parent: 'perm_edu_audit', name: '提交请假/调课申请', perms: PERMS.apply.add, roles: TEACHING },
  { id: 'perm_btn_apply_audit', parent: 'perm_edu_audit', name: '审核申请', perms: PERMS.apply.audit, roles: ACADEMIC },
  { id: 'perm_btn_apply_withdraw', parent: 'perm_edu_audit', name: '撤销申请', perms: PERMS.apply.withdraw, roles: TEACHING },
  { id: 'perm_btn_live_list', parent: 'perm_edu_live', name: '查看直播课堂', perms: PERMS.live.list, roles: TEACHING },
  { id: 'perm_btn_live_edit', parent: 'perm_edu_live', name: '设置直播链接', perms: PERMS.live.edit, roles: ACADEMIC },
  { id: 'perm_btn_inner_list', parent: 'perm_inner_calendar', name: '查看内部班', perms: PERMS.inner.list, roles: TEACHING },
  { id: 'perm_btn_clazz_group', parent: 'perm_edu_clazz', name: '班级分组', perms: PERMS.clazzGroup.edit, roles: ACADEMIC },
  { id: 'perm_btn_sched_export', parent: 'perm_edu_schedule', name: '导出课表', perms: PERMS.schedule.exportXls, roles: ACADEMIC },
  // 课程 and 学习工具 (issue #22): 教务 prepares the content; teachers read templates, build workbooks and
  // assign and grade the homework of the classes they teach.
  { id: 'perm_btn_ctype_add', parent: 'perm_course_type', name: '新增课程分类', perms: PERMS.courseType.add, roles: ACADEMIC },
  { id: 'perm_btn_ctype_edit', parent: 'perm_course_type', name: '编辑课程分类', perms: PERMS.courseType.edit, roles: ACADEMIC },
  { id: 'perm_btn_ctype_delete', parent: 'perm_course_type', name: '删除课程分类', perms: PERMS.courseType.delete, roles: ACADEMIC },
  { id: 'perm_btn_chapter_add', parent: 'perm_edu_course', name: '新增章节', perms: PERMS.chapter.add, roles: ACADEMIC },
  { id: 'perm_btn_chapter_edit', parent: 'perm_edu_course', name: '编辑章节', perms: PERMS.chapter.edit, roles: ACADEMIC },
  { id: 'perm_btn_chapter_delete', parent: 'perm_edu_course', name: '删除章节', perms: PERMS.chapter.delete, roles: ACADEMIC },
  ...crud('perm_btn_tpl', 'perm_course_template', '教学模板', PERMS.template, { read: TEACHING, write: ACADEMIC, remove: ACADEMIC }, ['exportXls']),
  { id: 'perm_btn_tpl_apply', parent: 'perm_course_template', name: '应用教学模板', perms: PERMS.template.apply, roles: ACADEMIC },
  ...crud('perm_btn_workbook', 'perm_learn_workbook', '练习册', PERMS.workbook, { read: TEACHING, write: TEACHING, remove: ACADEMIC }),
  { id: 'perm_btn_workbook_rename', parent: 'perm_learn_workbook', name: '重命名练习册', perms: PERMS.workbook.rename, roles: TEACHING },
  ...crud('perm_btn_homework', 'perm_learn_homework', '作业', PERMS.homework, { read: TEACHING, write: TEACHING, remove: ACADEMIC }, ['exportXls']),
  { id: 'perm_btn_homework_grade', parent: 'perm_learn_homework', name: '批改作业', perms: PERMS.homework.grade, roles: TEACHING },
];

const FIRST_SORT_NO = 300;

export async function seedTeachingPerms(db: Database): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // CRM_PERMS, then SYSTEM_ADMIN_PERMS after the teaching rows, so the sort numbers of rows seeded before them never move.
    const all = [...TEACHING_PERMS, ...CRM_PERMS, ...SYSTEM_ADMIN_PERMS];
    const inserted = new Set<string>();
    await insertChunks(
      all.map((p, i) => ({ id: p.id, parent_id: p.parent, name: p.name, url: null, component: null, menu_type: 2, perms: p.perms, perms_type: '1', sort_no: FIRST_SORT_NO + i, icon: null, is_leaf: true })),
      async (rows) => {
        for (const r of await tx.insertInto('sys_permission').values(rows).onConflict((oc) => oc.column('id').doNothing()).returning('id').execute()) inserted.add(r.id);
      },
    );
    const created = all.filter((p) => inserted.has(p.id));
    const parents = new Set(created.map((p) => p.parent));
    const links = created.flatMap((p) => p.roles.map((roleId) => ({ id: linkId(roleId, p.id), role_id: roleId, permission_id: p.id })));
    await insertChunks(links, (rows) => tx.insertInto('sys_role_permission').values(rows).onConflict((oc) => oc.doNothing()).execute());
    // The menu rows now carry buttons (server/seed/seed-data.ts computes is_leaf from its own rows only).
    if (parents.size) await tx.updateTable('sys_permission').set({ is_leaf: false }).where('id', 'in', [...parents]).execute();
  });
}
