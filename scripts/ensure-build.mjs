// `npm start` on a fresh clone: build once when there is no production build yet.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (!existsSync('.next/BUILD_ID')) {
  console.log('No production build yet: running `next build` (about a minute on 2 cores)…');
  const r = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
