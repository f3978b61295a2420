'use client';

import { useMemo, useState } from 'react';
import { dictCodeOf } from '@/components/fields/field-registry';
import type { FieldDef } from '@/lib/resources/types';
import { builderFromQuery, QUERY_TITLE, resetQuery, toQueryFields, type BuilderState } from '@/lib/saved-queries';
import type { SuperQuery as Query } from '@/lib/super-query';
import { SuperQueryButton } from './super-query-button';
import { SuperQueryModal } from './super-query-modal';

export interface SuperQueryProps {
  /** The resource's fields; the builder offers the queryable ones (not writeOnly / virtual, query !== false). */
  fields: readonly FieldDef[];
  /** Saved queries are kept under this code (spec 02 §3: a save code or the route path). */
  saveCode: string;
  /** The active query (null = none). */
  value: Query | null;
  /** A query to apply, or null to clear it (重置, 清空). */
  onChange: (query: Query | null) => void;
  title?: string;
}

/** 高级查询: the toolbar button with its active indicator, and the builder modal behind it. */
export function SuperQuery({ fields: defFields, saveCode, value, onChange, title = QUERY_TITLE }: SuperQueryProps) {
  const fields = useMemo(() => toQueryFields(defFields, dictCodeOf), [defFields]);
  const [open, setOpen] = useState(false);
  // The builder keeps its rows between openings, as the Vue component does.
  const [state, setState] = useState<BuilderState>(() => builderFromQuery(value, fields));
  const active = value !== null && value.rules.length > 0;
  if (fields.length === 0) return null;

  const clear = () => {
    setState((s) => resetQuery(s).state);
    onChange(null);
  };

  return (
    <>
      <SuperQueryButton active={active} onOpen={() => setOpen(true)} onClear={clear} />
      <SuperQueryModal
        open={open}
        title={title}
        fields={fields}
        saveCode={saveCode}
        state={state}
        onStateChange={setState}
        onQuery={(q) => {
          onChange(q);
          setOpen(false);
        }}
        onReset={clear}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
