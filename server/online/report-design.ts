import type { Database } from '../db';
import type { Services } from '../core/context';
import type { AddMenuBody, CgreportHead, CgreportSaveBody } from '../../lib/online/wire';
import { validateReportDefinition } from '../../lib/online/report-rules';
import { onlineReportCodes } from '../../lib/permissions/codes';
import { ApiFailure } from '../core/errors';
import { DictError, getDictItems } from '../resources/dicts';
import { newId } from '../core/ids';
import { isCodeDefinedReport } from './reports/registry';
import type { Writer } from '../system/permission-menus';
import { pushToAll } from '../message/announcements';
import { PERMISSION_CHANGED } from '../realtime/notify';
import { addOnlineMenu, removeOnlineMenus, type OnlineMenuRow } from './form-menu';
import { checkReportSql } from './report-sql';
import { toReportHead } from './report-run';

/**
 * The report designer's writes (issue #25, 报表配置): save a definition (head, items and params in one transaction,
 * the SQL checked by the parser first), delete it with its menu rows, and 添加到菜单 (the generic online menu of
 * ./form-menu.ts with the report's own codes).
 */

export const REPORT_MISSING = '报表不存在或已删除';
export const REPORT_MENU_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';
export const reportMenuUrl = (code: string) => `/online/cgreport/${code}`;


/** Every dictionary an item or a param names must exist (a plain one of 数据字典, or a registered table dictionary). */
async function checkDictionaries(db: Database, body: CgreportSaveBody): Promise<void> {
  const named = [...body.items.map((i) => ({ what: `字段 ${i.fieldName}`, code: i.dictCode })), ...body.params.map((p) => ({ what: `参数 ${p.paramName}`, code: p.dictCode }))];
  const codes = [...new Set(named.map((n) => n.code).filter((c): c is string => !!c))];
  if (!codes.length) return;
  const plain = codes.filter((c) => !c.includes(','));
  const found = new Set(plain.length ? (await db.selectFrom('sys_dict').select('dict_code').where('dict_code', 'in', plain).where('del_flag', '=', 0).execute()).map((r) => r.dict_code) : []);
  for (const c of codes.filter((x) => x.includes(','))) {
    try {
      await getDictItems(db, c);
      found.add(c);
    } catch (e) {
      if (!(e instanceof DictError)) throw e;
    }
  }
  const missing = named.find((n) => n.code && !found.has(n.code));
  if (missing) throw new ApiFailure(`${missing.what}：字典 ${missing.code} 不存在`);
}

