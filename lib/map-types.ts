/** The venue map's wire shapes, shared by the server (server/edu/geocode.ts) and the form (components/map). */

/** GET /location/map/config: the operator's tile template and whether address search exists (never the geocoder URL). */
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
  /** A detailed address (district, road, number) for 详细地址. */
  address?: string;
}

/** The server refuses longer queries. */
export const GEOCODE_MAX_QUERY = 100;
