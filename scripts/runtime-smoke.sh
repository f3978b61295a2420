#!/usr/bin/env bash
# The container's runtime stage without a container daemon (issue #27): assembles into a temporary folder
# exactly the app files the Dockerfile's runtime stage copies (its `COPY --from=build` lines, with .next pruned
# by the `rm -rf` after `next build` and what .dockerignore keeps out of the context left out), starts them
# with the image's CMD on a free port and a fresh DATA_DIR (embedded database, demo seed), waits for /readyz,
# runs the image's HEALTHCHECK command, signs in through the BFF, fetches the home page, stops it with SIGTERM
# and expects a clean exit, then loads the backup and restore commands. A file the runtime stage forgets to
# copy fails here.
#
# Uses the checkout's existing build (.next): run `next build` first (scripts/test-all.sh does); never builds.
# node_modules is a symlink to the checkout's (dev dependencies included, so a runtime dependency listed only
# under devDependencies would slip through here): SMOKE_NODE_MODULES=/path/to/node_modules points it at the
# output of `npm ci --omit=dev` instead, as the image's prod-deps stage makes.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DOCKERFILE=$ROOT/Dockerfile
fail() { echo "runtime-smoke: $*" >&2; exit 1; }
[ -f "$ROOT/.next/BUILD_ID" ] || fail "no production build in .next (run next build first)"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/jiaowu-smoke.XXXXXX")
APP=$TMP/app
mkdir -p "$APP" "$TMP/data"
PID=
cleanup() {
  if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill -KILL "$PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

# What `next build` is followed by in the build stage: the .next entries the image does not keep.
prune=$(sed -n 's/^RUN .*next build.*&& rm -rf \(.*\)$/\1/p' "$DOCKERFILE")
[ -n "$prune" ] || fail "no 'RUN … next build && rm -rf …' line in the Dockerfile"
# .dockerignore as Docker reads it: `**/x` drops x at any depth (tar's unanchored match), any other pattern
# only at that path from the context's root (anchored). .next is made inside the build stage, so its
# pattern does not apply to what the runtime stage copies.
anchored=() unanchored=() ignored=()
while IFS= read -r p; do
  case $p in
    '' | '#'*) ;;
    '**/'*) unanchored+=("--exclude=${p#\*\*/}") ;;
    .next) ;;
    *) anchored+=("--exclude=$p") && ignored+=("$p") ;;
  esac
done <"$ROOT/.dockerignore"
excludes=(--anchored "${anchored[@]}")
for p in $prune; do excludes+=("--exclude=$p"); done
excludes+=(--no-anchored "${unanchored[@]}")

