/**
 * The venue form's map settings and address search (spec 01 §2 "Venue (location) form"). The tile and
 * geocoding providers are chosen at run time by the operator (one container, several deployments):
 *   MAP_TILE_URL          e.g. https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png (or a same-site path)
 *   MAP_TILE_ATTRIBUTION  shown in the map corner (sanitised HTML, links allowed)
 *   MAP_GEOCODER_URL      a Nominatim-compatible search endpoint; any key stays in its query string here
 * The browser only ever talks to our backend: the geocoder URL (and any key in it) never reaches it.
 */
import { BodyTooLargeError, declaredLength, readLimited } from '../../lib/server/body-limit';
import { GEOCODE_MAX_QUERY, type GeocodePlace, type MapClientConfig } from '../../lib/map-types';
import { sanitizeHtml } from '../../lib/sanitize-html';

export { GEOCODE_MAX_QUERY, type GeocodePlace, type MapClientConfig };

export interface MapSettings {
  /** Leaflet tile URL template, or null: the form then says the map is not configured. */
  tileUrl: string | null;
  attribution: string;
  /** Nominatim-compatible search endpoint, or null: no address search. */
  geocoderUrl: string | null;
}

export const GEOCODE_TIMEOUT_MS = 5_000;
export const GEOCODE_MAX_RESULTS = 5;
/** A search answer larger than this is not a list of five places. */
const MAX_ANSWER_BYTES = 512 * 1024;

export const GEOCODE_MESSAGES = {
  empty: '请输入要查询的地址',
  tooLong: `地址不能超过${GEOCODE_MAX_QUERY}个字符`,
  notConfigured: '未配置地址查询服务',
  failed: '地址查询失败，请稍后重试',
} as const;

/** A refused or failed search; the message is safe to show (never the provider's own text). */
export class GeocodeError extends Error {}

// Leaflet's template placeholders ({s}, {z}, {x}, {y}, {r}) are not valid URL syntax, so the template is
// checked by shape: an http(s) address or a same-site path, no spaces or quotes, with {z}, {x} and {y}.
const TILE_URL = /^(https?:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/;

function checkTileUrl(raw: string): string {
  if (!TILE_URL.test(raw) || !['{z}', '{x}', '{y}'].every((p) => raw.includes(p))) {
    throw new Error('MAP_TILE_URL must be an http(s) URL or a site path containing {z}, {x} and {y}');
  }
  return raw;
}

function checkGeocoderUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('MAP_GEOCODER_URL must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('MAP_GEOCODER_URL must be an http(s) URL');
  return url.toString();
}

/** Reads and checks the map settings; a malformed value throws (so it fails at start, not per request). */
export function readMapSettings(env: Readonly<Record<string, string | undefined>> = process.env): MapSettings {
  const tile = env.MAP_TILE_URL?.trim();
  const geocoder = env.MAP_GEOCODER_URL?.trim();
  return {
    tileUrl: tile ? checkTileUrl(tile) : null,
    attribution: sanitizeHtml(env.MAP_TILE_ATTRIBUTION?.trim() ?? '').slice(0, 500),
    geocoderUrl: geocoder ? checkGeocoderUrl(geocoder) : null,
  };
}

export function toClientConfig(s: MapSettings): MapClientConfig {
  return { tileUrl: s.tileUrl, attribution: s.attribution, geocoder: !!s.geocoderUrl };
}

/** The search text: control characters removed, spaces collapsed, 1–100 characters. */
export function normaliseQuery(raw: string | null | undefined): string {
  const q = String(raw ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!q) throw new GeocodeError(GEOCODE_MESSAGES.empty);
  if ([...q].length > GEOCODE_MAX_QUERY) throw new GeocodeError(GEOCODE_MESSAGES.tooLong);
  return q;
}

/** The provider's search URL with our parameters; parameters the operator put in it (a key) are kept. */
export function searchUrl(base: string, q: string, limit = GEOCODE_MAX_RESULTS): string {
  const url = new URL(base);
  url.searchParams.set('q', q);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('accept-language', 'zh-CN');
  return url.toString();
}

/** The answer's text within `max` bytes (the one bounded reader, lib/server/body-limit.ts); beyond it the lookup failed. */
async function readCapped(res: Response, max: number): Promise<string> {
  const declared = declaredLength(res.headers);
  if (declared !== null && declared > max) throw new GeocodeError(GEOCODE_MESSAGES.failed);
  try {
    return Buffer.from(await readLimited(res.body, max)).toString('utf8');
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw new GeocodeError(GEOCODE_MESSAGES.failed);
    throw e;
  }
}

const str = (v: unknown, max: number): string | undefined => {
  if (typeof v !== 'string') return undefined;
  const s = v.replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, max) : undefined;
};

