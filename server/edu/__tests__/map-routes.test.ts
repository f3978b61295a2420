/** @jest-environment node */
import type { BackendConfig } from '../../config';
import { linkId } from '../../core/ids';
import { geocode, GEOCODE_MESSAGES, GeocodeError, readMapSettings, searchUrl, toPlace, type MapSettings } from '../geocode';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

const GEOCODER = 'https://geo.example.test/search?key=secret-key';
const TILES = 'https://{s}.tile.example.test/{z}/{x}/{y}.png';
const SETTINGS: MapSettings = { tileUrl: TILES, attribution: '&copy; <a href="https://osm.example.test">OSM</a>', geocoderUrl: GEOCODER };

/** Nominatim jsonv2 items as a real provider answers for a Shenzhen address. */
const NOMINATIM = [
  {
    lat: '22.5405',
    lon: '113.9345',
    name: '腾讯大厦',
    display_name: '腾讯大厦, 科技南十二路, 南山区, 深圳市, 广东省, 518057, 中国',
    address: { building: '腾讯大厦', road: '科技南十二路', suburb: '南山区', city: '深圳市', state: '广东省', postcode: '518057', country: '中国', country_code: 'cn' },
  },
  { lat: 'not-a-number', lon: '113.9', display_name: '坏数据' },
  { lat: '39.9087', lon: '116.3975', display_name: '天安门, 东城区, 北京市, 中国', address: { suburb: '东城区', city: '北京市', state: '北京市' } },
];

/** The fake geocoder: records every URL it was asked; answers per `answer`. */
const calls: string[] = [];
let answer: () => Promise<Response> = async () => Response.json(NOMINATIM);
const fakeFetch = (async (input: RequestInfo | URL) => {
  calls.push(String(input));
  return answer();
}) as typeof fetch;

let be: TestBackend;
let admin: string;
let teacher: string;
const mapConfig = () => be.config;

beforeAll(async () => {
  // Injected as server/config.ts provides it from MAP_* at start.
  const config: Partial<BackendConfig> & { map: MapSettings } = { map: { ...SETTINGS } };
  be = await startTestBackend(config, fakeFetch);
  // The venue list code for the admin only (the seed's venue menu is owned elsewhere); the teacher loses it.
  const existing = await be.db.selectFrom('sys_permission').select('id').where('perms', '=', 'edu:location:list').executeTakeFirst();
  const permId = existing?.id ?? 'perm_test_location_list';
  if (!existing) {
    await be.db.insertInto('sys_permission').values({ id: permId, parent_id: null, name: '查看场地', url: null, component: null, component_name: null, redirect: null, menu_type: 2, perms: 'edu:location:list', perms_type: '1', icon: null, description: null, create_by: null, update_by: null, update_time: null }).execute();
  }
  await be.db.deleteFrom('sys_role_permission').where('permission_id', '=', permId).where('role_id', '=', 'role_teacher').execute();
  const granted = await be.db.selectFrom('sys_role_permission').select('id').where('permission_id', '=', permId).where('role_id', '=', 'role_admin').executeTakeFirst();
  if (!granted) await be.db.insertInto('sys_role_permission').values({ id: linkId('role_admin', permId), role_id: 'role_admin', permission_id: permId }).execute();
  admin = await be.login('admin');
  teacher = await be.login('teacher');
});
afterAll(() => be.close());

beforeEach(() => {
  calls.length = 0;
  answer = async () => Response.json(NOMINATIM);
  mapConfig().map = { ...SETTINGS };
});

const q = encodeURIComponent;

describe('GET /location/map/config', () => {
  it('needs a session and edu:location:list', async () => {
    expect((await be.call('/location/map/config')).status).toBe(401);
    const r = await be.call('/location/map/config', { token: teacher });
    expect(r.body).toMatchObject({ success: false, code: 510 });
  });

  it('gives the tile template and attribution, and only whether a geocoder exists (never its URL or key)', async () => {
    const r = await be.call('/location/map/config', { token: admin });
    expect(r.body.result).toEqual({ tileUrl: TILES, attribution: SETTINGS.attribution, geocoder: true });
    expect(JSON.stringify(r.body)).not.toContain('secret-key');
    mapConfig().map = { tileUrl: null, attribution: '', geocoderUrl: null };
    expect((await be.call('/location/map/config', { token: admin })).body.result).toEqual({ tileUrl: null, attribution: '', geocoder: false });
  });
});

