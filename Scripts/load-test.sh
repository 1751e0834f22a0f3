#!/usr/bin/env bash
# Load test on loopback only: wrk against `roundtrip serve` (release build) for the AASA endpoint,
# Android's /.well-known/assetlinks.json and the tester API, and against nginx serving the very
# same AASA and assetlinks.json bytes, in the same run, for comparison; then the tester API again on PostgreSQL, with two instances sharing one throwaway
# database (Debian's postgresql, started here on 127.0.0.1), each driven by half the connections.
# The throughput runs turn the per-client write limit off (--rate-limit 0: wrk is one client);
# a last run keeps the default limits and shows them holding: writes past the limit are 429, a
# half-sent request head is closed after --idle-timeout.
# Bounded: every wrk run lasts DURATION seconds; every server is stopped at the end.
#
#   Scripts/load-test.sh                 # 64 connections, 10 s per run, 2 wrk threads
#   CONNECTIONS=128 DURATION=20 Scripts/load-test.sh
#   CONFIGURATION=debug Scripts/load-test.sh   # a smoke run of the script; figures mean nothing
#
# Installs wrk, nginx and postgresql from Debian when they are missing (root, apt). Prints one
# summary line per run, the ratios roundtrip/nginx for the AASA and assetlinks.json endpoints
# (target: at least 1.0)
# and the ratios PostgreSQL/SQLite for the tester's GET and POST (target: at least 0.5).
set -euo pipefail
cd "$(dirname "$0")/.."

CONNECTIONS="${CONNECTIONS:-64}"
DURATION="${DURATION:-10}"
THREADS="${THREADS:-2}"
CONFIGURATION="${CONFIGURATION:-release}"
HOST_HEADER="terminal.example.com"
SPEC="Tests/Fixtures/specs/terminal.yaml"
# A spec with an Android app, whose host serves assetlinks.json beside its AASA file.
ANDROID_HOST="shop.example.com"
ANDROID_SPEC="Tests/Fixtures/specs/app-links.yaml"

missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v curl >/dev/null 2>&1 || missing+=(curl)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

WORK="$(mktemp -d)"
chmod 755 "$WORK"  # mktemp -d is 0700: the postgres user (runuser) and nginx's workers must reach it
SERVER_PID=""
PG_PIDS=()
NGINX_STARTED=""
PG_STARTED=""
PG_BIN="$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")"
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  for pid in "${PG_PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  [ -n "$NGINX_STARTED" ] && "$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -s stop 2>/dev/null || true
  [ -n "$PG_STARTED" ] && as_postgres "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "building roundtrip ($CONFIGURATION)…"
swift build --package-path Tools -c "$CONFIGURATION" --product roundtrip 2>&1 | tail -1
BIN="$(swift build --package-path Tools -c "$CONFIGURATION" --show-bin-path)/roundtrip"

RT_PORT="$(free_port)"
"$BIN" serve --host 127.0.0.1 --port "$RT_PORT" --database "$WORK/load.sqlite" --spec "$SPEC" --spec "$ANDROID_SPEC" --rate-limit 0 \
  --public-url https://tester.example.org --log-level warning &
SERVER_PID=$!
for _ in $(seq 1 100); do
  curl -fs -o /dev/null -H "Host: $HOST_HEADER" "http://127.0.0.1:$RT_PORT/.well-known/apple-app-site-association" && break
  sleep 0.1
done

# nginx serves the files roundtrip generated, byte for byte, with the same content type.
mkdir -p "$WORK/nginx/html/.well-known" "$WORK/nginx/logs"
curl -fs -H "Host: $HOST_HEADER" "http://127.0.0.1:$RT_PORT/.well-known/apple-app-site-association" \
  > "$WORK/nginx/html/.well-known/apple-app-site-association"
curl -fs -H "Host: $ANDROID_HOST" "http://127.0.0.1:$RT_PORT/.well-known/assetlinks.json" \
  > "$WORK/nginx/html/.well-known/assetlinks.json"
