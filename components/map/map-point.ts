/**
 * Pure pieces of the venue map: the point type, the zoom, the default centre and coordinate rounding.
 * Kept apart from leaflet so they are usable (and testable) without a browser map.
 */

/** A venue position (spec 01 §3: longitude, latitude). */
export interface MapPoint {
  longitude: number;
  latitude: number;
}

/** Spec 01 §2: the venue map opens at zoom 13. */
export const MAP_ZOOM = 13;
/** Where the map opens when the venue has no position yet (Beijing, Tiananmen). */
export const DEFAULT_CENTER: MapPoint = { longitude: 116.3975, latitude: 39.9087 };

export const MAP_NOT_CONFIGURED = '未配置地图服务，可直接填写地址信息';
export const GEOCODER_NOT_CONFIGURED = '未配置地址查询服务，可直接填写地址信息';

/** Six decimals (about 0.1 m) is all a venue needs; the longitude is wrapped into [-180, 180]. */
export function toMapPoint(latitude: number, longitude: number): MapPoint | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90) return null;
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { longitude: round(wrapped === -180 && longitude > 0 ? 180 : wrapped), latitude: round(latitude) };
}

/** A stored pair (numbers or numeric strings) as a point; null unless both are usable. */
export function pointOf(longitude: unknown, latitude: unknown): MapPoint | null {
  if (longitude === null || longitude === undefined || longitude === '' || latitude === null || latitude === undefined || latitude === '') return null;
  return toMapPoint(Number(latitude), Number(longitude));
}

/** '经度 113.934500，纬度 22.540500' */
export const pointText = (p: MapPoint) => `经度 ${p.longitude.toFixed(6)}，纬度 ${p.latitude.toFixed(6)}`;
