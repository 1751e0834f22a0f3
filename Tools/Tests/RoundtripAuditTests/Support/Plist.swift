import Foundation

/// Builds Info.plists and entitlements for tests, written as XML or binary with
/// `PropertyListSerialization`.
enum Plist {
    /// XML or binary.
    static func data(_ dictionary: [String: Any], binary: Bool = false) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: dictionary, format: binary ? .binary : .xml, options: 0)
    }

    /// An app's Info.plist with the given URL schemes (one URL type) and extra keys; a scene
    /// manifest unless `scenes` is false (UIKit requires one with the iOS 26 SDK, TN3187).
    static func info(
        bundleID: String = "com.example.app",
        schemes: [String] = [],
        scenes: Bool = true,
        extra: [String: Any] = [:]
    ) -> [String: Any] {
        var info: [String: Any] = ["CFBundleIdentifier": bundleID, "CFBundleName": "Example"]
        if scenes {
            info["UIApplicationSceneManifest"] = ["UIApplicationSupportsMultipleScenes": false]
        }
        if !schemes.isEmpty {
            info["CFBundleURLTypes"] = [["CFBundleURLName": bundleID, "CFBundleURLSchemes": schemes]]
        }
        return info.merging(extra) { $1 }
    }

    /// Entitlements with a team and associated domains.
    static func entitlements(team: String? = "ABCDE12345", bundleID: String = "com.example.app", domains: [String] = []) -> [String: Any] {
        var entitlements: [String: Any] = [:]
        if let team {
            entitlements["application-identifier"] = team + "." + bundleID
            entitlements["com.apple.developer.team-identifier"] = team
        }
        if !domains.isEmpty {
            entitlements["com.apple.developer.associated-domains"] = domains
        }
        return entitlements
    }

    /// An extension's Info.plist.
    static func appex(bundleID: String, point: String, attributes: [String: Any] = [:]) -> [String: Any] {
        var nsExtension: [String: Any] = ["NSExtensionPointIdentifier": point]
        if !attributes.isEmpty { nsExtension["NSExtensionAttributes"] = attributes }
        return ["CFBundleIdentifier": bundleID, "CFBundleName": "Extension", "NSExtension": nsExtension]
    }
}

extension Plist {
    /// A valid property list whose root is an array (not a dictionary).
    static func dataArray() throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: ["a", "b"], format: .xml, options: 0)
    }
}
