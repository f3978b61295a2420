'use client';

import { useCallback, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import type { SeriesScope } from '@/lib/calendar/types';

// Modal and radios load the first time a series member is changed, not with the home page (issue #28).
const ApplyChoiceModal = dynamic(() => import('./apply-choice').then((m) => m.ApplyChoiceModal), { ssr: false });

/**
 * Asks which members of a series a change applies to (rule R3); `ask()` resolves with the choice, or
 * null when the dialog is dismissed.
 */
export function useApplyChoice() {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<SeriesScope>('this');
  const resolver = useRef<((v: SeriesScope | null) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<SeriesScope | null>((resolve) => {
        resolver.current = resolve;
        setValue('this');
        setOpen(true);
      }),
    [],
  );
  const finish = (v: SeriesScope | null) => {
    setOpen(false);
    resolver.current?.(v);
    resolver.current = null;
  };

  const modal = open ? <ApplyChoiceModal value={value} onChange={setValue} onFinish={finish} /> : null;
  return { ask, modal };
}
