#!/usr/bin/env bash
# The whole test command: lint, typecheck, Jest (PGlite, then PostgreSQL when one can be started), build, Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }

step "lint"
npx eslint . --max-warnings 0

step "typecheck"
npx tsc --noEmit

step "jest (PGlite)"
npm run test:unit

if PGURL=$(bash scripts/start-test-postgres.sh 2>/tmp/jiaowu-pg.log); then
  step "jest backend suites (PostgreSQL)"
  TEST_DATABASE_URL="$PGURL" NODE_OPTIONS=--experimental-vm-modules timeout 1500 npx jest --ci server lib/server
else
  echo "PostgreSQL not available here; backend suites ran on PGlite only (see /tmp/jiaowu-pg.log)."
fi

step "build"
npx next build

step "e2e (Playwright, Chromium)"
npx playwright test
