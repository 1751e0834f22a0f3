/// Warnings and notes about a spec that loads but may not behave as intended.
///
/// Rules (each diagnostic's `rule`):
/// - `route-scheme-not-registered`: a custom-scheme route whose scheme is not in `app.schemes`.
/// - `route-domain-not-associated`: an https route whose host is not in `app.domains`.
/// - `custom-scheme-hijackable`: an unsigned action on a custom scheme, which any app can register
///   too (David Thiel's "iOS Application Security", chapter 8: two apps on one scheme, and iOS picks one); a universal link or signatures fix it.
/// - `open-callbacks`: actions take callbacks but the spec has no `callbacks` allow-list.
/// - `invalid-app-id`: `app-id` is not `TEAMID.bundle-id` with a 10-character team ID.
/// - `swiftui-source-unknown`: a `sources` policy that needs the source application (an `allow`
///   list or `unknown: reject`), which SwiftUI's `onOpenURL` never reports.
public enum SpecLinter {
    /// Lints a loaded spec.
    ///
    /// - Returns: Warnings and notes, in action order.
    public static func lint(_ spec: Spec) -> [SpecDiagnostic] {
        var findings: [SpecDiagnostic] = []
        let schemes = Set(spec.app.schemes.map { $0.lowercased() })
        let domains = spec.app.domains.map { $0.lowercased() }
        if let appID = spec.app.appID, !isValidAppID(appID) {
            findings.append(
                SpecDiagnostic(
                    severity: .warning,
                    rule: "invalid-app-id",
                    keyPath: "app.app-id",
                    message: "'\(appID)' is not TEAMID.bundle-id (a 10-character team ID of capital letters and digits, a dot, a bundle ID)"
                )
            )
        }
        for action in spec.actions {
            let path = "actions.\(action.name).url"
            for route in action.routes {
                if route.isUniversalLink {
                    if !domains.contains(where: { domainMatches($0, route.host) }) {
                        findings.append(
                            SpecDiagnostic(
                                severity: .warning,
                                rule: "route-domain-not-associated",
                                keyPath: path,
                                message: "the host '\(route.host)' is not in app.domains, so iOS will not open this app for it"
                            )
                        )
                    }
                } else {
                    if !schemes.contains(route.scheme) {
                        findings.append(
                            SpecDiagnostic(
                                severity: .warning,
                                rule: "route-scheme-not-registered",
                                keyPath: path,
                                message: "the scheme '\(route.scheme)' is not in app.schemes, so iOS will not open this app for it"
                            )
                        )
                    }
                    if action.signatures == .off {
                        findings.append(
                            SpecDiagnostic(
                                severity: .note,
                                rule: "custom-scheme-hijackable",
                                keyPath: path,
                                message:
                                    "any app can register '\(route.scheme):' too; for sensitive actions use a universal link or 'signatures: required'"
                            )
                        )
                    }
                }
            }
        }
        findings += swiftUISourceNotes(spec)
        if spec.callbacks == nil, spec.actions.contains(where: { $0.convention == .returnURL || $0.convention == .xCallbackURL }) {
            findings.append(
                SpecDiagnostic(
                    severity: .note,
                    rule: "open-callbacks",
                    keyPath: "callbacks",
                    message:
                        "no 'callbacks' allow-list: any callback URL outside the forbidden schemes is accepted; list your partners' callback bases to stop open redirects"
                )
            )
        }
        return findings
    }

    /// Notes for `sources` policies that refuse every request a SwiftUI app receives: SwiftUI's
    /// `onOpenURL(perform:)` hands the app a URL and nothing else (Apple's SwiftUI reference,
    /// "onOpenURL(perform:)"), so the source application is always unknown there, while UIKit's
    /// `UIOpenURLContext.options.sourceApplication` ("UIScene.OpenURLOptions.sourceApplication")
    /// reports it.
    static func swiftUISourceNotes(_ spec: Spec) -> [SpecDiagnostic] {
        func note(_ policy: SourcePolicy, _ keyPath: String) -> SpecDiagnostic? {
            let needs = [
                policy.allow != nil ? "an 'allow' list" : nil,
                policy.unknown == .reject ? "'unknown: reject'" : nil,
            ].compactMap { $0 }
            guard !needs.isEmpty else { return nil }
            return SpecDiagnostic(
                severity: .note,
                rule: "swiftui-source-unknown",
                keyPath: keyPath,
                message:
                    "\(needs.joined(separator: " and ")) needs the source application, which SwiftUI's onOpenURL never reports, so a SwiftUI app refuses every request here; receive URLs in a UIKit scene delegate (scene(_:openURLContexts:)), where UIOpenURLContext.options.sourceApplication says who called"
            )
        }
        // An action without a `sources` of its own inherits the app's, which is noted once.
        let actions = spec.actions.filter { $0.sources != spec.sources }
        return ([note(spec.sources, "sources")] + actions.map { note($0.sources, "actions.\($0.name).sources") }).compactMap { $0 }
    }

    /// `TEAMID.bundle.id`: ten capital letters or digits, a dot, a non-empty bundle ID.
    public static func isValidAppID(_ appID: String) -> Bool {
        let parts = appID.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].utf8.count == 10,
            parts[0].utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || URLSplit.isDigit($0) })
        else { return false }
        return parts[1].utf8.allSatisfy { URLSplit.isAlpha($0) || URLSplit.isDigit($0) || $0 == 0x2D || $0 == 0x2E }
    }

    static func domainMatches(_ domain: String, _ host: String) -> Bool {
        AssociatedDomainPattern(domain).covers(host)
    }
}
