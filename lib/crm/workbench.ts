/** GET /crm/workbench/summary: the 招生工作台's figures (server/crm/lead-pool.ts `workbenchSummary`). */
export interface WorkbenchSummary {
  /** My unconverted leads whose next follow-up falls today (Asia/Shanghai), and those already overdue. */
  dueToday: number;
  overdue: number;
  poolSize: number;
  myLeads: number;
  /** Counted towards the limit (unconverted), and the limit. */
  myActive: number;
  maxOwned: number;
  poolEnabled: number;
  convertedThisMonth: number;
  /** Everyone's conversions this month, for a marketing-flag user or one with crm:lead:all; else null. */
  teamConvertedThisMonth: number | null;
  openTasks: number;
}
