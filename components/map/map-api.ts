'use client';

import useSWR from 'swr';
import { http } from '@/lib/http';

export const MAP_CONFIG_URL = '/location/map/config';
export const GEOCODE_URL = '/location/map/geocode';
/** The server refuses longer queries (server/services/geocode.ts). */
export const GEOCODE_MAX_QUERY = 100;

/** GET /location/map/config: the operator's tile template and whether address search exists. */
export interface MapClientConfig {
  tileUrl: string | null;
  attribution: string;
  geocoder: boolean;
}

/** One address search hit (GET /location/map/geocode?q=). */
export interface GeocodePlace {
  label: string;
  longitude: number;
  latitude: number;
  province?: string;
  city?: string;
  address?: string;
}

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
