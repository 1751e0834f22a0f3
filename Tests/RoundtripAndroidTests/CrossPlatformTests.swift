import Foundation
import Roundtrip
import RoundtripAndroid
import RoundtripAssociatedDomains
import RoundtripGeneration
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// One spec, two platforms: the example URL of every action of every committed spec opens the app
/// on iOS (the generated apple-app-site-association file, read by Apple's rules) and on Android
/// (the generated intent filters and assetlinks.json, read by Android's `IntentFilter`,
/// `PatternMatcher` and App Links verifier), with routes as path attributes and as dynamic rules.
@Suite("Android: every spec route opens the app on iOS and on Android")
struct CrossPlatformTests {
    static let package = "com.example.crossplatform"
    static let appID = "ABCDE12345.com.example.crossplatform"

    /// Every committed spec, with an app ID and an Android app when it has none, and the dynamic
    /// rules set as asked.
    static func specs(dynamicRules: Bool) throws -> [(path: String, spec: Spec)] {
        try Fixture.specPaths.map { path in
            var spec = try SpecLoader.load(contentsOf: Fixture.repositoryPath(path)).spec
            if spec.app.appID == nil { spec.app.appID = appID }
            var android = spec.app.android ?? AndroidApp(packages: [package], certificateFingerprints: [AndroidFixture.fingerprint])
            android.dynamicRules = dynamicRules
            spec.app.android = android
            return (path, spec)
        }
    }

    /// Each example URL of an action, and the same URL on the hosts of the action's other routes
    /// that share its path.
    static func exampleURLs(of action: Action, in spec: Spec) throws -> [String] {
        let example = try ExampleRequest(for: action, in: spec, includingOptional: false).url
        guard let first = action.routes.first, var components = URLComponents(string: example) else { return [example] }
        var urls = [example]
        for route in action.routes.dropFirst() where route.scheme == first.scheme && route.segments == first.segments && !route.host.hasPrefix(":") {
            components.host = route.host
            if let url = components.string { urls.append(url) }
        }
        return urls
    }

    /// Whether iOS opens the app for `url`: the file of the domain that verifies the host matches
    /// it for the spec's app.
    static func opensOnIOS(_ url: String, host: String, spec: Spec) throws -> Bool? {
        let generated = try AssociationGenerator.generate(from: [spec])
        guard let file = generated.first(where: { $0.claims.contains { AssociatedDomainPattern($0).covers(host) } })?.file else { return nil }
        return try AssociationMatcher(file).match(url, appID: spec.app.appID).isMatched
    }

    /// Whether Android opens the app for `url`: a verified filter takes the link, and the file of
    /// the filter host that matched verifies the app and lets the URL through its dynamic rules.
    static func opensOnAndroid(_ url: String, host: String, spec: Spec) throws -> Bool {
        let uri = AndroidURI(url)
        let files = AssetLinksGenerator.generate(from: [spec])
        let android = try #require(spec.app.android)
        for filter in IntentFilterGenerator.filters(for: spec) where filter.autoVerify && filter.matchLink(uri) != nil {
            for authority in filter.authorities where IntentFilter(schemes: ["https"], authorities: [authority]).matchData(uri) != nil {
                let fileHost = AssociatedDomainPattern(authority.host).fileDomain
                guard let file = files.first(where: { $0.host == fileHost })?.file else { continue }
                let result = try AssetLinksMatcher(file).match(url, package: android.packages[0], fingerprint: android.certificateFingerprints[0])
                if result.opensApp { return true }
            }
        }
        return false
    }

    @Test("each example URL opens the app on both platforms", arguments: [false, true])
    func exampleURLsOpenTheAppOnBothPlatforms(dynamicRules: Bool) throws {
        var checked = 0
        var customChecked = 0
        for (path, spec) in try Self.specs(dynamicRules: dynamicRules) {
            let filters = IntentFilterGenerator.filters(for: spec)
            for action in spec.actions {
                for url in try Self.exampleURLs(of: action, in: spec) {
                    let uri = AndroidURI(url)
                    guard uri.scheme == "https" else {
                        // A custom scheme opens the app through its unverified filter.
                        #expect(filters.contains { !$0.autoVerify && $0.matchLink(uri) != nil }, "\(path): \(action.name): \(url)")
                        customChecked += 1
                        continue
                    }
                    let host = try #require(uri.host)
                    // A host the app does not claim verifies on neither platform (spec lint says so).
                    guard let onIOS = try Self.opensOnIOS(url, host: host, spec: spec) else { continue }
                    #expect(onIOS, "iOS: \(path): \(action.name): \(url)")
                    #expect(try Self.opensOnAndroid(url, host: host, spec: spec), "Android: \(path): \(action.name): \(url)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 12)
        #expect(customChecked >= 40)
    }

    /// A path no route takes stays in the browser on both platforms.
    @Test("an unrouted path opens the app on neither platform", arguments: [false, true])
    func unroutedPathsStayInTheBrowser(dynamicRules: Bool) throws {
        var checked = 0
        for (path, spec) in try Self.specs(dynamicRules: dynamicRules) {
            for claim in spec.app.domains {
                let host = claim.hasPrefix("*.") ? "sub" + claim.dropFirst() : claim
                let url = "https://\(host)/zz-unrouted/1"
                guard let onIOS = try Self.opensOnIOS(url, host: host, spec: spec) else { continue }
                #expect(!onIOS, "iOS: \(path): \(url)")
                #expect(try !Self.opensOnAndroid(url, host: host, spec: spec), "Android: \(path): \(url)")
                checked += 1
            }
        }
        #expect(checked >= 5)
    }
}
