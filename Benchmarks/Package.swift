// swift-tools-version: 6.1
// Roundtrip's benchmarks: a package of its own, so `swift test` at the root never builds them.
// Run: cd Benchmarks && swift package benchmark   (or ../Scripts/benchmarks.sh for the ratio table)

import PackageDescription

let package = Package(
    name: "RoundtripBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Roundtrip", path: ".."),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The launch benchmark's 50-action spec, compiled into Swift by the RoundtripGenerator
        // plugin at build time, as an app would use it.
        .target(
            name: "LaunchReceiver",
            dependencies: [.product(name: "Roundtrip", package: "Roundtrip")],
            path: "LaunchReceiver",
            plugins: [.plugin(name: "RoundtripGenerator", package: "Roundtrip")]
        ),
        .executableTarget(
            name: "RoundtripBenchmarks",
            dependencies: [
                "LaunchReceiver",
                .product(name: "RoundtripGeneration", package: "Roundtrip"),
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripYAML", package: "Roundtrip"),
                .product(name: "RoundtripAssociatedDomains", package: "Roundtrip"),
                .product(name: "RoundtripAndroid", package: "Roundtrip"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RoundtripBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A quick, noise-resistant check of the incoming-path ratio: alternating rounds of the
        // decision and the Foundation baseline, minimum of each. `swift run -c release incoming-profile 10`
        .executableTarget(
            name: "incoming-profile",
            dependencies: [
                "LaunchReceiver",
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripYAML", package: "Roundtrip"),
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Profile"
        ),
    ],
    swiftLanguageModes: [.v6]
)
