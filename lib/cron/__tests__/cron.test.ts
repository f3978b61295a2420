/** @jest-environment node */
import { BOUNDS, DAY_MODES, EOM_MINUS_BOUNDS, NTH_BOUNDS, YEAR_OPTIONS, defaultState } from '../state';
import { CronParseError, checkCron, emit, parse, stateProblems } from '../expression';
import { formatShanghai, nextRuns } from '../next-runs';

describe('round trip: emit(parse(x)) === x', () => {
  test.each([
    '* * * * * ? *',
    '0/5 * * * * ? *',
    '0 0/30 * * * ? *',
    '0 0 2 * * ? *',
    '0 15 10 ? * 2-6 *',
    '0 0 12 ? * 2,4,6 *',
    '0 0 12 ? * 1/2 *',
    '0 0 12 1/3 * ? *',
    '0 0 12 1,15,31 * ? *',
    '0 0 12 10-20 * ? *',
    '0 0 12 L * ? *',
    '0 0 12 LW * ? *',
    '0 0 12 ? * 6L *',
    '0 0 12 L-3 * ? *',
    '0 0 12 15W * ? *',
    '0 0 12 ? * 2#1 *',
    '10-20 5,10 8-18 * 1-6 ? *',
    '0 0 0 1 1/3 ? 2019/5',
    '0 0 0 1 1 ? 2030',
    '0 0 0 1 1 ? 2020-2022',
    '0 0 0 1 1 ? 2020,2025,2119',
    '59 0/60 23 * 12 ? *',
  ])('%s', (expr) => {
    expect(emit(parse(expr))).toBe(expr);
  });
});

describe('parse: normalises equivalent spellings', () => {
  test.each([
    ['0 0 12 * * ?', '0 0 12 * * ? *'],
    ['*/5 * * * * ?', '0/5 * * * * ? *'],
    ['0 0 12 ? * MON-FRI', '0 0 12 ? * 2-6 *'],
    ['0 0 12 ? JAN,MAR *', '0 0 12 * 1,3 ? *'],
    ['0 0 12 * * *', '0 0 12 * * ? *'],
    ['0 0 12 ? * *', '0 0 12 * * ? *'],
    ['0 0 12 */5 * ?', '0 0 12 1/5 * ? *'],
    ['  5,1,3   * * * * ?  ', '1,3,5 * * * * ? *'],
  ])('%s → %s', (input, out) => {
    expect(emit(parse(input))).toBe(out);
  });
});

describe('parse: refuses invalid expressions with a Chinese message', () => {
  test.each([
    ['', '请输入Cron表达式'],
    ['* * * * *', 'Cron表达式应为6或7段（秒 分 时 日 月 周 [年]）'],
    ['60 * * * * ?', 'Cron表达式的“秒”取值应在0到59之间'],
    ['0/0 * * * * ?', 'Cron表达式的“秒”取值应在1到59之间'],
    ['0 0/61 * * * ?', 'Cron表达式的“分”取值应在1到60之间'],
    ['0 0 24 * * ?', 'Cron表达式的“时”取值应在0到23之间'],
    ['0 0 0 32 * ?', 'Cron表达式的“日”取值应在1到31之间'],
    ['0 0 0 0 * ?', 'Cron表达式的“日”取值应在1到31之间'],
    ['0 0 0 ? * 8', 'Cron表达式的“周”取值应在1到7之间'],
    ['0 0 0 ? * 2#6', 'Cron表达式的“周”取值应在1到5之间'],
    ['0 0 0 ? * 1/8', 'Cron表达式的“周”取值应在1到7之间'],
    ['0 0 0 1 13 ?', 'Cron表达式的“月”取值应在1到12之间'],
    ['0 0 0 1 1/0 ?', 'Cron表达式的“月”取值应在1到12之间'],
    ['0 0 0 1 1 ? 2018', 'Cron表达式的“年”取值应在2019到2119之间'],
    ['0 0 0 1 1 ? 2019/100', 'Cron表达式的“年”取值应在1到99之间'],
    ['0 0 0 1 * 2', 'Cron表达式的“日”和“周”必须有一个为“?”'],
    ['0 0 0 ? * ?', 'Cron表达式的“日”和“周”不能同时为“?”'],
    ['0 0 0 20-10 * ?', 'Cron表达式的“日”范围的开始不能大于结束'],
    ['a * * * * ?', 'Cron表达式的“秒”部分不正确'],
    ['0 0 0 L-31 * ?', 'Cron表达式的“日”取值应在1到30之间'],
  ])('%j', (expr, message) => {
    expect(() => parse(expr)).toThrow(CronParseError);
    expect(() => parse(expr)).toThrow(message);
  });

  test('checkCron reports instead of throwing', () => {
    expect(checkCron('0 0 12 * * ?')).toEqual({ ok: true, expression: '0 0 12 * * ? *' });
    expect(checkCron('x')).toEqual({ ok: false, message: 'Cron表达式应为6或7段（秒 分 时 日 月 周 [年]）' });
  });
});

