import type { ScreenEntry } from './page-routes';

/**
 * The screens this build has (data only, usable on both sides): menu `component` → default path
 * and title. features/shell-pages.tsx attaches each one's lazily loaded component.
 */
export const SCREENS: ScreenEntry[] = [
  // Home (spec 01 §2): every signed-in user reaches it; the screen itself checks calendar:entry:list.
  { component: 'calpanel/CalendarPanel', path: '/calpanel/CalendarPanel', title: '行事历', public: true },
  { component: 'account/center/Index', path: '/account/center', title: '个人中心', public: true },
  { component: 'exception/403', path: '/403', title: '403', public: true },
  { component: 'exception/404', path: '/404', title: '404', public: true },
  { component: 'exception/500', path: '/500', title: '500', public: true },
  { component: 'system/UserAnnouncementList', path: '/isps/userAnnouncement', title: '我的消息', public: true },
  { component: 'location/TblLocationList', path: '/edu/location', title: '场地管理' },
  { component: 'clazz/TblClazzList', path: '/edu/clazz', title: '班级管理' },
  { component: 'student/TblStudentList', path: '/edu/student', title: '学员管理' },
  { component: 'teacher/TblTeacherList', path: '/edu/teacher', title: '教师管理' },
  { component: 'course/TblCourseList', path: '/edu/course', title: '课程管理' },
  { component: 'room/TblRoomList', path: '/edu/room', title: '教室管理' },
  { component: 'material/TblCourseMaterialList', path: '/edu/material', title: '课程资料' },
  { component: 'calendar/TblHolidayList', path: '/edu/holiday', title: '节假日' },
  { component: 'calendar/TblCalendarList', path: '/edu/schedule', title: '课表' },
  { component: 'calpanel/InnerCalendarPanel', path: '/inner/calendar', title: '内部班行事历' },
  { component: 'calendar/InnerCalendarList', path: '/inner/schedule', title: '内部班课表' },
  { component: 'calendar/LiveList', path: '/edu/live', title: '直播课堂' },
  { component: 'calendar/TblCalendarApplyList', path: '/edu/audit', title: '审核' },
  { component: 'account/settings/Index', path: '/account/settings', title: '账户设置' },
  { component: 'account/settings/Security', path: '/account/settings/security', title: '安全设置' },
  { component: 'system/UserList', path: '/isystem/user', title: '用户管理' },
  { component: 'system/OnlineList', path: '/isystem/online', title: '在线用户' },
  { component: 'system/LogList', path: '/isystem/log', title: '登录日志' },
  { component: 'system/RolePermission', path: '/isystem/rolePermission', title: '角色授权' },
  { component: 'system/DepartList', path: '/isystem/depart', title: '部门管理' },
  { component: 'system/RoleList', path: '/isystem/role', title: '角色管理' },
  { component: 'system/DictList', path: '/isystem/dict', title: '数据字典' },
  { component: 'system/SysCategoryList', path: '/isystem/category', title: '分类字典' },
  { component: 'system/PermissionList', path: '/isystem/permission', title: '菜单管理' },
  { component: 'system/TableColumnList', path: '/isystem/tableColumn', title: '自定义列' },
  { component: 'system/SysAnnouncementList', path: '/isystem/annountCement', title: '通告管理' },
  { component: 'system/SysMessageTemplateList', path: '/isystem/messageTemplate', title: '消息模板' },
  { component: 'system/QuartzJobList', path: '/isystem/QuartzJobList', title: '定时任务' },
  { component: 'system/SysMessageList', path: '/isystem/message', title: '消息记录' },
];
