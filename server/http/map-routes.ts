import { Hono } from 'hono';
import { LOCATION_PERM } from '../../features/edu/location/location-resource';
import type { BackendConfig } from '../config';
import { geocode, GEOCODE_MESSAGES, GeocodeError, readMapSettings, toClientConfig, type MapSettings } from '../services/geocode';
import { fail, ok } from './envelope';
import { requirePerm } from './perm';
import type { AppEnv, Services } from './types';

/**
 * The venue form's map (spec 01 §2): `GET /location/map/config` (tile URL, attribution, whether address
 * search exists) and `GET /location/map/geocode?q=` (the server asks the configured geocoder, so the
 * browser never sees its URL or key). Both need a session and the venue list permission.
 */
export const mapRoutes = new Hono<AppEnv>();

const LIST_PERM = `${LOCATION_PERM}:list`;

let fromEnv: { key: string; settings: MapSettings } | null = null;

/**
 * The settings of this backend: `config.map` when server/config.ts provides it (tests inject it there),
 * else read from the environment once per distinct value.
 */
export function mapSettingsOf(services: Services): MapSettings {
  const config: BackendConfig & { map?: MapSettings } = services.config;
  if (config.map) return config.map;
  const key = [process.env.MAP_TILE_URL, process.env.MAP_TILE_ATTRIBUTION, process.env.MAP_GEOCODER_URL].join('\u0000');
  if (fromEnv?.key !== key) fromEnv = { key, settings: readMapSettings(process.env) };
  return fromEnv.settings;
}

mapRoutes.get('/location/map/config', requirePerm(LIST_PERM), (c) => c.json(ok(toClientConfig(mapSettingsOf(c.var.services)))));

mapRoutes.get('/location/map/geocode', requirePerm(LIST_PERM), async (c) => {
  const settings = mapSettingsOf(c.var.services);
  if (!settings.geocoderUrl) return c.json(fail(GEOCODE_MESSAGES.notConfigured));
  try {
    return c.json(ok(await geocode(c.req.query('q'), { url: settings.geocoderUrl, fetch: c.var.services.fetchExternal })));
  } catch (e) {
    if (e instanceof GeocodeError) return c.json(fail(e.message));
    throw e;
  }
});
