/** The 请假 / 调课 application endpoints for the 审核 screen and the apply modal (issue 7 item 7). */
import { http } from '@/lib/http';
import { APPLY_API, type ApplyAuditInput, type ApplyInput, type ApplyListQuery, type ApplyRow } from '@/lib/calendar/apply-types';
import type { PageResult } from '@/features/system/paging';

/** Wire params: the page plus the filters that are set. */
export function listParams(q: ApplyListQuery): Record<string, string | number> {
  const p: Record<string, string | number> = { pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10 };
  if (q.kind) p.kind = q.kind;
  if (q.auditStatus !== undefined) p.auditStatus = q.auditStatus;
  if (q.clazzId) p.clazzId = q.clazzId;
  if (q.dateBegin) p.dateBegin = q.dateBegin;
  if (q.dateEnd) p.dateEnd = q.dateEnd;
  return p;
}

export const fetchApplies = ([url, q]: readonly [string, ApplyListQuery]) =>
  http.get<PageResult<ApplyRow>>(url, listParams(q)).then((r) => r.result ?? { records: [], total: 0 });

export const submitApply = (body: ApplyInput) => http.post<{ id: string }>(APPLY_API.add, body);
export const auditApply = (body: ApplyAuditInput) => http.post<{ resultCalendarId: string | null }>(APPLY_API.audit, body);
export const withdrawApply = (id: string) => http.post<null>(APPLY_API.withdraw, { id });
