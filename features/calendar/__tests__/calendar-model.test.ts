import dayjs from 'dayjs';
import {
  eventColor,
  eventLook,
  eventTitle,
  formatWire,
  NO_RESOURCE,
  parseWire,
  timeSpan,
  queryFromState,
  rangeLabel,
  rangeParams,
  resourcesFor,
  shiftDate,
  stateFromQuery,
  toEvents,
  viewRange,
  scrollOnShow,
  whoseSessions,
  type CalState,
} from '../calendar-model';
import { applyEdit, isDraggable, moveEdit } from '../calendar-drag';
import { calendarEntry } from '../test-fixtures';

const entry = calendarEntry;

const q = (s: string) => new URLSearchParams(s);
const today = dayjs('2026-11-25');
const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

describe('URL query ↔ state', () => {
  it('defaults to this week, no resource view, no filters', () => {
    expect(stateFromQuery(q(''), today)).toEqual({ view: 'week', date: '2026-11-25', resource: 'none', filters: { types: [] } });
  });

  it('reads view, date, resource view and every filter; drops malformed values', () => {
    const s = stateFromQuery(q('view=month&date=2026-12-05&res=room&teacherId=t1&locationId=l1&roomId=r1&clazzId=z1&courseId=k1&type=4,0,9,x,0'), today);
    expect(s).toEqual({ view: 'month', date: '2026-12-05', resource: 'room', filters: { teacherId: 't1', locationId: 'l1', roomId: 'r1', clazzId: 'z1', courseId: 'k1', types: [0, 4] } });
    expect(stateFromQuery(q('view=year&date=12/05/2026&res=desk'), today)).toMatchObject({ view: 'week', date: '2026-11-25', resource: 'none' });
  });

  it('round-trips and keeps foreign keys of the URL', () => {
    const s: CalState = { view: 'day', date: '2026-11-23', resource: 'teacher', filters: { teacherId: 't1', types: [1, 0] } };
    const out = queryFromState(s, q('tab=x&roomId=old'));
    expect(out.get('tab')).toBe('x');
    expect(out.get('roomId')).toBeNull();
    expect(out.get('type')).toBe('0,1');
    expect(stateFromQuery(out, today)).toEqual({ ...s, filters: { teacherId: 't1', types: [0, 1] } });
  });
});

