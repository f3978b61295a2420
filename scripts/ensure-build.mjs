// `npm start`: build once when there is no production build yet, then (with --run) start the server.
//
// The server (server.ts and the backend it imports, ~400 TypeScript files) runs as one CommonJS bundle made by
// esbuild, with the packages left to Node: compiling the TypeScript through tsx at every start and resolving each
// file through its hooks took about half of a start (docs/benchmarks.md, "Cold start"). The bundle is made again
// when any of its inputs (listed by esbuild beside it) is newer than it, so a `git pull` needs no extra step.
// `npm run dev` and the e2e journeys keep running server.ts through tsx.
//
// --prepare (run by `npm run build`): also the bundle, and a migrated,
// unseeded PGlite data directory (.next/pglite-template) that a new embedded database starts as a copy of, instead
// of PGlite's initdb and every migration (server/db/make-template.ts).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const BUNDLE = '.next/jiaowu-server.cjs';
const WORKER = 'jiaowu-pglite-worker';
const INPUTS = '.next/jiaowu-server.inputs.json';
const TEMPLATE = '.next/pglite-template';

if (!existsSync('.next/BUILD_ID')) {
  console.log('No production build yet: running `next build` (about a minute on 2 cores)…');
  const r = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function bundleIsCurrent() {
  if (!existsSync(BUNDLE) || !existsSync(`.next/${WORKER}.cjs`) || !existsSync(INPUTS)) return false;
  const built = statSync(BUNDLE).mtimeMs;
  try {
    return JSON.parse(readFileSync(INPUTS, 'utf8')).every((f) => statSync(f).mtimeMs <= built);
  } catch {
    return false; // an input removed or renamed
  }
}

async function buildBundle() {
  const { build } = await import('esbuild');
  // The embedded database's thread (server/db/pglite-engine.ts) has an entry of its own beside the server's.
  const result = await build({
    entryPoints: { 'jiaowu-server': 'server.ts', [WORKER]: 'server/db/pglite-worker.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outdir: '.next',
    outExtension: { '.js': '.cjs' },
    define: { __JIAOWU_PGLITE_WORKER__: JSON.stringify(`${WORKER}.cjs`) },
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(INPUTS, JSON.stringify(Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'))));
}

function makeTemplate() {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/make-template.ts', TEMPLATE], { stdio: 'inherit' });
  if (r.status !== 0) console.error('[build] the PGlite template was not made; a new database runs initdb instead');
}

// The template only with --prepare (`npm run build`): on a fresh clone's first `npm start` making it would run initdb and
// every migration once more in a process of its own before the server does the same (measured: the first start took
// 309 s to the printed URL with it, on a clean clone).
if (process.argv.includes('--prepare')) {
  if (!bundleIsCurrent()) await buildBundle();
  makeTemplate();
}

if (process.argv.includes('--run')) {
  if (!bundleIsCurrent()) await buildBundle();
  process.env.NODE_ENV = 'production';
  await import(pathToFileURL(path.resolve(BUNDLE)).href);
}
