import { Hono } from 'hono';
import type { AppEnv } from './types';

/** 点名 / 课消 routes (being written). */
export const attendanceRoutes = new Hono<AppEnv>();