describe('GET /location/map/geocode', () => {
  it('needs edu:location:list before anything is sent to the provider', async () => {
    const r = await be.call(`/location/map/geocode?q=${q('腾讯大厦')}`, { token: teacher });
    expect(r.body).toMatchObject({ success: false, code: 510 });
    expect(calls).toEqual([]);
  });

  it('asks the configured provider (key kept) and answers places with province, city and address', async () => {
    const r = await be.call(`/location/map/geocode?q=${q('  腾讯大厦  ')}`, { token: admin });
    expect(r.body.success).toBe(true);
    expect(r.body.result).toEqual([
      { label: NOMINATIM[0].display_name, longitude: 113.9345, latitude: 22.5405, province: '广东省', city: '深圳市', address: '南山区科技南十二路腾讯大厦' },
      { label: NOMINATIM[2].display_name, longitude: 116.3975, latitude: 39.9087, province: '北京市', city: '北京市', address: '东城区' },
    ]);
    expect(calls).toHaveLength(1);
    const sent = new URL(calls[0]);
    expect(sent.origin + sent.pathname).toBe('https://geo.example.test/search');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ key: 'secret-key', q: '腾讯大厦', format: 'jsonv2', addressdetails: '1', limit: '5', 'accept-language': 'zh-CN' });
  });

  it('refuses an empty query or one over 100 characters without calling the provider', async () => {
    expect((await be.call('/location/map/geocode?q=%20', { token: admin })).body).toMatchObject({ success: false, message: GEOCODE_MESSAGES.empty });
    expect((await be.call(`/location/map/geocode?q=${q('路'.repeat(101))}`, { token: admin })).body).toMatchObject({ success: false, message: GEOCODE_MESSAGES.tooLong });
    expect((await be.call(`/location/map/geocode?q=${q('路'.repeat(100))}`, { token: admin })).body.success).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('answers at most five places', async () => {
    answer = async () => Response.json(Array.from({ length: 8 }, (_, i) => ({ lat: String(30 + i), lon: '120', display_name: `地点${i}` })));
    const r = await be.call(`/location/map/geocode?q=${q('地点')}`, { token: admin });
    expect((r.body.result as unknown[]).map((p) => (p as { label: string }).label)).toEqual(['地点0', '地点1', '地点2', '地点3', '地点4']);
  });

  it('a failing, malformed or oversized provider answer is one safe message', async () => {
    answer = async () => new Response('upstream stack trace with secret-key', { status: 500 });
    const failed = await be.call(`/location/map/geocode?q=${q('北京')}`, { token: admin });
    expect(failed.body).toMatchObject({ success: false, message: GEOCODE_MESSAGES.failed });
    expect(JSON.stringify(failed.body)).not.toContain('secret-key');
    answer = async () => new Response('<html>', { status: 200 });
    expect((await be.call(`/location/map/geocode?q=${q('北京')}`, { token: admin })).body.message).toBe(GEOCODE_MESSAGES.failed);
    answer = async () => Response.json({ error: 'Unable to geocode' });
    expect((await be.call(`/location/map/geocode?q=${q('北京')}`, { token: admin })).body.message).toBe(GEOCODE_MESSAGES.failed);
    answer = async () => new Response('x'.repeat(600 * 1024), { status: 200 });
    expect((await be.call(`/location/map/geocode?q=${q('北京')}`, { token: admin })).body.message).toBe(GEOCODE_MESSAGES.failed);
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = async () => Promise.reject(new TypeError('fetch failed'));
    expect((await be.call(`/location/map/geocode?q=${q('北京')}`, { token: admin })).body.message).toBe(GEOCODE_MESSAGES.failed);
    err.mockRestore();
  });

  it('without a configured geocoder says so', async () => {
    mapConfig().map = { ...SETTINGS, geocoderUrl: null };
    const r = await be.call(`/location/map/geocode?q=${q('北京')}`, { token: admin });
    expect(r.body).toMatchObject({ success: false, message: GEOCODE_MESSAGES.notConfigured });
    expect(calls).toEqual([]);
  });
});

describe('geocode service', () => {
  afterEach(() => jest.useRealTimers());

  it('gives up after 5 s', async () => {
    jest.useFakeTimers();
    let aborted = false;
    const hanging = ((_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      })) as typeof fetch;
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const pending = geocode('北京', { url: GEOCODER, fetch: hanging });
    const settled = pending.catch((e: unknown) => e);
    jest.advanceTimersByTime(4_999);
    expect(aborted).toBe(false);
    jest.advanceTimersByTime(1);
    const e = await settled;
    expect(aborted).toBe(true);
    expect(e).toBeInstanceOf(GeocodeError);
    expect((e as Error).message).toBe(GEOCODE_MESSAGES.failed);
    err.mockRestore();
  });

  it('builds the search URL over the operator URL, replacing a q of its own', () => {
    const u = new URL(searchUrl('https://geo.example.test/search?q=old&key=k', '上海', 3));
    expect(u.searchParams.get('q')).toBe('上海');
    expect(u.searchParams.get('key')).toBe('k');
    expect(u.searchParams.get('limit')).toBe('3');
  });

  it('drops places without usable coordinates', () => {
    expect(toPlace({ lat: '91', lon: '0' })).toBeNull();
    expect(toPlace({ lat: '0', lon: '181' })).toBeNull();
    expect(toPlace(null)).toBeNull();
    expect(toPlace({ lat: '1.5', lon: '2.5' })).toEqual({ label: '1.500000, 2.500000', latitude: 1.5, longitude: 2.5 });
  });
});

describe('readMapSettings', () => {
  it('reads nothing as not configured', () => {
    expect(readMapSettings({})).toEqual({ tileUrl: null, attribution: '', geocoderUrl: null });
  });

  it('accepts an http(s) or same-site tile template with {z}/{x}/{y}, and sanitises the attribution', () => {
    const s = readMapSettings({ MAP_TILE_URL: TILES, MAP_TILE_ATTRIBUTION: '<script>alert(1)</script>&copy; <a href="javascript:alert(1)">OSM</a>', MAP_GEOCODER_URL: GEOCODER });
    expect(s.tileUrl).toBe(TILES);
    expect(s.attribution).not.toMatch(/script|javascript/);
    expect(s.attribution).toContain('OSM');
    expect(s.geocoderUrl).toBe(GEOCODER);
    expect(readMapSettings({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).tileUrl).toBe('/tiles/{z}/{x}/{y}.png');
  });

  it('refuses a malformed tile template or geocoder URL', () => {
    expect(() => readMapSettings({ MAP_TILE_URL: 'https://tiles.example.test/map.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => readMapSettings({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILE_URL/);
    expect(() => readMapSettings({ MAP_TILE_URL: '//evil.example.test/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
    expect(() => readMapSettings({ MAP_GEOCODER_URL: 'ftp://geo.example.test' })).toThrow(/MAP_GEOCODER_URL/);
    expect(() => readMapSettings({ MAP_GEOCODER_URL: 'not a url' })).toThrow(/MAP_GEOCODER_URL/);
  });
});
