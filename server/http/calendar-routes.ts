import { Hono } from 'hono';
import type { AppEnv } from './types';

/** 行事历 routes (being written). */
export const calendarRoutes = new Hono<AppEnv>();
