import Roundtrip

/// Custom schemes where a universal link fits (OWASP MASTG-TEST-0070 and -0075): a spec action on a
/// custom scheme with signatures off, and an app with custom schemes but no applinks domain.
struct UniversalLinkCheck: AuditCheck {
    func findings(in context: AuditContext) -> [Finding] {
        var findings: [Finding] = []
        if let (spec, path) = context.spec {
            // A domain the app already claims makes the move cheap: say which.
            let claimed = context.surface.domains.first(where: \.isAppLink).map { " (the app already claims \($0.entry))" } ?? ""
            for action in spec.actions where action.signatures == .off {
                for route in action.routes where !route.isUniversalLink {
                    findings.append(
                        Finding(
                            .universalLinkFits,
                            "the action '\(action.name)' answers at the custom scheme '\(route.scheme)' without signatures; any app that registers '\(route.scheme)' receives its requests\(claimed)",
                            at: "\(path):actions.\(action.name).url"
                        )
                    )
                }
            }
        }
        let custom = context.surface.schemes.filter { !$0.isUnexpanded && VendorSchemes.sdk(for: $0.scheme) == nil }
        if let first = custom.first, !context.surface.domains.contains(where: \.isAppLink), context.target.app.knowsAssociatedDomains {
            findings.append(
                Finding(
                    .customSchemeOnly,
                    "the app registers \(custom.count) custom scheme(s) ('\(first.scheme)'…) and claims no applinks domain",
                    at: first.location
                )
            )
        }
        return findings
    }
}
