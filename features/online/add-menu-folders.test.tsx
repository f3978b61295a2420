import { folderOptions } from './add-menu-modal';
import type { PermissionRow } from '@/features/system/permission/types';

/** 添加到菜单's 上级菜单 (issue #39): folders by their Chinese names; a top-level page such as 行事历 is no folder. */
const row = (id: string, name: string, menuType: number, component: string | null, children?: PermissionRow[]): PermissionRow =>
  ({ id, parentId: null, name, perms: null, permsType: null, icon: null, component, componentName: null, url: `/${id}`, redirect: null, sortNo: 0, menuType, isLeaf: !children, route: true, keepAlive: false, alwaysShow: false, hidden: false, hideTab: false, status: '1', children }) as PermissionRow;

it('offers folders only, named, never a page row such as 行事历 or the manual', () => {
  const rows = [
    row('perm_calpanel', '行事历', 0, 'calpanel/CalendarPanel', [row('perm_btn_cal_list', '查看行事历', 2, null)]),
    row('perm_manual', '操作手册', 0, 'layouts/IframePageView'),
    row('perm_edu', '教育', 0, 'layouts/RouteView', [row('perm_edu_student', '学员管理', 1, 'student/TblStudentList')]),
    row('perm_report', '统计报表', 0, 'layouts/RouteView'),
  ];
  expect(folderOptions(rows)).toEqual([
    { value: 'perm_edu', title: '教育' },
    { value: 'perm_report', title: '统计报表' },
  ]);
});
