'use client';

import { useCallback, useState } from 'react';
import dynamic from 'next/dynamic';
import { useApiError } from '@/components/feedback/use-api-error';
import { conflictOf, type ConflictAnswer, type Override } from './calendar-api';

// The dialog (form, input, tags) loads with the first 409, not with the home page (issue #28).
const ConflictModal = dynamic(() => import('./conflict-modal').then((m) => m.ConflictModal), { ssr: false });

/**
 * Runs a save that may answer 409: the modal lists the clashes and, with the override right, re-sends
 * with {reason}. `save` resolves true when the first attempt succeeded (a drag reverts otherwise);
 * `onSuccess` runs after whichever attempt succeeds.
 */
export function useConflictGuard() {
  const showError = useApiError();
  const [answer, setAnswer] = useState<ConflictAnswer | null>(null);
  const [retry, setRetry] = useState<((o: Override) => Promise<void>) | null>(null);

  const save = useCallback(
    async <T,>(send: (override?: Override) => Promise<T>, onSuccess: (r: T) => void): Promise<boolean> => {
      const attempt = async (override?: Override): Promise<boolean> => {
        try {
          const r = await send(override);
          setAnswer(null);
          setRetry(null);
          onSuccess(r);
          return true;
        } catch (e) {
          const c = conflictOf(e);
          if (!c) {
            showError(e);
            return false;
          }
          setAnswer(c);
          // A function in state must be wrapped, or React would call it as an updater.
          setRetry(() => async (o: Override) => {
            await attempt(o);
          });
          return false;
        }
      };
      return attempt();
    },
    [showError],
  );

  const close = useCallback(() => {
    setAnswer(null);
    setRetry(null);
  }, []);

  const modal = answer ? <ConflictModal answer={answer} onClose={close} onOverride={async (o) => retry?.(o)} /> : null;
  return { save, modal, answer };
}
