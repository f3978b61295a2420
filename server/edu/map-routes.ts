import { Hono } from 'hono';
import { geocode, GEOCODE_MESSAGES, GeocodeError, toClientConfig } from './geocode';
import { ApiFailure, ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import type { AppEnv } from '../core/context';
import { PERMS } from '../../lib/permissions/codes';

/**
 * The venue form's map (spec 01 §2): `GET /location/map/config` (tile URL, attribution, whether address
 * search exists) and `GET /location/map/geocode?q=` (the server asks the configured geocoder, so the
 * browser never sees its URL or key). Both need a session and the venue list permission.
 */
export const mapRoutes = new Hono<AppEnv>();

mapRoutes.get('/location/map/config', requirePerm(PERMS.location.list), (c) => c.json(ok(toClientConfig(c.var.services.config.map))));

mapRoutes.get('/location/map/geocode', requirePerm(PERMS.location.list), async (c) => {
  const settings = c.var.services.config.map;
  if (!settings.geocoderUrl) throw new ApiFailure(GEOCODE_MESSAGES.notConfigured);
  try {
    return c.json(ok(await geocode(c.req.query('q'), { url: settings.geocoderUrl, fetch: c.var.services.fetchExternal })));
  } catch (e) {
    if (e instanceof GeocodeError) throw new ApiFailure(e.message);
    throw e;
  }
});
