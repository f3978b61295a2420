'use client';

import { useRef, useState, type ReactNode } from 'react';
import { AutoComplete, Checkbox, Input, Modal, Popover, Radio, Select } from 'antd';
import { DictSelect, DEFAULT_PLACEHOLDER } from '@/components/data/dict/dict-select';
import { DictText } from '@/components/data/dict/dict-text';
import { SearchSelect } from '@/components/data/dict/search-select';
import { DepartSelect } from '@/components/pickers/depart-picker';
import { UserSelect } from '@/components/pickers/user-picker';
import { DateField, DateTimeField } from '@/components/inputs/date-pickers';
import { UploadCell } from '@/components/upload/upload-cell';
import { acceptNumberInput, numberOnBlur } from '@/lib/grid/number-cell';
import type { GridColumn, GridOption, GridRow } from '@/lib/grid/types';
import { LiteCheckbox } from './lite-checkbox';

/** Input popover (spec 02 §9): 200 high × 150 wide. */
export const INPUT_POP_SIZE = { height: 200, width: 150 } as const;

const optionText = (o: GridOption) => String(o.text ?? o.label ?? o.title ?? o.value);
const selectOptions = (opts: GridOption[] = []) => opts.map((o) => ({ value: o.value, label: optionText(o), disabled: o.disabled }));

/** Types that render their control all the time (a click toggles or opens it; no separate edit mode). */
export const ALWAYS_LIVE = new Set<GridColumn['type']>(['checkbox', 'radio', 'upload', 'file', 'image', 'slot', 'sel_user', 'sel_depart', 'popup']);
/** A checkbox column without extra antd props renders the light native checkbox: stateless, it fits its cell. */
export const isLiteCell = (col: GridColumn): boolean => col.type === 'checkbox' && !col.props;
/** Types whose editor keeps a draft until commit (Escape restores the old value). */
export const DRAFT_TYPES = new Set<GridColumn['type']>(['input', 'inputNumber', 'input_pop']);

/** The read-only text of a cell (list rows, details modal). */
export function CellText({ col, value }: { col: GridColumn; value: unknown }): ReactNode {
  if (value === undefined || value === null || value === '') return '';
  if (col.type === 'checkbox') {
    const [on] = col.customValue ?? [true, false];
    return value === on ? '是' : '否';
  }
  if ((col.type === 'select' || col.type === 'radio' || col.type === 'list_multi' || col.type === 'sel_search') && (col.options || col.dictCode)) {
    const values = Array.isArray(value) ? value : String(value).split(',');
    if (col.options) return values.map((v) => col.options?.find((o) => String(o.value) === String(v))).map((o, i) => (o ? optionText(o) : String(values[i]))).join(',');
    return <DictText dictCode={col.dictCode ?? ''} value={values.join(',')} />;
  }
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

export interface CellEditorProps {
  col: GridColumn;
  row: GridRow;
  value: unknown;
  disabled?: boolean;
  /** Commit a value (the grid validates it 100 ms later). */
  onChange: (v: unknown) => void;
  /** Leave edit mode; `cancel` restores the value from before editing. */
  onDone?: (how: 'commit' | 'cancel') => void;
  autoFocus?: boolean;
}

/** Draft editors: input, inputNumber, input_pop — typed text stays local until Enter/Tab/blur. */
export function DraftEditor({ col, value, onChange, onDone, disabled }: CellEditorProps) {
  const [draft, setDraft] = useState(value === undefined || value === null ? '' : String(value));
  const doneRef = useRef(false);
  const commit = () => {
    if (doneRef.current) return;
    doneRef.current = true;
    onChange(col.type === 'inputNumber' ? numberOnBlur(draft) : draft);
    onDone?.('commit');
  };
  const cancel = () => {
    doneRef.current = true;
    onDone?.('cancel');
  };
  const keys = (e: React.KeyboardEvent) => {
    // Enter and Tab commit here; the grid moves the focus (the event bubbles to its key handler).
    if (e.key === 'Escape') {
      e.stopPropagation();
      cancel();
    } else if (e.key === 'Enter' || e.key === 'Tab') commit();
  };
  if (col.type === 'input_pop') {
    return (
      <Popover
        open
        placement="bottom"
        content={
          <Input.TextArea
            data-testid="grid-editor-pop"
            autoFocus
            value={draft}
            disabled={disabled}
            style={{ height: INPUT_POP_SIZE.height, width: INPUT_POP_SIZE.width, resize: 'none' }}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => (e.key === 'Escape' ? (e.stopPropagation(), cancel()) : undefined)}
          />
        }
      >
        <Input data-testid="grid-editor" value={draft} readOnly size="small" />
      </Popover>
    );
  }
  return (
    <Input
      data-testid="grid-editor"
      autoFocus
      size="small"
      value={draft}
      disabled={disabled}
      placeholder={col.placeholder ?? `请输入${col.title}`}
      onChange={(e) => setDraft(col.type === 'inputNumber' ? acceptNumberInput(draft, e.target.value) : e.target.value)}
      onBlur={commit}
      onKeyDown={keys}
      {...(col.props as object)}
    />
  );
}

