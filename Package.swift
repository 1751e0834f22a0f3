// swift-tools-version: 6.1
// Roundtrip: safe two-way app-to-app calls over URLs ("go somewhere, do something, come back").
//
// This is the package apps add. It depends on Yams and swift-crypto only, and the spec's YAML
// reader is a module of its own (RoundtripYAML), so an app target that links only `Roundtrip`
// compiles no YAML parser. The command-line tool, the server and the audit, with their heavier
// dependencies, live in the package in Tools/, which depends on this one by path.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Roundtrip",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Roundtrip", targets: ["Roundtrip"]),
        .library(name: "RoundtripYAML", targets: ["RoundtripYAML"]),
        .library(name: "RoundtripAssociatedDomains", targets: ["RoundtripAssociatedDomains"]),
        .library(name: "RoundtripAndroid", targets: ["RoundtripAndroid"]),
        .library(name: "RoundtripSimulator", targets: ["RoundtripSimulator"]),
        .library(name: "RoundtripUIKit", targets: ["RoundtripUIKit"]),
        .library(name: "RoundtripGeneration", targets: ["RoundtripGeneration"]),
        .plugin(name: "RoundtripGenerator", targets: ["RoundtripGenerator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
        // Tests only: SwiftPM does not resolve a dependency that only test targets use for the
        // apps that add this package.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
    ],
    targets: [
        // The core: spec model, strict query codec, conventions, router, validation, security.
        // Foundation and swift-crypto only.
        .target(
            name: "Roundtrip",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto")
            ],
            swiftSettings: strictSwift
        ),
        // The spec's YAML reader: the only module that imports Yams.
        .target(
            name: "RoundtripYAML",
            dependencies: [
                "Roundtrip",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSwift
        ),
        // Swift generated from a spec; its configuration file is YAML, read by RoundtripYAML.
        .target(
            name: "RoundtripGeneration",
            dependencies: ["Roundtrip", "RoundtripYAML"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "roundtrip-generator",
            dependencies: ["Roundtrip", "RoundtripYAML", "RoundtripGeneration"],
            swiftSettings: strictSwift
        ),
        .plugin(
            name: "RoundtripGenerator",
            capability: .buildTool(),
            dependencies: ["roundtrip-generator"]
        ),
        // apple-app-site-association: model, parse, match, lint, generate. Foundation-only.
        .target(
            name: "RoundtripAssociatedDomains",
            dependencies: ["Roundtrip"],
            swiftSettings: strictSwift
        ),
        // Android's side of the same links: Digital Asset Links (assetlinks.json) and intent
        // filters, read, written, linted and matched as Android does. Foundation-only (its XML
        // parser is FoundationXML off Apple platforms).
        .target(
            name: "RoundtripAndroid",
            dependencies: ["Roundtrip", "RoundtripAssociatedDomains"],
            swiftSettings: strictSwift
        ),
        // Apple-only glue: UIKit, AppKit and SwiftUI adapters, the system URL opener, the Keychain.
        // Everything is inside `#if canImport(UIKit)` / `#if canImport(AppKit)`, so elsewhere it
        // is an empty module.
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
            dependencies: ["Roundtrip", "RoundtripYAML", "RoundtripAssociatedDomains", "RoundtripAndroid"],
            swiftSettings: strictSwift
        ),
        // A child process for the ledger's crash-safety test: writes in a loop until killed.
        .executableTarget(
            name: "LedgerCrashChild",
            dependencies: ["Roundtrip"],
            path: "Tests/LedgerCrashChild",
            swiftSettings: strictSwift
        ),
        // A child process for the replay guard's concurrency test: handles one signed request.
        .executableTarget(
            name: "ReplayGuardChild",
            dependencies: ["Roundtrip", "RoundtripYAML"],
            path: "Tests/ReplayGuardChild",
            swiftSettings: strictSwift
        ),
        // What the test targets share: where the fixtures and specs are, fresh folders, and the
        // error a body throws. In no product: only this package's tests use it.
        .target(
            name: "RoundtripTestSupport",
            dependencies: ["Roundtrip"],
            path: "Tests/RoundtripTestSupport",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripTests",
            dependencies: [
                "Roundtrip",
                "RoundtripTestSupport",
                "RoundtripYAML",
                "RoundtripSimulator",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        // The articles of Roundtrip's documentation, compiled and run as an app would: through the
        // public API only, so an article that relies on an internal symbol fails here.
        .testTarget(
            name: "RoundtripDocumentationTests",
            dependencies: ["Roundtrip", "RoundtripYAML", "RoundtripTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripYAMLTests",
            dependencies: [
                "Roundtrip",
                "RoundtripTestSupport",
                "RoundtripYAML",
                "RoundtripSimulator",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripGenerationTests",
            dependencies: [
                "Roundtrip",
                "RoundtripTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                "RoundtripYAML",
                "RoundtripGeneration",
                "RoundtripSimulator",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["Roundtrip", "RoundtripYAML", "RoundtripSimulator", "RoundtripAssociatedDomains", "RoundtripTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripSimulatorTests",
            dependencies: ["RoundtripSimulator", "Roundtrip", "RoundtripYAML", "RoundtripAssociatedDomains", "RoundtripAndroid"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripAssociatedDomainsTests",
            dependencies: [
                "RoundtripAssociatedDomains",
                "Roundtrip",
                "RoundtripYAML",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripAndroidTests",
            dependencies: [
                "RoundtripAndroid",
                "Roundtrip",
                "RoundtripAssociatedDomains",
                "RoundtripYAML",
                "RoundtripGeneration",
                "RoundtripTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        // The sample apps of Examples/Apps (an Xcode project made with XcodeGen) are library
        // targets too, so that `swift build` compiles them here and CI's Apple SDK check compiles
        // them for iOS, iOS app extensions, tvOS and macOS. They are in no product, so an app that
        // adds this package never builds them. Off Apple platforms only their UI-free models
        // compile, and SampleAppsTests runs a round trip through them.
        .target(
            name: "PointOfSaleApp",
            dependencies: ["Roundtrip", "RoundtripUIKit"],
            path: "Examples/Apps/PointOfSale/Sources",
            swiftSettings: strictSwift
        ),
        .target(
            name: "CardTerminalApp",
            dependencies: ["Roundtrip", "RoundtripUIKit"],
            path: "Examples/Apps/CardTerminal/Sources",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "SampleAppsTests",
            dependencies: ["PointOfSaleApp", "CardTerminalApp", "Roundtrip"],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
