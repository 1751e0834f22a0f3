// swift-tools-version: 6.1
// Roundtrip: safe two-way app-to-app calls over URLs ("go somewhere, do something, come back").

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Roundtrip",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Roundtrip", targets: ["Roundtrip"]),
        .library(name: "RoundtripAssociatedDomains", targets: ["RoundtripAssociatedDomains"]),
        .library(name: "RoundtripSimulator", targets: ["RoundtripSimulator"]),
        .library(name: "RoundtripUIKit", targets: ["RoundtripUIKit"]),
        .library(name: "RoundtripAudit", targets: ["RoundtripAudit"]),
        .library(name: "RoundtripServer", targets: ["RoundtripServer"]),
        .executable(name: "roundtrip", targets: ["roundtrip"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.19"),
        // Server only (RoundtripServer and the CLI); never the core.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    ],
    targets: [
        // The core: spec model, strict query codec, conventions, router, validation, security.
        .target(
            name: "Roundtrip",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        // apple-app-site-association: model, parse, match, lint, generate. Foundation-only.
        .target(
            name: "RoundtripAssociatedDomains",
            dependencies: ["Roundtrip"],
            swiftSettings: strictSwift
        ),
        // Apple-only glue: UIApplication as the opener, onOpenURL/scene/user-activity adapters.
        // Everything is inside `#if canImport(UIKit)`, so elsewhere it is an empty module.
        .target(
            name: "RoundtripUIKit",
            dependencies: [
                "Roundtrip",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        // A deterministic virtual iPhone for end-to-end tests of round trips, on any machine.
        .target(
            name: "RoundtripSimulator",
            dependencies: ["Roundtrip", "RoundtripAssociatedDomains"],
            swiftSettings: strictSwift
        ),
        // The audit: an iOS app's URL attack surface from its Info.plist, entitlements, .app or .ipa.
        .target(
            name: "RoundtripAudit",
            dependencies: [
                "Roundtrip",
                "RoundtripAssociatedDomains",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        // The server: AASA hosting and the ULC / x-callback tester web UI, on Hummingbird + GRDB.
        .target(
            name: "RoundtripServer",
            dependencies: [
                "Roundtrip",
                "RoundtripAssociatedDomains",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: strictSwift
        ),
        // The command-line tool: a thin layer over the libraries.
        .executableTarget(
            name: "roundtrip",
            dependencies: [
                "Roundtrip",
                "RoundtripAssociatedDomains",
                "RoundtripSimulator",
                "RoundtripAudit",
                "RoundtripServer",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        // A child process for the ledger's crash-safety test: writes in a loop until killed.
        .executableTarget(
            name: "LedgerCrashChild",
            dependencies: ["Roundtrip"],
            path: "Tests/LedgerCrashChild",
            swiftSettings: strictSwift
        ),
        // Runs the built `roundtrip` binary for the test targets that test the command line.
        .target(
            name: "RoundtripTestSupport",
            path: "Tests/RoundtripTestSupport",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripTests",
            dependencies: [
                "Roundtrip",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripSimulatorTests",
            dependencies: ["RoundtripSimulator", "Roundtrip", "RoundtripAssociatedDomains"],
            swiftSettings: strictSwift
        ),
        // The command line, run as a user runs it: the built binary, its stdout, stderr and exit code.
        .testTarget(
            name: "RoundtripCLITests",
            dependencies: ["roundtrip", "RoundtripTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripServerTests",
            dependencies: [
                "RoundtripServer",
                "roundtrip",
                "RoundtripTestSupport",
                "Roundtrip",
                "RoundtripAssociatedDomains",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            resources: [.copy("Vectors")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripAssociatedDomainsTests",
            dependencies: [
                "RoundtripAssociatedDomains",
                "Roundtrip",
                "RoundtripTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripAuditTests",
            dependencies: [
                "RoundtripAudit",
                "Roundtrip",
                "RoundtripTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
