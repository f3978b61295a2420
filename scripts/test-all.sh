#!/usr/bin/env bash
# The whole test command: lint and typecheck (side by side), Jest (the backend suites on PostgreSQL when one can be
# started, the rest on PGlite), build, the container's runtime smoke, Playwright. Prints each stage's
# wall time and ends with the budget line (docs/testing.md: ≤ 25 min on the 2-core CI machine, never over 45).
set -euo pipefail
cd "$(dirname "$0")/.."

START=$(date +%s)
declare -A TOOK=()
step() { printf '\n=== %s ===\n' "$*"; }
mins() { awk -v s="$1" 'BEGIN { printf "%.1f", s / 60 }'; }
# timed NAME CMD...: runs CMD, records its wall time under NAME, prints it.
timed() {
  local name=$1 t0 rc=0
  shift
  t0=$(date +%s)
  "$@" || rc=$?
  TOOK[$name]=$(($(date +%s) - t0))
  printf -- '--- %s: %s s\n' "$name" "${TOOK[$name]}"
  return "$rc"
}
budget_line() {
  local total=$(($(date +%s) - START))
  printf '\ntest budget: total %s min (lint %s, types %s, jest %s, jest-pg %s, build %s, smoke %s, e2e %s)\n' "$(mins "$total")" \
    "$(mins "${TOOK[lint]:-0}")" "$(mins "${TOOK[types]:-0}")" "$(mins "${TOOK[jest]:-0}")" "$(mins "${TOOK[jest-pg]:-0}")" \
    "$(mins "${TOOK[build]:-0}")" "$(mins "${TOOK[smoke]:-0}")" "$(mins "${TOOK[e2e]:-0}")"
}
# A failing stage still prints how far the run got.
trap budget_line EXIT

# Lint and typecheck are single-threaded: one core each. Their output is shown after both end.
step "lint + typecheck"
LOGS=$(mktemp -d)
timed lint npx eslint . --max-warnings 0 >"$LOGS/lint" 2>&1 &
LINT_PID=$!
timed types npx tsc --noEmit >"$LOGS/types" 2>&1 &
TYPES_PID=$!
lint_rc=0; types_rc=0
wait "$LINT_PID" || lint_rc=$?
wait "$TYPES_PID" || types_rc=$?
cat "$LOGS/lint" "$LOGS/types"
# The subshells' times come back through their logs.
TOOK[lint]=$(sed -n 's/^--- lint: \([0-9]*\) s$/\1/p' "$LOGS/lint")
TOOK[types]=$(sed -n 's/^--- types: \([0-9]*\) s$/\1/p' "$LOGS/types")
rm -rf "$LOGS"
[ "$lint_rc" = 0 ] && [ "$types_rc" = 0 ] || { echo "lint or typecheck failed" >&2; exit 1; }

# The backend suites (server/, lib/server/) run once, on a throwaway PostgreSQL when one can be started: there they
# take a fifth of their PGlite time. The PGlite stage then keeps the screens, the pure tests and the backend suites
# about the embedded engine (scripts/jest/suites.js); without PostgreSQL every suite runs on PGlite.
if PGURL=$(bash scripts/start-test-postgres.sh 2>/tmp/jiaowu-pg.log); then
  step "jest (PGlite): screens, pure tests, the embedded engine's backend suites"
  JEST_BACKEND_ON_PG=1 timed jest npm run test:unit
  step "jest backend suites (PostgreSQL)"
  TEST_DATABASE_URL="$PGURL" NODE_OPTIONS=--experimental-vm-modules timed jest-pg timeout 1500 npx jest --ci server lib/server
else
  echo "PostgreSQL not available here; every backend suite runs on PGlite (see /tmp/jiaowu-pg.log)."
  step "jest (PGlite)"
  timed jest npm run test:unit
fi

step "build"
# tsc --noEmit above checked the same tsconfig: the build skips its second type check.
NEXT_SKIP_TYPECHECK=1 timed build npx next build

step "runtime smoke (the Dockerfile's runtime files, started as the image starts them)"
# Reuses the build above; a file the image's runtime stage does not copy fails here.
timed smoke bash scripts/runtime-smoke.sh

step "e2e (Playwright, Chromium)"
timed e2e npx playwright test
