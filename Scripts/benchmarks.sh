#!/usr/bin/env bash
# Runs the benchmarks (ordo-one/benchmark, release build) and prints one table of the ratios the
# issues set targets for. Usage: Scripts/benchmarks.sh [FILTER_REGEX]
#   FILTER_REGEX defaults to every benchmark, e.g. 'Incoming.*|Router.*'.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
filter="${1:-.*}"
log=$(mktemp)
# SwiftPM caches the root package's file list; a stale cache misses new files in ../Sources.
rm -f .build/release/description.json
swift package --allow-writing-to-package-directory benchmark --filter "$filter" --no-progress 2>&1 | tee "$log" >/dev/null || {
  echo "the benchmark run failed; see $log" >&2
  exit 1
}
python3 - "$log" <<'PY'
import re, sys
text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", open(sys.argv[1]).read())
results, current = {}, None
scale = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
for line in text.splitlines():
    if line and not line.startswith(("│", "╒", "╞", "├", "╘", "=", " ")) and "Metric" not in line:
        current = line.strip()
    m = re.match(r"│ Time \(wall clock\) \((\w+)\) \*?\s*│\s*([\d.]+)\s*│\s*([\d.]+)\s*│\s*([\d.]+)", line)
    if m and current:
        results[current] = float(m.group(4)) * scale.get(m.group(1), 1)  # p50
def get(name):
    return results.get(name)
rows = []
def ratio(label, a, b, target=None):
    x, y = get(a), get(b)
    if x is None or y is None:
        return
    r = x / y
    verdict = "" if target is None else ("  ok" if r <= target else f"  over target {target}")
    rows.append(f"{label:<58} {r:8.2f}{verdict}")
base = "Incoming: Foundation baseline (URLComponents + queryItems)"
for n in ["10", "1000", "10000"]:
    ratio(f"incoming decision, {n} actions / Foundation baseline", f"Incoming: decision, {n} actions", base, 1.0)
ratio("incoming decision, 10000 actions / 10 actions", "Incoming: decision, 10000 actions", "Incoming: decision, 10 actions", 1.3)
for n in ["100", "1000", "10000"]:
    ratio(f"router lookup, {n} actions / 10 actions", f"Router: lookup, {n} actions", "Router: lookup, 10 actions", 3.0)
ratio("AASA match, 5000 components / 100 components", "AASA match, 5000 components", "AASA match, 100 components")
sig = "Incoming request, signature verification: "
ratio("HMAC-SHA256 signed request / unsigned", sig + "HMAC-SHA256", sig + "unsigned (baseline)")
ratio("Ed25519 signed request / unsigned", sig + "Ed25519", sig + "unsigned (baseline)")
for name in ["Ledger record+accept, file store", "Ledger record+accept, in-memory store"]:
    if get(name):
        rows.append(f"{name + ' (operations per second)':<58} {1e9 / get(name):8.0f}")
print(f"{'p50 wall clock per operation':<58} {'ns':>8}")
for name in sorted(results):
    print(f"  {name:<56} {results[name]:10.0f}")
print()
print(f"{'ratio':<58} {'value':>8}")
for row in rows:
    print(row)
PY
