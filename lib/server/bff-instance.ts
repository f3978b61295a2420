import 'server-only';
import { serverEnv } from './env';
import { embeddedUpstream, httpUpstream, type Upstream } from './upstream';

/** For server components and route handlers that call the upstream themselves (the BFF proper runs in server.ts). */
export function getUpstream(): Upstream {
  const env = serverEnv();
  return env.legacyApiUrl ? httpUpstream(env.legacyApiUrl, { signSecret: env.legacySignSecret }) : embeddedUpstream();
}
