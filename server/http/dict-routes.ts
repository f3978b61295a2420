import { Hono } from 'hono';
import { DictError, getDictItems, loadAllDictItems } from '../services/dicts';
import { fail, ok } from './envelope';
import type { AppEnv } from './types';

export const dictRoutes = new Hono<AppEnv>();

dictRoutes.get('/sys/dict/queryAllDictItems', async (c) => c.json(ok(await loadAllDictItems(c.var.services.db))));

dictRoutes.get('/sys/dict/getDictItems/:code', async (c) => {
  try {
    return c.json(ok(await getDictItems(c.var.services.db, decodeURIComponent(c.req.param('code')))));
  } catch (e) {
    if (e instanceof DictError) return c.json(fail(e.message));
    throw e;
  }
});

/** Nothing is cached server-side (every answer reads the database), so there is nothing to drop. */
dictRoutes.get('/sys/dict/refleshCache', (c) => c.json(ok(null)));
