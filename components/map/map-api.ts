'use client';

import useSWR from 'swr';
import { http } from '@/lib/http';
import { GEOCODE_MAX_QUERY, type GeocodePlace, type MapClientConfig } from '@/lib/map-types';

export { GEOCODE_MAX_QUERY, type GeocodePlace, type MapClientConfig };

export const MAP_CONFIG_URL = '/location/map/config';
export const GEOCODE_URL = '/location/map/geocode';
const NOT_CONFIGURED: MapClientConfig = { tileUrl: null, attribution: '', geocoder: false };

/**
 * The map settings, once per session (they change only with a redeploy). A failed load counts as
 * "not configured": the form still works without the map.
 */
export function useMapConfig() {
  const r = useSWR(MAP_CONFIG_URL, () => http.get<MapClientConfig>(MAP_CONFIG_URL).then((res) => res.result ?? NOT_CONFIGURED), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    onError: (e: unknown) => console.error('[map] config load failed', e),
  });
  return { config: r.data ?? (r.error ? NOT_CONFIGURED : null), loading: r.isLoading };
}

export const searchPlaces = (q: string) => http.get<GeocodePlace[]>(GEOCODE_URL, { q }).then((r) => (Array.isArray(r.result) ? r.result : []));
