'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { loadLabels, splitValues } from './selected-rows';

/**
 * The shown names of a picker field's comma-joined value: names the picker just returned are kept
 * locally; the rest are looked up once through the field's table dictionary (`loadDictItem`).
 */
export function usePickedLabels(value: string | null | undefined, dict: string, logTag: string) {
  const values = useMemo(() => splitValues(value), [value]);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const missing = values.filter((v) => picked[v] === undefined);
  const looked = useSWR(missing.length ? ['picker-labels', dict, missing.join(',')] : null, () => loadLabels(dict, missing), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: (e: unknown) => console.error(`[${logTag}] label lookup failed`, e),
  });
  const remember = (entries: [string, string][]) => setPicked((p) => ({ ...p, ...Object.fromEntries(entries) }));
  return { values, labels: { ...looked.data, ...picked }, remember };
}
