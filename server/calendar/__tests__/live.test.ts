/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { readBackendConfig } from '../../config';
import { LIVE_MESSAGES, liveUrlFor, readLiveProviderUrl, todayStart } from '../live';
import { CALENDAR_MESSAGES } from '../calendar';
import { NO_PERMISSION } from '../../core/errors';
import type { LivePresence, LiveSession } from '../../../lib/calendar/types';
import { liveState } from '../../../lib/calendar/live-model';
import type { Envelope } from '../../../lib/envelope';

/*
 * 直播课堂 (issue 7 item 8): LIVE_PROVIDER_URL validated at start; the list (today + 7 days, linked or
 * linkable, online counts, scope); setting / generating a link (liveEdit, safe http(s)); join / heartbeat
 * only while live; presence within 60 s.
 */

const TEMPLATE = 'https://meet.example.org/jiaowu-{id}';
const env = (vars: Record<string, string>) => ({ NODE_ENV: 'test', ...vars }) as NodeJS.ProcessEnv;

describe('LIVE_PROVIDER_URL', () => {
  it('is optional, and read once into the config', () => {
    expect(readLiveProviderUrl({})).toBeNull();
    expect(readLiveProviderUrl({ LIVE_PROVIDER_URL: '  ' })).toBeNull();
    expect(readBackendConfig(env({ LIVE_PROVIDER_URL: TEMPLATE })).liveProviderUrl).toBe(TEMPLATE);
  });

  it('stops the start on a bad value', () => {
    expect(() => readBackendConfig(env({ LIVE_PROVIDER_URL: 'https://meet.example.org/room' }))).toThrow(/\{id\}/);
    expect(() => readBackendConfig(env({ LIVE_PROVIDER_URL: 'javascript:alert({id})' }))).toThrow(/http\(s\)/);
    expect(() => readBackendConfig(env({ LIVE_PROVIDER_URL: 'ftp://x/{id}' }))).toThrow(/http\(s\)/);
    expect(() => readBackendConfig(env({ LIVE_PROVIDER_URL: 'not a url {id}' }))).toThrow(/LIVE_PROVIDER_URL/);
  });

  it('fills {id}', () => expect(liveUrlFor(TEMPLATE, 'abc')).toBe('https://meet.example.org/jiaowu-abc'));
});

describe('time helpers', () => {
  it('today starts at Shanghai midnight', () => {
    expect(todayStart(new Date('2026-03-04T15:59:00Z')).toISOString()).toBe('2026-03-03T16:00:00.000Z');
    expect(todayStart(new Date('2026-03-04T16:00:00Z')).toISOString()).toBe('2026-03-04T16:00:00.000Z');
  });

  it('is live from 15 minutes before the start until the end', () => {
    const s = new Date('2026-03-04T02:00:00Z');
    const e = new Date('2026-03-04T03:00:00Z');
    expect(liveState(s, e, new Date('2026-03-04T01:44:59Z'))).toBe('upcoming');
    expect(liveState(s, e, new Date('2026-03-04T01:45:00Z'))).toBe('live');
    expect(liveState(s, e, new Date('2026-03-04T02:59:59Z'))).toBe('live');
    expect(liveState(s, e, new Date('2026-03-04T03:00:00Z'))).toBe('ended');
  });
});

