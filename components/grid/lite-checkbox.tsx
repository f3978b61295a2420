'use client';

import { memo } from 'react';
import css from './lite-checkbox.module.css';

export interface LiteCheckboxProps {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A plain `<input type="checkbox">` styled like antd's Checkbox, for the controls every grid row
 * carries (selection, checkbox cells). antd's Checkbox costs a context read, a style-registration
 * hook and a wave effect per instance; a virtual scroll mounts several rows of them each frame
 * (bench/grid). Being native, it keeps the browser's semantics: click and Space toggle, disabled
 * blocks both, role checkbox with aria-checked implied.
 */
export const LiteCheckbox = memo(function LiteCheckbox({ checked, disabled, onChange, ...rest }: LiteCheckboxProps) {
  // The guard as in antd's rc-checkbox: a click dispatched by script reaches even a disabled input.
  return <input type="checkbox" className={css.box} checked={checked} disabled={disabled} onChange={(e) => !disabled && onChange(e.target.checked)} {...rest} />;
});
