/** @jest-environment node */
import { SESSION_STATE_TEXT, sessionState } from './session-state';
import type { CalendarStatus, CalendarType } from './types';

const START = '2026-03-05 09:00:00';
const END = '2026-03-05 10:30:00';
// Wire times are Asia/Shanghai: 09:00 there is 01:00 UTC.
const at = (utc: string) => new Date(`2026-03-05T${utc}Z`);

describe('sessionState', () => {
  it.each<[string, CalendarStatus, CalendarType, Date, string]>([
    ['before the start', 0, 0, at('00:59:59'), '未开始'],
    ['at the start (start ≤ now)', 0, 0, at('01:00:00'), '进行中'],
    ['during the lesson', 0, 0, at('02:00:00'), '进行中'],
    ['at the end (now < end no longer holds)', 0, 0, at('02:30:00'), '待点名'],
    ['a meeting after its end', 0, 4, at('03:00:00'), '已结束'],
    ['a meeting in progress', 0, 4, at('01:30:00'), '进行中'],
    ['已点名 stays, whatever the time', 1, 0, at('01:30:00'), '已点名'],
    ['已取消 stays', 2, 0, at('00:00:00'), '已取消'],
    ['已调课 stays', 3, 0, at('01:30:00'), '已调课'],
  ])('%s', (_name, status, type, now, text) => {
    expect(SESSION_STATE_TEXT[sessionState({ status, type, start: START, end: END }, now)]).toBe(text);
  });

  it('takes instants as well as wire times, and unreadable times keep the stored status', () => {
    expect(sessionState({ status: 0, start: at('01:00:00'), end: at('02:30:00') }, at('01:10:00'))).toBe('inProgress');
    expect(sessionState({ status: 0, start: 'soon', end: END }, at('01:10:00'))).toBe('upcoming');
  });
});
