import { PERMS } from '../../lib/permissions/codes';
import { crud, type SeedPerm } from './perm-rows';

/**
 * 招生 and 教务运营 (issue #23): the button codes of the lead, pool, task, staff, goods and handover screens,
 * seeded by seedTeachingPerms after the teaching rows (same rules: linked to the roles only when first
 * inserted). The menu rows are in server/seed/seed-data.ts.
 */

const ADMIN = ['role_admin'];
const ACADEMIC = ['role_admin', 'role_academic'];
/** Marketing sells; 教务 reads leads to book 试听 and runs tasks on students and classes. */
const CRM = ['role_admin', 'role_marketing', 'role_academic'];
const SELLING = ['role_admin', 'role_marketing'];

export const CRM_PERMS: SeedPerm[] = [
  ...crud('perm_btn_lead', 'perm_crm_lead', '线索', PERMS.lead, { read: CRM, write: SELLING, remove: ADMIN }),
  { id: 'perm_btn_lead_export', parent: 'perm_crm_lead', name: '导出线索', perms: PERMS.lead.exportXls, roles: SELLING },
  { id: 'perm_btn_lead_import', parent: 'perm_crm_lead', name: '导入线索', perms: PERMS.lead.importExcel, roles: SELLING },
  { id: 'perm_btn_lead_to_pool', parent: 'perm_crm_lead', name: '放入线索池', perms: PERMS.lead.toPool, roles: SELLING },
  { id: 'perm_btn_lead_topping', parent: 'perm_crm_lead', name: '置顶线索', perms: PERMS.lead.topping, roles: SELLING },
  { id: 'perm_btn_lead_tags', parent: 'perm_crm_lead', name: '线索标签', perms: PERMS.lead.updateTags, roles: SELLING },
  { id: 'perm_btn_lead_batch_task', parent: 'perm_crm_lead', name: '批量建任务', perms: PERMS.lead.addBatchTask, roles: SELLING },
  { id: 'perm_btn_lead_follow', parent: 'perm_crm_lead', name: '跟进线索', perms: PERMS.lead.follow, roles: SELLING },
  { id: 'perm_btn_lead_convert', parent: 'perm_crm_lead', name: '线索转化', perms: PERMS.lead.convert, roles: CRM },
  { id: 'perm_btn_lead_trial', parent: 'perm_crm_lead', name: '预约试听', perms: PERMS.lead.trial, roles: CRM },
  { id: 'perm_btn_lead_all', parent: 'perm_crm_lead', name: '查看全部线索', perms: PERMS.lead.all, roles: ['role_admin', 'role_academic'] },
  { id: 'perm_btn_pool_list', parent: 'perm_crm_pool', name: '查看线索池', perms: PERMS.leadPool.list, roles: SELLING },
  { id: 'perm_btn_pool_claim', parent: 'perm_crm_pool', name: '领取线索', perms: PERMS.leadPool.claim, roles: SELLING },
  { id: 'perm_btn_pool_assign', parent: 'perm_crm_pool', name: '分配线索', perms: PERMS.leadPool.assign, roles: ADMIN },
  { id: 'perm_btn_pool_config', parent: 'perm_crm_pool', name: '线索池设置', perms: PERMS.leadPool.config, roles: ADMIN },
  ...crud('perm_btn_task', 'perm_crm_task', '任务', PERMS.task, { read: CRM, write: CRM, remove: ADMIN }),
  { id: 'perm_btn_task_all', parent: 'perm_crm_task', name: '查看全部任务', perms: PERMS.task.all, roles: ACADEMIC },
  { id: 'perm_btn_staff_list', parent: 'perm_edu_staff', name: '查看员工', perms: PERMS.staff.list, roles: ACADEMIC },
  { id: 'perm_btn_staff_edit', parent: 'perm_edu_staff', name: '编辑员工', perms: PERMS.staff.edit, roles: ACADEMIC },
  { id: 'perm_btn_staff_export', parent: 'perm_edu_staff', name: '导出员工', perms: PERMS.staff.exportXls, roles: ACADEMIC },
  ...crud('perm_btn_goods', 'perm_edu_goods', '物品', PERMS.goods, { read: ACADEMIC, write: ACADEMIC, remove: ADMIN }, ['exportXls']),
  { id: 'perm_btn_goods_stock', parent: 'perm_edu_goods', name: '出入库', perms: PERMS.goods.stock, roles: ACADEMIC },
  { id: 'perm_btn_handover_list', parent: 'perm_edu_handover', name: '查看工作交接', perms: PERMS.handover.list, roles: ACADEMIC },
  { id: 'perm_btn_handover_add', parent: 'perm_edu_handover', name: '发起工作交接', perms: PERMS.handover.add, roles: ACADEMIC },
];
