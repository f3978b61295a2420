import dayjs from 'dayjs';
import { formatDateValue, parseDateValue } from '../date-format';

test('round trips each kind', () => {
  expect(formatDateValue(parseDateValue('2026-03-05', 'date'), 'date')).toBe('2026-03-05');
  expect(formatDateValue(parseDateValue('2026-03-05 08:09:10', 'datetime'), 'datetime')).toBe('2026-03-05 08:09:10');
  expect(formatDateValue(parseDateValue('23:59:58', 'time'), 'time')).toBe('23:59:58');
});

test('accepts the neighbouring layouts servers hand back', () => {
  expect(formatDateValue(parseDateValue('2026-03-05', 'datetime'), 'datetime')).toBe('2026-03-05 00:00:00');
  expect(formatDateValue(parseDateValue('2026-03-05 08:09:10', 'date'), 'date')).toBe('2026-03-05');
  expect(formatDateValue(parseDateValue('08:09', 'time'), 'time')).toBe('08:09:00');
});

test.each([
  ['2026-02-30', 'date'],
  ['2026/03/05', 'date'],
  ['05-03-2026', 'date'],
  ['tomorrow', 'date'],
  ['2026-03-05 25:00:00', 'datetime'],
  ['24:00:00', 'time'],
  ['8:9:10', 'time'],
] as const)('invalid %p (%s) → null', (v, kind) => {
  expect(parseDateValue(v, kind)).toBeNull();
});

test('empty in, empty out', () => {
  expect(parseDateValue('', 'date')).toBeNull();
  expect(parseDateValue(undefined, 'time')).toBeNull();
  expect(formatDateValue(null, 'date')).toBe('');
  expect(formatDateValue(dayjs('nonsense'), 'date')).toBe('');
});
