import {
  BOUNDS,
  DAY_MODES,
  EOM_MINUS_BOUNDS,
  NTH_BOUNDS,
  SIMPLE_MODES,
  UNIT_LABELS,
  defaultState,
  type CronState,
  type CronUnitState,
  type Range,
  type SimpleUnit,
} from './state';

/** A refused expression; `message` is the Chinese text shown to the user. */
export class CronParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CronParseError';
  }
}

function sortedUnique(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

function emitSimple(u: CronUnitState): string {
  switch (u.cronEvery) {
    case SIMPLE_MODES.increment:
      return `${u.incrementStart}/${u.incrementIncrement}`;
    case SIMPLE_MODES.specific:
      // An empty list means nothing was picked: the builder refuses OK then (see `stateProblems`).
      return u.specificSpecific.length ? sortedUnique(u.specificSpecific).join(',') : '*';
    case SIMPLE_MODES.range:
      return `${u.rangeStart}-${u.rangeEnd}`;
    default:
      return '*';
  }
}

/** Day-of-month and day-of-week fields for the day unit's mode (see state.ts). */
function emitDays(s: CronState): [string, string] {
  const { day, week } = s;
  switch (day.cronEvery) {
    case DAY_MODES.weekIncrement:
      return ['?', `${week.incrementStart}/${week.incrementIncrement}`];
    case DAY_MODES.dayIncrement:
      return [`${day.incrementStart}/${day.incrementIncrement}`, '?'];
    case DAY_MODES.weekSpecific:
      return ['?', week.specificSpecific.length ? sortedUnique(week.specificSpecific).join(',') : '*'];
    case DAY_MODES.daySpecific:
      return [day.specificSpecific.length ? sortedUnique(day.specificSpecific).join(',') : '*', '?'];
    case DAY_MODES.lastDay:
      return ['L', '?'];
    case DAY_MODES.lastWeekday:
      return ['LW', '?'];
    case DAY_MODES.lastGivenWeekday:
      return ['?', `${day.cronLastSpecificDomDay}L`];
    case DAY_MODES.daysBeforeEom:
      return [`L-${day.cronDaysBeforeEomMinus}`, '?'];
    case DAY_MODES.nearestWeekday:
      return [`${day.cronDaysNearestWeekday}W`, '?'];
    case DAY_MODES.nthWeekday:
      return ['?', `${week.cronNthDayDay}#${week.cronNthDayNth}`];
    case DAY_MODES.dayRange:
      return [`${day.rangeStart}-${day.rangeEnd}`, '?'];
    case DAY_MODES.weekRange:
      return ['?', `${week.rangeStart}-${week.rangeEnd}`];
    default:
      return ['*', '?'];
  }
}

/**
 * The 7-field expression of a state. The year is always written (`*` for every year), so what
 * the builder emits always has seven fields, as spec 02 §4 says.
 */
export function emit(s: CronState): string {
  const [dom, dow] = emitDays(s);
  return [emitSimple(s.second), emitSimple(s.minute), emitSimple(s.hour), dom, emitSimple(s.month), dow, emitSimple(s.year)].join(' ');
}

/** Things that keep a state from being saved (empty lists, values out of bounds), in Chinese. */
export function stateProblems(s: CronState): string[] {
  const problems: string[] = [];
  try {
    parse(emit(s));
  } catch (e) {
    problems.push((e as Error).message);
  }
  const simple: SimpleUnit[] = ['second', 'minute', 'hour', 'month', 'year'];
  for (const u of simple) {
    if (s[u].cronEvery === SIMPLE_MODES.specific && s[u].specificSpecific.length === 0) problems.push(`请至少选择一个${UNIT_LABELS[u]}`);
  }
  if (s.day.cronEvery === DAY_MODES.daySpecific && s.day.specificSpecific.length === 0) problems.push('请至少选择一个日');
  if (s.day.cronEvery === DAY_MODES.weekSpecific && s.week.specificSpecific.length === 0) problems.push('请至少选择一个星期');
  return problems;
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function bad(label: string): CronParseError {
  return new CronParseError(`Cron表达式的“${label}”部分不正确`);
}

/** A whole number within `r`, or a parse error naming the field. */
function num(token: string, r: Range, label: string): number {
  if (!/^\d{1,4}$/.test(token)) throw bad(label);
  const n = Number(token);
  if (n < r.min || n > r.max) throw new CronParseError(`Cron表达式的“${label}”取值应在${r.min}到${r.max}之间`);
  return n;
}

/** Replace month / weekday names by their Quartz numbers, so `MON-FRI` reads as `2-6`. */
function normaliseNames(field: string, names: string[], first: number): string {
  return field.toUpperCase().replace(/[A-Z]{3}/g, (name) => {
    const i = names.indexOf(name);
    return i < 0 ? name : String(i + first);
  });
}

interface Simple {
  cronEvery: number;
  start?: number;
  step?: number;
  rangeStart?: number;
  rangeEnd?: number;
  list?: number[];
}

/** `*`, `a/b` (`*` as start means the lowest value), `a-b` (a ≤ b) or `a,b,c`. */
function parseSimple(token: string, unit: SimpleUnit | 'day' | 'week', label: string): Simple {
  const b = BOUNDS[unit];
  if (token === '*') return { cronEvery: SIMPLE_MODES.every };
  let m = /^(\*|\d+)\/(\d+)$/.exec(token);
  if (m) {
    const start = m[1] === '*' ? b.start.min : num(m[1], b.start, label);
    return { cronEvery: SIMPLE_MODES.increment, start, step: num(m[2], b.step, label) };
  }
  m = /^(\d+)-(\d+)$/.exec(token);
  if (m) {
    const rangeStart = num(m[1], b.value, label);
    const rangeEnd = num(m[2], b.value, label);
    if (rangeStart > rangeEnd) throw new CronParseError(`Cron表达式的“${label}”范围的开始不能大于结束`);
    return { cronEvery: SIMPLE_MODES.range, rangeStart, rangeEnd };
  }
  if (/^\d+(,\d+)*$/.test(token)) {
    return { cronEvery: SIMPLE_MODES.specific, list: sortedUnique(token.split(',').map((t) => num(t, b.value, label))) };
  }
  throw bad(label);
}

function applySimple(target: CronUnitState, p: Simple): void {
  target.cronEvery = p.cronEvery;
  if (p.start !== undefined) target.incrementStart = p.start;
  if (p.step !== undefined) target.incrementIncrement = p.step;
  if (p.rangeStart !== undefined) target.rangeStart = p.rangeStart;
  if (p.rangeEnd !== undefined) target.rangeEnd = p.rangeEnd;
  if (p.list) target.specificSpecific = p.list;
}

function parseDays(domRaw: string, dowRaw: string, s: CronState): void {
  const dom = domRaw.toUpperCase();
  const dow = normaliseNames(dowRaw, DAY_NAMES, 1);
  const { day, week } = s;
  if (dom !== '?' && dow !== '?') {
    // `* ?`-style exclusivity is a Quartz rule; `* *` is tolerated as "every day".
    if (dom === '*' && dow === '*') {
      day.cronEvery = DAY_MODES.every;
      return;
    }
    throw new CronParseError('Cron表达式的“日”和“周”必须有一个为“?”');
  }
  if (dom === '?' && dow === '?') throw new CronParseError('Cron表达式的“日”和“周”不能同时为“?”');

  if (dow === '?') {
    let m: RegExpExecArray | null;
    if (dom === '*') day.cronEvery = DAY_MODES.every;
    else if (dom === 'L') day.cronEvery = DAY_MODES.lastDay;
    else if (dom === 'LW') day.cronEvery = DAY_MODES.lastWeekday;
    else if ((m = /^L-(\d+)$/.exec(dom))) {
      day.cronEvery = DAY_MODES.daysBeforeEom;
      day.cronDaysBeforeEomMinus = num(m[1], EOM_MINUS_BOUNDS, '日');
    } else if ((m = /^(\d+)W$/.exec(dom))) {
      day.cronEvery = DAY_MODES.nearestWeekday;
      day.cronDaysNearestWeekday = num(m[1], BOUNDS.day.value, '日');
    } else {
      const p = parseSimple(dom, 'day', '日');
      const modes = { [SIMPLE_MODES.increment]: DAY_MODES.dayIncrement, [SIMPLE_MODES.specific]: DAY_MODES.daySpecific, [SIMPLE_MODES.range]: DAY_MODES.dayRange };
      applySimple(day, p);
      day.cronEvery = modes[p.cronEvery as 2 | 3 | 4];
    }
    return;
  }

  let m: RegExpExecArray | null;
  if (dow === '*') day.cronEvery = DAY_MODES.every;
  else if ((m = /^(\d)L$/.exec(dow))) {
    day.cronEvery = DAY_MODES.lastGivenWeekday;
    day.cronLastSpecificDomDay = num(m[1], BOUNDS.week.value, '周');
  } else if ((m = /^(\d)#(\d)$/.exec(dow))) {
    day.cronEvery = DAY_MODES.nthWeekday;
    week.cronNthDayDay = num(m[1], BOUNDS.week.value, '周');
    week.cronNthDayNth = num(m[2], NTH_BOUNDS, '周');
  } else {
    const p = parseSimple(dow, 'week', '周');
    const modes = { [SIMPLE_MODES.increment]: DAY_MODES.weekIncrement, [SIMPLE_MODES.specific]: DAY_MODES.weekSpecific, [SIMPLE_MODES.range]: DAY_MODES.weekRange };
    applySimple(week, p);
    day.cronEvery = modes[p.cronEvery as 2 | 3 | 4];
  }
}

/**
 * The builder state of a Quartz expression with 6 or 7 fields (a missing year means every year).
 * Anything the builder cannot represent, or out of its bounds, is refused with a Chinese message.
 * Equivalent spellings are normalised (`MON` → 2, `* *` days → `* ?`, list order), so `emit(parse(x))`
 * returns `x` for every expression written the way the builder writes it.
 */
export function parse(expr: string): CronState {
  if (typeof expr !== 'string' || !expr.trim()) throw new CronParseError('请输入Cron表达式');
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 6 && fields.length !== 7) throw new CronParseError('Cron表达式应为6或7段（秒 分 时 日 月 周 [年]）');
  const s = defaultState();
  applySimple(s.second, parseSimple(fields[0], 'second', '秒'));
  applySimple(s.minute, parseSimple(fields[1], 'minute', '分'));
  applySimple(s.hour, parseSimple(fields[2], 'hour', '时'));
  applySimple(s.month, parseSimple(normaliseNames(fields[4], MONTH_NAMES, 1), 'month', '月'));
  parseDays(fields[3], fields[5], s);
  applySimple(s.year, parseSimple(fields[6] ?? '*', 'year', '年'));
  return s;
}

/** The expression in the builder's canonical 7-field form, or a CronParseError. */
export function normalise(expr: string): string {
  return emit(parse(expr));
}

/** Whether an expression is acceptable; the Chinese reason when it is not. */
export function checkCron(expr: string): { ok: true; expression: string } | { ok: false; message: string } {
  try {
    return { ok: true, expression: normalise(expr) };
  } catch (e) {
    return { ok: false, message: e instanceof CronParseError ? e.message : 'Cron表达式不正确' };
  }
}
