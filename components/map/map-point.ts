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

/** Neither a tile service nor a geocoder: the form's one line about the map (issue #21). */
export const MAP_NOT_CONFIGURED = '未配置地图服务，请直接填写地区与详细地址';

/** What the map part of the form offers, as the server's config says. */
export interface MapServices {
  tiles: boolean;
  geocoder: boolean;
}

/**
 * The one status line under the map (issue #21: without a map service the form showed three notes, one
 * asking for a click on a map that was not there). It names only what is on screen: a map to click, a
 * box to search, or neither; a stored position is shown either way so it can still be cleared.
 */
export function mapHint(services: MapServices, point: MapPoint | null): string {
  if (point) return pointText(point);
  if (services.tiles && services.geocoder) return '未选择位置（点击地图或搜索地址以选择）';
  if (services.tiles) return '未选择位置（点击地图以选择）';
  if (services.geocoder) return '未选择位置（搜索地址以选择）';
  return MAP_NOT_CONFIGURED;
}

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