/** A radio group where a re-click on the chosen option clears it when `allowClear` is set. */
function RadioCell({ col, value, onChange, disabled }: CellEditorProps) {
  const opts = col.options ?? [];
  return (
    <Radio.Group value={value === undefined || value === null ? undefined : value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      {opts.map((o) => (
        <Radio
          key={String(o.value)}
          value={o.value}
          disabled={o.disabled}
          onClick={() => {
            // Re-click of the set option: only an allowClear column clears.
            if (col.allowClear && String(value) === String(o.value)) onChange('');
          }}
        >
          {optionText(o)}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** popup without a custom picker: a small modal to type the value. */
function PopupCell({ col, value, onChange, disabled }: CellEditorProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const text = value == null ? '' : String(value);
  return (
    <>
      <Input size="small" readOnly disabled={disabled} value={text} placeholder={col.placeholder ?? DEFAULT_PLACEHOLDER} onClick={() => {
          if (disabled) return;
          setDraft(text);
          setOpen(true);
        }}
        data-testid="grid-popup-field"
      />
      {col.renderPopup
        ? col.renderPopup({ open, value, onOk: (v) => (onChange(v), setOpen(false)), onCancel: () => setOpen(false) })
        : open && (
            <Modal open title={col.title} onCancel={() => setOpen(false)} onOk={() => (onChange(draft), setOpen(false))} destroyOnHidden>
              <Input autoFocus value={draft} onChange={(e) => setDraft(e.target.value)} />
            </Modal>
          )}
    </>
  );
}

/** The editor (or live control) of one cell. */
export function CellEditor(props: CellEditorProps): ReactNode {
  const { col, value, onChange, disabled, onDone } = props;
  const str = value === undefined || value === null ? undefined : String(value);
  const placeholder = col.placeholder ?? DEFAULT_PLACEHOLDER;
  const extra = (col.props ?? {}) as object;
  switch (col.type) {
    case 'input':
    case 'inputNumber':
    case 'input_pop':
      return <DraftEditor {...props} />;
    case 'checkbox': {
      const [on, off] = col.customValue ?? [true, false];
      // Extra antd props need antd's control; otherwise the light native one (it is in every row).
      if (!isLiteCell(col)) return <Checkbox checked={value === on} disabled={disabled} onChange={(e) => onChange(e.target.checked ? on : off)} data-testid="grid-checkbox" {...extra} />;
      return <LiteCheckbox checked={value === on} disabled={disabled} onChange={(c) => onChange(c ? on : off)} aria-label={col.title} data-testid="grid-checkbox" />;
    }
    case 'radio':
      return <RadioCell {...props} />;
    case 'sel_search':
    case 'select':
    case 'list_multi': {
      // sel_search with a table dictionary (`table,text,code`) searches on the server as you type.
      if (col.type === 'sel_search' && col.dictCode && col.dictCode.includes(',')) {
        return <SearchSelect dict={col.dictCode} value={str} allowClear disabled={disabled} placeholder={placeholder} style={{ width: '100%' }} onChange={(x) => onChange(x ?? '')} />;
      }
      const multiple = col.type === 'list_multi';
      const v = multiple ? (Array.isArray(value) ? value : str ? str.split(',') : []) : str;
      if (col.dictCode && !col.options) {
        return (
          <DictSelect
            dictCode={col.dictCode}
            mode={multiple ? 'multiple' : undefined}
            value={v as string | string[] | undefined}
            allowClear
            disabled={disabled}
            placeholder={placeholder}
            style={{ width: '100%' }}
            onChange={(x) => (onChange(multiple ? (x ?? []) : (x ?? '')), !multiple && onDone?.('commit'))}
          />
        );
      }
      if (col.allowInput && !multiple) {
        // allowInput: the options are suggestions; whatever the user types is the value.
        return (
          <AutoComplete
            size="small"
            autoFocus
            defaultOpen
            allowClear
            style={{ width: '100%' }}
            disabled={disabled}
            placeholder={placeholder}
            value={str}
            options={selectOptions(col.options)}
            filterOption={(input, option) => String(option?.label ?? '').includes(input) || String(option?.value ?? '').includes(input)}
            onChange={(x: unknown) => onChange(x ?? '')}
            onBlur={() => onDone?.('commit')}
            data-testid="grid-autocomplete"
            {...extra}
          />
        );
      }
      return (
        <Select
          size="small"
          autoFocus
          defaultOpen
          showSearch={col.allowSearch || col.type === 'sel_search' ? { optionFilterProp: 'label' } : undefined}
          mode={multiple ? 'multiple' : undefined}
          maxTagCount={1}
          allowClear
          style={{ width: '100%' }}
          disabled={disabled}
          placeholder={placeholder}
          value={v}
          options={selectOptions(col.options)}
          onChange={(x: unknown) => (onChange(x ?? ''), !multiple && onDone?.('commit'))}
          onBlur={() => onDone?.('commit')}
          {...extra}
        />
      );
    }
    case 'date':
      return <DateField value={str} disabled={disabled} placeholder={placeholder} onChange={(v: string) => (onChange(v), onDone?.('commit'))} />;
    case 'datetime':
      return <DateTimeField value={str} disabled={disabled} placeholder={placeholder} onChange={(v: string) => (onChange(v), onDone?.('commit'))} />;
    case 'sel_user':
      return <UserSelect value={str} multiple={false} disabled={disabled} placeholder={placeholder} style={{ width: '100%' }} onChange={(v) => onChange(v)} testId={`grid-user-${col.key}`} />;
    case 'sel_depart':
      return <DepartSelect value={str} disabled={disabled} placeholder={placeholder} style={{ width: '100%' }} onChange={(v) => onChange(v)} testId={`grid-depart-${col.key}`} />;
    case 'upload':
    case 'file':
    case 'image':
      return (
        <UploadCell
          value={str ?? ''}
          onChange={(v: string) => onChange(v)}
          kind={col.type}
          allowDownload={col.allowDownload}
          allowRemove={col.allowRemove}
          number={col.number ?? uploadNumber(col.fieldExtendJson)}
        />
      );
    case 'popup':
      return <PopupCell {...props} />;
    case 'slot':
      return col.render ? col.render({ row: props.row, value, onChange }) : null;
    case 'hidden':
      return null;
    default:
      return null;
  }
}

/** fieldExtendJson `{ "uploadnum": 3 }` → the file count limit of an upload column. */
export function uploadNumber(json?: string): number | undefined {
  if (!json) return undefined;
  try {
    const n = Number((JSON.parse(json) as { uploadnum?: unknown }).uploadnum);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}
