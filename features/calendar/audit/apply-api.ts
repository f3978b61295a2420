/** The 请假 / 调课 application endpoints for the 审核 screen and the apply modal (issue 7 item 7). */
import { http } from '@/lib/http';
import { APPLY_API, type ApplyAuditInput, type ApplyInput } from '@/lib/calendar/apply-types';

export const submitApply = (body: ApplyInput) => http.post<{ id: string }>(APPLY_API.add, body);
export const auditApply = (body: ApplyAuditInput) => http.post<{ resultCalendarId: string | null }>(APPLY_API.audit, body);
export const withdrawApply = (id: string) => http.post<null>(APPLY_API.withdraw, { id });