/** Adds (mode add) or edits a report; every rule of lib/online/report-rules.ts and the SQL gate first. Answers the head. */
export async function saveReport(db: Database, body: CgreportSaveBody, me: Writer, mode: 'add' | 'edit'): Promise<CgreportHead> {
  const errors = validateReportDefinition(body);
  if (errors.length) throw new ApiFailure(errors.join('；'));
  const head = body.head;
  const code = head.code.trim();
  const dbSource = typeof head.dbSource === 'string' && head.dbSource.trim() ? head.dbSource.trim() : null;
  if (isCodeDefinedReport(code)) throw new ApiFailure(`报表编码 ${code} 已被系统内置报表使用，请换一个`);
  if (dbSource && !(await db.selectFrom('sys_data_source').select('id').where('code', '=', dbSource).executeTakeFirst())) throw new ApiFailure(`数据源 ${dbSource} 不存在`);
  await checkDictionaries(db, body);
  const checked = await checkReportSql(head.cgrSql, { external: !!dbSource });
  // Without `*` the statement names its columns: every item must be one of them.
  if (!checked.columns.includes(null)) {
    const missing = body.items.filter((i) => !checked.columns.includes(i.fieldName)).map((i) => i.fieldName);
    if (missing.length) throw new ApiFailure(`字段 ${missing.join('、')} 不在SQL的查询结果中，请重新解析SQL`);
  }
  const values = {
    code,
    name: head.name.trim(),
    cgr_sql: head.cgrSql,
    db_source: dbSource,
    content: typeof head.content === 'string' ? head.content.slice(0, 1000) : null,
    chart_type: head.chartType ?? 'none',
    chart_x: head.chartType && head.chartType !== 'none' ? (head.chartX ?? null) : null,
    chart_y: head.chartType && head.chartType !== 'none' ? (head.chartY ?? null) : null,
  };
  const id = await db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom('onl_cgreport_head').select('id').where('code', '=', code).executeTakeFirst();
    let headId: string;
    if (mode === 'add') {
      if (taken) throw new ApiFailure(`报表编码 ${code} 已存在`);
      headId = newId();
      await tx.insertInto('onl_cgreport_head').values({ id: headId, ...values, create_by: me.username }).execute();
    } else {
      const old = head.id ? await tx.selectFrom('onl_cgreport_head').select(['id', 'code']).where('id', '=', head.id).executeTakeFirst() : undefined;
      if (!old) throw new ApiFailure(REPORT_MISSING);
      // The menu path, the permission codes and other screens' popups name the report by its code.
      if (old.code !== code) throw new ApiFailure('报表编码不能修改');
      headId = old.id;
      await tx.updateTable('onl_cgreport_head').set({ ...values, update_by: me.username, update_time: new Date() }).where('id', '=', headId).execute();
      await tx.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', headId).execute();
      await tx.deleteFrom('onl_cgreport_param').where('cgrhead_id', '=', headId).execute();
    }
    if (body.items.length)
      await tx
        .insertInto('onl_cgreport_item')
        .values(
          body.items.map((it, i) => ({
            id: newId(),
            cgrhead_id: headId,
            field_name: it.fieldName,
            field_txt: it.fieldTxt.trim(),
            field_width: it.fieldWidth ?? null,
            field_type: it.fieldType,
            is_show: it.isShow ? 1 : 0,
            is_order: it.isOrder ? 1 : 0,
            is_search: it.isSearch ? 1 : 0,
            search_mode: it.isSearch ? (it.searchMode === 'group' ? 'group' : 'single') : null,
            dict_code: it.dictCode || null,
            order_num: Number.isInteger(it.orderNum) ? it.orderNum : i + 1,
          })),
        )
        .execute();
    if (body.params.length)
      await tx
        .insertInto('onl_cgreport_param')
        .values(
          body.params.map((p, i) => ({
            id: newId(),
            cgrhead_id: headId,
            param_name: p.paramName,
            param_txt: p.paramTxt.trim(),
            param_value: p.paramValue == null || p.paramValue === '' ? null : String(p.paramValue),
            dict_code: p.dictCode || null,
            param_type: p.paramType && p.paramType !== 'String' ? p.paramType : null,
            order_num: Number.isInteger(p.orderNum) ? p.orderNum : i + 1,
          })),
        )
        .execute();
    return headId;
  });
  return toReportHead((await db.selectFrom('onl_cgreport_head').selectAll().where('id', '=', id).executeTakeFirstOrThrow()));
}

/** Deletes a report (items and params cascade) and its menu rows, in one transaction. */
export async function deleteReport(services: Services, id: string, me: Writer): Promise<void> {
  const menus = await services.db.transaction().execute(async (tx) => {
    const head = await tx.selectFrom('onl_cgreport_head').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    if (!head) throw new ApiFailure(REPORT_MISSING);
    await tx.deleteFrom('onl_cgreport_head').where('id', '=', id).execute();
    return removeOnlineMenus(tx, reportMenuUrl(head.code), me);
  });
  if (menus > 0) await pushToAll(services, PERMISSION_CHANGED);
}

/** 添加到菜单: the report's menu row (path /online/cgreport/<code>) with its 查看 and 导出 buttons. */
export async function addReportMenu(services: Services, me: Writer, headId: string, body: Partial<AddMenuBody>, grantVia: string): Promise<OnlineMenuRow> {
  const head = await services.db.selectFrom('onl_cgreport_head').select(['code', 'name']).where('id', '=', headId).executeTakeFirst();
  if (!head) throw new ApiFailure(REPORT_MISSING);
  const parentId = typeof body.parentId === 'string' && body.parentId.trim() ? body.parentId.trim() : null;
  const name = typeof body.name === 'string' && body.name.trim() ? body.name : head.name;
  const codes = onlineReportCodes(head.code);
  return addOnlineMenu(services, me, {
    url: reportMenuUrl(head.code),
    component: REPORT_MENU_COMPONENT,
    name,
    parentId,
    icon: 'bar-chart',
    grantVia,
    buttons: [
      { name: `查看${head.name}`.slice(0, 100), code: codes.list },
      { name: `导出${head.name}`.slice(0, 100), code: codes.exportXls },
    ],
  });
}
