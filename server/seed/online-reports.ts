import type { Database } from '../db/index';
import { DEMO_FOLDERS, seedDemoFolder } from './demo-folders';
import { linkId } from '../core/ids';
import { onlineReportCodes } from '../../lib/permissions/codes';
import type { CgreportItem } from '../../lib/online/wire';

/**
 * The demo's designer-made report (issue #25): 各校区本月课消, per venue (tbl_location) the month's sessions (课次 = type 0
 * calendar entries not cancelled), attended student-lessons (到课 and 迟到) and consumed hours (课消 not revoked),
 * with a bar chart, under 教育 in the menu for role_admin and role_academic. `${month}` (YYYY-MM, GMT+8) defaults to
 * the current month inside the SQL. Made as 报表配置 would make it; inserted only when missing, so an administrator's
 * later edits stand (the menu rows are linked to their roles only when this run inserts them, as every seed).
 */

export const CAMPUS_REPORT_CODE = 'campus_consume_month';
const HEAD_ID = 'rpt_campus_consume_month';
const MENU_ID = 'perm_online_rpt_campus';

export const CAMPUS_REPORT_SQL = `select l.name as venue_name,
       count(c.id) as lesson_count,
       coalesce(sum(a.attended), 0) as attended_count,
       coalesce(sum(h.hours), 0) as consume_hours
from tbl_location l
join tbl_calendar c on c.location_id = l.id
  and c.del_flag = 0 and c.type = 0 and c.status in (0, 1)
  and to_char(c.start_time at time zone 'Asia/Shanghai', 'YYYY-MM') = coalesce(\${month}, to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM'))
left join (select calendar_id, count(*) as attended from tbl_lesson_student where arrival_status in (1, 2) group by calendar_id) a on a.calendar_id = c.id
left join (select calendar_id, sum(hours) as hours from tbl_consume_log where status = 0 group by calendar_id) h on h.calendar_id = c.id
where l.del_flag = 0
group by l.id, l.name
order by consume_hours desc, venue_name`;

const ITEMS: Omit<CgreportItem, 'id'>[] = [
  { fieldName: 'venue_name', fieldTxt: '校区/场地', fieldWidth: 200, fieldType: 'String', isShow: 1, isOrder: 1, isSearch: 1, searchMode: 'single', dictCode: null, orderNum: 1 },
  { fieldName: 'lesson_count', fieldTxt: '课次', fieldWidth: 100, fieldType: 'Integer', isShow: 1, isOrder: 1, isSearch: 0, searchMode: null, dictCode: null, orderNum: 2 },
  { fieldName: 'attended_count', fieldTxt: '到课人次', fieldWidth: 100, fieldType: 'Integer', isShow: 1, isOrder: 1, isSearch: 0, searchMode: null, dictCode: null, orderNum: 3 },
  { fieldName: 'consume_hours', fieldTxt: '课消课时', fieldWidth: 100, fieldType: 'Double', isShow: 1, isOrder: 1, isSearch: 0, searchMode: null, dictCode: null, orderNum: 4 },
];

const ROLES = ['role_admin', 'role_academic'];

export async function seedOnlineReports(db: Database): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await seedDemoFolder(tx, DEMO_FOLDERS.report, ROLES);
    const created = await tx
      .insertInto('onl_cgreport_head')
      .values({
        id: HEAD_ID,
        code: CAMPUS_REPORT_CODE,
        name: '各校区本月课消',
        cgr_sql: CAMPUS_REPORT_SQL,
        db_source: null,
        content: '按场地统计本月课次、到课人次和课消课时；月份参数留空为本月',
        chart_type: 'bar',
        chart_x: 'venue_name',
        chart_y: 'consume_hours',
        create_by: 'system',
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) {
      await tx
        .insertInto('onl_cgreport_item')
        .values(
          ITEMS.map((it) => ({
            id: linkId(HEAD_ID, it.fieldName),
            cgrhead_id: HEAD_ID,
            field_name: it.fieldName,
            field_txt: it.fieldTxt,
            field_width: it.fieldWidth,
            field_type: it.fieldType,
            is_show: it.isShow,
            is_order: it.isOrder,
            is_search: it.isSearch,
            search_mode: it.searchMode,
            dict_code: it.dictCode,
            order_num: it.orderNum,
          })),
        )
        .execute();
      await tx
        .insertInto('onl_cgreport_param')
        .values({ id: linkId(HEAD_ID, 'month'), cgrhead_id: HEAD_ID, param_name: 'month', param_txt: '月份（YYYY-MM，留空为本月）', param_value: null, order_num: 1 })
        .execute();
    }
    const codes = onlineReportCodes(CAMPUS_REPORT_CODE);
    const rows = [
      { id: MENU_ID, parent_id: DEMO_FOLDERS.report.id, name: '各校区本月课消', url: `/online/cgreport/${CAMPUS_REPORT_CODE}`, component: 'modules/online/cgreport/auto/OnlCgreportAutoList', menu_type: 1, perms: null, sort_no: 6.51, icon: 'bar-chart', is_leaf: false },
      { id: `${MENU_ID}_list`, parent_id: MENU_ID, name: '查看各校区本月课消', url: null, component: null, menu_type: 2, perms: codes.list, sort_no: 1, icon: null, is_leaf: true },
      { id: `${MENU_ID}_export`, parent_id: MENU_ID, name: '导出各校区本月课消', url: null, component: null, menu_type: 2, perms: codes.exportXls, sort_no: 2, icon: null, is_leaf: true },
    ];
    for (const row of rows) {
      const inserted = await tx
        .insertInto('sys_permission')
        .values({ ...row, perms_type: '1', create_by: 'system' })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      for (const roleId of ROLES) {
        await tx.insertInto('sys_role_permission').values({ id: linkId(roleId, row.id), role_id: roleId, permission_id: row.id }).onConflict((oc) => oc.doNothing()).execute();
      }
    }
  });
}