describe('bounds (spec 02 §5)', () => {
  test.each([
    ['second step', BOUNDS.second.step, 1, 59],
    ['second start', BOUNDS.second.start, 0, 59],
    ['minute step', BOUNDS.minute.step, 1, 60],
    ['minute start', BOUNDS.minute.start, 0, 59],
    ['hour value', BOUNDS.hour.value, 0, 23],
    ['weekly step', BOUNDS.week.step, 1, 7],
    ['day of month', BOUNDS.day.value, 1, 31],
    ['nth weekday', NTH_BOUNDS, 1, 5],
    ['month range', BOUNDS.month.value, 1, 12],
    ['month step', BOUNDS.month.step, 1, 12],
    ['year step', BOUNDS.year.step, 1, 99],
    ['year value', BOUNDS.year.value, 2019, 2119],
    ['days before end of month', EOM_MINUS_BOUNDS, 1, 30],
  ])('%s', (_name, range, min, max) => {
    expect(range).toEqual({ min, max });
  });

  test.each([
    ['second', 'step', '0/%d * * * * ?'],
    ['minute', 'step', '0 0/%d * * * ?'],
    ['hour', 'value', '0 0 %d * * ?'],
    ['day', 'value', '0 0 0 %d * ?'],
    ['month', 'value', '0 0 0 1 %d ?'],
    ['year', 'value', '0 0 0 1 1 ? %d'],
    ['year', 'step', '0 0 0 1 1 ? 2019/%d'],
    ['week', 'step', '0 0 0 ? * 1/%d'],
  ] as const)('parse accepts %s %s at both ends and refuses just outside', (unit, kind, template) => {
    const r = BOUNDS[unit][kind];
    const at = (n: number) => template.replace('%d', String(n));
    expect(() => parse(at(r.min))).not.toThrow();
    expect(() => parse(at(r.max))).not.toThrow();
    expect(() => parse(at(r.max + 1))).toThrow(CronParseError);
    if (r.min > 0) expect(() => parse(at(r.min - 1))).toThrow(CronParseError);
  });

  test('year options are 100 years from 2019', () => {
    expect(YEAR_OPTIONS).toHaveLength(100);
    expect(YEAR_OPTIONS[0]).toBe(2019);
    expect(YEAR_OPTIONS[99]).toBe(2118);
  });
});

