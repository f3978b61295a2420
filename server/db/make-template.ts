/**
 * `node --import tsx server/db/make-template.ts <dir>` (scripts/ensure-build.mjs --prepare): a closed PGlite data
 * directory, initialised and migrated but not seeded, that openDb copies for a new embedded database instead of
 * running initdb and every migration (the most of a first start; docs/benchmarks.md, "Cold start"). Not seeded: the
 * demo's dates are relative to the day of the first start, and the seed's options are the start's.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { migrate, openDb, pgliteTemplateStamp } from './index';

async function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: make-template.ts <dir>');
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const opened = await openDb({ pgliteDir: tmp });
  try {
    await migrate(opened.db);
    // Statistics of the empty tables travel with the copy (the seed analyses again once it has filled them).
    await sql`analyze`.execute(opened.db);
  } finally {
    await opened.close();
  }
  fs.writeFileSync(`${tmp}/jiaowu-template.json`, JSON.stringify(pgliteTemplateStamp()));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
