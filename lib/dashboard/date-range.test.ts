/** @jest-environment node */
import { defaultRange, fillMonths, monthsOf, rangeBounds, rangeProblem, RANGE_MESSAGES, todayBounds, weekOf } from './date-range';

// 2026-01-01 01:30 in Shanghai is still 2025-12-31 in UTC: every helper must count Shanghai days.
const NEW_YEAR_NIGHT = new Date('2025-12-31T17:30:00Z');

test('the default range is the last six calendar months, this one included, to today (Shanghai)', () => {
  expect(defaultRange(NEW_YEAR_NIGHT)).toEqual({ begin: '2025-08-01', end: '2026-01-01' });
  expect(defaultRange(new Date('2026-06-15T04:00:00Z'), 1)).toEqual({ begin: '2026-06-01', end: '2026-06-15' });
});

test('ranges: both real dates, in order, at most 24 months', () => {
  expect(rangeProblem({ begin: '2025-01-01', end: '2025-03-31' })).toBeNull();
  expect(rangeProblem({ begin: '2025-03-01', end: '2025-03-01' })).toBeNull();
  expect(rangeProblem({ begin: '2025-02-30', end: '2025-03-31' })).toBe(RANGE_MESSAGES.badDate);
  expect(rangeProblem({ begin: '2025-01-01 00:00', end: '2025-03-31' })).toBe(RANGE_MESSAGES.badDate);
  expect(rangeProblem({ begin: '', end: '2025-03-31' })).toBe(RANGE_MESSAGES.badDate);
  expect(rangeProblem({ begin: '2025-04-01', end: '2025-03-31' })).toBe(RANGE_MESSAGES.order);
  expect(rangeProblem({ begin: '2024-01-01', end: '2025-12-31' })).toBeNull();
  expect(rangeProblem({ begin: '2024-01-01', end: '2026-01-01' })).toBe(RANGE_MESSAGES.tooLong);
  expect(rangeProblem({ begin: '1900-01-01', end: '2999-12-31' })).toBe(RANGE_MESSAGES.tooLong);
});

test('bounds are the half-open Shanghai interval; months cross the year', () => {
  expect(rangeBounds({ begin: '2025-01-01', end: '2025-03-31' })).toEqual({ from: new Date('2024-12-31T16:00:00Z'), to: new Date('2025-03-31T16:00:00Z') });
  expect(monthsOf({ begin: '2025-11-20', end: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  expect(monthsOf({ begin: '2025-03-01', end: '2025-03-31' })).toEqual(['2025-03']);
});

test('fillMonths keeps the query\'s rows and fills the months it had none for, in order', () => {
  const rows = [{ month: '2025-03', n: 4 }, { month: '2025-01', n: 1 }];
  expect(fillMonths(['2025-01', '2025-02', '2025-03'], rows, (month) => ({ month, n: 0 }))).toEqual([
    { month: '2025-01', n: 1 },
    { month: '2025-02', n: 0 },
    { month: '2025-03', n: 4 },
  ]);
});

test('the week is Monday to Sunday in Shanghai; today is the Shanghai day', () => {
  // Thursday 2026-01-01 (Shanghai).
  expect(weekOf(NEW_YEAR_NIGHT)).toEqual({ begin: '2025-12-29', end: '2026-01-04', from: new Date('2025-12-28T16:00:00Z'), to: new Date('2026-01-04T16:00:00Z') });
  // Sunday late evening belongs to the week that started six days before.
  expect(weekOf(new Date('2026-01-04T15:59:00Z')).begin).toBe('2025-12-29');
  expect(weekOf(new Date('2026-01-04T16:00:00Z')).begin).toBe('2026-01-05');
  expect(todayBounds(NEW_YEAR_NIGHT)).toEqual({ from: new Date('2025-12-31T16:00:00Z'), to: new Date('2026-01-01T16:00:00Z') });
});
