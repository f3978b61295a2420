import type { ReactNode } from 'react';

/** Column types of the editable grid (spec 02 §3). */
export type GridColumnType =
  | 'input'
  | 'inputNumber'
  | 'checkbox'
  | 'select'
  | 'date'
  | 'datetime'
  | 'hidden'
  | 'slot'
  | 'popup'
  | 'radio'
  | 'sel_depart'
  | 'sel_user'
  | 'input_pop'
  | 'upload'
  | 'file'
  | 'image'
  | 'list_multi'
  | 'sel_search';

export type GridValue = string | number | boolean | null | undefined;

/** A grid row: `id` plus column values. New rows carry a temporary id (`__new_…`). */
export type GridRow = { id: string } & Record<string, unknown>;

/** Named patterns (JeecgBoot's fieldValidType values). */
export type GridPatternName = '*' | 'n6-16' | '*6-16' | 's6-18' | 'url' | 'e' | 'm' | 'p' | 's' | 'n' | 'z' | 'money';

export interface GridRule {
  required?: boolean;
  /** Async: a value appearing in two or more rows is refused; an empty value passes. */
  unique?: boolean;
  pattern?: GridPatternName | RegExp | string;
  /** Returns true to pass, or a message to refuse. */
  handler?: (value: unknown, row: GridRow, rows: GridRow[]) => Promise<true | string> | true | string;
  /** `${title}` is replaced by the column title. */
  message?: string;
}

export interface GridOption {
  value: string | number;
  text?: string;
  label?: string;
  title?: string;
  disabled?: boolean;
}

export interface GridColumn {
  key: string;
  title: string;
  type: GridColumnType;
  width?: number;
  options?: GridOption[];
  dictCode?: string;
  validateRules?: GridRule[];
  defaultValue?: unknown;
  /** checkbox: a new row starts checked. */
  defaultChecked?: boolean;
  /** checkbox: [checked, unchecked] values (default [true, false]). */
  customValue?: [unknown, unknown];
  statistics?: ('sum' | 'average')[];
  placeholder?: string;
  /** Passed through to the cell's antd component. */
  props?: Record<string, unknown>;
  disabled?: boolean;
  /** radio: a re-click on the chosen option clears it. */
  allowClear?: boolean;
  allowDownload?: boolean;
  allowRemove?: boolean;
  /** upload/file/image: most files kept. */
  number?: number;
  fieldExtendJson?: string;
  /** The header sorts the rows by this column (asc, then desc); the sort key is rewritten. */
  isOrder?: boolean;
  /** select: a typed value that is not among the options is kept. */
  allowInput?: boolean;
  /** select / list_multi: the options are filtered as the user types. */
  allowSearch?: boolean;
  /** slot: renders the cell. */
  render?: (args: { row: GridRow; value: unknown; onChange: (v: unknown) => void }) => ReactNode;
  /** popup: the picker opened from the cell; calls back with the chosen value. */
  renderPopup?: (args: { open: boolean; value: unknown; onOk: (v: unknown) => void; onCancel: () => void }) => ReactNode;
}
