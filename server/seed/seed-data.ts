/** Demo organisation: a training school with two campuses (contract §11's shapes, school-flavoured names). */

import { PERMS } from '../../lib/permissions/codes';
import { SCREENS } from '../../lib/screens';

export const DEMO_PASSWORD = 'jiaowu2026';

export const TENANTS = [{ id: 1, name: '星辰教育', status: 1 }];

export const DEPARTS = [
  { id: 'dep_root', parent_id: null, depart_name: '星辰教育集团', org_code: 'A01', org_category: '1', org_type: '1', depart_order: 0 },
  { id: 'dep_jwc', parent_id: 'dep_root', depart_name: '教务处', org_code: 'A01A01', org_category: '2', org_type: '2', depart_order: 1 },
  { id: 'dep_mkt', parent_id: 'dep_root', depart_name: '市场部', org_code: 'A01A02', org_category: '2', org_type: '2', depart_order: 2 },
  { id: 'dep_bj', parent_id: 'dep_root', depart_name: '北京校区', org_code: 'A01A03', org_category: '2', org_type: '2', depart_order: 3 },
  { id: 'dep_sh', parent_id: 'dep_root', depart_name: '上海校区', org_code: 'A01A04', org_category: '2', org_type: '2', depart_order: 4 },
  { id: 'dep_bj_math', parent_id: 'dep_bj', depart_name: '数学教研组', org_code: 'A01A03A01', org_category: '2', org_type: '3', depart_order: 1 },
  { id: 'dep_bj_eng', parent_id: 'dep_bj', depart_name: '英语教研组', org_code: 'A01A03A02', org_category: '2', org_type: '3', depart_order: 2 },
  // 岗位 (org_category 3): the 职务 popup of 用户管理 reads them through the depart_post report.
  { id: 'dep_post_jwc_head', parent_id: 'dep_jwc', depart_name: '教务主管', org_code: 'A01A01A01', org_category: '3', org_type: '3', depart_order: 1 },
  { id: 'dep_post_mkt_adviser', parent_id: 'dep_mkt', depart_name: '招生顾问', org_code: 'A01A02A01', org_category: '3', org_type: '3', depart_order: 1 },
  { id: 'dep_post_math_teacher', parent_id: 'dep_bj_math', depart_name: '数学教师', org_code: 'A01A03A01A01', org_category: '3', org_type: '4', depart_order: 1 },
  { id: 'dep_post_eng_teacher', parent_id: 'dep_bj_eng', depart_name: '英语教师', org_code: 'A01A03A02A01', org_category: '3', org_type: '4', depart_order: 1 },
];

export const ROLES = [
  { id: 'role_admin', role_code: 'admin', role_name: '管理员', description: '系统管理员，拥有全部权限' },
  { id: 'role_teacher', role_code: 'teacher', role_name: '教师', description: '授课教师' },
  { id: 'role_marketing', role_code: 'marketing', role_name: '市场', description: '市场与招生' },
  { id: 'role_academic', role_code: 'academic', role_name: '教务', description: '教务管理' },
  { id: 'role_user', role_code: 'user', role_name: '普通用户', description: '自助注册用户的默认角色' },
];

export interface DemoUser {
  id: string;
  username: string;
  realname: string;
  phone: string;
  email: string;
  sex: number;
  status: number;
  org_code: string;
  departs: string[];
  roles: string[];
  is_admin?: number;
  is_marketing?: number;
  rel_tenant_ids?: string;
  work_no: string;
  post?: string;
}

export const DEMO_USERS: DemoUser[] = [
  { id: 'u_admin', username: 'admin', realname: '管理员', phone: '18611111111', email: 'admin@example.edu.cn', sex: 1, status: 1, org_code: 'A01', departs: ['dep_root'], roles: ['role_admin'], is_admin: 1, rel_tenant_ids: '1', work_no: 'A0001', post: '系统管理员' },
  // Two departments: exercises the 部门选择 dialog after login.
  { id: 'u_teacher', username: 'teacher', realname: '李文静', phone: '13800000001', email: 'liwj@example.edu.cn', sex: 2, status: 1, org_code: 'A01A03', departs: ['dep_bj', 'dep_sh'], roles: ['role_teacher'], work_no: 'T0001', post: '数学教师' },
  { id: 'u_teacher2', username: 'teacher2', realname: '周明', phone: '13800000002', email: 'zhouming@example.edu.cn', sex: 1, status: 1, org_code: 'A01A03A02', departs: ['dep_bj_eng'], roles: ['role_teacher'], work_no: 'T0002', post: '英语教师' },
  { id: 'u_marketing', username: 'marketing', realname: '王晓雨', phone: '13800000003', email: 'wangxy@example.edu.cn', sex: 2, status: 1, org_code: 'A01A02', departs: ['dep_mkt'], roles: ['role_marketing'], is_marketing: 1, work_no: 'M0001', post: '招生顾问' },
  // A second marketing user without the marketing flag: owns only its own leads (issue #23's claim and limits).
  { id: 'u_marketing2', username: 'marketing2', realname: '陈思远', phone: '13800000006', email: 'chensy@example.edu.cn', sex: 1, status: 1, org_code: 'A01A02', departs: ['dep_mkt'], roles: ['role_marketing'], work_no: 'M0002', post: '招生顾问' },
  { id: 'u_academic', username: 'jiaowu', realname: '赵立新', phone: '13800000004', email: 'zhaolx@example.edu.cn', sex: 1, status: 1, org_code: 'A01A01', departs: ['dep_jwc'], roles: ['role_academic'], work_no: 'J0001', post: '教务主管' },
  { id: 'u_frozen', username: 'frozen', realname: '孙冰', phone: '13800000005', email: 'sunbing@example.edu.cn', sex: 2, status: 2, org_code: 'A01A04', departs: ['dep_sh'], roles: ['role_teacher'], work_no: 'T0003', post: '离岗教师' },
];

export type Perm = {
  id: string;
  parent_id?: string | null;
  name: string;
  url?: string | null;
  component?: string | null;
  redirect?: string | null;
  menu_type: number;
  perms?: string | null;
  perms_type?: string;
  sort_no: number;
  icon?: string | null;
  hidden?: boolean;
  roles: string[];
};

/**
 * A screen's menu row (issue #40): its name, url and component are the screen's entry in lib/screens.ts (title,
 * path, component), so the row says only where it hangs, its order, icon and roles.
 */
export function screenMenu(component: string, row: Omit<Perm, 'name' | 'url' | 'component'>): Perm {
  const screen = SCREENS.find((s) => s.component === component);
  if (!screen) throw new Error(`menu row "${row.id}": no screen "${component}" in lib/screens.ts`);
  return { ...row, name: screen.title, url: screen.path, component };
}

const ALL = ['role_admin', 'role_teacher', 'role_marketing', 'role_academic', 'role_user'];
const ADMIN = ['role_admin'];

