#!/usr/bin/env bash
# Regenerates Tests/GeneratedCodeTests/Generated: the code `roundtrip-generator` writes for every
# spec in Examples/ and Tests/Fixtures/specs/, as receiver and as caller. GeneratorTests fails
# when a committed file differs from what the generator writes now; run this after changing the
# generator or a spec. (The test target cannot rewrite the files itself while they fail to compile.)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product roundtrip-generator >/dev/null
tool=.build/debug/roundtrip-generator
out=Tests/GeneratedCodeTests/Generated
config=$(mktemp)
rm -f "$out"/*.swift
for spec in Examples/*.yaml Tests/Fixtures/specs/*.yaml; do
  folder=Fixture
  [[ $spec == Examples/* ]] && folder=Example
  # The type name: <Folder><Stem in upper camel case><Receiver|Client>, GeneratedSources' rule.
  stem=$(basename "${spec%.*}" | python3 -c 'import re,sys; print("".join(w[:1].upper()+w[1:] for w in re.split(r"[^A-Za-z0-9]+", sys.stdin.read().strip()) if w))')
  for role in receiver caller; do
    suffix=Receiver
    [[ $role == caller ]] && suffix=Client
    printf 'role: %s\nname: %s\n' "$role" "$folder$stem$suffix" > "$config"
    "$tool" "$spec" "$config" "$out/$folder$stem$suffix.swift"
  done
done
rm -f "$config"
echo "regenerated $(ls "$out" | wc -l) files in $out"
