#!/usr/bin/env bash
# Runs the benchmarks (ordo-one/benchmark, release build) and prints one table of the ratios the
# issues set targets for, beside the checked-in thresholds (Benchmarks/Thresholds/).
#
#   Scripts/benchmarks.sh [--check] [FILTER_REGEX]
#
# FILTER_REGEX defaults to every benchmark, e.g. 'Incoming.*|Router.*'; it must match a whole
# name (ordo-one's --filter), so a word inside a name needs '.*word.*'. With --check the script
# fails (exit 1) when a time ratio is over its threshold in Thresholds/ratios.json or an
# allocation count differs from Thresholds/*.p90.json. After a deliberate change, update the
# allocation counts with:
#   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark thresholds update --target RoundtripBenchmarks --filter 'Allocations.*'
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
filter="${1:-.*}"
log=$(mktemp)
# SwiftPM caches the root package's file list; a stale cache misses new files in ../Sources.
rm -f .build/release/description.json
# The plugin's output goes to the log, not the terminal: on a failure its last lines say why (a
# build error of the benchmark targets shows up only after "Build of product 'BenchmarkTool'
# complete!", the plugin's own tool).
swift package --allow-writing-to-package-directory benchmark --target RoundtripBenchmarks --filter "$filter" --no-progress >"$log" 2>&1 || {
  status=$?
  echo "the benchmark run failed (exit $status); the end of $log:" >&2
  grep -v '^\[[0-9]*/[0-9]*\]' "$log" | tail -n 40 >&2
  exit 1
}
# ordo-one's --filter matches whole names: 'Foundation.*' selects nothing (the baselines' names
# start with "Incoming:" or "Value forms:"); '.*Foundation.*' selects them.
if ! grep -q '^│ Time (wall clock)' "$log"; then
  echo "no benchmark's whole name matches '$filter' (a filter must match from the name's start: '.*word.*'); see $log" >&2
  exit 1
fi
python3 - "$log" "$check" <<'PY'
import json, re, sys
limits = json.load(open("Thresholds/ratios.json"))["ratios"]
check = sys.argv[2] == "1"
failed = []
text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", open(sys.argv[1]).read())
results, allocations, current = {}, {}, None
scale = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
for line in text.splitlines():
    if line and not line.startswith(("│", "╒", "╞", "├", "╘", "=", " ")) and "Metric" not in line:
        current = line.strip()
    m = re.match(r"│ Time \(wall clock\) \((\w+)\) \*?\s*│\s*([\d.]+)\s*│\s*([\d.]+)\s*│\s*([\d.]+)", line)
    if m and current:
        results[current] = float(m.group(4)) * scale.get(m.group(1), 1)  # p50
    m = re.match(r"│ Malloc \(total\) \*?\s*│\s*([\d.]+)\s*│\s*([\d.]+)\s*│\s*([\d.]+)", line)
    if m and current:
        allocations[current] = float(m.group(3))  # p50
def get(name):
    return results.get(name)
rows = []
def ratio(label, a, b, target=None):
    x, y = get(a), get(b)
    if x is None or y is None:
        return
    r = x / y
    limit = limits.get(label, {})
    target = limit.get("target", target)
    threshold = limit.get("threshold")
    verdict = "" if target is None else ("meets target" if r <= target else "over target")
    if threshold is not None and r > threshold:
        verdict += ", OVER THRESHOLD"
        failed.append(label)
    shown = lambda v: "-" if v is None else f"{v:.2f}"
    rows.append(f"{label:<58} {r:8.2f} {shown(target):>7} {shown(threshold):>9}  {verdict}")
base = "Incoming: Foundation baseline (URLComponents + queryItems), beside "
for n in ["10", "1000", "10000"]:
    ratio(f"incoming decision, {n} actions / Foundation baseline", f"Incoming: decision, {n} actions", f"{base}{n} actions", 1.0)
ratio("value forms decision / Foundation baseline", "Value forms: decision (20-item comma list, 5 repeated, 2 KB multiline)", "Value forms: Foundation baseline (URLComponents + queryItems)", 1.0)
ratio("incoming decision, 10000 actions / 10 actions", "Incoming: decision, 10000 actions", "Incoming: decision, 10 actions", 1.3)
for n in ["100", "1000", "10000"]:
    ratio(f"router lookup, {n} actions / 10 actions", f"Router: lookup, {n} actions", "Router: lookup, 10 actions", 3.0)
ratio("custom-shape decision / return-url decision", "Incoming: decision, custom action, callbacks under the partner's own names, 10 parameters", "Incoming: decision, return-url action, 10 parameters")
ratio("AASA match, 5000 components / 100 components", "AASA match, 5000 components", "AASA match, 100 components")
sig = "Incoming request, signature verification: "
ratio("HMAC-SHA256 signed request / unsigned", sig + "HMAC-SHA256", sig + "unsigned (baseline)")
ratio("Ed25519 signed request / unsigned", sig + "Ed25519", sig + "unsigned (baseline)")
old = "Yams compose alone, 50 actions (old path's first step)"
for form in ["YAML", "JSON", "YAML, none repeated", "JSON, none repeated"]:
    ratio(f"launch, 50 actions, {form} / {old}", f"launch, 50 actions, {form}", old)
ratio("launch, 50 actions, generated / YAML", "launch, 50 actions, generated (spec value to Endpoint)", "launch, 50 actions, YAML")
gen = get("launch, 50 actions, generated (spec value to Endpoint)")
if gen:
    rows.append(f"{'launch, 50 actions, generated (ms; target 0.05)':<58} {gen / 1e6:8.3f}")
big = get("generate, 1000 actions, receiver and caller")
if big:
    rows.append(f"{'generate, 1000 actions, both roles (s; target < 1)':<58} {big / 1e9:8.3f}")
for name in ["Ledger record+accept, file store", "Ledger record+accept, in-memory store"]:
    if get(name):
        rows.append(f"{name + ' (operations per second)':<58} {1e9 / get(name):8.0f}")
print(f"{'p50 wall clock per operation':<58} {'ns':>8}")
for name in sorted(results):
    print(f"  {name:<56} {results[name]:10.0f}")
if allocations:
    print()
    print(f"{'allocations per operation (thresholds: Thresholds/*.p90.json)':<58} {'mallocs':>8}")
    for name in sorted(allocations):
        print(f"  {name:<56} {allocations[name]:10.0f}")
print()
print(f"{'ratio':<58} {'value':>8} {'target':>7} {'threshold':>9}")
for row in rows:
    print(row)
if check and failed:
    print(f"\n{len(failed)} ratio(s) over threshold: {', '.join(failed)}", file=sys.stderr)
    sys.exit(1)
PY
if [ "$check" = 1 ]; then
  swift package benchmark thresholds check --target RoundtripBenchmarks --filter 'Allocations.*' --no-progress
fi
