import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/index';
import type { TblLocationTable } from '../db/schema';
import { linkId } from '../core/ids';
import { PERMS } from '../../lib/permissions/codes';

/**
 * 场地: the button permissions of 场地管理 (always) and demo venues (demo only, into an empty table),
 * called once per start from server/seed/index.ts. As in announcements.ts, a permission row is linked
 * to its roles only when this run inserted it, so an administrator's later unlinking stands.
 * The menu rows themselves (教育 perm_edu, 场地管理 perm_edu_location) are in server/seed/seed-data.ts.
 */

export const LOCATION_MENU_ID = 'perm_edu_location';

const MANAGERS = ['role_admin', 'role_academic', 'role_marketing'];
// A teacher adds venues and edits its own: the ownership rule (crud.ts) stops edits of others' venues.
const WITH_TEACHER = [...MANAGERS, 'role_teacher'];

export const LOCATION_PERMS = [
  { id: 'perm_btn_location_list', name: '查看场地', perms: PERMS.location.list, roles: WITH_TEACHER },
  { id: 'perm_btn_location_add', name: '新增场地', perms: PERMS.location.add, roles: WITH_TEACHER },
  { id: 'perm_btn_location_edit', name: '编辑场地', perms: PERMS.location.edit, roles: WITH_TEACHER },
  { id: 'perm_btn_location_delete', name: '删除场地', perms: PERMS.location.delete, roles: MANAGERS },
  { id: 'perm_btn_location_delete_batch', name: '批量删除场地', perms: PERMS.location.deleteBatch, roles: MANAGERS },
  { id: 'perm_btn_location_export', name: '导出场地', perms: PERMS.location.exportXls, roles: MANAGERS },
  // The 负责人 picker of the venue form (/clazz/tblTeachScheduleTeacher/teacherList).
  { id: 'perm_btn_teacher_list', name: '选择教师', perms: PERMS.teacherPicker.list, roles: WITH_TEACHER },
] as const;

const FIRST_SORT_NO = 210;

/** A venue row without its audit columns; owner_name is the owner's username (create_by). */
type Venue = Omit<Insertable<TblLocationTable>, 'create_by' | 'create_time' | 'update_by' | 'update_time' | 'del_flag'> & { owner_name: string };

const HOUR = 3600_000;