describe('range of a view (weeks start on Monday)', () => {
  it('week: Monday to next Monday, exclusive', () => {
    const r = viewRange('week', '2026-11-29'); // a Sunday
    expect([fmt(r.start), fmt(r.end)]).toEqual(['2026-11-23', '2026-11-30']);
    expect(fmt(viewRange('week', '2026-11-23').start)).toBe('2026-11-23');
  });

  it('month: whole weeks around the month', () => {
    const r = viewRange('month', '2026-11-10'); // Nov 1 2026 is a Sunday, Nov 30 a Monday
    expect([fmt(r.start), fmt(r.end)]).toEqual(['2026-10-26', '2026-12-07']);
    expect(r.end.diff(r.start, 'day')).toBeLessThanOrEqual(62);
  });

  it('day and agenda', () => {
    const d = viewRange('day', '2026-11-23');
    expect([fmt(d.start), fmt(d.end)]).toEqual(['2026-11-23', '2026-11-24']);
    const a = viewRange('agenda', '2026-11-23');
    expect([fmt(a.start), fmt(a.end)]).toEqual(['2026-11-23', '2026-12-24']);
  });

  it('range params carry the wire format and the filters', () => {
    const p = rangeParams({ view: 'week', date: '2026-11-25', resource: 'none', filters: { teacherId: 't1', types: [0, 2] } });
    expect(p).toEqual({ start: '2026-11-23 00:00:00', end: '2026-11-30 00:00:00', teacherId: 't1', type: '0,2' });
  });

  it('我的 / 全部: a teacher opens on 我的, may switch with calendar:entry:all; the choice rides the URL and sends mine=1', () => {
    expect(whoseSessions(undefined, { isTeacher: true, canSeeAll: true })).toEqual({ whose: 'mine', switchable: true });
    expect(whoseSessions('all', { isTeacher: true, canSeeAll: true })).toEqual({ whose: 'all', switchable: true });
    // 教务 without a teacher record: 全部, nothing to switch to.
    expect(whoseSessions(undefined, { isTeacher: false, canSeeAll: true })).toEqual({ whose: 'all', switchable: false });
    // Without the code the server answers only one's own sessions: say so, offer nothing.
    expect(whoseSessions('all', { isTeacher: true, canSeeAll: false })).toEqual({ whose: 'mine', switchable: false });
    const s = stateFromQuery(q('view=week&date=2026-11-25&whose=all'), today);
    expect(s.whose).toBe('all');
    expect(stateFromQuery(q('whose=other'), today).whose).toBeUndefined();
    expect(queryFromState({ ...s, whose: 'mine' }).get('whose')).toBe('mine');
    expect(rangeParams(s, 'mine')).toMatchObject({ mine: '1' });
    expect(rangeParams(s, 'all').mine).toBeUndefined();
  });

  it('a time grid shown after mounting hidden goes to 08:00, or back where the user was; a scrolled one is left alone', () => {
    expect(scrollOnShow({ scrollTop: 0, scrollHeight: 960 }, null)).toBe(320);
    expect(scrollOnShow({ scrollTop: 0, scrollHeight: 960 }, 500)).toBe(500);
    expect(scrollOnShow({ scrollTop: 320, scrollHeight: 960 }, null)).toBeNull();
    expect(scrollOnShow({ scrollTop: 0, scrollHeight: 0 }, null)).toBeNull();
  });

  it('上一页 / 下一页 and the label', () => {
    expect(shiftDate('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftDate('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(shiftDate('day', '2026-11-30', 1)).toBe('2026-12-01');
    expect(rangeLabel('month', '2026-11-10')).toBe('2026年11月');
    expect(rangeLabel('week', '2026-11-25')).toBe('2026年11月23日 – 29日');
    expect(rangeLabel('week', '2026-12-30')).toBe('2026年12月28日 – 2027年1月3日');
    expect(rangeLabel('day', '2026-11-23')).toBe('2026年11月23日 周一');
  });
});

describe('entries → events', () => {
  it('wire times are wall-clock times both ways', () => {
    const d = parseWire('2026-11-23 10:00:00');
    expect([d.getHours(), d.getMinutes(), d.getDate()]).toEqual([10, 0, 23]);
    expect(formatWire(d)).toBe('2026-11-23 10:00:00');
  });

  it('time spans read as dayjs formats them, cut from plain wires and through dayjs otherwise', () => {
    const slow = (a: string, b: string) => {
      const s = dayjs(a);
      const e = dayjs(b);
      return `${s.format('YYYY-MM-DD HH:mm')}–${e.isSame(s, 'day') ? e.format('HH:mm') : e.format('YYYY-MM-DD HH:mm')}`;
    };
    const wires = ['2026-11-23 10:00:00', '2026-11-23 23:59:59', '2026-11-24 00:00:00', '2026-02-30 10:00:00', '2026-11-23 25:00:00', '2026-12-31 23:30:00', '2027-01-01 08:05:00'];
    for (const a of wires) for (const b of wires) expect([a, b, timeSpan(a, b)]).toEqual([a, b, slow(a, b)]);
    expect(timeSpan('2026-11-23 10:00:00', '2026-11-23 11:30:00')).toBe('2026-11-23 10:00–11:30');
    expect(timeSpan('2026-11-23 22:00:00', '2026-11-24 01:00:00')).toBe('2026-11-23 22:00–2026-11-24 01:00');
  });

  it('title is 班级 · 教室 · 主讲, ⚠ first when overridden; other types use their title', () => {
    expect(eventTitle(entry())).toBe('初二数学A班 · 201教室 · 周明');
    expect(eventTitle(entry({ conflictOverride: true }))).toBe('⚠ 初二数学A班 · 201教室 · 周明');
    expect(eventTitle(entry({ type: 4, title: '教研会', clazzName: null, roomName: null, teachers: [] }))).toBe('教研会 · 中关村校区');
  });

  it('plain view: one event per entry', () => {
    const evs = toEvents([entry(), entry({ id: 'c2' })], 'none');
    expect(evs.map((e) => e.key)).toEqual(['c1', 'c2']);
    expect(evs[0].resourceId).toBeUndefined();
  });

  it('teacher view: an entry with two teachers appears under each; none → 未指定', () => {
    const evs = toEvents([entry(), entry({ id: 'c2', teachers: [] })], 'teacher');
    expect(evs.map((e) => [e.key, e.resourceId])).toEqual([
      ['c1:t1', 't1'],
      ['c1:t2', 't2'],
      [`c2:${NO_RESOURCE}`, NO_RESOURCE],
    ]);
  });

  it('room view: one copy in its room', () => {
    expect(toEvents([entry(), entry({ id: 'c2', roomId: null })], 'room').map((e) => e.resourceId)).toEqual(['r1', NO_RESOURCE]);
  });

  it('resources: used ones in option order, the chosen one alone, rooms of the chosen venue, 未指定', () => {
    const opts = {
      teachers: [
        { id: 't2', name: '李文静' },
        { id: 't3', name: '王芳' },
        { id: 't1', name: '周明' },
      ],
      rooms: [
        { id: 'r1', name: '201教室', locationId: 'l1' },
        { id: 'r2', name: '202教室', locationId: 'l1' },
        { id: 'r9', name: '301教室', locationId: 'l2' },
      ],
    };
    expect(resourcesFor('none', [entry()], opts, { types: [] })).toBeUndefined();
    expect(resourcesFor('teacher', [entry()], opts, { types: [] })).toEqual([
      { id: 't2', title: '李文静' },
      { id: 't1', title: '周明' },
    ]);
    expect(resourcesFor('teacher', [entry()], opts, { teacherId: 't3', types: [] })).toEqual([{ id: 't3', title: '王芳' }]);
    expect(resourcesFor('room', [entry({ roomId: null })], opts, { locationId: 'l1', types: [] })).toEqual([
      { id: 'r1', title: '201教室' },
      { id: 'r2', title: '202教室' },
      { id: NO_RESOURCE, title: '未指定' },
    ]);
    // Nothing visible: every option, so a drop has a column.
    expect(resourcesFor('room', [], opts, { types: [] })?.map((r) => r.id)).toEqual(['r1', 'r2', 'r9']);
    // A teacher the options no longer list keeps the name the entry carries.
    expect(resourcesFor('teacher', [entry({ teachers: [{ teacherId: 'tx', role: 1, name: '离职老师' }] })], opts, { types: [] })).toEqual([{ id: 'tx', title: '离职老师' }]);
  });
});

describe('colours', () => {
  it('type 0 takes the entry colour, then the class colour, then the type colour; others their type colour', () => {
    expect(eventColor(entry({ color: '#ff0000' }), () => '#00ff00')).toBe('#ff0000');
    expect(eventColor(entry(), () => '#00ff00')).toBe('#00ff00');
    expect(eventColor(entry(), () => null)).toBe('#1677ff');
    expect(eventColor(entry({ type: 2, color: '#ff0000' }), () => '#00ff00')).toBe('#d46b08');
  });

  it('cancelled greyed and struck through, overridden red dashed', () => {
    const plain = eventLook(entry(), '#123456');
    expect(plain).toEqual({ className: 'cal-ev', style: { backgroundColor: '#123456', borderColor: '#123456', color: '#fff' } });
    const cancelled = eventLook(entry({ status: 2 }), '#123456');
    expect(cancelled.className).toContain('cal-ev-cancelled');
    expect(cancelled.style).toMatchObject({ backgroundColor: '#f5f5f5', textDecoration: 'line-through' });
    const over = eventLook(entry({ conflictOverride: true }), '#123456');
    expect(over.className).toContain('cal-ev-override');
    expect(over.style.border).toBe('2px dashed #ff4d4f');
  });

  it('only 未开始 entries drag', () => {
    expect(isDraggable({ entry: entry() })).toBe(true);
    expect(isDraggable({ entry: entry({ status: 1 }) })).toBe(false);
    expect(isDraggable({ entry: entry({ status: 2 }) })).toBe(false);
  });
});

describe('drag and drop → edit', () => {
  const at = (s: string) => parseWire(s);

  it('a move sends the new times; no change sends nothing', () => {
    const [ev] = toEvents([entry()], 'none');
    expect(moveEdit(ev, at('2026-11-24 14:00:00'), at('2026-11-24 15:30:00'), 'none')).toEqual({ id: 'c1', clazzStartTime: '2026-11-24 14:00:00', clazzEndTime: '2026-11-24 15:30:00' });
    expect(moveEdit(ev, at('2026-11-23 10:00:00'), at('2026-11-23 11:30:00'), 'none')).toBeNull();
  });

  it('teacher view: a drop on another column replaces the teacher dragged from, keeping the role', () => {
    const [fromMain, fromAssist] = toEvents([entry()], 'teacher');
    const start = at('2026-11-23 10:00:00');
    const end = at('2026-11-23 11:30:00');
    expect(moveEdit(fromMain, start, end, 'teacher', 't3')?.teachers).toEqual([
      { teacherId: 't3', role: 1 },
      { teacherId: 't2', role: 2 },
    ]);
    expect(moveEdit(fromAssist, start, end, 'teacher', 't3')?.teachers).toEqual([
      { teacherId: 't1', role: 1 },
      { teacherId: 't3', role: 2 },
    ]);
    // Dropping the 主讲 onto the 辅导's column: one row for that teacher, as 主讲.
    expect(moveEdit(fromMain, start, end, 'teacher', 't2')?.teachers).toEqual([{ teacherId: 't2', role: 1 }]);
    // Same column: times only.
    expect(moveEdit(fromMain, at('2026-11-23 11:00:00'), at('2026-11-23 12:30:00'), 'teacher', 't1')).toEqual({ id: 'c1', clazzStartTime: '2026-11-23 11:00:00', clazzEndTime: '2026-11-23 12:30:00' });
  });

  it('room view: a drop on another column changes the room; 未指定 changes nothing', () => {
    const [ev] = toEvents([entry()], 'room');
    const start = at('2026-11-23 10:00:00');
    const end = at('2026-11-23 11:30:00');
    expect(moveEdit(ev, start, end, 'room', 'r2')).toEqual({ id: 'c1', clazzStartTime: '2026-11-23 10:00:00', clazzEndTime: '2026-11-23 11:30:00', roomId: 'r2' });
    expect(moveEdit(ev, start, end, 'room', NO_RESOURCE)).toBeNull();
  });

  it('the optimistic copy carries the new times, room and teacher names', () => {
    const moved = applyEdit(entry(), { id: 'c1', clazzStartTime: '2026-11-24 14:00:00', clazzEndTime: '2026-11-24 15:30:00', roomId: 'r2', teachers: [{ teacherId: 't3', role: 1 }] }, {
      teacher: (id) => ({ t3: '王芳' })[id],
      room: (id) => ({ r2: '202教室' })[id],
    });
    expect(moved).toMatchObject({ clazzStartTime: '2026-11-24 14:00:00', roomId: 'r2', roomName: '202教室', teachers: [{ teacherId: 't3', role: 1, name: '王芳' }] });
  });
});
