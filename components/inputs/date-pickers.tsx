'use client';

import { DatePicker, TimePicker, type DatePickerProps, type TimePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_KIND_INPUT_FORMATS, formatDateValue, parseDateValue } from '@/lib/inputs/date-format';

/** What the wrappers own; every other antd picker prop passes through. */
type Owned = 'value' | 'defaultValue' | 'onChange' | 'format' | 'picker' | 'showTime' | 'multiple';

export interface StringPickerProps {
  /** YYYY-MM-DD / YYYY-MM-DD HH:mm:ss / HH:mm:ss; an unreadable value shows as empty (and stays until changed). */
  value?: string;
  /** The formatted string, '' when cleared. */
  onChange?(v: string): void;
  disabled?: boolean;
  placeholder?: string;
}

export type DateFieldProps = StringPickerProps & Omit<DatePickerProps, Owned | keyof StringPickerProps>;
export type TimeFieldProps = StringPickerProps & Omit<TimePickerProps, Owned | keyof StringPickerProps>;

const FULL_WIDTH = { width: '100%' } as const;

/** Date picker over strings in YYYY-MM-DD (spec 02 §9). */
export function DateField({ value, onChange, style, ...rest }: DateFieldProps) {
  return (
    <DatePicker
      {...rest}
      style={{ ...FULL_WIDTH, ...style }}
      format={DATE_KIND_INPUT_FORMATS.date}
      value={parseDateValue(value, 'date')}
      onChange={(d: Dayjs | null) => onChange?.(formatDateValue(d, 'date'))}
    />
  );
}

/** Date-time picker over strings in YYYY-MM-DD HH:mm:ss (spec 02 §9). */
export function DateTimeField({ value, onChange, style, ...rest }: DateFieldProps) {
  return (
    <DatePicker
      {...rest}
      style={{ ...FULL_WIDTH, ...style }}
      showTime
      format={DATE_KIND_INPUT_FORMATS.datetime}
      value={parseDateValue(value, 'datetime')}
      onChange={(d: Dayjs | null) => onChange?.(formatDateValue(d, 'datetime'))}
    />
  );
}

/** Time picker over strings in HH:mm:ss (spec 02 §9). */
export function TimeField({ value, onChange, style, ...rest }: TimeFieldProps) {
  return (
    <TimePicker
      {...rest}
      style={{ ...FULL_WIDTH, ...style }}
      format={DATE_KIND_INPUT_FORMATS.time}
      value={parseDateValue(value, 'time')}
      onChange={(d: Dayjs | null) => onChange?.(formatDateValue(d, 'time'))}
    />
  );
}
