'use client';

import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import { Spin } from 'antd';
import { screenPerm } from '@/lib/screens';
import { ScreenGate } from '@/features/system/no-permission';

const loading = () => (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

/**
 * Menu `component` names → lazily loaded screens (DESIGN §3 page registry); the list itself is lib/screens.ts.
 * It sits beside the screens so the shell (components/) never imports features/: app/ hands `screenFor` to it.
 */
const LOADERS: Record<string, ComponentType> = {
  'account/center/Index': dynamic(() => import('@/features/account/account-center-screen'), { loading }),
  'exception/403': dynamic(() => import('@/features/exception/forbidden-screen'), { loading }),
  'exception/404': dynamic(() => import('@/features/exception/not-found-screen'), { loading }),
  'exception/500': dynamic(() => import('@/features/exception/error-screen'), { loading }),
  'result/Success': dynamic(() => import('@/features/result/success-screen'), { loading }),
  'result/Error': dynamic(() => import('@/features/result/fail-screen'), { loading }),
  'test/Home': dynamic(() => import('@/features/system/monitor/test-home-screen'), { loading }),
  'account/settings/Index': dynamic(() => import('@/features/account/settings-index-screen'), { loading }),
  'account/settings/Security': dynamic(() => import('@/features/account/security-screen'), { loading }),
  'account/settings/BaseSetting': dynamic(() => import('@/features/account/settings/base-setting-screen'), { loading }),
  'account/settings/Binding': dynamic(() => import('@/features/account/settings/binding-screen'), { loading }),
  'account/settings/Notification': dynamic(() => import('@/features/account/settings/notification-screen'), { loading }),
  'dashboard/Workplace': dynamic(() => import('@/features/dashboard/workplace/workplace-screen'), { loading }),
  'dashboard/Analysis': dynamic(() => import('@/features/dashboard/analysis/analysis-screen'), { loading }),
  'dashboard/IndexTask': dynamic(() => import('@/features/dashboard/task/task-board-screen'), { loading }),
  'dashboard/Monitor': dynamic(() => import('@/features/dashboard/monitor/dashboard-monitor-screen'), { loading }),
  'work/WorkView': dynamic(() => import('@/features/work/works/work-view-screen'), { loading }),
  'work/WorkPreview': dynamic(() => import('@/features/work/works/work-preview-screen'), { loading }),
  'work/Prospectus': dynamic(() => import('@/features/work/prospectus/template-screens').then((m) => m.Prospectus), { loading }),
  'work/NewProspectu': dynamic(() => import('@/features/work/prospectus/template-screens').then((m) => m.NewProspectu), { loading }),
  'work/NewProspectu3': dynamic(() => import('@/features/work/prospectus/template-screens').then((m) => m.NewProspectu3), { loading }),
  'work/BeBornInto': dynamic(() => import('@/features/work/prospectus/template-screens').then((m) => m.BeBornInto), { loading }),
  'work/BeBornIntoCopy': dynamic(() => import('@/features/work/prospectus/template-screens').then((m) => m.BeBornIntoCopy), { loading }),
  'work/WorkCNv35': dynamic(() => import('@/features/work/prospectus/template-screens').then((m) => m.WorkCNv35), { loading }),
  'system/UserList': dynamic(() => import('@/features/system/users/user-list-screen'), { loading }),
  'system/OnlineList': dynamic(() => import('@/features/system/online-list-screen'), { loading }),
  'system/LogList': dynamic(() => import('@/features/system/log-list-screen'), { loading }),
  'system/UserAnnouncementList': dynamic(() => import('@/features/message/user-announcement-screen'), { loading }),
  'system/RolePermission': dynamic(() => import('@/features/system/role-permission-screen'), { loading }),
  'system/DepartList': dynamic(() => import('@/features/system/departs/depart-list-screen'), { loading }),
  'system/RoleList': dynamic(() => import('@/features/system/roles/role-list-screen'), { loading }),
  'calpanel/CalendarPanel': dynamic(() => import('@/features/calendar/calendar-panel-screen'), { loading }),
  'calendar/TblCalendarApplyList': dynamic(() => import('@/features/calendar/audit/apply-list-screen'), { loading }),
  'clazz/TblClazzList': dynamic(() => import('@/features/edu/clazz/clazz-list-screen'), { loading }),
  'student/TblStudentList': dynamic(() => import('@/features/edu/student/student-list-screen'), { loading }),
  'teacher/TblTeacherList': dynamic(() => import('@/features/edu/teacher/teacher-list-screen'), { loading }),
  'course/TblCourseList': dynamic(() => import('@/features/edu/course/course-list-screen'), { loading }),
  'course/CourseTypeList': dynamic(() => import('@/features/edu/course-type/course-type-list-screen'), { loading }),
  'course/TeachTemplateList': dynamic(() => import('@/features/edu/teach-template/teach-template-list-screen'), { loading }),
  'course/TeachTemplateAddEdit': dynamic(() => import('@/features/edu/teach-template/teach-template-editor-screen'), { loading }),
  'room/TblRoomList': dynamic(() => import('@/features/edu/room/room-list-screen'), { loading }),
  'material/TblCourseMaterialList': dynamic(() => import('@/features/edu/material/material-list-screen'), { loading }),
  'calendar/TblHolidayList': dynamic(() => import('@/features/edu/holiday/holiday-list-screen'), { loading }),
  'calendar/TblCalendarList': dynamic(() => import('@/features/edu/schedule/schedule-list-screen'), { loading }),
  'calpanel/InnerCalendarPanel': dynamic(() => import('@/features/calendar/inner/inner-calendar-screen'), { loading }),
  'calendar/InnerCalendarList': dynamic(() => import('@/features/edu/schedule/inner-schedule-list-screen'), { loading }),
  'calendar/LiveList': dynamic(() => import('@/features/calendar/live/live-list-screen'), { loading }),
  'learntools/WorkbookList': dynamic(() => import('@/features/learntools/workbook/workbook-list-screen'), { loading }),
  'learntools/HomeworkList': dynamic(() => import('@/features/learntools/homework/homework-list-screen'), { loading }),
  'learntools/AssignWork': dynamic(() => import('@/features/learntools/homework/assign-work-screen'), { loading }),
  'learntools/HomeworkStudentInfo': dynamic(() => import('@/features/learntools/homework/homework-students-screen'), { loading }),
  'location/TblLocationList': dynamic(() => import('@/features/edu/location/location-list-screen'), { loading }),
  'system/SysAnnouncementList': dynamic(() => import('@/features/system/announcements/announcement-list-screen'), { loading }),
  'system/SysMessageTemplateList': dynamic(() => import('@/features/system/messages/message-template-list-screen'), { loading }),
  'system/QuartzJobList': dynamic(() => import('@/features/system/quartz/quartz-list-screen'), { loading }),
  'system/SysMessageList': dynamic(() => import('@/features/system/messages/message-list-screen'), { loading }),
  'monitor/SystemMonitor': dynamic(() => import('@/features/system/monitor/monitor-screen'), { loading }),
  'system/SysGatewayRouteList': dynamic(() => import('@/features/system/gateway/gateway-list-screen'), { loading }),
  'modules/online/cgform/OnlCgformHeadList': dynamic(() => import('@/features/online/cgform/cgform-head-list-screen'), { loading }),
  'modules/online/cgreport/OnlCgreportHeadList': dynamic(() => import('@/features/online/cgreport/cgreport-head-list-screen'), { loading }),
  'modules/online/cgform/auto/OnlCgformAutoList': dynamic(() => import('@/features/online/cgform/cgform-auto-list-screen'), { loading }),
  'modules/online/cgreport/auto/OnlCgreportAutoList': dynamic(() => import('@/features/online/cgreport/cgreport-auto-list-screen'), { loading }),
  'system/SysDataSourceList': dynamic(() => import('@/features/online/datasource/datasource-list-screen'), { loading }),
  'crm/LeadWorkbench': dynamic(() => import('@/features/crm/workbench/lead-workbench-screen'), { loading }),
  'crm/LeadList': dynamic(() => import('@/features/crm/lead/lead-list-screen'), { loading }),
  'crm/FollowTodayList': dynamic(() => import('@/features/crm/lead/follow-today-screen'), { loading }),
  'crm/LeadPoolList': dynamic(() => import('@/features/crm/pool/lead-pool-screen'), { loading }),
  'crm/TaskList': dynamic(() => import('@/features/crm/task/task-list-screen'), { loading }),
  'edu/StaffList': dynamic(() => import('@/features/edu/staff/staff-list-screen'), { loading }),
  'edu/GoodsList': dynamic(() => import('@/features/edu/goods/goods-list-screen'), { loading }),
  'edu/WorkHandoverList': dynamic(() => import('@/features/edu/handover/handover-list-screen'), { loading }),
  'edu/ChangePassword': dynamic(() => import('@/features/account/change-password-link-screen'), { loading }),
  'system/TenantList': dynamic(() => import('@/features/system/tenant/tenant-list-screen'), { loading }),
  'system/SysPositionList': dynamic(() => import('@/features/system/position/position-list-screen'), { loading }),
  'system/AddressList': dynamic(() => import('@/features/system/address-book/address-book-screen'), { loading }),
  'system/SysCheckRuleList': dynamic(() => import('@/features/system/rules/check-rule-list-screen'), { loading }),
  'system/SysFillRuleList': dynamic(() => import('@/features/system/rules/fill-rule-list-screen'), { loading }),
  'system/OperationLogList': dynamic(() => import('@/features/system/logs/operation-log-screen'), { loading }),
  'system/DataLogList': dynamic(() => import('@/features/system/logs/data-log-screen'), { loading }),
  'system/OssFileList': dynamic(() => import('@/features/system/files/oss-file-list-screen'), { loading }),
  'system/DictList': dynamic(() => import('@/features/system/dict/dict-list-screen'), { loading }),
  'system/SysCategoryList': dynamic(() => import('@/features/system/category/category-list-screen'), { loading }),
  'system/PermissionList': dynamic(() => import('@/features/system/permission/permission-list-screen'), { loading }),
  'system/TableColumnList': dynamic(() => import('@/features/system/table-columns/table-column-list-screen'), { loading }),
};

/** A screen behind the one permission gate of its entry's `perm` (lib/screens.ts); unchanged when it needs none. */
function gated(component: string, Screen: ComponentType): ComponentType {
  const perm = screenPerm(component);
  if (!perm) return Screen;
  const Gated = () => (
    <ScreenGate perm={perm}>
      <Screen />
    </ScreenGate>
  );
  Gated.displayName = `Gated(${component})`;
  return Gated;
}

// Built once, so each screen keeps one component identity (the shell keeps screens mounted by it).
const GATED: Record<string, ComponentType> = Object.fromEntries(Object.entries(LOADERS).map(([component, Screen]) => [component, gated(component, Screen)]));

export function screenFor(component: string): ComponentType | null {
  return GATED[component] ?? null;
}