describe('state model', () => {
  test('the default state is every second', () => {
    expect(emit(defaultState())).toBe('* * * * * ? *');
  });

  test('day-of-month and day-of-week are exclusive whatever the day mode', () => {
    for (let mode = 1; mode <= 13; mode++) {
      const s = defaultState();
      s.day.cronEvery = mode;
      const f = emit(s).split(' ');
      expect([f[3], f[5]].filter((x) => x === '?')).toHaveLength(1);
    }
  });

  test('parse fills the unit fields the modes use', () => {
    const s = parse('0/5 10-20 1,2 L-3 * ? *');
    expect(s.second).toMatchObject({ cronEvery: 2, incrementStart: 0, incrementIncrement: 5 });
    expect(s.minute).toMatchObject({ cronEvery: 4, rangeStart: 10, rangeEnd: 20 });
    expect(s.hour).toMatchObject({ cronEvery: 3, specificSpecific: [1, 2] });
    expect(s.day).toMatchObject({ cronEvery: DAY_MODES.daysBeforeEom, cronDaysBeforeEomMinus: 3 });
    const w = parse('0 0 0 ? * 3#2');
    expect(w.day.cronEvery).toBe(DAY_MODES.nthWeekday);
    expect(w.week).toMatchObject({ cronNthDayDay: 3, cronNthDayNth: 2 });
    expect(parse('0 0 0 ? * 5L').day).toMatchObject({ cronEvery: DAY_MODES.lastGivenWeekday, cronLastSpecificDomDay: 5 });
    expect(parse('0 0 0 9W * ?').day).toMatchObject({ cronEvery: DAY_MODES.nearestWeekday, cronDaysNearestWeekday: 9 });
  });

  test('stateProblems: an empty specific list and out-of-bounds values', () => {
    const s = defaultState();
    expect(stateProblems(s)).toEqual([]);
    s.second.cronEvery = 3;
    s.second.specificSpecific = [];
    expect(stateProblems(s)).toContain('请至少选择一个秒');
    const t = defaultState();
    t.day.cronEvery = DAY_MODES.weekSpecific;
    t.week.specificSpecific = [];
    expect(stateProblems(t)).toContain('请至少选择一个星期');
    const u = defaultState();
    u.hour.cronEvery = 4;
    u.hour.rangeStart = 10;
    u.hour.rangeEnd = 5;
    expect(stateProblems(u)).toEqual(['Cron表达式的“时”范围的开始不能大于结束']);
  });
});

describe('nextRuns (Asia/Shanghai)', () => {
  // 2026-11-23 10:00:00 in Shanghai, a Monday.
  const from = new Date('2026-11-23T02:00:00Z');
  const runs = (expr: string, n = 3) => nextRuns(expr, n, from).map(formatShanghai);

  test.each([
    ['0/5 * * * * ? *', ['2026-11-23 10:00:05', '2026-11-23 10:00:10', '2026-11-23 10:00:15']],
    ['0 0 2 * * ? *', ['2026-11-24 02:00:00', '2026-11-25 02:00:00', '2026-11-26 02:00:00']],
    ['0 0 12 L * ? *', ['2026-11-30 12:00:00', '2026-12-31 12:00:00', '2027-01-31 12:00:00']],
    ['0 0 12 LW * ? *', ['2026-11-30 12:00:00', '2026-12-31 12:00:00', '2027-01-29 12:00:00']],
    ['0 0 12 L-3 * ? *', ['2026-11-27 12:00:00', '2026-12-28 12:00:00', '2027-01-28 12:00:00']],
    ['0 0 12 15W * ? *', ['2026-12-15 12:00:00', '2027-01-15 12:00:00', '2027-02-15 12:00:00']],
    ['0 0 12 ? * 6L *', ['2026-11-27 12:00:00', '2026-12-25 12:00:00', '2027-01-29 12:00:00']],
    ['0 0 12 ? * 2#1 *', ['2026-12-07 12:00:00', '2027-01-04 12:00:00', '2027-02-01 12:00:00']],
    ['0 0 9 ? * 1,7 *', ['2026-11-28 09:00:00', '2026-11-29 09:00:00', '2026-12-05 09:00:00']],
    ['0 0 0 1 1 ? 2030/5', ['2030-01-01 00:00:00', '2035-01-01 00:00:00', '2040-01-01 00:00:00']],
  ])('%s', (expr, expected) => {
    expect(runs(expr)).toEqual(expected);
  });

  test('a past year range has no next run; five by default', () => {
    expect(nextRuns('0 0 0 1 1 ? 2020-2022', 5, from)).toEqual([]);
    expect(nextRuns('* * * * * ?', undefined, from)).toHaveLength(5);
  });

  test('a bad expression is refused', () => {
    expect(() => nextRuns('0 0 0 ? * ?')).toThrow(CronParseError);
  });
});
