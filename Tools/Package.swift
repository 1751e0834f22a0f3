// swift-tools-version: 6.1
// Roundtrip's tools: the `roundtrip` command line, the server (AASA hosting, the ULC and
// x-callback tester) and the audit of an app's URL attack surface.
//
// A package of its own so that an app that adds Roundtrip (the package one folder up) resolves
// none of these heavier dependencies. It uses the libraries as any user would, by path.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "RoundtripTools",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "roundtrip", targets: ["roundtrip"])
    ],
    dependencies: [
        .package(name: "Roundtrip", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.19"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
    ],
    targets: [
        // Text for a terminal from values the tools did not write: one home for escaping the
        // control and bidirectional characters a terminal would act on, used by every text output.
        .target(
            name: "RoundtripTerminal",
            swiftSettings: strictSwift
        ),
        // The audit: an iOS app's URL attack surface from its Info.plist, entitlements, .app or .ipa.
        // The engine of `roundtrip audit`, not a product: its declarations are `package`.
        .target(
            name: "RoundtripAudit",
            dependencies: [
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripAssociatedDomains", package: "Roundtrip"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                "RoundtripTerminal",
            ],
            swiftSettings: strictSwift
        ),
        // `roundtrip aasa check` and `roundtrip assetlinks check`: fetch associated domains' files as
        // Apple's CDN (and its own copy) and Android's App Links verifier do, over one AsyncHTTPClient
        // fetch engine, and report what stops universal links and App Links. A library
        // so the server's AASA checker page runs the very same check; its declarations are `package`.
        .target(
            name: "RoundtripAASACheck",
            dependencies: [
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripAssociatedDomains", package: "Roundtrip"),
                .product(name: "RoundtripGeneration", package: "Roundtrip"),
                .product(name: "RoundtripAndroid", package: "Roundtrip"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                "RoundtripTerminal",
            ],
            swiftSettings: strictSwift
        ),
        // The server: AASA hosting and the ULC / x-callback tester web UI, on Hummingbird, with the
        // tester's runs in SQLite (GRDB) or PostgreSQL (PostgresNIO).
        .target(
            name: "RoundtripServer",
            dependencies: [
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripYAML", package: "Roundtrip"),
                .product(name: "RoundtripAssociatedDomains", package: "Roundtrip"),
                .product(name: "RoundtripAndroid", package: "Roundtrip"),
                "RoundtripAASACheck",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: strictSwift
        ),
        // The reference scenarios `roundtrip demo` plays on the simulator. They belong with the tools:
        // apps add RoundtripSimulator for their own tests and need none of these.
        .target(
            name: "RoundtripDemo",
            dependencies: [
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripYAML", package: "Roundtrip"),
                .product(name: "RoundtripAssociatedDomains", package: "Roundtrip"),
                .product(name: "RoundtripAndroid", package: "Roundtrip"),
                .product(name: "RoundtripSimulator", package: "Roundtrip"),
            ],
            swiftSettings: strictSwift
        ),
        // The command-line tool: a thin layer over the libraries.
        .executableTarget(
            name: "roundtrip",
            dependencies: [
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripYAML", package: "Roundtrip"),
                .product(name: "RoundtripAssociatedDomains", package: "Roundtrip"),
                .product(name: "RoundtripSimulator", package: "Roundtrip"),
                .product(name: "RoundtripGeneration", package: "Roundtrip"),
                "RoundtripAudit",
                "RoundtripAASACheck",
                "RoundtripDemo",
                "RoundtripServer",
                "RoundtripTerminal",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        // Runs the built `roundtrip` binary for the test targets that test the command line.
        .target(
            name: "RoundtripToolsTestSupport",
            path: "Tests/RoundtripToolsTestSupport",
            swiftSettings: strictSwift
        ),
        // The command line, run as a user runs it: the built binary, its stdout, stderr and exit code.
        .testTarget(
            name: "RoundtripCLITests",
            dependencies: ["roundtrip", "RoundtripToolsTestSupport", .product(name: "Roundtrip", package: "Roundtrip")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripServerTests",
            dependencies: [
                "RoundtripServer",
                "roundtrip",
                "RoundtripToolsTestSupport",
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripYAML", package: "Roundtrip"),
                .product(name: "RoundtripAssociatedDomains", package: "Roundtrip"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            resources: [.copy("Vectors")],
            swiftSettings: strictSwift
        ),
        // `aasa check` against real HTTPS servers on loopback, with a CA and certificates the
        // tests make: the library, the command (exit codes, JSON) and the server's live check.
        .testTarget(
            name: "RoundtripAASACheckTests",
            dependencies: [
                "RoundtripAASACheck",
                "RoundtripServer",
                "roundtrip",
                "RoundtripToolsTestSupport",
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripYAML", package: "Roundtrip"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripDemoTests",
            dependencies: [
                "RoundtripDemo",
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripSimulator", package: "Roundtrip"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripAuditTests",
            dependencies: [
                "RoundtripAudit",
                "RoundtripTerminal",
                "RoundtripToolsTestSupport",
                .product(name: "RoundtripSimulator", package: "Roundtrip"),
                .product(name: "Roundtrip", package: "Roundtrip"),
                .product(name: "RoundtripYAML", package: "Roundtrip"),
                .product(name: "RoundtripAssociatedDomains", package: "Roundtrip"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
