import { sql } from 'kysely';
import type { Database } from '../db/index';
import { linkId } from '../core/ids';
import { addForm } from '../online/form-design';
import { syncForm } from '../online/form-sync';
import { formMenuSpec, insertOnlineMenu } from '../online/form-menu';
import { DEMO_FOLDERS, seedDemoFolder } from './demo-folders';
import type { CgformField } from '../../lib/online/wire';
import { cgformField } from '../../lib/online/form-def';

/**
 * Demo online form (issue #25): 教材领用登记 (`textbook_receive`), built the way an administrator would (saved
 * through the designer's rules, synchronised), added to 教育 for 管理员 and 教务, with a few rows in tenant 1.
 * Idempotent: nothing happens once the form exists (an administrator's later edits stay).
 */

/** A reference dictionary of server/seed/seed-data.ts (DICTS), so switching SEED_DEMO adds no dictionary. */
const DICT_CODE = 'textbook_receive_status';
const TABLE = 'textbook_receive';
// 表单应用 (server/seed/seed-data.ts): designer-made registers sit outside the daily 教育 group (issue #39).
const PARENT_MENU = DEMO_FOLDERS.onlineApps.id;
const ROLES = ['role_admin', 'role_academic'];
const SEED_WRITER = { id: 'seed', username: 'admin' };

const FIELDS: CgformField[] = [
  cgformField({ dbFieldName: 'student_name', dbFieldTxt: '学员姓名', dbIsNull: 0, isQuery: 1, sortFlag: 1, orderNum: 1 }),
  cgformField({ dbFieldName: 'textbook_name', dbFieldTxt: '教材名称', dbLength: 100, dbIsNull: 0, isQuery: 1, fieldLength: 160, orderNum: 2 }),
  cgformField({ dbFieldName: 'quantity', dbFieldTxt: '数量', dbType: 'int', dbLength: 10, dbDefaultVal: '1', fieldLength: 80, fieldValidType: 'z', orderNum: 3 }),
  cgformField({ dbFieldName: 'receive_date', dbFieldTxt: '领用日期', dbType: 'Date', dbLength: 0, fieldShowType: 'date', isQuery: 1, queryMode: 'group', sortFlag: 1, orderNum: 4 }),
  cgformField({ dbFieldName: 'status', dbFieldTxt: '领用状态', dbLength: 2, dbDefaultVal: '1', fieldShowType: 'list', dictField: DICT_CODE, isQuery: 1, fieldLength: 100, orderNum: 5 }),
];

const ROWS: [string, string, number, string, string][] = [
  ['张小明', '新概念英语 第一册', 1, '2026-09-01', '1'],
  ['李华', '小学奥数 三年级', 2, '2026-09-02', '1'],
  ['王芳', '新概念英语 第一册', 1, '2026-09-03', '2'],
  ['陈晨', '书法入门 楷书', 1, '2026-09-05', '1'],
];

export async function seedOnlineForms(db: Database): Promise<void> {
  // Before the early return: an installation from before 0046 has the form and gets the folder its row moved to.
  await seedDemoFolder(db, DEMO_FOLDERS.onlineApps, ROLES);
  if (await db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', TABLE).executeTakeFirst()) return;
  const head = await addForm(db, SEED_WRITER, { head: { tableName: TABLE, tableTxt: '教材领用登记', tableType: 1 }, fields: FIELDS });
  await syncForm(db, head.id, 'normal');
  await db.transaction().execute(async (tx) => {
    await insertOnlineMenu(tx, SEED_WRITER.username, formMenuSpec({ table_name: TABLE, table_txt: head.tableTxt }, PARENT_MENU), ROLES);
    for (const [i, [student, book, qty, date, status]] of ROWS.entries()) {
      await sql`insert into "tbl_onl_textbook_receive" (id, student_name, textbook_name, quantity, receive_date, status, create_by, create_time, tenant_id)
        values (${linkId('textbook_receive', String(i))}, ${student}, ${book}, ${qty}, ${date}, ${status}, 'admin', ${new Date(Date.UTC(2026, 8, 1 + i, 1))}, 1)`.execute(tx);
    }
  });
}
