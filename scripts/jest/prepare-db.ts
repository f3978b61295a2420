/**
 * Builds the run's prepared test database before any suite starts (called by scripts/jest/global-setup.js): on
 * PostgreSQL when TEST_DATABASE_URL is set, else PGlite. Building it inside the first backend suite's beforeAll
 * put it under Jest's 30 s hook timeout, which a loaded 2-core machine could pass (migrations and seeds grow).
 */
import { preparedPglite, preparedPgTemplate } from '../../server/testing/prepared-db';

async function main() {
  const started = Date.now();
  if (process.env.TEST_DATABASE_URL) await preparedPgTemplate(process.env.TEST_DATABASE_URL);
  else await preparedPglite();
  console.log(`prepared test database in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
