'use client';

import { ColorPicker } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';

/** Stored colours are `#RRGGBB` (the 课程 / 班级 definitions' pattern); anything else is not drawn. */
const HEX = /^#[0-9A-Fa-f]{6}$/;

/** A colour as people see it: a small swatch, the code only as its tooltip (issue #21). */
export function ColorSwatch({ value }: { value: unknown }) {
  const color = typeof value === 'string' && HEX.test(value) ? value : null;
  if (!color) return null;
  return (
    <span
      role="img"
      aria-label={`颜色 ${color}`}
      title={color}
      data-testid="color-swatch"
      style={{ display: 'inline-block', width: 20, height: 20, borderRadius: 4, background: color, border: '1px solid rgba(5,5,5,.15)', verticalAlign: 'middle' }}
    />
  );
}

/** The form's colour field: a picker instead of typing a code; no transparency, stored as `#rrggbb`, clearable. */
export function ColorEditor({ value, onChange, disabled, id }: EditorProps) {
  const color = typeof value === 'string' && HEX.test(value) ? value : undefined;
  return (
    <span id={id} data-testid="color-editor">
      <ColorPicker
        value={color}
        disabled={disabled}
        disabledAlpha
        allowClear
        showText={(c) => (color ? c.toHexString() : '请选择颜色')}
        onChangeComplete={(c) => onChange?.(c.cleared ? null : c.toHexString())}
        onClear={() => onChange?.(null)}
      />
    </span>
  );
}
