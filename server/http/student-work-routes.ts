import { Hono } from 'hono';
import type { AppEnv } from '../core/context';

/** 学员作品 (issue #26 item 4). */
export const studentWorkRoutes = new Hono<AppEnv>();
