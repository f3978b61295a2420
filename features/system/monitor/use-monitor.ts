'use client';

import { useState } from 'react';
import { usePathname } from 'next/navigation';
import useSWR from 'swr';
import { useScreenRoute } from '@/components/shell/screen-route';
import { http } from '@/lib/http';

/** Every few seconds; swr pauses while the browser tab is hidden (refreshWhenHidden is off by default). */
export const MONITOR_REFRESH_MS = 5000;
/** Samples kept per series for the sparklines. */
export const HISTORY = 30;

export type Series<K extends string> = Record<K, number[]>;

/**
 * One 系统监控 endpoint, refreshed while its screen is the one shown (a kept-alive screen behind another tab of
 * the shell stops polling), with the last HISTORY values of the figures `sample` picks, oldest first.
 */
export function useMonitor<T, K extends string = never>(name: string, sample?: (d: T) => Record<K, number | null | undefined>) {
  const route = useScreenRoute('/isystem/monitor');
  const shown = usePathname() === route;
  const [history, setHistory] = useState<Series<K>>({} as Series<K>);
  const swr = useSWR(['/sys/monitor', name], async () => (await http.get<T>(`/sys/monitor/${name}`)).result, {
    refreshInterval: shown ? MONITOR_REFRESH_MS : 0,
    revalidateOnFocus: false,
    onSuccess: (data) => {
      if (!sample || data == null) return;
      const picked = sample(data);
      setHistory((h) => {
        const next = { ...h };
        for (const k of Object.keys(picked) as K[]) {
          const v = picked[k];
          if (typeof v === 'number' && Number.isFinite(v)) next[k] = [...(h[k] ?? []), v].slice(-HISTORY);
        }
        return next;
      });
    },
  });
  return { data: swr.data, error: swr.error as unknown, loading: swr.isLoading, validating: swr.isValidating, refresh: () => void swr.mutate(), history };
}
