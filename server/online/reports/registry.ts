import { departPostReport, sysUserReport } from './definitions';
import type { AnyReportDef } from './types';
import { REPORT_CODE_RE, REPORT_FIELD_RE } from '../../../lib/online/report-rules';

/**
 * Report code → definition. A Map (not an object), so a client's code such as `__proto__` or
 * `constructor` can never resolve to anything.
 */
const REPORTS = new Map<string, AnyReportDef>();

/** Codes are plain identifiers (the designer's rule too); anything else is not looked up at all. */
export { REPORT_CODE_RE };
const FIELD_RE = REPORT_FIELD_RE;

/** Registers a report; throws on a malformed definition or a code already taken by another one. */
export function registerReport(def: AnyReportDef): void {
  if (!REPORT_CODE_RE.test(def.code)) throw new Error(`report code "${def.code}" is not an identifier`);
  const taken = REPORTS.get(def.code);
  if (taken && taken !== def) throw new Error(`report "${def.code}" is already registered`);
  const names = [...(def.rowKey ? [def.rowKey] : []), ...def.columns.map((c) => c.field), ...def.queryFields.map((q) => q.field)];
  const bad = names.find((n) => !FIELD_RE.test(n));
  if (bad) throw new Error(`report "${def.code}": field "${bad}" is not an identifier`);
  if (new Set(def.columns.map((c) => c.field)).size !== def.columns.length) throw new Error(`report "${def.code}": duplicate column`);
  if (new Set(def.queryFields.map((q) => q.field)).size !== def.queryFields.length) throw new Error(`report "${def.code}": duplicate query field`);
  REPORTS.set(def.code, def);
}

/** The report a client-sent code names, or undefined. */
export function getReport(code: string | undefined): AnyReportDef | undefined {
  const c = (code ?? '').trim();
  return REPORT_CODE_RE.test(c) ? REPORTS.get(c) : undefined;
}

export const listReports = (): AnyReportDef[] => [...REPORTS.values()];

/** Whether a code belongs to a report defined in code (the designer refuses such a code: these win on a clash). */
export const isCodeDefinedReport = (code: string): boolean => REPORTS.has(code);

registerReport(departPostReport);
registerReport(sysUserReport);
