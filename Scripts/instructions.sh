#!/usr/bin/env bash
# Counts the instructions one iteration of an incoming-profile mode executes, with Valgrind's
# callgrind. On a busy machine two builds' times can differ by more than a change does; their
# counts do not depend on the load, so they say whether a build does more work. Thresholds stay
# times: when two builds' counts agree and their times differ, the difference is where code and
# data landed in the caches, not work.
#
#   Scripts/instructions.sh BINARY launch FORM [ACTIONS]   # 25000 / ACTIONS loads (ACTIONS: 50)
#   Scripts/instructions.sh BINARY decision                # 30 rounds of 20,000 decisions
#
#   Scripts/instructions.sh Benchmarks/.build/release/incoming-profile launch json-distinct 50
#   Scripts/instructions.sh /tmp/incoming-profile-old decision
#
# The count is the instructions of the program's main function less those of the fixtures it
# builds once (`LaunchFixture`, `IncomingFixture`), divided by the iterations; what one
# iteration frees is in it. Swift seeds its hashing at random in each process, which moves the
# probes of every dictionary and set; the run fixes the seed (SWIFT_DETERMINISTIC_HASHING), so
# the same binary gives the same count.
#
# Valgrind 3.19 (Debian 12's; `apt-get install valgrind`) stops at the DWARF 5 debug information
# that Swift 6.3 writes, so the script runs a copy of the binary with its debug information
# stripped (its symbols stay).
set -euo pipefail
usage="usage: Scripts/instructions.sh BINARY launch FORM [ACTIONS] | BINARY decision"
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
binary=$1
shift
case "$1" in
  launch)
    [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
    actions=${3:-50}
    [[ "$actions" =~ ^[1-9][0-9]*$ ]] || { echo "ACTIONS must be a positive number, not '$actions'" >&2; exit 2; }
    iterations=$((25000 / actions))
    [ "$iterations" -gt 0 ] || { echo "ACTIONS must be at most 25000" >&2; exit 2; }
    ;;
  decision)
    iterations=600000
    ;;
  *)
    echo "$usage (other modes time several bodies in one loop)" >&2
    exit 2
    ;;
esac
for tool in valgrind callgrind_annotate objcopy python3; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install valgrind binutils python3)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/incoming-profile"
objcopy --strip-debug "$work/incoming-profile"
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/incoming-profile" "$@" >"$work/log" 2>&1 || {
  echo "the run failed; its log:" >&2
  tail -n 20 "$work/log" >&2
  exit 1
}
callgrind_annotate --inclusive=yes --tree=calling --threshold=100 "$work/out" >"$work/tree"
python3 - "$work/tree" "$iterations" <<'PY'
import re, sys
tree, iterations = sys.argv[1], int(sys.argv[2])
# The fixtures' static functions, by the start of their mangled names.
fixture = re.compile(r"\?\?\?:\$s16incoming_profile(13LaunchFixture|15IncomingFixture)O")
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
    elif inside and fixture.match(name):
        fixtures += count
if main is None:
    sys.exit("no incoming_profile_main in the profile")
if fixtures == 0:
    sys.exit("main calls no fixture function (inlined?): the count would include building the fixture")
print(f"{(main - fixtures) / iterations:,.0f} instructions an iteration ({iterations:,} iterations)")
PY
