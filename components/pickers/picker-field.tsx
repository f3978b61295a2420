'use client';

import { useState, type CSSProperties, type ReactNode } from 'react';
import { App, Button, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { CHOOSE_TEXT, MAX_TAG_COUNT, PICKER_PLACEHOLDER } from './picker-constants';
import { usePickedLabels } from './use-picked-labels';

export interface PickerFieldProps {
  /** Selected keys, in order. */
  values: string[];
  /** Key → text shown; a key without text shows as itself. */
  labels: Readonly<Record<string, string>>;
  multiple: boolean;
  /** Opens the picker modal. */
  onOpen: () => void;
  /** A tag was removed or the field cleared: the remaining keys. */
  onChange: (values: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  loading?: boolean;
  id?: string;
  style?: CSSProperties;
  /** data-testid of the wrapper; the select gets `${testId}-input`, the button `${testId}-open`. */
  testId?: string;
}

/**
 * The form-field half of a picker: a select that never drops down (clicking it opens the picker),
 * showing the chosen texts — one tag in multiple mode — plus a 选择 button.
 */
export function PickerField({ values, labels, multiple, onOpen, onChange, placeholder = PICKER_PLACEHOLDER, disabled, loading, id, style, testId }: PickerFieldProps) {
  const options = values.map((v) => ({ value: v, label: labels[v] ?? v }));
  return (
    <Space.Compact style={{ width: '100%', ...style }} data-testid={testId}>
      <Select<string | string[]>
        id={id}
        style={{ width: '100%' }}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        value={multiple ? values : values[0]}
        options={options}
        maxTagCount={MAX_TAG_COUNT}
        placeholder={placeholder}
        disabled={disabled}
        loading={loading}
        allowClear
        showSearch={false}
        onOpenChange={(next) => {
          if (next && !disabled) onOpen();
        }}
        onChange={(v) => onChange(Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)])}
        data-testid={testId ? `${testId}-input` : undefined}
      />
      <Button icon={<SearchOutlined />} disabled={disabled} onClick={onOpen} data-testid={testId ? `${testId}-open` : undefined}>
        {CHOOSE_TEXT}
      </Button>
    </Space.Compact>
  );
}

/** The props every modal-backed id field shares (DepartSelect, RoleSelect). */
export interface IdPickerSelectProps<T> {
  /** Comma-joined ids. */
  value?: string | null;
  /** The new comma-joined ids ('' when cleared) and the rows chosen in the picker (empty when a tag was removed). */
  onChange?: (value: string, rows: T[]) => void;
  multiple?: boolean;
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  /** data-testid of the field. */
  testId?: string;
}

/** What an id field's modal takes (the picker modals share these props). */
export interface IdPickerModalProps<T> {
  open: boolean;
  multiple: boolean;
  selectedIds: string[];
  title?: string;
  onCancel: () => void;
  onOk: (rows: T[]) => void;
}

/**
 * An id field over a picker modal: names of the chosen ids (looked up through `dict`, or remembered
 * from the last choice), a single-mode check (请选择一条记录), and the modal itself from `renderModal`.
 */
export function IdPickerSelect<T extends { id: string }>({
  value,
  onChange,
  multiple = false,
  title,
  placeholder,
  disabled,
  id,
  style,
  testId,
  dict,
  nameOf,
  renderModal,
}: IdPickerSelectProps<T> & { multiple: boolean; testId: string; dict: string; nameOf: (row: T) => string; renderModal: (props: IdPickerModalProps<T>) => ReactNode }) {
  const { message } = App.useApp();
  const { values, labels, remember } = usePickedLabels(value, dict, testId);
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerField
        id={id}
        style={style}
        testId={testId}
        values={values}
        labels={labels}
        multiple={multiple}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onChange={(keys) => onChange?.(keys.join(','), [])}
      />
      {renderModal({
        open,
        multiple,
        selectedIds: values,
        title,
        onCancel: () => setOpen(false),
        onOk: (rows) => {
          if (!multiple && rows.length > 1) return void message.warning('请选择一条记录');
          setOpen(false);
          remember(rows.map((r) => [r.id, nameOf(r) || r.id]));
          onChange?.(rows.map((r) => r.id).join(','), rows);
        },
      })}
    </>
  );
}
