import dayjs from 'dayjs';
import { hasContent, rowActionsFor, splitIds, toBody } from '../announcement-def';

it('content counts text, images, players and rules, not empty markup', () => {
  expect(hasContent('')).toBe(false);
  expect(hasContent('<p></p>')).toBe(false);
  expect(hasContent('<p> &nbsp; </p><p><br></p>')).toBe(false);
  expect(hasContent('<p>a</p>')).toBe(true);
  expect(hasContent('<img src="https://a.cn/a.png">')).toBe(true);
  expect(hasContent('<video src="https://a.cn/a.mp4" controls="controls"></video>')).toBe(true);
});

it('user ids: the stored trailing comma is dropped on reading and added on writing', () => {
  expect(splitIds('u_a,u_b,')).toEqual(['u_a', 'u_b']);
  expect(toBody({ titile: 't', msgType: 'USER', userIds: 'u_a,u_b', msgContent: '<p>x</p>' }).userIds).toBe('u_a,u_b,');
  // ALL never carries users, even when some were picked before switching back.
  expect(toBody({ titile: 't', msgType: 'ALL', userIds: 'u_a', msgContent: '<p>x</p>' }).userIds).toBe('');
});

it('times go out as YYYY-MM-DD HH:mm:ss; a page only with a way to open it', () => {
  const body = toBody({ titile: 't', startTime: dayjs('2026-05-01T08:30:00'), endTime: dayjs('2026-05-02T18:00:00'), openType: '', openPage: '/x', msgContent: 'x' });
  expect(body).toMatchObject({ startTime: '2026-05-01 08:30:00', endTime: '2026-05-02 18:00:00', openType: '', openPage: '' });
});

it('row links follow the send status', () => {
  expect(rowActionsFor('0')).toEqual({ edit: true, release: true, remove: true, revoke: false, view: true });
  expect(rowActionsFor('1')).toEqual({ edit: false, release: false, remove: false, revoke: true, view: true });
  expect(rowActionsFor('2')).toEqual({ edit: false, release: false, remove: true, revoke: false, view: true });
});
