import { LIVE_JOIN_LEAD_MINUTES } from './types';

/** 直播中 from LIVE_JOIN_LEAD_MINUTES before the start until the end; shared by the page and the server's join check. */
export type LiveState = 'live' | 'upcoming' | 'ended';

export const LIVE_STATE_TEXT: Record<LiveState, string> = { live: '直播中', upcoming: '未开始', ended: '已结束' };

export function liveState(start: Date, end: Date, now: Date): LiveState {
  if (now.getTime() >= end.getTime()) return 'ended';
  if (now.getTime() >= start.getTime() - LIVE_JOIN_LEAD_MINUTES * 60_000) return 'live';
  return 'upcoming';
}