/** The teaching roles (教务 and the teachers), for the screens of a teacher's own work. */
const TEACHING = ['role_admin', 'role_academic', 'role_teacher'];
/** 教务's own screens. */
const ACADEMIC = ['role_admin', 'role_academic'];
/** 招生: marketing sells; 教务 reads leads (试听) and runs tasks. */
const CRM = ['role_admin', 'role_marketing', 'role_academic'];
/** Marketing's own screens (workbench, follow-ups due, the pool). */
const SELLING = ['role_admin', 'role_marketing'];
/** 作品 (issue #26): those who teach add works; marketing reads them for its brochures. */
const WORKS = ['role_admin', 'role_academic', 'role_teacher', 'role_marketing'];

/**
 * Menu rows for the screens that exist, and the button codes the backend enforces. Components are
 * labels of the client's page registry. Each button hangs under the menu row of its screen, and a role
 * holding a row holds the path to it (saveRolePermission completes it), so no entry floats loose.
 *
 * The demo roles get what their job needs (README's demo table): 系统管理 (logs, online users) is the
 * administrator's alone; 教务 runs the whole of 教育; a teacher has its schedule, 审核 (its own requests),
 * 直播课堂, its classes and their students (data rules, server/seed/role-rules.ts), 课程资料 (homework)
 * and the course catalogue; marketing has the calendar, venues, the course catalogue and the students it
 * owns. Full phone numbers of students only with edu:student:phone (admin, 教务).
 */
