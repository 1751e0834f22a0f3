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
/// - `secret-over-open-scheme` (warning): a `secret` parameter on an action that a custom scheme
///   opens without `signatures: required`; any app or web page can open the URL, and another app
///   that registers the scheme receives the token.
/// - `accepts-undeclared` (note): `unknown-parameters: accept` on an action that does not require
///   signatures, so undeclared parameters reach the handler checked for their encoding only.
/// - `required-allows-empty` (note): a required parameter or returned value with `allow-empty`,
///   which `name=` satisfies.
/// - `form-encoding-plus` (warning): a `url` or `base64` parameter or `query-value` under
///   `query-encoding: form`, where a `+` the caller left unescaped reads as a space.
/// - `multiline-unbounded` (note): a `multiline` parameter, `query-value` or `fragment` without
///   `max-length`.
/// - `unbounded-list` (note): a list parameter without `max-items`.
/// - `presence-switch-unchecked` (warning), `space-list-plus` (note): see ``parameterShapeFindings(_:)``.
/// - `unsigned-payment-answers` (note): a payment-like action answered over a custom scheme
///   without `answers: {signatures: required}`; see ``answerFindings(_:)``.
/// - `rest-shadows-routes` (warning) and `host-placeholder-shadows-hosts` (note): a rest or host
///   placeholder that takes the near misses of other actions' routes; see ``routeFindings(_:)``.
/// - `select-fallback-swallows`, `select-fallback-parameter`, `select-case` (warnings): actions
///   that share a route by `select`; see ``selectFindings(_:)``.
/// - `required-callbacks-redundant`, `one-of-allows-empty` (notes): see
///   ``requirementFindings(_:)``.
/// - `allow-schemes` (warning): each scheme opted back in for callbacks, with what it costs; see
///   ``allowSchemeFindings(_:)``.
/// - `android-pattern-differs` (warning): with `app.android`, an https route whose path Android
///   reads differently from iOS; see ``androidFindings(_:)``.
package enum SpecLinter {
    /// Lints a loaded spec.
    ///
    /// - Returns: Warnings and notes, in action order.
    package static func lint(_ spec: Spec) -> [SpecDiagnostic] {
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
            // `url` may list several routes; a finding names the one it is about.
            var notedSchemes: Set<String> = []
            for (index, route) in action.routes.enumerated() {
                let path = action.routes.count > 1 ? "actions.\(action.name).url[\(index)]" : "actions.\(action.name).url"
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
                    // Once per scheme: an action's routes on one scheme share its fate.
                    if action.signatures == .off, notedSchemes.insert(route.scheme).inserted {
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
        for action in spec.actions {
            findings += secretFindings(action)
            findings += parameterFindings(action)
            findings += answerFindings(action)
            findings += parameterShapeFindings(action)
            findings += requirementFindings(action)
        }
        findings += routeFindings(spec)
        findings += selectFindings(spec)
        findings += allowSchemeFindings(spec)
        findings += androidFindings(spec)
        if spec.callbacks == nil, spec.actions.contains(where: { !$0.callbackParameters.isEmpty && !$0.convention.requiresHTTPSCallbacks }) {
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

    /// Safari's bundle ID: what the system reports as the source application of a web page.
    static let safari = "com.apple.mobilesafari"

    /// `secret-over-open-scheme`: a secret (an access token such as Things' `auth-token`) on an
    /// action that a custom scheme opens and that does not require signatures. Any app or web page
    /// can open a custom-scheme URL, and any other app can register the scheme and receive it,
    /// token included. When the action's `sources` also let Safari in, the message says so: a web
    /// page that learns the token can use it. (A universal link is opened only by the app that
    /// claims its domain, and a web page tapping one has no source application to refuse, so it
    /// is not flagged here.)
    static func secretFindings(_ action: Action) -> [SpecDiagnostic] {
        guard action.signatures != .required, let route = action.routes.first(where: { !$0.isUniversalLink }) else { return [] }
        var values = action.parameters.map { ($0, "actions.\(action.name).parameters.\($0.name)") }
        if let value = action.queryValue { values.append((value, "actions.\(action.name).query-value")) }
        if let fragment = action.fragment { values.append((fragment, "actions.\(action.name).fragment")) }
        let secrets = values.filter { $0.0.type == .secret }
        let sources = action.sources
        let letsSafariIn = !sources.deny.contains(safari) && (sources.allow?.contains(safari) ?? true)
        return secrets.map { parameter, keyPath in
            var message =
                "'\(parameter.name)' is a secret on an action that the custom scheme '\(route.scheme):' opens: any app or web page can open it, another app that registers '\(route.scheme):' receives the token, and the token travels in a URL other apps can see; require signatures ('signatures: required') or move the action to a universal link (an https route)"
            if letsSafariIn {
                message +=
                    ", and since its sources let Safari in, a web page that learns the token can use it: add \(safari) to 'sources.deny'"
            }
            return SpecDiagnostic(severity: .warning, rule: "secret-over-open-scheme", keyPath: keyPath, message: message)
        }
    }

    /// The findings about an action's parameters and returned values: undeclared parameters
    /// accepted, required values that may be empty, `+` under form encoding, and values without
    /// an upper bound.
    static func parameterFindings(_ action: Action) -> [SpecDiagnostic] {
        let path = "actions.\(action.name)"
        var findings: [SpecDiagnostic] = []
        if action.unknownParameters == .accept, action.signatures != .required {
            findings.append(
                SpecDiagnostic(
                    severity: .note,
                    rule: "accepts-undeclared",
                    keyPath: "\(path).unknown-parameters",
                    message:
                        "undeclared parameters reach the handler as strings, checked for their encoding only, from any caller; declare the parameters the handler reads, use 'unknown-parameters: ignore', or require signatures"
                )
            )
        }
        let values =
            action.parameters.map { ($0, "\(path).parameters.\($0.name)") } + (action.returns ?? []).map { ($0, "\(path).returns.\($0.name)") }
        for (parameter, keyPath) in values where parameter.isRequired && parameter.allowsEmpty {
            findings.append(
                SpecDiagnostic(
                    severity: .note,
                    rule: "required-allows-empty",
                    keyPath: "\(keyPath).allow-empty",
                    message:
                        "'\(parameter.name)' is required yet may be empty: '\(parameter.name)=' satisfies it; drop 'allow-empty' if a value is needed, or 'required' if the field may be left out"
                )
            )
        }
        // A whole-query or fragment value is checked like a parameter; route placeholders are
        // path segments, where `query-encoding` never applies.
        let placeholders = Set(action.routes.flatMap(\.placeholderNames))
        let checked =
            action.parameters.map { ($0, "\(path).parameters.\($0.name)", !placeholders.contains($0.name)) }
            + [(action.queryValue, "\(path).query-value", true), (action.fragment, "\(path).fragment", false)].compactMap { value, keyPath, inQuery in
                value.map { ($0, keyPath, inQuery) }
            }
        for (parameter, keyPath, isInQuery) in checked {
            if action.queryEncoding == .form, isInQuery, parameter.type == .url || parameter.type == .base64 {
                let why =
                    parameter.type == .base64
                    ? "base64's alphabet has '+'" : "a URL may hold a '+' (in its query, say)"
                findings.append(
                    SpecDiagnostic(
                        severity: .warning,
                        rule: "form-encoding-plus",
                        keyPath: keyPath,
                        message:
                            "with 'query-encoding: form' a '+' reads as a space, and \(why): a caller that leaves it unescaped sends a different value; callers must write '+' as %2B, or give this action 'query-encoding: rfc3986'"
                    )
                )
            }
            if parameter.isMultiline, parameter.maximumLength == nil {
                findings.append(
                    SpecDiagnostic(
                        severity: .note,
                        rule: "multiline-unbounded",
                        keyPath: "\(keyPath).multiline",
                        message: "'\(parameter.name)' takes any number of lines and has no 'max-length'; bound it with 'max-length'"
                    )
                )
            }
            if parameter.list != nil, parameter.maximumItems == nil {
                findings.append(
                    SpecDiagnostic(
                        severity: .note,
                        rule: "unbounded-list",
                        keyPath: "\(keyPath).list",
                        message:
                            "'\(parameter.name)' is a list with no 'max-items', so a request may carry as many items as the URL holds; bound it with 'max-items'"
                    )
                )
            }
        }
        return findings
    }

    /// `TEAMID.bundle.id`: ten capital letters or digits, a dot, a non-empty bundle ID.
    package static func isValidAppID(_ appID: String) -> Bool {
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