NGINX_PORT="$(free_port)"
cat > "$WORK/nginx/nginx.conf" <<CONF
worker_processes auto;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WORK/nginx/html;
    location = /.well-known/apple-app-site-association {
      default_type application/json;
      etag on;
      add_header Cache-Control "public, max-age=3600";
    }
    location = /.well-known/assetlinks.json {
      default_type application/json;
      etag on;
      add_header Cache-Control "public, max-age=3600";
    }
  }
}
CONF
"$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf"
NGINX_STARTED=1
sleep 0.3

# One existing run for the GET benchmark; the POST script creates new ones.
RUN_ID="$(curl -fs -X POST -H 'Content-Type: application/json' --data '{"target":"https://terminal.example.com/logout"}' \
  "http://127.0.0.1:$RT_PORT/api/ulc-tests" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
cat > "$WORK/post.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"target":"https://terminal.example.com/logout"}'
wrk.headers["Content-Type"] = "application/json"
LUA

run() {  # name, wrk arguments…
  local name="$1"; shift
  local out rps latency
  out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@")"
  rps="$(awk '/Requests\/sec/ {print $2}' <<<"$out")"
  latency="$(awk '/ 99%/ {print $2}' <<<"$out")"
  printf '%-34s %12s req/s   p99 %s\n' "$name" "$rps" "$latency" >&2
  errors "$name" <<<"$out"
  echo "$rps"
}
errors() {  # name < wrk output: warns when responses were not 2xx/3xx or sockets failed (they inflate req/s)
  grep -E 'Non-2xx|Socket errors' | sed "s|^ *|  ! $1: |" >&2 || true
}

echo "wrk: $THREADS threads, $CONNECTIONS connections, ${DURATION}s per run, loopback" >&2
NGINX_RPS="$(run "nginx AASA" -H "Host: $HOST_HEADER" "http://127.0.0.1:$NGINX_PORT/.well-known/apple-app-site-association")"
RT_RPS="$(run "roundtrip AASA" -H "Host: $HOST_HEADER" "http://127.0.0.1:$RT_PORT/.well-known/apple-app-site-association")"
NGINX_LINKS_RPS="$(run "nginx assetlinks.json" -H "Host: $ANDROID_HOST" "http://127.0.0.1:$NGINX_PORT/.well-known/assetlinks.json")"
RT_LINKS_RPS="$(run "roundtrip assetlinks.json" -H "Host: $ANDROID_HOST" "http://127.0.0.1:$RT_PORT/.well-known/assetlinks.json")"
SQLITE_GET="$(run "roundtrip GET /api/ulc-tests/{id}" "http://127.0.0.1:$RT_PORT/api/ulc-tests/$RUN_ID")"
SQLITE_POST="$(run "roundtrip POST /api/ulc-tests" -s "$WORK/post.lua" "http://127.0.0.1:$RT_PORT/api/ulc-tests")"
kill "$SERVER_PID" && wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=""

# PostgreSQL: a throwaway cluster, two instances sharing it, half the connections each.
mkdir -p "$WORK/pg"
[ "$(id -u)" = 0 ] && chown postgres "$WORK/pg"
PG_PORT="$(free_port)"
as_postgres "$PG_BIN/initdb" -D "$WORK/pg/data" -U roundtrip --auth=trust -E UTF8 >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $WORK/pg -c max_connections=100" start >/dev/null
PG_STARTED=1
DATABASE_URL="postgres://roundtrip@127.0.0.1:$PG_PORT/postgres?sslmode=disable"
PG_PORTS=()
for _ in 1 2; do
  port="$(free_port)"
  "$BIN" serve --host 127.0.0.1 --port "$port" --database "$DATABASE_URL" --spec "$SPEC" --rate-limit 0 \
    --public-url https://tester.example.org --log-level warning &
  PG_PIDS+=($!)
  PG_PORTS+=("$port")
  for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$port/readyz" && break; sleep 0.1; done