/** Demo venues: region codes as the area linkage stores them; owners spread over admin, teacher, marketing and academic. */
export const DEMO_VENUES: Venue[] = [
  {
    id: 'loc_bj_zgc', name: '中关村校区', province: '110000', city: '110100', dict: '海淀区', detail_location: '海淀区中关村大街27号中关村大厦8层',
    longitude: 116.316, latitude: 39.9839, max_member: 120, in_charge: 'u_teacher', status: 1, is_double_teacher: 1, priority: 1,
    hotel_contact: '陈经理', phone: '010-62588888', hotel_expenses: '合作酒店：全季酒店中关村店，标准间 420 元/晚（含早）', remark: '北京校区主教学点，配备双师直播教室 3 间',
    own_by: 'u_admin', owner_name: 'admin',
  },
  {
    id: 'loc_bj_guomao', name: '国贸教学点', province: '110000', city: '110100', dict: '朝阳区', detail_location: '朝阳区建国路88号SOHO现代城A座1205',
    longitude: 116.4703, latitude: 39.9087, max_member: 60, in_charge: 'u_teacher2', status: 1, is_double_teacher: 0, priority: 3,
    remark: '小班课教室，周末开放', own_by: 'u_teacher', owner_name: 'teacher',
  },
  {
    id: 'loc_sh_xujiahui', name: '徐家汇校区', province: '310000', city: '310100', dict: '徐汇区', detail_location: '徐汇区漕溪北路398号汇智大厦15楼',
    longitude: 121.4376, latitude: 31.188, max_member: 80, in_charge: 'u_teacher', status: 1, is_double_teacher: 1, priority: 1,
    hotel_contact: '刘女士', phone: '021-64268000', hotel_expenses: '汉庭酒店徐家汇店，大床房 380 元/晚', own_by: 'u_marketing', owner_name: 'marketing',
  },
  {
    id: 'loc_sh_zhangjiang', name: '张江校区', province: '310000', city: '310100', dict: '浦东新区', detail_location: '浦东新区张江高科技园区碧波路690号',
    longitude: 121.5903, latitude: 31.204, max_member: 150, in_charge: 'u_teacher2', status: 1, is_double_teacher: 0, priority: 2,
    remark: '可容纳大型讲座，需提前一周预约', own_by: 'u_admin', owner_name: 'admin',
  },
  {
    id: 'loc_gz_tianhe', name: '天河校区', province: '440000', city: '440100', dict: '天河区', detail_location: '天河区天河路385号太古汇一座22楼',
    longitude: 113.332, latitude: 23.133, max_member: 100, in_charge: 'u_teacher', status: 1, is_double_teacher: 1, priority: 2,
    hotel_contact: '黄先生', phone: '020-38682222', hotel_expenses: '维也纳酒店天河店，标准间 360 元/晚（含早）', own_by: 'u_marketing', owner_name: 'marketing',
  },
  {
    id: 'loc_sz_nanshan', name: '南山科技园教学点', province: '440000', city: '440300', dict: '南山区', detail_location: '南山区科技园南区深南大道9988号',
    longitude: 113.947, latitude: 22.541, max_member: 90, in_charge: 'u_teacher2', status: 0, is_double_teacher: 0, priority: 4,
    remark: '装修中，暂停使用', own_by: 'u_admin', owner_name: 'admin',
  },
  {
    id: 'loc_hz_wensan', name: '文三路教学点', province: '330000', city: '330100', dict: '西湖区', detail_location: '西湖区文三路477号华星科技大厦6楼',
    longitude: 120.129, latitude: 30.277, max_member: 70, in_charge: 'u_teacher', status: 1, is_double_teacher: 0, priority: 3,
    own_by: 'u_teacher', owner_name: 'teacher',
  },
  {
    id: 'loc_hz_binjiang', name: '滨江校区', province: '330000', city: '330100', dict: '滨江区', detail_location: '滨江区网商路599号B座3楼',
    longitude: 120.19, latitude: 30.188, max_member: 200, in_charge: null, status: 0, is_double_teacher: 1, priority: 5,
    hotel_contact: '吴经理', phone: '0571-87651234', remark: '待确认负责人', own_by: 'u_admin', owner_name: 'admin',
  },
  {
    id: 'loc_cd_tianfu', name: '天府校区', province: '510000', city: '510100', dict: '武侯区', detail_location: '武侯区天府大道北段1700号环球中心W6区',
    longitude: 104.065, latitude: 30.571, max_member: 110, in_charge: 'u_teacher2', status: 1, is_double_teacher: 1, priority: 2,
    hotel_contact: '杨女士', phone: '028-85336666', hotel_expenses: '如家精选环球中心店，标准间 300 元/晚', own_by: 'u_marketing', owner_name: 'marketing',
  },
  {
    id: 'loc_wh_guanggu', name: '光谷校区', province: '420000', city: '420100', dict: '洪山区', detail_location: '洪山区珞喻路889号光谷广场东侧光谷时代广场12楼',
    longitude: 114.398, latitude: 30.505, max_member: 85, in_charge: 'u_teacher', status: 1, is_double_teacher: 0, priority: 3,
    own_by: 'u_admin', owner_name: 'admin',
  },
  {
    id: 'loc_wh_jianghan', name: '江汉教学点', province: '420000', city: '420100', dict: '江汉区', detail_location: '江汉区解放大道690号武汉国际广场B座20楼',
    longitude: 114.27, latitude: 30.585, max_member: 40, in_charge: 'u_teacher2', status: 0, is_double_teacher: 0, priority: 6,
    remark: '租约到期后不再续租', own_by: 'u_academic', owner_name: 'jiaowu',
  },
  {
    id: 'loc_overseas_sg', name: '新加坡游学教学点', province: '900000', city: '900000', dict: null, detail_location: '新加坡乌节路391号义安城2座18楼',
    longitude: 103.834, latitude: 1.304, max_member: 50, in_charge: 'u_teacher2', status: 1, is_double_teacher: 1, priority: 4,
    hotel_contact: 'Mr. Tan', phone: '+65 6733 8888', hotel_expenses: '合作酒店 Hotel Jen Orchardgateway，约 260 新元/晚', remark: '海外游学项目教学点',
    own_by: 'u_admin', owner_name: 'admin',
  },
];

export async function seedLocations(db: Database, { demo }: { demo: boolean }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    let sort = FIRST_SORT_NO;
    let added = false;
    for (const p of LOCATION_PERMS) {
      const inserted = await tx
        .insertInto('sys_permission')
        .values({ id: p.id, parent_id: LOCATION_MENU_ID, name: p.name, url: null, component: null, component_name: null, redirect: null, menu_type: 2, perms: p.perms, perms_type: '1', sort_no: sort++, icon: null, description: null, create_by: null, update_by: null, update_time: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      added = true;
      for (const roleId of p.roles) {
        await tx.insertInto('sys_role_permission').values({ id: linkId(roleId, p.id), role_id: roleId, permission_id: p.id }).onConflict((oc) => oc.doNothing()).execute();
      }
    }
    // The menu row (server/seed/seed-data.ts) was computed a leaf there: its buttons live here.
    if (added) await tx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', LOCATION_MENU_ID).execute();

    if (!demo) return;
    if (await tx.selectFrom('tbl_location').select('id').limit(1).executeTakeFirst()) {
      // A demo database from before 场地名称 (0018) has each venue named after its address: give the demo
      // venues their names, unless an administrator has renamed one already.
      for (const v of DEMO_VENUES) {
        await tx.updateTable('tbl_location').set({ name: v.name }).where('id', '=', v.id).where('name', '=', sql<string>`left(detail_location, 100)`).execute();
      }
      return;
    }
    const now = Date.now();
    // Older venues first, an hour apart, so the default sort (createTime desc) shows the list's order reversed.
    const rows = DEMO_VENUES.map(({ owner_name, ...v }, i) => ({
      dict: null, priority: null, remark: null, hotel_contact: null, phone: null, hotel_expenses: null,
      ...v,
      del_flag: 0, create_by: owner_name, create_time: new Date(now - (DEMO_VENUES.length - i) * HOUR), update_by: null, update_time: null,
    }));
    await tx.insertInto('tbl_location').values(rows).execute();
  });
}
