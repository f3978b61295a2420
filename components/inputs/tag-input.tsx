'use client';

import { useLayoutEffect, useRef, useState, type ChangeEvent, type CompositionEvent, type FocusEvent } from 'react';
import { Input, type InputProps, type InputRef } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { applyTagEdit, normalizeTags } from '@/lib/inputs/tag-input';

export interface TagInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * Tag input (spec 02 §5): `;` after every 2 characters, typed semicolons stripped
 * (lib/inputs/tag-input.ts). Nothing is transformed while an IME composes (the half-typed pinyin
 * would be cut into pairs); the composed text is formatted when the composition ends. On blur the
 * trailing separator is dropped, so the stored value is `ab;cd`.
 */
export function TagInput({ value, onChange, onBlur, ...rest }: TagInputProps) {
  const [inner, setInner] = useState('');
  const current = value ?? inner;
  /** The raw text while composing; null otherwise. */
  const [draft, setDraft] = useState<string | null>(null);
  const composing = useRef(false);
  const input = useRef<InputRef>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const at = caret.current;
    const el = input.current?.input;
    if (at === null || !el || document.activeElement !== el) return;
    caret.current = null;
    el.setSelectionRange(at, at);
  });

  const emit = (next: string) => {
    if (value === undefined) setInner(next);
    if (next !== current) onChange?.(next);
  };

  const commit = (el: HTMLInputElement) => {
    const edit = applyTagEdit(current, el.value, el.selectionStart ?? el.value.length);
    caret.current = edit.caret;
    setDraft(null);
    emit(edit.value);
  };

  return (
    <Input
      {...rest}
      ref={input}
      value={draft ?? current}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        if (composing.current) setDraft(e.target.value);
        else commit(e.target);
      }}
      onCompositionStart={() => {
        composing.current = true;
        setDraft(current);
      }}
      onCompositionEnd={(e: CompositionEvent<HTMLInputElement>) => {
        composing.current = false;
        commit(e.currentTarget);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        const stored = normalizeTags(current);
        if (stored !== current) emit(stored);
        onBlur?.(e);
      }}
    />
  );
}

/** TagInput as a resource form editor (`ListPage editors={{ tags: TagFieldEditor }}`). */
export function TagFieldEditor({ field, value, onChange, disabled, id, onBlur }: EditorProps) {
  return (
    <TagInput
      id={id}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      maxLength={field.maxLength}
      placeholder={`请输入${field.label}，每2个字自动以;分隔`}
      allowClear
      data-testid={`tag-input-${field.name}`}
    />
  );
}
