import { Hono } from 'hono';
import type { AppEnv } from '../core/context';

/** 招生简章 (issue #26 item 5) and its public read-only page and sign-up. */
export const prospectusRoutes = new Hono<AppEnv>();
