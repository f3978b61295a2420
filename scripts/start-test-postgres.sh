#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's packages) on 127.0.0.1:54329 and prints its URL.
# Exits non-zero when no PostgreSQL binaries are installed.
set -euo pipefail
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -n "$BIN" ] && [ -x "$BIN/initdb" ] || { echo "no PostgreSQL server binaries" >&2; exit 1; }
DIR=/tmp/jiaowu-test-pg
PORT=54329
RUN_AS=()
if [ "$(id -u)" = "0" ]; then RUN_AS=(runuser -u postgres --); fi
if ! "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
  rm -rf "$DIR"; mkdir -p "$DIR"
  [ "$(id -u)" = "0" ] && chown postgres "$DIR"
  "${RUN_AS[@]}" "$BIN/initdb" -D "$DIR" -A trust -U postgres >/dev/null
  "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DIR" -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off" -l "$DIR/pg.log" -w start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
