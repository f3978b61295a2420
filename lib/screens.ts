import type { ScreenEntry } from './page-routes';
import { PERMS } from './permissions/codes';

/**
 * The screens this build has (data only, usable on both sides): menu `component` → default path,
 * title and the permission the screen needs (`perm`). features/shell-pages.tsx attaches each one's lazily
 * loaded component behind one permission gate, so no screen repeats the no-permission check.
 */
export const SCREENS: ScreenEntry[] = [
  // Home (spec 01 §2): every signed-in user reaches it; without calendar:entry:list it is the no-permission page.
  { component: 'calpanel/CalendarPanel', path: '/calpanel/CalendarPanel', title: '行事历', public: true, perm: PERMS.calendar.list },
  { component: 'account/center/Index', path: '/account/center', title: '个人中心', public: true },
  { component: 'exception/403', path: '/403', title: '403', public: true },
  { component: 'exception/404', path: '/404', title: '404', public: true },
  { component: 'exception/500', path: '/500', title: '500', public: true },
  // 成功 / 失败 result pages (issue #26 item 3; JeecgBoot's result/Success and result/Error).
  { component: 'result/Success', path: '/result/success', title: '成功', public: true },
  { component: 'result/Error', path: '/result/fail', title: '失败', public: true },
  { component: 'system/UserAnnouncementList', path: '/isps/userAnnouncement', title: '我的消息', public: true },
  { component: 'location/TblLocationList', path: '/edu/location', title: '场地管理', perm: PERMS.location.list },
  { component: 'clazz/TblClazzList', path: '/edu/clazz', title: '班级管理', perm: PERMS.clazz.list },
  { component: 'student/TblStudentList', path: '/edu/student', title: '学员管理', perm: PERMS.student.list },
  { component: 'teacher/TblTeacherList', path: '/edu/teacher', title: '教师管理', perm: PERMS.teacher.list },
  { component: 'course/TblCourseList', path: '/edu/course', title: '课程管理', perm: PERMS.course.list },
  { component: 'course/CourseTypeList', path: '/course/courseType', title: '课程分类', perm: PERMS.course.list },
  { component: 'course/TeachTemplateList', path: '/course/teachTemplate', title: '教学模板', perm: PERMS.template.list },
  // Spec 01 §2: the template editor is a /detailOperation child of the list (`?id=` edits, none adds).
  { component: 'course/TeachTemplateAddEdit', path: '/course/teachTemplateAddEdit', title: '教学模板编辑', detailOf: 'course/TeachTemplateList', perm: PERMS.template.list },
  { component: 'room/TblRoomList', path: '/edu/room', title: '教室管理', perm: PERMS.room.list },
  { component: 'material/TblCourseMaterialList', path: '/edu/material', title: '课程资料', perm: PERMS.material.list },
  { component: 'calendar/TblHolidayList', path: '/edu/holiday', title: '节假日', perm: PERMS.holiday.list },
  { component: 'calendar/TblCalendarList', path: '/edu/schedule', title: '课表', perm: PERMS.schedule.list },
  { component: 'calpanel/InnerCalendarPanel', path: '/inner/calendar', title: '内部班行事历', perm: [PERMS.inner.list, PERMS.calendar.list] },
  { component: 'calendar/InnerCalendarList', path: '/inner/schedule', title: '内部班课表', perm: PERMS.inner.list },
  { component: 'calendar/LiveList', path: '/edu/live', title: '直播课堂', perm: PERMS.live.list },
  { component: 'calendar/TblCalendarApplyList', path: '/edu/audit', title: '审核', perm: PERMS.apply.list },
  { component: 'learntools/WorkbookList', path: '/learntools/workbook', title: '练习册', perm: PERMS.workbook.list },
  { component: 'learntools/HomeworkList', path: '/learntools/homework', title: '作业', perm: PERMS.homework.list },
  // Full pages under /detailOperation (spec): reachable when the menu holds 作业.
  { component: 'learntools/AssignWork', path: '/learntools/assignWork', title: '布置作业', detailOf: 'learntools/HomeworkList', perm: { anyOf: [PERMS.homework.add, PERMS.homework.edit] } },
  { component: 'learntools/HomeworkStudentInfo', path: '/calendar/homeworkStudentInfo', title: '学员作业', detailOf: 'learntools/HomeworkList', perm: PERMS.homework.list },
  // 招生 and 教务运营 (issue #23)
  { component: 'crm/LeadWorkbench', path: '/crm/workbench', title: '招生工作台', perm: PERMS.lead.list },
  { component: 'crm/LeadList', path: '/crm/lead', title: '线索', perm: PERMS.lead.list },
  { component: 'crm/FollowTodayList', path: '/crm/followToday', title: '今日待跟进', perm: PERMS.lead.list },
  { component: 'crm/LeadPoolList', path: '/crm/pool', title: '线索池', perm: PERMS.leadPool.list },
  { component: 'crm/TaskList', path: '/crm/task', title: '协商任务', perm: PERMS.task.list },
  { component: 'edu/StaffList', path: '/edu/staff', title: '员工管理', perm: PERMS.staff.list },
  { component: 'edu/GoodsList', path: '/edu/goods', title: '物品管理', perm: PERMS.goods.list },
  { component: 'edu/WorkHandoverList', path: '/edu/handover', title: '工作交接', perm: PERMS.handover.list },
  { component: 'edu/ChangePassword', path: '/account/settings/password', title: '修改密码', redirect: '/account/settings/security' },
  { component: 'account/settings/Index', path: '/account/settings', title: '账户设置' },
  { component: 'account/settings/BaseSetting', path: '/account/settings/base', title: '基本设置' },
  { component: 'account/settings/Security', path: '/account/settings/security', title: '安全设置' },
  { component: 'account/settings/Binding', path: '/account/settings/binding', title: '账号绑定' },
  { component: 'account/settings/Notification', path: '/account/settings/notification', title: '新消息通知' },
  // 仪表盘 (issue #26).
  { component: 'dashboard/Workplace', path: '/dashboard/workplace', title: '工作台' },
  { component: 'dashboard/Analysis', path: '/dashboard/analysis', title: '分析页', perm: PERMS.dashboard.analysis },
  { component: 'dashboard/IndexTask', path: '/dashboard/task', title: '任务', perm: PERMS.task.list },
  // 监控页 (issue #39): no menu row; reached from 系统监控 (or its address), behind 系统监控's code like its endpoints.
  { component: 'dashboard/Monitor', path: '/dashboard/monitor', title: '监控页', public: true, perm: PERMS.monitor.list },
  // 作品 (issue #26 items 4 and 5): the menu folder /work lands on its redirect /work/workview (spec 01 §2); the other
  // children are brochure templates.
  { component: 'work/WorkView', path: '/work/workview', title: '学员作品', perm: PERMS.studentWork.list },
  { component: 'work/WorkPreview', path: '/work/workpreview', title: '作品预览', perm: PERMS.studentWork.list },
  { component: 'work/Prospectus', path: '/work/prospectus', title: '招生简章', perm: PERMS.prospectus.list },
  { component: 'work/NewProspectu', path: '/work/newProspectu', title: '简章模板·清新', perm: PERMS.prospectus.list },
  { component: 'work/NewProspectu3', path: '/work/newProspectu3', title: '简章模板·雅紫', perm: PERMS.prospectus.list },
  { component: 'work/BeBornInto', path: '/work/BeBornInto', title: '简章模板·品牌', perm: PERMS.prospectus.list },
  { component: 'work/BeBornIntoCopy', path: '/work/BeBornIntoCopy', title: '简章模板·暖金', perm: PERMS.prospectus.list },
  { component: 'work/WorkCNv35', path: '/work/workCNv3.5', title: '简章模板·作品集', perm: PERMS.prospectus.list },
  { component: 'system/UserList', path: '/isystem/user', title: '用户管理', perm: PERMS.user.list },
  { component: 'system/OnlineList', aliases: ['system/SysUserOnlineList'], path: '/isystem/online', title: '在线用户', perm: PERMS.online.list },
  { component: 'system/LogList', path: '/isystem/log', title: '登录日志', perm: PERMS.log.list },
  { component: 'system/RolePermission', path: '/isystem/rolePermission', title: '角色授权', perm: PERMS.role.permission },
  { component: 'system/DepartList', path: '/isystem/depart', title: '部门管理', perm: PERMS.depart.list },
  { component: 'system/RoleList', path: '/isystem/role', title: '角色管理', perm: PERMS.role.list },
  { component: 'system/DictList', path: '/isystem/dict', title: '数据字典', perm: PERMS.dict.list },
  { component: 'system/SysCategoryList', path: '/isystem/category', title: '分类字典' },
  { component: 'system/PermissionList', path: '/isystem/permission', title: '菜单管理', perm: PERMS.permission.list },
  { component: 'system/TableColumnList', path: '/isystem/tableColumn', title: '自定义列', perm: PERMS.tableColumn.list },
  { component: 'system/SysAnnouncementList', path: '/isystem/annountCement', title: '通告管理', perm: PERMS.announcement.list },
  { component: 'system/SysMessageTemplateList', path: '/isystem/messageTemplate', title: '消息模板', perm: { anyOf: [PERMS.messageTemplate.list, PERMS.message.send] } },
  { component: 'system/QuartzJobList', path: '/isystem/QuartzJobList', title: '定时任务', perm: PERMS.quartz.list },
  { component: 'system/SysMessageList', path: '/isystem/message', title: '消息记录', perm: PERMS.message.list },
  // 系统管理, the rest (issue #24)
  { component: 'system/TenantList', path: '/isystem/tenant', title: '租户管理', perm: PERMS.tenant.list },
  { component: 'system/SysPositionList', path: '/isystem/position', title: '职务管理', perm: PERMS.position.list },
  { component: 'system/AddressList', path: '/isystem/addressList', title: '通讯录', perm: PERMS.addressBook.list },
  { component: 'system/SysCheckRuleList', path: '/isystem/checkRule', title: '编码校验规则', perm: PERMS.checkRule.list },
  { component: 'system/SysFillRuleList', path: '/isystem/fillRule', title: '填值规则', perm: PERMS.fillRule.list },
  { component: 'system/OperationLogList', aliases: ['system/LogList'], path: '/isystem/opLog', title: '操作日志', perm: PERMS.opLog.list },
  { component: 'system/DataLogList', path: '/isystem/dataLog', title: '数据日志', perm: PERMS.dataLog.list },
  { component: 'system/OssFileList', aliases: ['modules/oss/OSSFileList'], path: '/isystem/ossFile', title: '文件管理', perm: PERMS.ossFile.list },
  { component: 'monitor/SystemMonitor', aliases: ['modules/monitor/SystemMonitor'], path: '/isystem/monitor', title: '系统监控', perm: PERMS.monitor.list },
  { component: 'system/SysGatewayRouteList', path: '/isystem/gatewayRoute', title: '网关路由', perm: PERMS.gateway.list },
  // Spec 01 §2's test home page: administrators only (the 系统监控 code); a hidden menu row under 系统管理.
  { component: 'test/Home', path: '/test/home', title: '测试首页', perm: PERMS.monitor.list },
  // 在线开发 (issue #25). The auto lists are opened by a designed form's or report's own menu row
  // (`/online/cgformList/{code}`, `/online/cgreport/{code}`); the code is the path's last segment, and the
  // server checks that form's or report's codes (lib/permissions/codes.ts onlineFormCodes / onlineReportCodes).
  { component: 'modules/online/cgform/OnlCgformHeadList', path: '/online/cgform', title: 'Online表单开发', perm: PERMS.cgform.list },
  { component: 'modules/online/cgreport/OnlCgreportHeadList', path: '/online/cgreport', title: 'Online报表配置', perm: PERMS.cgreport.list },
  { component: 'modules/online/cgform/auto/OnlCgformAutoList', path: '/online/cgformList', title: '在线表单' },
  { component: 'modules/online/cgreport/auto/OnlCgreportAutoList', path: '/online/cgreportList', title: '在线报表' },
  { component: 'system/SysDataSourceList', path: '/isystem/dataSource', title: '多数据源管理', perm: PERMS.dataSource.list },
];

/** The permission a screen needs (`perm` of its entry), if any. */
export const screenPerm = (component: string): ScreenEntry['perm'] => SCREENS.find((s) => s.component === component)?.perm;