type Address = Record<string, unknown>;

/** 南山区 + 科技南十二路 + 2号 (+ the place's name), from Nominatim's address parts. */
function detailOf(address: Address, name: string | undefined): string | undefined {
  const pick = (...keys: string[]) => keys.map((k) => str(address[k], 60)).find(Boolean);
  const parts = [pick('county', 'city_district', 'district', 'suburb'), pick('town', 'village', 'neighbourhood', 'quarter'), pick('road', 'pedestrian', 'street'), pick('house_number')].filter((p): p is string => !!p);
  const detail = parts.filter((p, i) => parts.indexOf(p) === i).join('');
  if (name && !detail.includes(name)) return (detail + name).slice(0, 200) || undefined;
  return detail.slice(0, 200) || undefined;
}

/** One Nominatim jsonv2 item as a place; null when it has no usable coordinates. */
export function toPlace(item: unknown): GeocodePlace | null {
  if (!item || typeof item !== 'object') return null;
  const o = item as Record<string, unknown>;
  const latitude = Number(o.lat);
  const longitude = Number(o.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const label = str(o.display_name, 200) ?? `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
  const address: Address = o.address && typeof o.address === 'object' ? (o.address as Address) : {};
  const place: GeocodePlace = { label, longitude, latitude };
  const province = str(address.province, 32) ?? str(address.state, 32);
  const city = str(address.city, 32) ?? str(address.municipality, 32) ?? str(address.state_district, 32);
  const detail = detailOf(address, str(o.name, 60));
  if (province) place.province = province;
  if (city) place.city = city;
  if (detail) place.address = detail;
  return place;
}

export interface GeocodeOptions {
  url: string;
  fetch: typeof fetch;
  timeoutMs?: number;
  limit?: number;
}

/** Searches the configured geocoder (5 s timeout, at most 5 places). Any provider failure is one GeocodeError. */
export async function geocode(rawQuery: string | null | undefined, { url, fetch: fetchFn, timeoutMs = GEOCODE_TIMEOUT_MS, limit = GEOCODE_MAX_RESULTS }: GeocodeOptions): Promise<GeocodePlace[]> {
  const q = normaliseQuery(rawQuery);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let body: string;
  try {
    const res = await fetchFn(searchUrl(url, q, limit), {
      signal: controller.signal,
      // The operator's URL is the final one: a redirect could lead anywhere.
      redirect: 'error',
      // Nominatim's usage policy asks every client to identify itself.
      headers: { accept: 'application/json', 'user-agent': 'jiaowu-backoffice/1.0 (venue address search)' },
    });
    if (!res.ok) throw new GeocodeError(GEOCODE_MESSAGES.failed);
    body = await readCapped(res, MAX_ANSWER_BYTES);
  } catch (e) {
    if (!(e instanceof GeocodeError)) console.error('[geocode] provider call failed:', e instanceof Error ? e.message : e);
    throw e instanceof GeocodeError ? e : new GeocodeError(GEOCODE_MESSAGES.failed);
  } finally {
    clearTimeout(timer);
  }
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new GeocodeError(GEOCODE_MESSAGES.failed);
  }
  if (!Array.isArray(data)) throw new GeocodeError(GEOCODE_MESSAGES.failed);
  const places: GeocodePlace[] = [];
  for (const item of data) {
    const p = toPlace(item);
    if (p) places.push(p);
    if (places.length >= limit) break;
  }
  return places;
}
