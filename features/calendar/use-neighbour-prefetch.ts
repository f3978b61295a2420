'use client';

import { useEffect } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { CAL_API, fetchRange, scopedParams, type CalendarScope } from './calendar-api';
import { rangeParams, shiftDate, type CalState, type Whose } from './calendar-model';

/** How long the shown period must stay settled before its neighbours are read (a quick run of clicks reads none). */
export const PREFETCH_DELAY_MS = 300;

/** The swr keys of the periods before and after the shown one, with the same filters, scope and whose-sessions. */
export function neighbourKeys(state: CalState, whose: Whose, scope: CalendarScope): (readonly [string, Record<string, string>])[] {
  return ([-1, 1] as const).map((dir) => [CAL_API.range, scopedParams(rangeParams({ ...state, date: shiftDate(state.view, state.date, dir) }, whose), scope)] as const);
}

/**
 * 上一页 / 下一页 draw at once (issue #28, week switch): once the shown period has settled, the one before and the one
 * after are read into swr's cache. Opening one shows those rows and revalidates them in the background (swr's
 * stale-while-revalidate), so a change made since the prefetch still arrives.
 */
export function useNeighbourPrefetch(settled: boolean, state: CalState, whose: Whose, scope: CalendarScope): void {
  const { cache, mutate } = useSWRConfig();
  useEffect(() => {
    if (!settled) return;
    const timer = window.setTimeout(() => {
      for (const key of neighbourKeys(state, whose, scope)) {
        if (cache.get(unstable_serialize(key))?.data !== undefined) continue;
        // A failed prefetch costs nothing: opening that period fetches it as before.
        fetchRange(key).then(
          (rows) => void mutate(key, rows, { revalidate: false }),
          () => undefined,
        );
      }
    }, PREFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [settled, state, whose, scope, cache, mutate]);
}