describe('routes', () => {
  let be: TestBackend;
  let admin: string;
  let jiaowu: string;
  let marketing: string;
  let teacher2: string;
  const now = Date.now();
  const at = (min: number) => new Date(now + min * 60_000);

  async function session(id: string, startMin: number, endMin: number, over: Record<string, unknown> = {}) {
    await be.db
      .insertInto('tbl_calendar')
      .values({
        id, type: 0, title: null, clazz_id: 'cz_live', course_id: 'co_live', series_id: null, lesson_no: 1, start_time: at(startMin), end_time: at(endMin), location_id: null, room_id: null,
        content: null, live_url: null, color: null, remark: null, override_reason: null, rescheduled_to: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null,
        ...over,
      })
      .execute();
  }

  beforeAll(async () => {
    be = await startTestBackend({ liveProviderUrl: TEMPLATE });
    [admin, jiaowu, marketing, teacher2] = await Promise.all([be.login('admin'), be.login('jiaowu'), be.login('marketing'), be.login('teacher2')]);
    // marketing stands for a viewer of 直播课堂 without calendar:inner:list; the demo role no longer has the screen (issue #21).
    await be.db.insertInto('sys_role_permission').values({ id: 'rp_test_marketing_live', role_id: 'role_marketing', permission_id: 'perm_btn_live_list' }).execute();
    await be.db.insertInto('tbl_course').values({ id: 'co_live', name: '直播英语', color: null, subject: null, price: null, total_lessons: null, intro: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null }).execute();
    await be.db.insertInto('tbl_clazz').values({
      id: 'cz_live', name: '直播一班', course_id: 'co_live', head_teacher: null, location_id: null, room_id: null, capacity: 20, hours_per_lesson: '1', start_date: null, end_date: null, color: null, remark: null,
      own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null,
    }).execute();
    await be.db.insertInto('tbl_teacher').values({ id: 'tc_live', name: '吴老师', status: 1, phone: '13900002001', user_id: null, gender: 1, subjects: null, certification: null, venue_id: null, depart_id: null, remark: null, own_by: null, sys_org_code: null, create_by: 'test', update_by: null, update_time: null }).execute();
    // Sessions of one class must not overlap (exclusion constraint): spread them out.
    await session('s_live', -10, 50);
    await session('s_soon', 60, 120, { clazz_id: null, type: 3, title: '家长会', live_url: 'https://meet.example.org/parents' });
    await session('s_later', 2 * 1440, 2 * 1440 + 60);
    await session('s_far', 9 * 1440, 9 * 1440 + 60);
    await session('s_cancel', 3 * 1440, 3 * 1440 + 60, { status: 2 });
    await session('s_inner', -5, 55, { clazz_id: null, type: 3, title: '内部班教研', scope: 1, live_url: 'https://meet.example.org/inner' });
    await be.db.insertInto('tbl_calendar_teacher').values({ id: 'ct_live', calendar_id: 's_live', teacher_id: 'tc_live', role: 1 }).execute();
  }, 120_000);
  afterAll(() => be.close());

  type Res = Envelope;
  const get = async (path: string, token: string): Promise<Res> => (await be.call(path, { token })).body;
  const post = async (path: string, json: Record<string, unknown>, token: string): Promise<Res> => (await be.call(path, { method: 'POST', token, json })).body;
  const list = async (token: string, q = 'pageSize=50') => (await get(`/calendar/live/list?${q}`, token)).result as { records: LiveSession[]; total: number };

  it('lists today and the next 7 days, earliest first, without cancelled or later sessions; inner ones only with calendar:inner:list', async () => {
    const a = await list(admin);
    expect(a.records.map((r) => r.id)).toEqual(expect.arrayContaining(['s_live', 's_inner', 's_soon', 's_later']));
    expect(a.records.map((r) => r.id)).not.toContain('s_far');
    expect(a.records.map((r) => r.id)).not.toContain('s_cancel');
    const live = a.records.find((r) => r.id === 's_live')!;
    expect(live).toMatchObject({ title: '直播一班 第1次课', clazzName: '直播一班', courseName: '直播英语', teachers: '吴老师', liveUrl: null, canGenerate: true, online: 0 });
    const m = await list(marketing);
    expect(m.records.map((r) => r.id)).not.toContain('s_inner');
    expect(m.total).toBe(a.total - 1);
    const paged = await list(admin, 'pageSize=1&pageNo=2');
    expect(paged.records).toHaveLength(1);
    expect(paged.total).toBe(a.total);
  });

  it('without a provider lists only sessions that have a link', async () => {
    be.config.liveProviderUrl = null;
    try {
      const ids = (await list(admin)).records.map((r) => r.id);
      expect(ids).toEqual(['s_inner', 's_soon']);
      expect(await post('/calendar/live/link', { id: 's_live' }, jiaowu)).toMatchObject({ success: false, message: LIVE_MESSAGES.noProvider });
    } finally {
      be.config.liveProviderUrl = TEMPLATE;
    }
  });

  it('setting a link needs calendar:live:edit; generates from the template, keeps an existing one, checks a given url', async () => {
    expect(await post('/calendar/live/link', { id: 's_live' }, marketing)).toMatchObject({ success: false, code: 510, message: NO_PERMISSION });
    expect(await post('/calendar/live/link', { id: 's_live' }, teacher2)).toMatchObject({ success: false, code: 510 });
    const r = await post('/calendar/live/link', { id: 's_live' }, jiaowu);
    expect(r).toMatchObject({ success: true, result: { liveUrl: 'https://meet.example.org/jiaowu-s_live' } });
    expect((await post('/calendar/live/link', { id: 's_soon' }, jiaowu)).result).toEqual({ liveUrl: 'https://meet.example.org/parents' });
    expect(await post('/calendar/live/link', { id: 's_later', url: 'javascript:alert(1)' }, jiaowu)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.liveUrl });
    expect(await post('/calendar/live/link', { id: 's_later', url: 'ftp://x' }, jiaowu)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.liveUrl });
    expect(await post('/calendar/live/link', { id: 's_later', url: 'https://zoom.example.com/j/1' }, jiaowu)).toMatchObject({ success: true, result: { liveUrl: 'https://zoom.example.com/j/1' } });
    expect(await post('/calendar/live/link', { id: 's_cancel' }, jiaowu)).toMatchObject({ success: false, message: LIVE_MESSAGES.closed });
    expect(await post('/calendar/live/link', { id: 'nope' }, jiaowu)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.notFound });
    const log = await be.db.selectFrom('tbl_calendar_log').select(['action', 'detail', 'operator']).where('calendar_id', '=', 's_live').execute();
    expect(log).toEqual([{ action: 'edit', detail: '直播地址 https://meet.example.org/jiaowu-s_live', operator: '赵立新' }]);
  });

  it('join and heartbeat record presence only while the session is live', async () => {
    expect(await post('/calendar/live/join', { id: 's_live' }, marketing)).toMatchObject({ success: true, result: { liveUrl: 'https://meet.example.org/jiaowu-s_live' } });
    expect(await post('/calendar/live/heartbeat', { id: 's_live' }, teacher2)).toMatchObject({ success: true });
    expect(await post('/calendar/live/join', { id: 's_later' }, marketing)).toMatchObject({ success: false, message: LIVE_MESSAGES.notStarted });
    expect(await post('/calendar/live/join', { id: 's_soon' }, marketing)).toMatchObject({ success: false, message: LIVE_MESSAGES.notStarted });
    await session('s_ended', -200, -140, { clazz_id: null, type: 3, title: '已结束', live_url: 'https://meet.example.org/old' });
    expect(await post('/calendar/live/heartbeat', { id: 's_ended' }, marketing)).toMatchObject({ success: false, message: LIVE_MESSAGES.ended });
    await session('s_nolink', 130, 190, { clazz_id: null, type: 3, title: '无链接', start_time: at(-1), end_time: at(1) });
    expect(await post('/calendar/live/join', { id: 's_nolink' }, marketing)).toMatchObject({ success: false, message: LIVE_MESSAGES.noLink });
    const rows = await be.db.selectFrom('tbl_live_presence').select(['calendar_id', 'user_id', 'realname']).orderBy('user_id').execute();
    expect(rows).toEqual([
      { calendar_id: 's_live', user_id: 'u_marketing', realname: '王晓雨' },
      { calendar_id: 's_live', user_id: 'u_teacher2', realname: '周明' },
    ]);
  });

  it('presence lists who was seen within 60 s; the list counts them', async () => {
    // 周明 went quiet 2 minutes ago: no longer online.
    await be.db.updateTable('tbl_live_presence').set({ last_seen: at(-2) }).where('user_id', '=', 'u_teacher2').execute();
    const p = (await get('/calendar/live/presence?id=s_live', admin)).result as LivePresence[];
    expect(p.map((x) => x.realname)).toEqual(['王晓雨']);
    expect(p[0].joinedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await list(admin)).records.find((r) => r.id === 's_live')!.online).toBe(1);
  });

  it('a beat after a silence starts a new stay; a beat within the minute keeps the join time', async () => {
    const joined = async (u: string) => (await be.db.selectFrom('tbl_live_presence').select('joined_at').where('user_id', '=', u).executeTakeFirstOrThrow()).joined_at.getTime();
    await be.db.updateTable('tbl_live_presence').set({ joined_at: at(-30) }).execute();
    await post('/calendar/live/heartbeat', { id: 's_live' }, marketing);
    expect(await joined('u_marketing')).toBe(at(-30).getTime());
    await post('/calendar/live/heartbeat', { id: 's_live' }, teacher2);
    expect(await joined('u_teacher2')).toBeGreaterThan(at(-1).getTime());
  });

  it('inner sessions need calendar:inner:list everywhere; reads need calendar:live:list', async () => {
    expect(await post('/calendar/live/join', { id: 's_inner' }, marketing)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.notFound });
    expect(await get('/calendar/live/presence?id=s_inner', marketing)).toMatchObject({ success: false, message: CALENDAR_MESSAGES.notFound });
    expect(await post('/calendar/live/join', { id: 's_inner' }, teacher2)).toMatchObject({ success: true });
    await be.db.deleteFrom('sys_role_permission').where('role_id', '=', 'role_marketing').where('permission_id', '=', 'perm_btn_live_list').execute();
    expect(await get('/calendar/live/list', marketing)).toMatchObject({ success: false, code: 510 });
    expect(await post('/calendar/live/heartbeat', { id: 's_live' }, marketing)).toMatchObject({ success: false, code: 510 });
    expect(await get('/calendar/live/presence?id=s_live', marketing)).toMatchObject({ success: false, code: 510 });
  });
});
