'use client';

import { useEffect, useRef, useState } from 'react';
import { App } from 'antd';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A server search as the user types: `search` waits `delayMs` after the last keystroke, `load` asks at
 * once; only the latest request's answer reaches `onResult` (an older one arriving later is dropped),
 * and its failure shows as a warning (spec 02 §8). Shared by the dictionary search select (300 ms) and
 * the async search select (800 ms).
 */
export function useLatestSearch<T>(fetch: (keyword: string) => Promise<T>, delayMs: number, onResult: (result: T) => void) {
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = (keyword: string) => {
    const mine = ++latest.current;
    setLoading(true);
    fetch(keyword)
      .then((r) => {
        if (mine === latest.current) onResult(r);
      })
      .catch((e: unknown) => {
        if (mine === latest.current) message.warning(errorText(e));
      })
      .finally(() => {
        if (mine === latest.current) setLoading(false);
      });
  };

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => load(keyword), delayMs);
  };

  return { load, search, loading };
}
