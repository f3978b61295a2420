import 'server-only';
import { readServerEnv, type ServerEnv } from './env-read';

export type { ServerEnv };

let cached: ServerEnv | null = null;

/** Read lazily so `next build` needs no secrets. */
export function serverEnv(): ServerEnv {
  cached ??= readServerEnv();
  return cached;
}
