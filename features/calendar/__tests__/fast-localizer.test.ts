import dayjs from 'dayjs';
import { dayjsLocalizer } from 'react-big-calendar';
import { withNativeComparisons } from '../fast-localizer';

// Every replaced method answers as react-big-calendar's dayjs localizer does, on dates around day and minute edges.
type Fn = (...a: unknown[]) => unknown;
const slow = dayjsLocalizer(dayjs) as unknown as Record<string, Fn>;
const fast = withNativeComparisons(dayjsLocalizer(dayjs)) as unknown as Record<string, Fn>;

const BASE = new Date(2027, 2, 14, 0, 0, 0).getTime();
const STEPS = [0, 1, 999, 1000, 59_999, 60_000, 90_000, 3_600_000, 86_399_999, 86_400_000, 86_400_001, 2 * 86_400_000 + 30_000, -1, -60_000, -86_400_000];
const DATES = STEPS.map((s) => new Date(BASE + s));
const norm = (v: unknown) => (v instanceof Date ? v.getTime() : v);

it('the native comparisons answer as the dayjs localizer (units none, day, minutes; others fall back), and so does the minute arithmetic', () => {
  const diffs: unknown[] = [];
  const check = (name: string, ...args: unknown[]) => {
    const [a, b] = [norm(fast[name](...args)), norm(slow[name](...args))];
    if (a !== b) diffs.push({ name, args, fast: a, dayjs: b });
  };
  for (const a of DATES) {
    for (const unit of ['day', 'week', undefined]) check('startOf', a, unit);
    check('getMinutesFromMidnight', a);
    for (const b of DATES) {
      for (const unit of [undefined, 'day', 'minutes', 'month']) for (const name of ['lt', 'lte', 'gt', 'eq', 'neq']) check(name, a, b, unit);
      for (const name of ['isSameDate', 'min', 'max', 'merge', 'continuesPrior', 'getDstOffset']) check(name, a, b);
      for (const unit of [undefined, 'day', 'minutes', 'minute', 'hours']) check('diff', a, b, unit);
      for (const c of DATES.slice(0, 6)) {
        for (const unit of [undefined, 'day', 'minutes']) check('inRange', a, b, c, unit);
        check('continuesAfter', a, b, c);
        check('inEventRange', { event: { start: a, end: b }, range: { start: c, end: new Date(c.getTime() + 7 * 86_400_000) } });
      }
    }
  }
  expect(diffs).toEqual([]);
});
