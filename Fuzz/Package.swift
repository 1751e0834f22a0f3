// swift-tools-version: 6.1
// libFuzzer targets for Roundtrip's parsers and decisions: a package of its own, built only by
// Scripts/fuzz.sh (with -sanitize=fuzzer,address), never by `swift test`.

import PackageDescription

/// A libFuzzer executable: its `@_cdecl("<module>_main")` entry point, which hands FuzzDriver the
/// body to run on each input, lives in `Targets/<name>`.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "Roundtrip") },
        path: "Targets/\(name)"
    )
}

let package = Package(
    name: "RoundtripFuzz",
    dependencies: [.package(name: "Roundtrip", path: "..")],
    targets: [
        // libFuzzer's driver, the fixtures path and invariant checks, shared by every target.
        .target(name: "FuzzSupport", dependencies: [.product(name: "Roundtrip", package: "Roundtrip")], path: "Targets/FuzzSupport"),
        fuzzTarget("fuzz-query-codec", ["Roundtrip"]),
        fuzzTarget("fuzz-decision", ["Roundtrip", "RoundtripYAML"]),
        fuzzTarget("fuzz-callback-acceptance", ["Roundtrip"]),
        fuzzTarget("fuzz-spec-loader", ["Roundtrip", "RoundtripYAML"]),
        fuzzTarget("fuzz-aasa", ["RoundtripAssociatedDomains"]),
        fuzzTarget("fuzz-value-forms", ["Roundtrip", "RoundtripYAML"]),
        fuzzTarget("fuzz-pattern", ["Roundtrip"]),
        fuzzTarget("fuzz-signed-answers", ["Roundtrip"]),
        fuzzTarget("fuzz-assetlinks", ["RoundtripAndroid"]),
    ],
    swiftLanguageModes: [.v6]
)
