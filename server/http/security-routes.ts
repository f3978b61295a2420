import { Hono } from 'hono';
import type { AppEnv } from '../core/context';

/** 安全设置 (issue #26): the signed-in sessions of this user and TOTP two-step sign-in. */
export const securityRoutes = new Hono<AppEnv>();