export const PERMISSIONS: Perm[] = [
  { id: 'perm_account_center', name: '个人中心', url: '/account/center', component: 'account/center/Index', menu_type: 0, sort_no: 1, icon: 'user', roles: ALL },
  { id: 'perm_account_settings', name: '账户设置', url: '/account/settings', component: 'account/settings/Index', menu_type: 0, sort_no: 2, icon: 'tool', roles: ALL },
  // 账户设置's five tabs (issue #26 item 1; JeecgBoot's account/settings/* components and routes).
  { id: 'perm_account_base', parent_id: 'perm_account_settings', name: '基本设置', url: '/account/settings/base', component: 'account/settings/BaseSetting', menu_type: 1, sort_no: 2.05, roles: ALL },
  { id: 'perm_account_security', parent_id: 'perm_account_settings', name: '安全设置', url: '/account/settings/security', component: 'account/settings/Security', menu_type: 1, sort_no: 2.1, hidden: false, roles: ALL },
  { id: 'perm_account_binding', parent_id: 'perm_account_settings', name: '账号绑定', url: '/account/settings/binding', component: 'account/settings/Binding', menu_type: 1, sort_no: 2.2, roles: ALL },
  { id: 'perm_account_notification', parent_id: 'perm_account_settings', name: '新消息通知', url: '/account/settings/notification', component: 'account/settings/Notification', menu_type: 1, sort_no: 2.3, roles: ALL },
  // 仪表盘 (issue #26 item 2): 工作台 for everyone who teaches or sells, 分析页 for the school's managers, 任务 board.
  { id: 'perm_dashboard', name: '仪表盘', url: '/dashboard', component: 'layouts/RouteView', menu_type: 0, sort_no: 3.5, icon: 'dashboard', roles: ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'] },
  { id: 'perm_dashboard_workplace', parent_id: 'perm_dashboard', name: '工作台', url: '/dashboard/workplace', component: 'dashboard/Workplace', menu_type: 1, sort_no: 3.51, icon: 'desktop', roles: ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'] },
  { id: 'perm_dashboard_analysis', parent_id: 'perm_dashboard', name: '分析页', url: '/dashboard/analysis', component: 'dashboard/Analysis', menu_type: 1, sort_no: 3.52, icon: 'area-chart', roles: ACADEMIC },
  // 任务 is the 协商任务 board: only for the roles holding its code (PERMS.task.list, crm.ts), so no role is given a
  // menu entry that opens 没有权限查看 (issue #39; server/system/__tests__/role-home.test.ts).
  { id: 'perm_dashboard_task', parent_id: 'perm_dashboard', name: '任务', url: '/dashboard/task', component: 'dashboard/IndexTask', menu_type: 1, sort_no: 3.53, icon: 'project', roles: CRM },
  // 作品 (issue #26 items 4 and 5; spec 01 §2's /work tree): 学员作品 for those who teach (marketing reads), 招生简章 for
  // those who recruit; /work/workpreview and the brochure templates are hidden rows (reached from the two screens).
  { id: 'perm_work', name: '作品', url: '/work', component: 'layouts/RouteView', redirect: '/work/workview', menu_type: 0, sort_no: 3.6, icon: 'picture', roles: WORKS },
  { id: 'perm_work_view', parent_id: 'perm_work', name: '学员作品', url: '/work/workview', component: 'work/WorkView', menu_type: 1, sort_no: 3.61, icon: 'picture', roles: WORKS },
  { id: 'perm_work_preview', parent_id: 'perm_work', name: '作品预览', url: '/work/workpreview', component: 'work/WorkPreview', menu_type: 1, sort_no: 3.62, hidden: true, roles: WORKS },
  { id: 'perm_work_prospectus', parent_id: 'perm_work', name: '招生简章', url: '/work/prospectus', component: 'work/Prospectus', menu_type: 1, sort_no: 3.63, icon: 'file-text', roles: CRM },
  { id: 'perm_work_new_prospectu', parent_id: 'perm_work', name: '简章模板·清新', url: '/work/newProspectu', component: 'work/NewProspectu', menu_type: 1, sort_no: 3.64, hidden: true, roles: CRM },
  { id: 'perm_work_new_prospectu3', parent_id: 'perm_work', name: '简章模板·雅紫', url: '/work/newProspectu3', component: 'work/NewProspectu3', menu_type: 1, sort_no: 3.65, hidden: true, roles: CRM },
  { id: 'perm_work_be_born_into', parent_id: 'perm_work', name: '简章模板·品牌', url: '/work/BeBornInto', component: 'work/BeBornInto', menu_type: 1, sort_no: 3.66, hidden: true, roles: CRM },
  { id: 'perm_work_be_born_into_copy', parent_id: 'perm_work', name: '简章模板·暖金', url: '/work/BeBornIntoCopy', component: 'work/BeBornIntoCopy', menu_type: 1, sort_no: 3.67, hidden: true, roles: CRM },
  { id: 'perm_work_cn_v35', parent_id: 'perm_work', name: '简章模板·作品集', url: '/work/workCNv3.5', component: 'work/WorkCNv35', menu_type: 1, sort_no: 3.68, hidden: true, roles: CRM },
  // An iframe page (IframePageView): the operations manual shipped in public/manual, shown inside the shell.
  { id: 'perm_manual', name: '操作手册', url: '/manual/index.html', component: 'layouts/IframePageView', menu_type: 0, sort_no: 3, icon: 'read', roles: ALL },
  // 行事历 is home (spec 01 §2 '/' → /calpanel/CalendarPanel); teaching buttons are seeded by server/seed/teaching.ts.
  { id: 'perm_calpanel', name: '行事历', url: '/calpanel/CalendarPanel', component: 'calpanel/CalendarPanel', menu_type: 0, sort_no: 0, icon: 'calendar', roles: ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'] },
  // 教育 (issue 6). 场地管理's buttons (edu:location:*) and clazz:teacher:list are seeded by server/seed/locations.ts.
  { id: 'perm_edu', name: '教育', url: '/edu', component: 'layouts/RouteView', menu_type: 0, sort_no: 5, icon: 'bank', roles: ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'] },
  { id: 'perm_edu_location', parent_id: 'perm_edu', name: '场地管理', url: '/edu/location', component: 'location/TblLocationList', menu_type: 1, sort_no: 5.1, icon: 'environment', roles: ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'] },
  { id: 'perm_edu_schedule', parent_id: 'perm_edu', name: '课表', url: '/edu/schedule', component: 'calendar/TblCalendarList', menu_type: 1, sort_no: 5.2, icon: 'schedule', roles: TEACHING },
  { id: 'perm_edu_clazz', parent_id: 'perm_edu', name: '班级管理', url: '/edu/clazz', component: 'clazz/TblClazzList', menu_type: 1, sort_no: 5.3, icon: 'team', roles: TEACHING },
  { id: 'perm_edu_student', parent_id: 'perm_edu', name: '学员管理', url: '/edu/student', component: 'student/TblStudentList', menu_type: 1, sort_no: 5.4, icon: 'user', roles: ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'] },
  { id: 'perm_edu_teacher', parent_id: 'perm_edu', name: '教师管理', url: '/edu/teacher', component: 'teacher/TblTeacherList', menu_type: 1, sort_no: 5.5, icon: 'idcard', roles: ACADEMIC },
  screenMenu('course/TblCourseList', { id: 'perm_edu_course', parent_id: 'perm_edu', menu_type: 1, sort_no: 5.6, icon: 'book', roles: ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'] }),
  { id: 'perm_edu_room', parent_id: 'perm_edu', name: '教室管理', url: '/edu/room', component: 'room/TblRoomList', menu_type: 1, sort_no: 5.7, icon: 'home', roles: ACADEMIC },
  { id: 'perm_edu_holiday', parent_id: 'perm_edu', name: '节假日', url: '/edu/holiday', component: 'calendar/TblHolidayList', menu_type: 1, sort_no: 5.8, icon: 'calendar', roles: ACADEMIC },
  { id: 'perm_edu_audit', parent_id: 'perm_edu', name: '审核', url: '/edu/audit', component: 'calendar/TblCalendarApplyList', menu_type: 1, sort_no: 5.25, icon: 'audit', roles: TEACHING },
  { id: 'perm_edu_material', parent_id: 'perm_edu', name: '课程资料', url: '/edu/material', component: 'material/TblCourseMaterialList', menu_type: 1, sort_no: 5.65, icon: 'folder', roles: TEACHING },
  // 课程 and 学习工具 (issue #22): teaching content. Templates and homework open their full-page editors under
  // /detailOperation (spec 01 §2), reachable while the menu holds the list.
  { id: 'perm_course', name: '课程', url: '/course', component: 'layouts/RouteView', menu_type: 0, sort_no: 5.9, icon: 'read', roles: TEACHING },
  { id: 'perm_course_type', parent_id: 'perm_course', name: '课程分类', url: '/course/courseType', component: 'course/CourseTypeList', menu_type: 1, sort_no: 5.91, icon: 'apartment', roles: ACADEMIC },
  { id: 'perm_course_template', parent_id: 'perm_course', name: '教学模板', url: '/course/teachTemplate', component: 'course/TeachTemplateList', menu_type: 1, sort_no: 5.92, icon: 'profile', roles: TEACHING },
  { id: 'perm_learn', name: '学习工具', url: '/learntools', component: 'layouts/RouteView', menu_type: 0, sort_no: 5.95, icon: 'edit', roles: TEACHING },
  { id: 'perm_learn_workbook', parent_id: 'perm_learn', name: '练习册', url: '/learntools/workbook', component: 'learntools/WorkbookList', menu_type: 1, sort_no: 5.951, icon: 'book', roles: TEACHING },
  { id: 'perm_learn_homework', parent_id: 'perm_learn', name: '作业', url: '/learntools/homework', component: 'learntools/HomeworkList', menu_type: 1, sort_no: 5.952, icon: 'form', roles: TEACHING },
  { id: 'perm_edu_live', parent_id: 'perm_edu', name: '直播课堂', url: '/edu/live', component: 'calendar/LiveList', menu_type: 1, sort_no: 5.27, icon: 'video-camera', roles: TEACHING },
  // Inner-class screens (spec 01 §1): the same calendar data with scope 1 (内部班) fixed by the menu entry.
  // 招生 (issue #23): marketing's own screens; 教务 reads leads to book 试听 and runs 协商任务 on students and classes.
  { id: 'perm_crm', name: '招生', url: '/crm', component: 'layouts/RouteView', menu_type: 0, sort_no: 4.5, icon: 'fund', roles: CRM },
  { id: 'perm_crm_workbench', parent_id: 'perm_crm', name: '招生工作台', url: '/crm/workbench', component: 'crm/LeadWorkbench', menu_type: 1, sort_no: 4.51, icon: 'dashboard', roles: SELLING },
  { id: 'perm_crm_lead', parent_id: 'perm_crm', name: '线索', url: '/crm/lead', component: 'crm/LeadList', menu_type: 1, sort_no: 4.52, icon: 'contacts', roles: CRM },
  { id: 'perm_crm_follow', parent_id: 'perm_crm', name: '今日待跟进', url: '/crm/followToday', component: 'crm/FollowTodayList', menu_type: 1, sort_no: 4.53, icon: 'phone', roles: SELLING },
  { id: 'perm_crm_pool', parent_id: 'perm_crm', name: '线索池', url: '/crm/pool', component: 'crm/LeadPoolList', menu_type: 1, sort_no: 4.54, icon: 'inbox', roles: SELLING },
  { id: 'perm_crm_task', parent_id: 'perm_crm', name: '协商任务', url: '/crm/task', component: 'crm/TaskList', menu_type: 1, sort_no: 4.55, icon: 'carry-out', roles: CRM },
  // 教务运营 (issue #23) under 教育: staff, goods, 工作交接. 修改密码 opens 账户设置's 安全设置 (one implementation) and
  // sits in 账户设置, not among the daily screens (issue #39).
  { id: 'perm_edu_password', parent_id: 'perm_account_settings', name: '修改密码', url: '/account/settings/password', component: 'edu/ChangePassword', menu_type: 1, sort_no: 2.15, icon: 'lock', roles: ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'] },
  { id: 'perm_edu_staff', parent_id: 'perm_edu', name: '员工管理', url: '/edu/staff', component: 'edu/StaffList', menu_type: 1, sort_no: 5.85, icon: 'solution', roles: ACADEMIC },
  { id: 'perm_edu_goods', parent_id: 'perm_edu', name: '物品管理', url: '/edu/goods', component: 'edu/GoodsList', menu_type: 1, sort_no: 5.86, icon: 'shopping', roles: ACADEMIC },
  { id: 'perm_edu_handover', parent_id: 'perm_edu', name: '工作交接', url: '/edu/handover', component: 'edu/WorkHandoverList', menu_type: 1, sort_no: 5.87, icon: 'swap', roles: ACADEMIC },
  { id: 'perm_inner', name: '内部班', url: '/inner', component: 'layouts/RouteView', menu_type: 0, sort_no: 6, icon: 'cluster', roles: ['role_admin', 'role_academic', 'role_teacher'] },
  { id: 'perm_inner_calendar', parent_id: 'perm_inner', name: '内部班行事历', url: '/inner/calendar', component: 'calpanel/InnerCalendarPanel', menu_type: 1, sort_no: 6.1, icon: 'calendar', roles: ['role_admin', 'role_academic', 'role_teacher'] },
  { id: 'perm_inner_schedule', parent_id: 'perm_inner', name: '内部班课表', url: '/inner/schedule', component: 'calendar/InnerCalendarList', menu_type: 1, sort_no: 6.2, icon: 'schedule', roles: ['role_admin', 'role_academic', 'role_teacher'] },

  { id: 'perm_isystem', name: '系统管理', url: '/isystem', component: 'layouts/RouteView', menu_type: 0, sort_no: 10, icon: 'setting', roles: ADMIN },
  { id: 'perm_isystem_user', parent_id: 'perm_isystem', name: '用户管理', url: '/isystem/user', component: 'system/UserList', menu_type: 1, sort_no: 10.5, icon: 'user', roles: ADMIN },
  { id: 'perm_isystem_online', parent_id: 'perm_isystem', name: '在线用户', url: '/isystem/online', component: 'system/SysUserOnlineList', menu_type: 1, sort_no: 11, roles: ADMIN },
  { id: 'perm_isystem_log', parent_id: 'perm_isystem', name: '登录日志', url: '/isystem/log', component: 'system/LogList', menu_type: 1, sort_no: 12, roles: ADMIN },
  { id: 'perm_isystem_monitor', parent_id: 'perm_isystem', name: '系统监控', url: '/isystem/monitor', component: 'modules/monitor/SystemMonitor', menu_type: 1, sort_no: 12.5, icon: 'dashboard', roles: ADMIN },
  // Spec 01 §2's /test/home: reached from 系统监控's link, not listed in the sidebar.
  { id: 'perm_test_home', parent_id: 'perm_isystem', name: '测试首页', url: '/test/home', component: 'test/Home', menu_type: 1, sort_no: 12.55, hidden: true, roles: ADMIN },
  // 系统管理, the rest (issue #24).
  screenMenu('system/TenantList', { id: 'perm_isystem_tenant', parent_id: 'perm_isystem', menu_type: 1, sort_no: 10.74, icon: 'cluster', roles: ADMIN }),
  { id: 'perm_isystem_position', parent_id: 'perm_isystem', name: '职务管理', url: '/isystem/position', component: 'system/SysPositionList', menu_type: 1, sort_no: 10.75, icon: 'idcard', roles: ADMIN },
  { id: 'perm_isystem_address', parent_id: 'perm_isystem', name: '通讯录', url: '/isystem/addressList', component: 'system/AddressList', menu_type: 1, sort_no: 10.76, icon: 'contacts', roles: ADMIN },
  { id: 'perm_isystem_check_rule', parent_id: 'perm_isystem', name: '编码校验规则', url: '/isystem/checkRule', component: 'system/SysCheckRuleList', menu_type: 1, sort_no: 10.85, icon: 'check-square', roles: ADMIN },
  { id: 'perm_isystem_fill_rule', parent_id: 'perm_isystem', name: '填值规则', url: '/isystem/fillRule', component: 'system/SysFillRuleList', menu_type: 1, sort_no: 10.86, icon: 'number', roles: ADMIN },
  { id: 'perm_isystem_oplog', parent_id: 'perm_isystem', name: '操作日志', url: '/isystem/opLog', component: 'system/LogList', menu_type: 1, sort_no: 12.1, icon: 'file-search', roles: ADMIN },
  { id: 'perm_isystem_datalog', parent_id: 'perm_isystem', name: '数据日志', url: '/isystem/dataLog', component: 'system/DataLogList', menu_type: 1, sort_no: 12.2, icon: 'history', roles: ADMIN },
  { id: 'perm_isystem_oss', parent_id: 'perm_isystem', name: '文件管理', url: '/isystem/ossFile', component: 'modules/oss/OSSFileList', menu_type: 1, sort_no: 12.3, icon: 'folder-open', roles: ADMIN },
  { id: 'perm_isystem_gateway', parent_id: 'perm_isystem', name: '网关路由', url: '/isystem/gatewayRoute', component: 'system/SysGatewayRouteList', menu_type: 1, sort_no: 12.6, icon: 'cluster', roles: ADMIN },
  { id: 'perm_isystem_datasource', parent_id: 'perm_isystem', name: '多数据源管理', url: '/isystem/dataSource', component: 'system/SysDataSourceList', menu_type: 1, sort_no: 12.7, icon: 'database', roles: ADMIN },
  // 在线开发 (issue #25): the designers; a designed form or report gets its own menu row from 添加到菜单.
  { id: 'perm_online', name: '在线开发', url: '/online', component: 'layouts/RouteView', menu_type: 0, sort_no: 9.5, icon: 'code', roles: ADMIN },
  { id: 'perm_online_cgform', parent_id: 'perm_online', name: 'Online表单开发', url: '/online/cgform', component: 'modules/online/cgform/OnlCgformHeadList', menu_type: 1, sort_no: 9.51, icon: 'form', roles: ADMIN },
  { id: 'perm_online_cgreport', parent_id: 'perm_online', name: 'Online报表配置', url: '/online/cgreport', component: 'modules/online/cgreport/OnlCgreportHeadList', menu_type: 1, sort_no: 9.52, icon: 'bar-chart', roles: ADMIN },
  { id: 'perm_isystem_depart', parent_id: 'perm_isystem', name: '部门管理', url: '/isystem/depart', component: 'system/DepartList', menu_type: 1, sort_no: 10.6, icon: 'team', roles: ADMIN },
  { id: 'perm_isystem_role', parent_id: 'perm_isystem', name: '角色管理', url: '/isystem/role', component: 'system/RoleList', menu_type: 1, sort_no: 10.7, icon: 'safety', roles: ADMIN },
  { id: 'perm_isystem_dict', parent_id: 'perm_isystem', name: '数据字典', url: '/isystem/dict', component: 'system/DictList', menu_type: 1, sort_no: 10.8, icon: 'book', roles: ADMIN },
  { id: 'perm_isystem_category', parent_id: 'perm_isystem', name: '分类字典', url: '/isystem/category', component: 'system/SysCategoryList', menu_type: 1, sort_no: 10.9, icon: 'apartment', roles: ADMIN },
  { id: 'perm_isystem_permission', parent_id: 'perm_isystem', name: '菜单管理', url: '/isystem/permission', component: 'system/PermissionList', menu_type: 1, sort_no: 10.95, icon: 'menu', roles: ADMIN },
  { id: 'perm_isystem_table_column', parent_id: 'perm_isystem', name: '自定义列', url: '/isystem/tableColumn', component: 'system/TableColumnList', menu_type: 1, sort_no: 10.97, icon: 'table', roles: ADMIN },
  { id: 'perm_isystem_annt', parent_id: 'perm_isystem', name: '通告管理', url: '/isystem/annountCement', component: 'system/SysAnnouncementList', menu_type: 1, sort_no: 10.96, icon: 'notification', roles: ADMIN },
  { id: 'perm_isystem_msg_template', parent_id: 'perm_isystem', name: '消息模板', url: '/isystem/messageTemplate', component: 'system/SysMessageTemplateList', menu_type: 1, sort_no: 10.98, icon: 'file-text', roles: ADMIN },
  { id: 'perm_isystem_message', parent_id: 'perm_isystem', name: '消息记录', url: '/isystem/message', component: 'system/SysMessageList', menu_type: 1, sort_no: 10.99, icon: 'read', roles: ADMIN },
  { id: 'perm_isystem_quartz', parent_id: 'perm_isystem', name: '定时任务', url: '/isystem/QuartzJobList', component: 'system/QuartzJobList', menu_type: 1, sort_no: 10.985, icon: 'clock-circle', roles: ADMIN },
  { id: 'perm_isystem_role_permission', parent_id: 'perm_isystem', name: '角色授权', url: '/isystem/rolePermission', component: 'system/RolePermission', menu_type: 1, sort_no: 13, roles: ADMIN },

  { id: 'perm_btn_user_frozen', parent_id: 'perm_isystem_user', name: '冻结用户', menu_type: 2, perms: PERMS.user.frozen, perms_type: '1', sort_no: 100, roles: ADMIN },
  { id: 'perm_btn_force_logout', parent_id: 'perm_isystem_online', name: '强制退出', menu_type: 2, perms: PERMS.online.forceLogout, perms_type: '1', sort_no: 101, roles: ADMIN },
  { id: 'perm_btn_online_list', parent_id: 'perm_isystem_online', name: '查看在线用户', menu_type: 2, perms: PERMS.online.list, perms_type: '1', sort_no: 102, roles: ADMIN },
  { id: 'perm_btn_log_list', parent_id: 'perm_isystem_log', name: '查看登录日志', menu_type: 2, perms: PERMS.log.list, perms_type: '1', sort_no: 103, roles: ADMIN },
  { id: 'perm_btn_role_permission', parent_id: 'perm_isystem_role_permission', name: '角色授权', menu_type: 2, perms: PERMS.role.permission, perms_type: '1', sort_no: 104, roles: ADMIN },
  { id: 'perm_btn_user_edit', parent_id: 'perm_isystem_user', name: '编辑用户', menu_type: 2, perms: PERMS.user.edit, perms_type: '1', sort_no: 105, roles: ADMIN },
  // 用户管理 (the resource engine's codes: `${perm}:list|add|edit|delete|deleteBatch|exportXls|importExcel`; edit (also a user's roles) and 冻结 are above).
  { id: 'perm_btn_user_list', parent_id: 'perm_isystem_user', name: '查看用户', menu_type: 2, perms: PERMS.user.list, perms_type: '1', sort_no: 130, roles: ADMIN },
  { id: 'perm_btn_user_add', parent_id: 'perm_isystem_user', name: '新增用户', menu_type: 2, perms: PERMS.user.add, perms_type: '1', sort_no: 131, roles: ADMIN },
  { id: 'perm_btn_user_delete', parent_id: 'perm_isystem_user', name: '删除用户', menu_type: 2, perms: PERMS.user.delete, perms_type: '1', sort_no: 132, roles: ADMIN },
  { id: 'perm_btn_user_delete_batch', parent_id: 'perm_isystem_user', name: '批量删除用户', menu_type: 2, perms: PERMS.user.deleteBatch, perms_type: '1', sort_no: 133, roles: ADMIN },
  { id: 'perm_btn_user_export', parent_id: 'perm_isystem_user', name: '导出用户', menu_type: 2, perms: PERMS.user.exportXls, perms_type: '1', sort_no: 134, roles: ADMIN },
  { id: 'perm_btn_user_import', parent_id: 'perm_isystem_user', name: '导入用户', menu_type: 2, perms: PERMS.user.importExcel, perms_type: '1', sort_no: 135, roles: ADMIN },
  { id: 'perm_btn_user_recycle_bin', parent_id: 'perm_isystem_user', name: '用户回收站', menu_type: 2, perms: PERMS.user.recycleBin, perms_type: '1', sort_no: 136, roles: ADMIN },
  { id: 'perm_btn_user_restore', parent_id: 'perm_isystem_user', name: '还原用户', menu_type: 2, perms: PERMS.user.putRecycleBin, perms_type: '1', sort_no: 137, roles: ADMIN },
  { id: 'perm_btn_user_purge', parent_id: 'perm_isystem_user', name: '彻底删除用户', menu_type: 2, perms: PERMS.user.deleteRecycleBin, perms_type: '1', sort_no: 138, roles: ADMIN },
  { id: 'perm_btn_user_change_password', parent_id: 'perm_isystem_user', name: '重置密码', menu_type: 2, perms: PERMS.user.changePassword, perms_type: '1', sort_no: 139, roles: ADMIN },
  // 分类字典 (server/system/category-routes.ts).
  { id: 'perm_btn_category_add', parent_id: 'perm_isystem_category', name: '新增分类', menu_type: 2, perms: PERMS.category.add, perms_type: '1', sort_no: 140, roles: ADMIN },
  { id: 'perm_btn_category_edit', parent_id: 'perm_isystem_category', name: '编辑分类', menu_type: 2, perms: PERMS.category.edit, perms_type: '1', sort_no: 141, roles: ADMIN },
  { id: 'perm_btn_category_delete', parent_id: 'perm_isystem_category', name: '删除分类', menu_type: 2, perms: PERMS.category.delete, perms_type: '1', sort_no: 142, roles: ADMIN },
  // 部门管理 (server/system/depart-routes.ts) and 角色管理 (resource engine + server/system/role-user-routes.ts).
  { id: 'perm_btn_depart_list', parent_id: 'perm_isystem_depart', name: '查看部门', menu_type: 2, perms: PERMS.depart.list, perms_type: '1', sort_no: 150, roles: ADMIN },
  { id: 'perm_btn_depart_add', parent_id: 'perm_isystem_depart', name: '新增部门', menu_type: 2, perms: PERMS.depart.add, perms_type: '1', sort_no: 151, roles: ADMIN },
  { id: 'perm_btn_depart_edit', parent_id: 'perm_isystem_depart', name: '编辑部门', menu_type: 2, perms: PERMS.depart.edit, perms_type: '1', sort_no: 152, roles: ADMIN },
  { id: 'perm_btn_depart_delete', parent_id: 'perm_isystem_depart', name: '删除部门', menu_type: 2, perms: PERMS.depart.delete, perms_type: '1', sort_no: 153, roles: ADMIN },
  { id: 'perm_btn_depart_delete_batch', parent_id: 'perm_isystem_depart', name: '批量删除部门', menu_type: 2, perms: PERMS.depart.deleteBatch, perms_type: '1', sort_no: 154, roles: ADMIN },
  { id: 'perm_btn_role_list', parent_id: 'perm_isystem_role', name: '查看角色', menu_type: 2, perms: PERMS.role.list, perms_type: '1', sort_no: 160, roles: ADMIN },
  { id: 'perm_btn_role_add', parent_id: 'perm_isystem_role', name: '新增角色', menu_type: 2, perms: PERMS.role.add, perms_type: '1', sort_no: 161, roles: ADMIN },
  { id: 'perm_btn_role_edit', parent_id: 'perm_isystem_role', name: '编辑角色与角色用户', menu_type: 2, perms: PERMS.role.edit, perms_type: '1', sort_no: 162, roles: ADMIN },
  { id: 'perm_btn_role_delete', parent_id: 'perm_isystem_role', name: '删除角色', menu_type: 2, perms: PERMS.role.delete, perms_type: '1', sort_no: 163, roles: ADMIN },
  { id: 'perm_btn_role_delete_batch', parent_id: 'perm_isystem_role', name: '批量删除角色', menu_type: 2, perms: PERMS.role.deleteBatch, perms_type: '1', sort_no: 164, roles: ADMIN },
  { id: 'perm_btn_role_export', parent_id: 'perm_isystem_role', name: '导出角色', menu_type: 2, perms: PERMS.role.exportXls, perms_type: '1', sort_no: 165, roles: ADMIN },
  // 数据字典 (resource engine: system:dict:*) and its items (system:dictItem:*).
  { id: 'perm_btn_dict_list', parent_id: 'perm_isystem_dict', name: '查看字典', menu_type: 2, perms: PERMS.dict.list, perms_type: '1', sort_no: 170, roles: ADMIN },
  { id: 'perm_btn_dict_add', parent_id: 'perm_isystem_dict', name: '新增字典', menu_type: 2, perms: PERMS.dict.add, perms_type: '1', sort_no: 171, roles: ADMIN },
  { id: 'perm_btn_dict_edit', parent_id: 'perm_isystem_dict', name: '编辑字典', menu_type: 2, perms: PERMS.dict.edit, perms_type: '1', sort_no: 172, roles: ADMIN },
  { id: 'perm_btn_dict_delete', parent_id: 'perm_isystem_dict', name: '删除字典', menu_type: 2, perms: PERMS.dict.delete, perms_type: '1', sort_no: 173, roles: ADMIN },
  { id: 'perm_btn_dict_delete_batch', parent_id: 'perm_isystem_dict', name: '批量删除字典', menu_type: 2, perms: PERMS.dict.deleteBatch, perms_type: '1', sort_no: 174, roles: ADMIN },
  { id: 'perm_btn_dict_export', parent_id: 'perm_isystem_dict', name: '导出字典', menu_type: 2, perms: PERMS.dict.exportXls, perms_type: '1', sort_no: 175, roles: ADMIN },
  { id: 'perm_btn_dict_import', parent_id: 'perm_isystem_dict', name: '导入字典', menu_type: 2, perms: PERMS.dict.importExcel, perms_type: '1', sort_no: 176, roles: ADMIN },
  { id: 'perm_btn_dict_item_list', parent_id: 'perm_isystem_dict', name: '查看字典项', menu_type: 2, perms: PERMS.dictItem.list, perms_type: '1', sort_no: 177, roles: ADMIN },
  { id: 'perm_btn_dict_item_add', parent_id: 'perm_isystem_dict', name: '新增字典项', menu_type: 2, perms: PERMS.dictItem.add, perms_type: '1', sort_no: 178, roles: ADMIN },
  { id: 'perm_btn_dict_item_edit', parent_id: 'perm_isystem_dict', name: '编辑字典项', menu_type: 2, perms: PERMS.dictItem.edit, perms_type: '1', sort_no: 179, roles: ADMIN },
  { id: 'perm_btn_dict_item_delete', parent_id: 'perm_isystem_dict', name: '删除字典项', menu_type: 2, perms: PERMS.dictItem.delete, perms_type: '1', sort_no: 180, roles: ADMIN },
  { id: 'perm_btn_dict_item_delete_batch', parent_id: 'perm_isystem_dict', name: '批量删除字典项', menu_type: 2, perms: PERMS.dictItem.deleteBatch, perms_type: '1', sort_no: 181, roles: ADMIN },
  // 菜单管理 (server/system/permission-admin-routes.ts).
  { id: 'perm_btn_permission_list', parent_id: 'perm_isystem_permission', name: '查看菜单', menu_type: 2, perms: PERMS.permission.list, perms_type: '1', sort_no: 190, roles: ADMIN },
  { id: 'perm_btn_permission_add', parent_id: 'perm_isystem_permission', name: '新增菜单', menu_type: 2, perms: PERMS.permission.add, perms_type: '1', sort_no: 191, roles: ADMIN },
  { id: 'perm_btn_permission_edit', parent_id: 'perm_isystem_permission', name: '编辑菜单', menu_type: 2, perms: PERMS.permission.edit, perms_type: '1', sort_no: 192, roles: ADMIN },
  { id: 'perm_btn_permission_delete', parent_id: 'perm_isystem_permission', name: '删除菜单', menu_type: 2, perms: PERMS.permission.delete, perms_type: '1', sort_no: 193, roles: ADMIN },
  { id: 'perm_btn_permission_rule', parent_id: 'perm_isystem_permission', name: '数据规则', menu_type: 2, perms: PERMS.permission.rule, perms_type: '1', sort_no: 194, roles: ADMIN },
  // 自定义列 (resource engine: system:tableColumn:*).
  { id: 'perm_btn_tcol_list', parent_id: 'perm_isystem_table_column', name: '查看自定义列', menu_type: 2, perms: PERMS.tableColumn.list, perms_type: '1', sort_no: 200, roles: ADMIN },
  { id: 'perm_btn_tcol_add', parent_id: 'perm_isystem_table_column', name: '新增自定义列', menu_type: 2, perms: PERMS.tableColumn.add, perms_type: '1', sort_no: 201, roles: ADMIN },
  { id: 'perm_btn_tcol_edit', parent_id: 'perm_isystem_table_column', name: '编辑自定义列', menu_type: 2, perms: PERMS.tableColumn.edit, perms_type: '1', sort_no: 202, roles: ADMIN },
  { id: 'perm_btn_tcol_delete', parent_id: 'perm_isystem_table_column', name: '删除自定义列', menu_type: 2, perms: PERMS.tableColumn.delete, perms_type: '1', sort_no: 203, roles: ADMIN },
  { id: 'perm_btn_tcol_delete_batch', parent_id: 'perm_isystem_table_column', name: '批量删除自定义列', menu_type: 2, perms: PERMS.tableColumn.deleteBatch, perms_type: '1', sort_no: 204, roles: ADMIN },
  // 定时任务 (issue 5: the scheduled-expression builder's screen).
  { id: 'perm_btn_quartz_list', parent_id: 'perm_isystem_quartz', name: '查看定时任务', menu_type: 2, perms: PERMS.quartz.list, perms_type: '1', sort_no: 230, roles: ADMIN },
  { id: 'perm_btn_quartz_add', parent_id: 'perm_isystem_quartz', name: '新增定时任务', menu_type: 2, perms: PERMS.quartz.add, perms_type: '1', sort_no: 231, roles: ADMIN },
  { id: 'perm_btn_quartz_edit', parent_id: 'perm_isystem_quartz', name: '编辑定时任务', menu_type: 2, perms: PERMS.quartz.edit, perms_type: '1', sort_no: 232, roles: ADMIN },
  { id: 'perm_btn_quartz_delete', parent_id: 'perm_isystem_quartz', name: '删除定时任务', menu_type: 2, perms: PERMS.quartz.delete, perms_type: '1', sort_no: 233, roles: ADMIN },
  { id: 'perm_btn_quartz_delete_batch', parent_id: 'perm_isystem_quartz', name: '批量删除定时任务', menu_type: 2, perms: PERMS.quartz.deleteBatch, perms_type: '1', sort_no: 234, roles: ADMIN },
  { id: 'perm_btn_quartz_pause', parent_id: 'perm_isystem_quartz', name: '停止定时任务', menu_type: 2, perms: PERMS.quartz.pause, perms_type: '1', sort_no: 235, roles: ADMIN },
  { id: 'perm_btn_quartz_resume', parent_id: 'perm_isystem_quartz', name: '启动定时任务', menu_type: 2, perms: PERMS.quartz.resume, perms_type: '1', sort_no: 236, roles: ADMIN },
  { id: 'perm_btn_quartz_execute', parent_id: 'perm_isystem_quartz', name: '立即执行定时任务', menu_type: 2, perms: PERMS.quartz.execute, perms_type: '1', sort_no: 237, roles: ADMIN },
  // 系统监控 (server/system/monitor-routes.ts).
  { id: 'perm_btn_monitor_list', parent_id: 'perm_isystem_monitor', name: '查看系统监控', menu_type: 2, perms: PERMS.monitor.list, perms_type: '1', sort_no: 240, roles: ADMIN },
  // 网关路由 (server/system/gateway-route-routes.ts).
  { id: 'perm_btn_gateway_list', parent_id: 'perm_isystem_gateway', name: '查看网关路由', menu_type: 2, perms: PERMS.gateway.list, perms_type: '1', sort_no: 250, roles: ADMIN },
  { id: 'perm_btn_gateway_add', parent_id: 'perm_isystem_gateway', name: '新增网关路由', menu_type: 2, perms: PERMS.gateway.add, perms_type: '1', sort_no: 251, roles: ADMIN },
  { id: 'perm_btn_gateway_edit', parent_id: 'perm_isystem_gateway', name: '编辑网关路由', menu_type: 2, perms: PERMS.gateway.edit, perms_type: '1', sort_no: 252, roles: ADMIN },
  { id: 'perm_btn_gateway_delete', parent_id: 'perm_isystem_gateway', name: '删除网关路由', menu_type: 2, perms: PERMS.gateway.delete, perms_type: '1', sort_no: 253, roles: ADMIN },
  // 分析页 (issue #26): the school's figures.
  { id: 'perm_btn_dashboard_analysis', parent_id: 'perm_dashboard_analysis', name: '查看分析页', menu_type: 2, perms: PERMS.dashboard.analysis, perms_type: '1', sort_no: 290, roles: ACADEMIC },
  // 学员作品 and 招生简章 (issue #26).
  { id: 'perm_btn_swork_list', parent_id: 'perm_work_view', name: '查看学员作品', menu_type: 2, perms: PERMS.studentWork.list, perms_type: '1', sort_no: 290.01, roles: WORKS },
  { id: 'perm_btn_swork_add', parent_id: 'perm_work_view', name: '上传作品', menu_type: 2, perms: PERMS.studentWork.add, perms_type: '1', sort_no: 290.02, roles: TEACHING },
  { id: 'perm_btn_swork_edit', parent_id: 'perm_work_view', name: '编辑作品', menu_type: 2, perms: PERMS.studentWork.edit, perms_type: '1', sort_no: 290.03, roles: TEACHING },
  { id: 'perm_btn_swork_delete', parent_id: 'perm_work_view', name: '删除作品', menu_type: 2, perms: PERMS.studentWork.delete, perms_type: '1', sort_no: 290.04, roles: TEACHING },
  { id: 'perm_btn_swork_delete_batch', parent_id: 'perm_work_view', name: '批量删除作品', menu_type: 2, perms: PERMS.studentWork.deleteBatch, perms_type: '1', sort_no: 290.05, roles: ACADEMIC },
  { id: 'perm_btn_swork_view_all', parent_id: 'perm_work_view', name: '查看全校作品', menu_type: 2, perms: PERMS.studentWork.viewAll, perms_type: '1', sort_no: 290.06, roles: ACADEMIC },
  { id: 'perm_btn_prospectus_list', parent_id: 'perm_work_prospectus', name: '查看招生简章', menu_type: 2, perms: PERMS.prospectus.list, perms_type: '1', sort_no: 290.07, roles: CRM },
  { id: 'perm_btn_prospectus_add', parent_id: 'perm_work_prospectus', name: '新增招生简章', menu_type: 2, perms: PERMS.prospectus.add, perms_type: '1', sort_no: 290.08, roles: CRM },
  { id: 'perm_btn_prospectus_edit', parent_id: 'perm_work_prospectus', name: '编辑招生简章', menu_type: 2, perms: PERMS.prospectus.edit, perms_type: '1', sort_no: 290.09, roles: CRM },
  { id: 'perm_btn_prospectus_delete', parent_id: 'perm_work_prospectus', name: '删除招生简章', menu_type: 2, perms: PERMS.prospectus.delete, perms_type: '1', sort_no: 290.10, roles: CRM },
  { id: 'perm_btn_prospectus_delete_batch', parent_id: 'perm_work_prospectus', name: '批量删除招生简章', menu_type: 2, perms: PERMS.prospectus.deleteBatch, perms_type: '1', sort_no: 290.11, roles: CRM },
  { id: 'perm_btn_prospectus_publish', parent_id: 'perm_work_prospectus', name: '发布招生简章', menu_type: 2, perms: PERMS.prospectus.publish, perms_type: '1', sort_no: 290.12, roles: CRM },
  { id: 'perm_btn_prospectus_pdf', parent_id: 'perm_work_prospectus', name: '导出招生简章PDF', menu_type: 2, perms: PERMS.prospectus.exportPdf, perms_type: '1', sort_no: 290.13, roles: CRM },
  // 在线开发 and 多数据源管理 (issue #25).
  { id: 'perm_btn_cgform_list', parent_id: 'perm_online_cgform', name: '查看表单开发', menu_type: 2, perms: PERMS.cgform.list, perms_type: '1', sort_no: 260, roles: ADMIN },
  { id: 'perm_btn_cgform_add', parent_id: 'perm_online_cgform', name: '新增表单', menu_type: 2, perms: PERMS.cgform.add, perms_type: '1', sort_no: 261, roles: ADMIN },
  { id: 'perm_btn_cgform_edit', parent_id: 'perm_online_cgform', name: '编辑表单', menu_type: 2, perms: PERMS.cgform.edit, perms_type: '1', sort_no: 262, roles: ADMIN },
  { id: 'perm_btn_cgform_delete', parent_id: 'perm_online_cgform', name: '删除表单', menu_type: 2, perms: PERMS.cgform.delete, perms_type: '1', sort_no: 263, roles: ADMIN },
  { id: 'perm_btn_cgform_sync', parent_id: 'perm_online_cgform', name: '同步数据库', menu_type: 2, perms: PERMS.cgform.sync, perms_type: '1', sort_no: 264, roles: ADMIN },
  { id: 'perm_btn_cgform_menu', parent_id: 'perm_online_cgform', name: '表单添加到菜单', menu_type: 2, perms: PERMS.cgform.menu, perms_type: '1', sort_no: 265, roles: ADMIN },
  { id: 'perm_btn_cgform_enhance', parent_id: 'perm_online_cgform', name: 'JS增强', menu_type: 2, perms: PERMS.cgform.enhance, perms_type: '1', sort_no: 266, roles: ADMIN },
  { id: 'perm_btn_cgreport_list', parent_id: 'perm_online_cgreport', name: '查看报表配置', menu_type: 2, perms: PERMS.cgreport.list, perms_type: '1', sort_no: 267, roles: ADMIN },
  { id: 'perm_btn_cgreport_add', parent_id: 'perm_online_cgreport', name: '新增报表', menu_type: 2, perms: PERMS.cgreport.add, perms_type: '1', sort_no: 268, roles: ADMIN },
  { id: 'perm_btn_cgreport_edit', parent_id: 'perm_online_cgreport', name: '编辑报表', menu_type: 2, perms: PERMS.cgreport.edit, perms_type: '1', sort_no: 269, roles: ADMIN },
  { id: 'perm_btn_cgreport_delete', parent_id: 'perm_online_cgreport', name: '删除报表', menu_type: 2, perms: PERMS.cgreport.delete, perms_type: '1', sort_no: 270, roles: ADMIN },
  { id: 'perm_btn_cgreport_menu', parent_id: 'perm_online_cgreport', name: '报表添加到菜单', menu_type: 2, perms: PERMS.cgreport.menu, perms_type: '1', sort_no: 271, roles: ADMIN },
  { id: 'perm_btn_datasource_list', parent_id: 'perm_isystem_datasource', name: '查看数据源', menu_type: 2, perms: PERMS.dataSource.list, perms_type: '1', sort_no: 272, roles: ADMIN },
  { id: 'perm_btn_datasource_add', parent_id: 'perm_isystem_datasource', name: '新增数据源', menu_type: 2, perms: PERMS.dataSource.add, perms_type: '1', sort_no: 273, roles: ADMIN },
  { id: 'perm_btn_datasource_edit', parent_id: 'perm_isystem_datasource', name: '编辑数据源', menu_type: 2, perms: PERMS.dataSource.edit, perms_type: '1', sort_no: 274, roles: ADMIN },
  { id: 'perm_btn_datasource_delete', parent_id: 'perm_isystem_datasource', name: '删除数据源', menu_type: 2, perms: PERMS.dataSource.delete, perms_type: '1', sort_no: 275, roles: ADMIN },
  { id: 'perm_btn_datasource_test', parent_id: 'perm_isystem_datasource', name: '测试连接', menu_type: 2, perms: PERMS.dataSource.test, perms_type: '1', sort_no: 276, roles: ADMIN },
];

/** Dictionaries of contract §11 that the spec uses (priority texts as spec 01 §9 gives them). */
export const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  { code: 'sex', name: '性别', items: [['1', '男'], ['2', '女']] },
  { code: 'user_status', name: '用户状态', items: [['1', '正常'], ['2', '冻结']] },
  { code: 'status', name: '状态', items: [['1', '正常'], ['2', '冻结']] },
  { code: 'valid_status', name: '有效状态', items: [['0', '无效'], ['1', '有效']] },
  { code: 'priority', name: '优先级', items: [['L', '一般'], ['M', '重要'], ['H', '紧急']] },
  { code: 'msg_category', name: '消息类型', items: [['1', '通知公告'], ['2', '系统消息']] },
  { code: 'msg_type', name: '通告对象类型', items: [['USER', '指定用户'], ['ALL', '全体用户']] },
  { code: 'send_status', name: '发布状态', items: [['0', '未发布'], ['1', '已发布'], ['2', '已撤销']] },
  { code: 'del_flag', name: '删除状态', items: [['0', '正常'], ['1', '已删除']] },
  { code: 'depart_status', name: '部门状态', items: [['0', '不启用'], ['1', '启用']] },
  { code: 'dict_item_status', name: '字典状态', items: [['1', '启用'], ['0', '不启用']] },
  { code: 'menu_type', name: '菜单类型', items: [['0', '一级菜单'], ['1', '子菜单'], ['2', '按钮权限']] },
  { code: 'perms_type', name: '权限策略', items: [['1', '显示'], ['2', '禁用']] },
  { code: 'org_category', name: '机构类型', items: [['1', '公司'], ['2', '部门'], ['3', '岗位']] },
  { code: 'tenant_status', name: '租户状态', items: [['1', '正常'], ['0', '冻结']] },
  { code: 'urgent_level', name: '紧急程度', items: [['1', '一般'], ['2', '重要'], ['3', '紧急']] },
  { code: 'yn', name: '是否', items: [['1', '是'], ['0', '否']] },
  { code: 'is_open', name: '是否启用', items: [['Y', '是'], ['N', '否']] },
  { code: 'log_type', name: '日志类型', items: [['1', '登录日志'], ['2', '操作日志']] },
  // JeecgBoot's own items (v3.4.0's SQL dump), read by its stock client's lists and forms (issue #45).
  { code: 'operate_type', name: '操作类型', items: [['1', '查询'], ['2', '添加'], ['3', '修改'], ['4', '删除'], ['5', '导入'], ['6', '导出']] },
  { code: 'quartz_status', name: '定时任务状态', items: [['0', '正常'], ['-1', '停止']] },
  { code: 'cgform_table_type', name: 'Online表单类型', items: [['1', '单表'], ['2', '主表'], ['3', '附表']] },
  {
    code: 'database_type',
    name: '数据库类型',
    items: [
      ['1', 'MySQL5.5'], ['4', 'MYSQL5.7+'], ['2', 'Oracle'], ['3', 'SQLServer'], ['6', 'postgresql'], ['5', 'marialDB'], ['7', '达梦'], ['8', '人大金仓'],
      ['9', '神通'], ['10', 'SQLite'], ['11', 'DB2'], ['12', 'Hsqldb'], ['13', 'Derby'], ['14', 'H2'], ['15', '其他数据库'],
    ],
  },
  // 招生 (issue #23)
  { code: 'lead_channel', name: '线索渠道', items: [['1', '地推'], ['2', '转介绍'], ['3', '线上广告'], ['4', '自然到访'], ['5', '电话咨询'], ['6', '其他'], ['7', '招生简章']] },
  // The demo register 教材领用登记's select (issue #25); a reference row like the others.
  { code: 'textbook_receive_status', name: '教材领用状态', items: [['1', '已领取'], ['2', '已退回']] },
];
