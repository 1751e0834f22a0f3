#!/usr/bin/env bash
# Counts the instructions one iteration of an incoming-profile mode executes, with Valgrind's
# callgrind: a count that does not move with the machine's load, so two builds can be compared
# on a busy machine where their times cannot (a time still decides a target; a count says
# whether the code does more work).
#
#   Scripts/instructions.sh ITERATIONS BINARY MODE...
#
#   Scripts/instructions.sh 500 Benchmarks/.build/release/incoming-profile launch json-distinct 50
#   Scripts/instructions.sh 600000 /tmp/incoming-profile-old decision
#
# ITERATIONS is how many times the mode runs its body: 25000 / ACTIONS for `launch FORM
# ACTIONS`, 600000 (30 rounds of 20,000) for `decision`. The count is the instructions of the
# program's main function less those of the fixtures it builds once (`LaunchFixture`,
# `IncomingFixture`), divided by ITERATIONS; what one iteration frees is in it.
#
# Valgrind 3.19 (Debian 12's; `apt-get install valgrind`) stops at the DWARF 5 debug information
# that Swift 6.3 writes, so the script runs a copy of the binary with its debug information
# stripped (its symbols stay).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: Scripts/instructions.sh ITERATIONS BINARY MODE..." >&2
  exit 2
fi
iterations=$1
binary=$2
shift 2
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/incoming-profile"
objcopy --strip-debug "$work/incoming-profile"
valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/incoming-profile" "$@" >"$work/log" 2>&1 || {
  echo "the run failed; its log:" >&2
  tail -n 20 "$work/log" >&2
  exit 1
}
callgrind_annotate --inclusive=yes --tree=calling --threshold=100 "$work/out" >"$work/tree"
python3 - "$work/tree" "$iterations" <<'PY'
import re, sys
tree, iterations = sys.argv[1], int(sys.argv[2])
main, fixtures, inside = None, 0, False
for line in open(tree):
    match = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(\*|>)\s+(\S+)", line)
    if not match:
        inside = False if not line.strip() else inside
        continue
    count, mark, name = int(match.group(1).replace(",", "")), match.group(2), match.group(3)
    if mark == "*":
        inside = name.endswith("incoming_profile_main")
        if inside:
            main = count
    elif inside and "Fixture" in name:
        fixtures += count
if main is None:
    sys.exit("no incoming_profile_main in the profile")
print(f"{(main - fixtures) / iterations:,.0f} instructions an iteration ({iterations:,} iterations)")
PY
