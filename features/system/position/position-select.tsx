'use client';

import { DictSelect } from '@/components/data/dict/dict-select';
import { POSITION_DICT } from './position-resource';

export interface PositionSelectProps {
  /** Comma-joined position codes (sys_user.post). */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  testId?: string;
}

/**
 * 职务 of 用户管理: several positions from 职务管理 (the registered table dictionary over sys_position), stored
 * as comma-joined codes as JeecgBoot stores them. A value no position has (free text from before) shows as is.
 */
export function PositionSelect({ value, onChange, disabled, id, placeholder = '请选择职务', testId = 'position-select' }: PositionSelectProps) {
  return (
    <div data-testid={testId}>
      <DictSelect id={id} mode="multiple" dictCode={POSITION_DICT} value={value ?? ''} disabled={disabled} allowClear placeholder={placeholder} onChange={(v) => onChange?.(Array.isArray(v) ? v.join(',') : (v ?? ''))} />
    </div>
  );
}
