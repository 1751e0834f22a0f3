#!/usr/bin/env bash
# Checks what an app that adds Roundtrip resolves and builds: a throwaway package that depends on
# this checkout by path and links the `Roundtrip` product (and, with --yaml, `RoundtripYAML`).
# It must resolve only swift-crypto, Yams and their own dependencies, and build.
#
#   Scripts/check-app-dependencies.sh [--yaml]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
app="$(mktemp -d /tmp/roundtrip-app-check.XXXXXX)"
trap 'rm -rf "$app"' EXIT
products='.product(name: "Roundtrip", package: "Roundtrip")'
imports='import Roundtrip'
if [ "${1:-}" = "--yaml" ]; then
  products="$products, .product(name: \"RoundtripYAML\", package: \"Roundtrip\")"
  imports="$imports
import RoundtripYAML"
fi
mkdir -p "$app/Sources/App"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Roundtrip", path: "$root")],
    targets: [.executableTarget(name: "App", dependencies: [$products])]
)
SWIFT
cat > "$app/Sources/App/main.swift" <<SWIFT
$imports
let spec = try SpecLoader.load(json: #"{"roundtrip": 1, "app": {"name": "App", "schemes": ["app"]}, "actions": {"open": {"url": "app://open", "convention": "none"}}}"#).spec
print(try Endpoint(spec: spec).evaluate("app://open").actionName)
SWIFT
cd "$app"
swift package resolve >/dev/null 2>&1
echo "resolved:"
swift package show-dependencies --format flatlist | sort | sed 's/^/  /'
# The checkout itself is named after its folder; swift-asn1 is swift-crypto's own dependency.
self="$(basename "$root" | tr '[:upper:]' '[:lower:]')"
unexpected=$(swift package show-dependencies --format flatlist | grep -viE "^($self|swift-crypto|yams|swift-asn1)\$" || true)
if [ -n "$unexpected" ]; then
  echo "an app that adds Roundtrip resolves more than swift-crypto and Yams: $unexpected" >&2
  exit 1
fi
swift build 2>&1 | tail -1
echo "runs: $(swift run -q App)"
