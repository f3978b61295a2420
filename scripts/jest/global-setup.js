// A folder for this Jest run, and the prepared test database (server/testing/prepared-db.ts) built into it
// once, here, before any suite starts; every backend suite copies it. Workers inherit the variable.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/**
 * Whether the run may start a backend suite: a full run, or a pattern naming a backend folder. A run of only
 * screen or pure-logic tests (features/, components/, app/, lib/ outside lib/server) skips the build; if one
 * of its files does start a backend anyway, that suite builds the database itself, as before.
 */
function needsBackend(globalConfig) {
  const patterns = globalConfig?.testPathPatterns?.patterns ?? [];
  if (!patterns.length) return true;
  return patterns.some((p) => !/^(\.\/)?(features|components|app|lib(?!\/server))\b/.test(p));
}

module.exports = async function globalSetup(globalConfig) {
  if (!process.env.JIAOWU_TEST_RUN_DIR) process.env.JIAOWU_TEST_RUN_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'jwrun'));
  if (!needsBackend(globalConfig)) return;
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'prepare-db.ts')], { env: process.env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`building the prepared test database failed (exit ${r.status})`);
};
