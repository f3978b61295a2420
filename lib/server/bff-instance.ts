import 'server-only';
import { createBff } from './bff';
import { serverEnv } from './env';
import { embeddedUpstream, httpUpstream, type Upstream } from './upstream';

let bff: ReturnType<typeof createBff> | null = null;

export function getUpstream(): Upstream {
  const env = serverEnv();
  return env.legacyApiUrl ? httpUpstream(env.legacyApiUrl) : embeddedUpstream();
}

export function getBff() {
  bff ??= createBff(getUpstream(), serverEnv());
  return bff;
}
