#!/usr/bin/env bash
# Load test on loopback only: wrk against `roundtrip serve` (release build) for the AASA endpoint
# and the tester API, and against nginx serving the very same AASA bytes, in the same run, for
# comparison. Bounded: every wrk run lasts DURATION seconds; both servers are stopped at the end.
#
#   Scripts/load-test.sh                 # 64 connections, 10 s per run, 2 wrk threads
#   CONNECTIONS=128 DURATION=20 Scripts/load-test.sh
#   CONFIGURATION=debug Scripts/load-test.sh   # a smoke run of the script; figures mean nothing
#
# Installs wrk and nginx from Debian when they are missing (root, apt). Prints one summary line
# per run and the ratio roundtrip/nginx for the AASA endpoint (the target is at least 0.8).
set -euo pipefail
cd "$(dirname "$0")/.."

CONNECTIONS="${CONNECTIONS:-64}"
DURATION="${DURATION:-10}"
THREADS="${THREADS:-2}"
CONFIGURATION="${CONFIGURATION:-release}"
HOST_HEADER="terminal.example.com"
SPEC="Tests/Fixtures/specs/terminal.yaml"

missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ "${#missing[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

WORK="$(mktemp -d)"
SERVER_PID=""
NGINX_STARTED=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  [ -n "$NGINX_STARTED" ] && "$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -s stop 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "building roundtrip ($CONFIGURATION)…"
swift build -c "$CONFIGURATION" --product roundtrip 2>&1 | tail -1
BIN="$(swift build -c "$CONFIGURATION" --show-bin-path)/roundtrip"

RT_PORT="$(free_port)"
"$BIN" serve --host 127.0.0.1 --port "$RT_PORT" --database "$WORK/load.sqlite" --spec "$SPEC" \
  --public-url https://tester.example.org --log-level warning &
SERVER_PID=$!
for _ in $(seq 1 100); do
  curl -fs -o /dev/null -H "Host: $HOST_HEADER" "http://127.0.0.1:$RT_PORT/.well-known/apple-app-site-association" && break
  sleep 0.1
done

# nginx serves the file roundtrip generated, byte for byte, with the same content type.
mkdir -p "$WORK/nginx/html/.well-known" "$WORK/nginx/logs"
curl -fs -H "Host: $HOST_HEADER" "http://127.0.0.1:$RT_PORT/.well-known/apple-app-site-association" \
  > "$WORK/nginx/html/.well-known/apple-app-site-association"
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
  echo "$rps"
}

echo "wrk: $THREADS threads, $CONNECTIONS connections, ${DURATION}s per run, loopback" >&2
NGINX_RPS="$(run "nginx AASA" -H "Host: $HOST_HEADER" "http://127.0.0.1:$NGINX_PORT/.well-known/apple-app-site-association")"
RT_RPS="$(run "roundtrip AASA" -H "Host: $HOST_HEADER" "http://127.0.0.1:$RT_PORT/.well-known/apple-app-site-association")"
run "roundtrip GET /api/ulc-tests/{id}" "http://127.0.0.1:$RT_PORT/api/ulc-tests/$RUN_ID" >/dev/null
run "roundtrip POST /api/ulc-tests" -s "$WORK/post.lua" "http://127.0.0.1:$RT_PORT/api/ulc-tests" >/dev/null
python3 -c "print('AASA ratio roundtrip/nginx: %.2f (target >= 0.8)' % ($RT_RPS / $NGINX_RPS))" >&2
