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
        .library(name: "RoundtripAudit", targets: ["RoundtripAudit"]),
        .executable(name: "roundtrip", targets: ["roundtrip"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.19"),
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
        // The audit: an iOS app's URL attack surface from its Info.plist, entitlements, .app or .ipa.
        .target(
            name: "RoundtripAudit",
            dependencies: [
                "Roundtrip",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        // The command-line tool: a thin layer over the libraries.
        .executableTarget(
            name: "roundtrip",
            dependencies: [
                "Roundtrip",
                "RoundtripAudit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripTests",
            dependencies: [
                "Roundtrip",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RoundtripAuditTests",
            dependencies: [
                "RoundtripAudit",
                "Roundtrip",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
