// Where the backend suites (server/, lib/server/) run. scripts/test-all.sh runs them once, on PostgreSQL, when it
// can start one; the PGlite stage then keeps only the suites below. Without PostgreSQL every suite runs on PGlite.
// docs/testing.md, "PostgreSQL and PGlite", says why and how to choose.

/** Suites that open the embedded engine themselves (PGlite whatever TEST_DATABASE_URL says): never in the PostgreSQL stage. */
const PGLITE_ONLY = [
  'server/ops/__tests__/backup.test.ts',
  'server/__tests__/standalone.test.ts',
  'server/__tests__/notify-wiring.test.ts',
  // Issue #38: the embedded engine's thread, its statement limits and its forced stop.
  'server/db/__tests__/pglite-engine.test.ts',
];

/**
 * Backend suites the PGlite stage keeps when the PostgreSQL stage runs them all: the places where the embedded engine
 * differs from a server (server/db/pglite-dialect.ts shares one backend in another thread across concurrent requests
 * and transactions; int8, dates and arrays come back through PGlite's parsers; btree_gist is PGlite's contrib build; the
 * readiness checks read the embedded data directory).
 */
const PGLITE_SAMPLE = [
  'server/resources/__tests__/crud.test.ts',
  // Issue #39: an edit's version check against a racing save (PGlite runs transactions in turn, PostgreSQL in parallel).
  'server/__tests__/edit-conflict.test.ts',
  'server/system/__tests__/check-fill-rules.test.ts',
  'server/crm/__tests__/lead-pool.test.ts',
  'server/calendar/__tests__/calendar.test.ts',
  'server/system/__tests__/monitor.test.ts',
  'server/ops/__tests__/ops.test.ts',
  // Issue #25: the form designer's DDL (catalog reads, ALTERs with rows, DDL in a transaction) on both engines.
  'server/online/__tests__/online-form-design.test.ts',
  // Issue #25: designer reports' guards (reader role, statement timeout vs PGlite's cost check, tenant CTEs) on both engines.
  'server/online/__tests__/online-reports.test.ts',
  // Issue #38: a runaway report statement on the embedded engine is cancelled in its thread while the product serves.
  'server/online/__tests__/runaway-statement.test.ts',
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** testPathIgnorePatterns for this environment. */
function backendIgnorePatterns(env) {
  if (env.TEST_DATABASE_URL) return PGLITE_ONLY.map((f) => `<rootDir>/${escape(f)}$`);
  if (env.JEST_BACKEND_ON_PG === '1') {
    const keep = [...PGLITE_ONLY, ...PGLITE_SAMPLE].map((f) => escape(f.replace(/^(lib\/)?server\//, ''))).join('|');
    return [`<rootDir>/(?:lib/)?server/(?!(?:${keep})$)`];
  }
  return [];
}

module.exports = { PGLITE_ONLY, PGLITE_SAMPLE, backendIgnorePatterns };
