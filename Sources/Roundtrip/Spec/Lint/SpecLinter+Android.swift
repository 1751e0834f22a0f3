extension RoutePattern {
    /// Whether a placeholder (`:id`) is followed by more segments: the routes whose path Android's
    /// matchers read differently from Apple's. Apple's `?*` in an apple-app-site-association
    /// file backtracks, so it takes any run of characters, `/` included; Android's
    /// `PatternMatcher` globs (a `pathPattern`, and the dynamic rules Android turns into them)
    /// never backtrack, so `.*` before `/` stops at the first `/` and takes one segment.
    package var hasPlaceholderBeforeMoreSegments: Bool {
        segments.dropLast().contains { segment in
            if case .literal = segment { return false }
            return true
        }
    }
}

extension SpecLinter {
    /// `android-pattern-differs` (warning): for a spec with an Android app, each https route
    /// whose path Android reads differently from iOS (``RoutePattern/hasPlaceholderBeforeMoreSegments``),
    /// naming both meanings with a URL that only iOS opens the app for.
    ///
    /// The app's router refuses that URL either way (`unknown-route`), but on iOS the app opens
    /// to refuse it while Android leaves it in the browser: a web page that serves such URLs
    /// behaves differently on the two platforms.
    static func androidFindings(_ spec: Spec) -> [SpecDiagnostic] {
        guard spec.app.android != nil else { return [] }
        var findings: [SpecDiagnostic] = []
        for action in spec.actions {
            for (index, route) in action.routes.enumerated() where route.isUniversalLink && route.hasPlaceholderBeforeMoreSegments {
                let path = action.routes.count > 1 ? "actions.\(action.name).url[\(index)]" : "actions.\(action.name).url"
                let names = route.segments.dropLast().compactMap { segment -> String? in
                    if case .placeholder(let name) = segment { return "':\(name)'" }
                    return nil
                }
                let example = route.segments.enumerated().map { offset, segment in
                    switch segment {
                    case .literal(let text): text
                    case .placeholder, .rest: offset < route.segments.count - 1 ? "a/b" : "c"
                    }
                }.joined(separator: "/")
                findings.append(
                    SpecDiagnostic(
                        severity: .warning,
                        rule: "android-pattern-differs",
                        keyPath: path,
                        message: """
                            iOS and Android read '\(route.path)' differently: on iOS \(names.joined(separator: " and ")) \
                            \(names.count == 1 ? "matches" : "match") any characters, '/' included (the AASA pattern ?* backtracks), \
                            so https://\(route.host)\(example) opens the app, which refuses it (unknown-route); on Android \
                            \(names.count == 1 ? "it matches" : "each matches") one segment (Android's path globs never backtrack: .* stops \
                            at the first '/'), so that URL stays in the browser
                            """
                    )
                )
            }
        }
        return findings
    }
}
