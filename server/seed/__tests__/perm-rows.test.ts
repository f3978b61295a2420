/** @jest-environment node */
import { courseResource } from '../../../features/edu/course/course-resource';
import { PERMS } from '../../../lib/permissions/codes';
import type { ResourceDef } from '../../../lib/resources/types';
import { defButtons } from '../perm-rows';
import { SYSTEM_ADMIN_PERMS } from '../system-admin';
import { TEACHING_PERMS } from '../teaching';

const STAFF = ['role_admin', 'role_academic', 'role_marketing', 'role_teacher'];
const ACADEMIC = ['role_admin', 'role_academic'];
const ROLES = { read: STAFF, write: ACADEMIC, remove: ACADEMIC };

// Issue #40: a screen's button rows come from its definition (perm prefix, enabled actions, title), not a restatement.
describe('defButtons: the seed rows of a definition', () => {
  it("are 课程管理's rows as they were seeded by hand (ids, names, codes, roles, order)", () => {
    const rows = [
      { id: 'perm_btn_course_list', parent: 'perm_edu_course', name: '查看课程', perms: PERMS.course.list, roles: STAFF },
      { id: 'perm_btn_course_add', parent: 'perm_edu_course', name: '新增课程', perms: PERMS.course.add, roles: ACADEMIC },
      { id: 'perm_btn_course_edit', parent: 'perm_edu_course', name: '编辑课程', perms: PERMS.course.edit, roles: ACADEMIC },
      { id: 'perm_btn_course_delete', parent: 'perm_edu_course', name: '删除课程', perms: PERMS.course.delete, roles: ACADEMIC },
      { id: 'perm_btn_course_del_batch', parent: 'perm_edu_course', name: '批量删除课程', perms: PERMS.course.deleteBatch, roles: ACADEMIC },
      { id: 'perm_btn_course_export', parent: 'perm_edu_course', name: '导出课程', perms: PERMS.course.exportXls, roles: ACADEMIC },
    ];
    expect(defButtons(courseResource, 'perm_edu_course', ROLES, 'perm_btn_course')).toEqual(rows);
    // …and the teaching seed still holds them in their place (sort numbers follow the position).
    const at = TEACHING_PERMS.findIndex((p) => p.id === 'perm_btn_course_list');
    expect(TEACHING_PERMS[at - 1].id).toBe('perm_btn_stu_phone');
    expect(TEACHING_PERMS.slice(at, at + rows.length)).toEqual(rows);
  });

  it("are 租户管理's rows as they were seeded by hand (its definition enables no export or import)", () => {
    const ADMIN = ['role_admin'];
    expect(SYSTEM_ADMIN_PERMS.slice(0, 5)).toEqual([
      { id: 'perm_btn_tenant_list', parent: 'perm_isystem_tenant', name: '查看租户', perms: PERMS.tenant.list, roles: ADMIN },
      { id: 'perm_btn_tenant_add', parent: 'perm_isystem_tenant', name: '新增租户', perms: PERMS.tenant.add, roles: ADMIN },
      { id: 'perm_btn_tenant_edit', parent: 'perm_isystem_tenant', name: '编辑租户', perms: PERMS.tenant.edit, roles: ADMIN },
      { id: 'perm_btn_tenant_delete', parent: 'perm_isystem_tenant', name: '删除租户', perms: PERMS.tenant.delete, roles: ADMIN },
      { id: 'perm_btn_tenant_del_batch', parent: 'perm_isystem_tenant', name: '批量删除租户', perms: PERMS.tenant.deleteBatch, roles: ADMIN },
    ]);
  });

  it('follow the enabled actions only (查看 always), ids from the definition name by default', () => {
    const def: Pick<ResourceDef, 'name' | 'title' | 'perm' | 'actions'> = { name: 'tblStudent', title: '学员', perm: PERMS.student.prefix, actions: { add: true, importExcel: true } };
    expect(defButtons(def, 'perm_edu_student', ROLES).map((r) => [r.id, r.name, r.perms])).toEqual([
      ['perm_btn_tblStudent_list', '查看学员', PERMS.student.list],
      ['perm_btn_tblStudent_add', '新增学员', PERMS.student.add],
      ['perm_btn_tblStudent_import', '导入学员', PERMS.student.importExcel],
    ]);
  });

  it('refuse a prefix or an action the catalogue does not have', () => {
    expect(() => defButtons({ name: 'x', title: 'X', perm: 'nowhere:x', actions: {} }, 'm', ROLES)).toThrow(/not in lib\/permissions\/codes\.ts/);
    // 教室 has no import code in the catalogue.
    expect(() => defButtons({ name: 'x', title: 'X', perm: PERMS.room.prefix, actions: { importExcel: true } }, 'm', ROLES)).toThrow(/edu:room:importExcel/);
  });
});
