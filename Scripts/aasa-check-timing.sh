#!/usr/bin/env bash
# Times `roundtrip aasa check` of COUNT domains (default 20) on loopback: one HTTPS server (Python's
# threaded http.server with a certificate from a throwaway CA made here with openssl) answers for
# every domain and stands in for Apple's CDN, reached through --resolve, trusted through --ca-file.
# Each domain costs three fetches (as Apple's crawler, as a plain client, the CDN copy).
# Loopback only; the server is stopped at the end.
#
#   Scripts/aasa-check-timing.sh                        # release build, 20 domains, 5 runs
#   CONFIGURATION=debug COUNT=50 RUNS=3 Scripts/aasa-check-timing.sh
#   BUILD=0 Scripts/aasa-check-timing.sh                # time the binary already built
#
# Prints the wall-clock time of each run and the best of them.
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT="${COUNT:-20}"
RUNS="${RUNS:-5}"
CONFIGURATION="${CONFIGURATION:-release}"

if [ "${BUILD:-1}" = 1 ]; then swift build --package-path Tools -c "$CONFIGURATION" --product roundtrip >/dev/null; fi
BIN="Tools/.build/$CONFIGURATION/roundtrip"

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

names=()
for i in $(seq 0 $((COUNT - 1))); do names+=("site-$i.test"); done
sans="DNS:cdn.test"
for name in "${names[@]}"; do sans="$sans,DNS:$name"; done

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj "/CN=aasa-check timing CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign" \
  -keyout "$WORK/ca.key" -out "$WORK/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=cdn.test" \
  -keyout "$WORK/server.key" -out "$WORK/server.csr" 2>/dev/null
printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n' "$sans" >"$WORK/ext.cnf"
openssl x509 -req -in "$WORK/server.csr" -CA "$WORK/ca.pem" -CAkey "$WORK/ca.key" -CAcreateserial -days 1 \
  -extfile "$WORK/ext.cnf" -out "$WORK/server.pem" 2>/dev/null

cat >"$WORK/server.py" <<'PY'
import http.server, ssl, sys
FILE = b'{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/items/*"}]}]}}'
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(FILE)))
        self.end_headers()
        self.wfile.write(FILE)
    def log_message(self, *args):
        pass
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(sys.argv[1], sys.argv[2])
class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 128
    def finish_request(self, request, client_address):
        # The TLS handshake in the connection's own thread, so connections are not served one by one.
        try:
            connection = context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return
        self.RequestHandlerClass(connection, client_address, self)
server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
PY
python3 "$WORK/server.py" "$WORK/server.pem" "$WORK/server.key" >"$WORK/port" &
SERVER_PID=$!
for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
PORT="$(cat "$WORK/port")"

args=("${names[@]}" --ca-file "$WORK/ca.pem" --resolve "cdn.test:$PORT:127.0.0.1")
for name in "${names[@]}"; do args+=(--resolve "$name:$PORT:127.0.0.1"); done

best=""
for run in $(seq "$RUNS"); do
  start=$(date +%s.%N)
  ROUNDTRIP_AASA_CDN_URL="https://cdn.test/a/v1" "$BIN" aasa check "${args[@]}" >"$WORK/out" || {
    cat "$WORK/out"
    exit 1
  }
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  echo "run $run: $COUNT domains ($((COUNT * 3)) HTTPS fetches) in ${seconds} s ($CONFIGURATION)"
  if [ -z "$best" ] || [ "$(echo "$seconds < $best" | bc)" = 1 ]; then best="$seconds"; fi
done
echo "best: $COUNT domains in ${best} s"
