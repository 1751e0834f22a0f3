#!/usr/bin/env bash
# Builds one libFuzzer target (swiftc -sanitize=fuzzer,address) and runs it on its committed seed
# corpus. Usage: Scripts/fuzz.sh TARGET SECONDS   e.g. Scripts/fuzz.sh fuzz-decision 600
# Targets (Fuzz/Targets/, invariants in SECURITY.md):
#   fuzz-query-codec          the strict query codec and URL split
#   fuzz-decision             the receiving side's decision on an incoming URL (rich.yaml)
#   fuzz-callback-acceptance  the calling side's check of callback URLs against its ledger
#   fuzz-spec-loader          SpecLoader on YAML or JSON
#   fuzz-aasa                 the apple-app-site-association decoders and matcher
#   fuzz-value-forms          lists, multi-line text, allow-empty, yes-no, json, base64, secrets,
#                             form encoding and undeclared parameters; returns on the calling side
#   fuzz-pattern              a spec pattern and a value: compile, match, and NSRegularExpression
#   fuzz-signed-answers       the calling side's check of callbacks from partners that sign answers
#   fuzz-assetlinks           Android's assetlinks.json reader, linter and matcher, and PatternMatcher's kinds
# Run one at a time. New inputs go to a scratch corpus; crashes are written to Fuzz/Crashes/
# (add each as a test). A target with Fuzz/Dictionaries/TARGET.dict runs with that dictionary.
set -euo pipefail
target="${1:?usage: Scripts/fuzz.sh TARGET SECONDS}"
seconds="${2:?usage: Scripts/fuzz.sh TARGET SECONDS}"
cd "$(dirname "$0")/../Fuzz"
rm -f .build/debug/description.json  # SwiftPM misses new files in the path dependency otherwise
swift build --product "$target" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
scratch=$(mktemp -d)
mkdir -p Crashes
# libFuzzer's own handler writes the crashing input; Swift's backtracer would take the signal first
# (and can hang where it cannot attach), so it is off unless asked for.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
dictionary=()
if [[ -f "Dictionaries/$target.dict" ]]; then dictionary=(-dict="Dictionaries/$target.dict"); fi
# fuzz-pattern's oracle, Foundation's NSRegularExpression on Linux, leaks its compiled pattern in
# _CFRegularExpressionCreate for some long patterns: LeakSanitizer would report Foundation's leak
# as this target's failure, so leak detection is off for it alone.
leaks=()
if [[ "$target" == "fuzz-pattern" ]]; then
  leaks=(-detect_leaks=0)                                      # libFuzzer's check after each input
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"  # and AddressSanitizer's at exit
fi
./.build/debug/"$target" "$scratch" "Corpus/$target" ${dictionary[@]+"${dictionary[@]}"} ${leaks[@]+"${leaks[@]}"} -max_total_time="$seconds" -artifact_prefix=Crashes/ -print_final_stats=1
