import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/* No 'server-only' here: proxy.ts and server.ts (outside React's server graph) need this too. */

/**
 * SESSION_SECRET, or a random one generated once and kept in DATA_DIR (mode 600), so a restart does
 * not sign everyone out. Several instances must share an explicit SESSION_SECRET.
 */
export function resolveSessionSecret(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.SESSION_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
    return fromEnv;
  }
  // Runtime data, not a build input: keep Turbopack's file tracing out of it.
  const dir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR?.trim() || './data');
  const file = path.join(dir, 'session-secret');
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