copied=0
while read -r line; do
  [[ $line == *'\' ]] && fail "a multi-line COPY --from=build is not supported: $line"
  read -ra words <<<"$line"
  args=()
  for w in "${words[@]:1}"; do [[ $w == --* ]] || args+=("$w"); done
  dst=${args[-1]}
  for src in "${args[@]:0:${#args[@]}-1}"; do
    rel=${src#/app/}
    [ "$dst" = "./$rel" ] || fail "COPY --from=build $src must go to ./$rel (got $dst)"
    for p in "${ignored[@]}"; do [ "$p" = "$rel" ] && fail "$rel is copied into the image but excluded by .dockerignore"; done
    [ -e "$ROOT/$rel" ] || fail "the runtime stage copies $rel, which the build does not have"
    tar -C "$ROOT" -cf - "${excludes[@]}" "$rel" | tar -C "$APP" -xf -
    copied=$((copied + 1))
  done
done < <(grep '^COPY --from=build ' "$DOCKERFILE")
[ "$copied" -gt 0 ] || fail "no COPY --from=build lines in the Dockerfile"
ln -s "${SMOKE_NODE_MODULES:-$ROOT/node_modules}" "$APP/node_modules"

# The image's CMD and HEALTHCHECK command (JSON exec form).
json_args() { node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "$1"; }
mapfile -t CMD < <(json_args "$(sed -n 's/^CMD \(\[.*\]\)$/\1/p' "$DOCKERFILE")")
mapfile -t HEALTH < <(json_args "$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$DOCKERFILE" | sed -n 's/^HEALTHCHECK .* CMD \(\[.*\]\)$/\1/p')")
[ ${#CMD[@]} -gt 0 ] && [ ${#HEALTH[@]} -gt 0 ] || fail "CMD or HEALTHCHECK not found in the Dockerfile"

PORT=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
# A clean environment, as in the container: nothing of this shell's (DATABASE_URL, TEST_DATABASE_URL, …) leaks in.
RUN_ENV=(env -i PATH="$PATH" HOME="$TMP" NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOST=127.0.0.1 PORT="$PORT"
  DATA_DIR="$TMP/data" LOGIN_CAPTCHA=off COOKIE_SECURE=0)
(cd "$APP" && exec "${RUN_ENV[@]}" "${CMD[@]}") >"$TMP/server.log" 2>&1 &
PID=$!

# Ready, signed in through the BFF, home page rendered; the server log is shown on failure.
if ! node -e '
  const base = `http://127.0.0.1:${process.argv[1]}`;
  const pid = Number(process.argv[2]);
  const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  (async () => {
    const until = Date.now() + 60_000;
    for (;;) {
      const r = await fetch(`${base}/readyz`).catch(() => null);
      if (r?.status === 200) break;
      if (!alive()) throw new Error("the server exited before it was ready");
      if (Date.now() > until) throw new Error(`/readyz not 200 within 60 s (last: ${r?.status ?? "no answer"})`);
      await sleep(200);
    }
    const login = await fetch(`${base}/jeecg-boot/sys/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ username: "admin", password: "jiaowu2026" }),
    });
    const body = await login.json();
    if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body).slice(0, 300)}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    if (!cookie) throw new Error("sign-in set no session cookie");
    const home = await fetch(`${base}/`, { headers: { cookie } });
    const html = await home.text();
    if (home.status !== 200 || !html.includes("<html")) throw new Error(`home page: ${home.status} ${home.url}`);
    console.log(`runtime-smoke: ready, signed in, home page ${home.url.slice(base.length) || "/"} ${home.status}`);
  })().catch((e) => { console.error(`runtime-smoke: ${e.message}`); process.exit(1); });
' "$PORT" "$PID"; then
  tail -n 40 "$TMP/server.log" >&2
  exit 1
fi

if ! (cd "$APP" && "${RUN_ENV[@]}" "${HEALTH[@]}"); then
  tail -n 40 "$TMP/server.log" >&2
  fail "the HEALTHCHECK command failed"
fi

kill -TERM "$PID"
# The drain is bounded (10 s for requests in flight); a process still there after 30 s is killed and fails.
for _ in $(seq 300); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
kill -0 "$PID" 2>/dev/null && kill -KILL "$PID"
rc=0
wait "$PID" || rc=$?
PID=
if [ "$rc" != 0 ] || ! grep -q 'Stopped cleanly.' "$TMP/server.log"; then
  tail -n 40 "$TMP/server.log" >&2
  fail "SIGTERM: exit code $rc, expected 0 after 'Stopped cleanly.'"
fi
# The image's backup and restore commands load (their imports are runtime files too); a real backup of this
# data takes ~25 s, too long for the stage, and was checked by hand (docs/deploy.md).
for cmd in backup restore; do
  if ! (cd "$APP" && "${RUN_ENV[@]}" npm run --silent "$cmd" -- --help) >"$TMP/$cmd.log" 2>&1; then
    cat "$TMP/$cmd.log" >&2
    fail "npm run $cmd does not load in the runtime folder"
  fi
done
echo "runtime-smoke: ok ($copied paths from the Dockerfile, stopped cleanly on SIGTERM, backup and restore load, ${SECONDS} s)"
