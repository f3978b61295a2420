import { CALENDAR_STATUS_TEXT, type CalendarStatus, type CalendarType } from './types';
import { parseWireTime } from './wire-time';

/**
 * What an entry's 状态 says now (issue #39): the stored status (domain §1: 0 未开始 1 已点名 2 已取消 3 已调课)
 * only knows whether a session was taken; a status-0 entry between its start and end is 进行中, and after its
 * end a lesson still waiting for its roll is 待点名 (another kind of entry has simply 已结束). The one place the
 * detail drawer and the workplace read the state from.
 */
export type SessionState = 'upcoming' | 'inProgress' | 'awaitingCheck' | 'ended' | 'checked' | 'cancelled' | 'rescheduled';

export const SESSION_STATE_TEXT: Record<SessionState, string> = {
  upcoming: CALENDAR_STATUS_TEXT[0],
  inProgress: '进行中',
  awaitingCheck: '待点名',
  ended: '已结束',
  checked: CALENDAR_STATUS_TEXT[1],
  cancelled: CALENDAR_STATUS_TEXT[2],
  rescheduled: CALENDAR_STATUS_TEXT[3],
};

/** antd Tag colours per state. */
export const SESSION_STATE_COLOR: Record<SessionState, string> = {
  upcoming: 'default',
  inProgress: 'processing',
  awaitingCheck: 'warning',
  ended: 'default',
  checked: 'success',
  cancelled: 'default',
  rescheduled: 'warning',
};

const FIXED: Record<Exclude<CalendarStatus, 0>, SessionState> = { 1: 'checked', 2: 'cancelled', 3: 'rescheduled' };

/** `start` / `end`: wire times ('YYYY-MM-DD HH:mm:ss', Asia/Shanghai) or instants; `type` 0 is a lesson (教学排课). */
export function sessionState(e: { status: CalendarStatus; type?: CalendarType; start: string | Date; end: string | Date }, now: Date): SessionState {
  if (e.status !== 0) return FIXED[e.status];
  const at = (t: string | Date) => (t instanceof Date ? t : parseWireTime(t))?.getTime() ?? Number.NaN;
  const start = at(e.start);
  const end = at(e.end);
  // Unreadable times say what the stored status says.
  if (Number.isNaN(start) || Number.isNaN(end) || now.getTime() < start) return 'upcoming';
  if (now.getTime() < end) return 'inProgress';
  return e.type === undefined || e.type === 0 ? 'awaitingCheck' : 'ended';
}
