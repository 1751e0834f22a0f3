// swift-tools-version: 6.1
// libFuzzer targets for Roundtrip's parsers: a package of its own, built only by Scripts/fuzz.sh
// (with -sanitize=fuzzer,address), never by `swift test`.

import PackageDescription

let package = Package(
    name: "RoundtripFuzz",
    dependencies: [.package(name: "Roundtrip", path: "..")],
    targets: [
        .executableTarget(
            name: "fuzz-query-codec",
            dependencies: [.product(name: "Roundtrip", package: "Roundtrip")],
            path: "Targets/fuzz-query-codec"
        ),
    ],
    swiftLanguageModes: [.v6]
)
