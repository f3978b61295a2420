/** @jest-environment node */
import { PERMISSIONS, screenMenu } from '../seed-data';

// Issue #40: a screen's menu row takes its name, url and component from the screen's entry in lib/screens.ts.
describe('screenMenu: a menu row from the screen entry', () => {
  const row = { id: 'perm_edu_course', parent_id: 'perm_edu', menu_type: 1, sort_no: 5.6, icon: 'book', roles: ['role_admin'] };

  it("names the row after the screen's title and path", () => {
    expect(screenMenu('course/TblCourseList', row)).toEqual({ ...row, name: '课程管理', url: '/edu/course', component: 'course/TblCourseList' });
  });

  it('is how 课程管理 is seeded', () => {
    expect(PERMISSIONS.find((p) => p.id === 'perm_edu_course')).toMatchObject({ name: '课程管理', url: '/edu/course', component: 'course/TblCourseList', parent_id: 'perm_edu' });
  });

  it('refuses a component without a screen', () => {
    expect(() => screenMenu('course/NoSuchList', row)).toThrow('menu row "perm_edu_course": no screen "course/NoSuchList" in lib/screens.ts');
  });
});