done
PG_RUN_ID="$(curl -fs -X POST -H 'Content-Type: application/json' --data '{"target":"https://terminal.example.com/logout"}' \
  "http://127.0.0.1:${PG_PORTS[0]}/api/ulc-tests" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"

pair() {  # name, path, wrk arguments…
  local name="$1" path="$2"; shift 2
  local half=$(( CONNECTIONS / 2 ))
  wrk -t1 -c"$half" -d"${DURATION}s" --latency "$@" "http://127.0.0.1:${PG_PORTS[0]}$path" > "$WORK/wrk-a.txt" &
  local first=$!
  wrk -t1 -c"$half" -d"${DURATION}s" --latency "$@" "http://127.0.0.1:${PG_PORTS[1]}$path" > "$WORK/wrk-b.txt"
  wait "$first"
  local rps latency
  rps="$(cat "$WORK/wrk-a.txt" "$WORK/wrk-b.txt" | awk '/Requests\/sec/ {sum += $2} END {printf "%.2f", sum}')"
  latency="$(cat "$WORK/wrk-a.txt" "$WORK/wrk-b.txt" | awk '/ 99%/ {printf "%s%s", sep, $2; sep = " / "}')"
  printf '%-34s %12s req/s   p99 %s (2 instances)\n' "$name" "$rps" "$latency" >&2
  errors "$name" < "$WORK/wrk-a.txt"
  errors "$name" < "$WORK/wrk-b.txt"
  echo "$rps"
}
PG_GET="$(pair "postgres GET /api/ulc-tests/{id}" "/api/ulc-tests/$PG_RUN_ID")"
PG_POST="$(pair "postgres POST /api/ulc-tests" "/api/ulc-tests" -s "$WORK/post.lua")"

python3 - "$RT_RPS" "$NGINX_RPS" "$RT_LINKS_RPS" "$NGINX_LINKS_RPS" "$SQLITE_GET" "$PG_GET" "$SQLITE_POST" "$PG_POST" >&2 <<'PY'
import sys
rt, nginx, rtl, nginxl, sg, pg, sp, pp = map(float, sys.argv[1:])
print("AASA ratio roundtrip/nginx:           %.2f (target >= 1.0)" % (rt / nginx))
print("assetlinks ratio roundtrip/nginx:     %.2f (target >= 1.0)" % (rtl / nginxl))
print("tester GET  ratio postgres/sqlite:    %.2f (target >= 0.5)" % (pg / sg))
print("tester POST ratio postgres/sqlite:    %.2f (target >= 0.5)" % (pp / sp))
PY

# Limits holding: the default write limit (120 a minute per client) under wrk, and a half-sent
# request head, on a server with its default limits and a 2-second idle timeout.
for pid in "${PG_PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
PG_PIDS=()
LIMIT_PORT="$(free_port)"
"$BIN" serve --host 127.0.0.1 --port "$LIMIT_PORT" --database "$WORK/limits.sqlite" --spec "$SPEC" --idle-timeout 2 \
  --public-url https://tester.example.org --log-level error &
SERVER_PID=$!
for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$LIMIT_PORT/readyz" && break; sleep 0.1; done
limited="$(wrk -t1 -c8 -d"${DURATION}s" -s "$WORK/post.lua" "http://127.0.0.1:$LIMIT_PORT/api/ulc-tests")"
created="$(curl -fs "http://127.0.0.1:$LIMIT_PORT/api/ulc-tests?limit=500" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["tests"]))')"
refused="$(awk '/Non-2xx/ {print $5}' <<<"$limited")"
echo "write limit: $created runs created, ${refused:-0} writes refused 429 in ${DURATION}s (limit 120 a minute, burst 120)" >&2
python3 - "$LIMIT_PORT" >&2 <<'PY'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"GET /healthz HTTP/1.1\r\nHost: a.exam")  # a head that never ends
s.settimeout(30)
start = time.monotonic()
closed = s.recv(1) == b""
print("half-sent head: %s after %.1f s (idle timeout 2 s)" % ("closed by the server" if closed else "still open", time.monotonic() - start))
PY
kill "$SERVER_PID" && wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=""
