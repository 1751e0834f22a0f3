/// Malformed associated-domain entries, wildcard applinks and developer mode (OWASP
/// MASTG-TEST-0070; Apple's entitlement reference, `service:fully.qualified.domain[?mode=…]`, and
/// "Supporting associated domains" for what a wildcard covers).
struct AssociatedDomainCheck: AuditCheck {
    /// The `?mode=` values Apple defines.
    static let modes: Set<String> = ["developer", "managed", "developer+managed"]

    func findings(in context: AuditContext) -> [Finding] {
        let domains = context.surface.domains
        return domains.flatMap { domain -> [Finding] in
            if let problem = Self.problem(with: domain) {
                return [Finding(.malformedAssociatedDomain, "'\(domain.entry)' \(problem)", at: domain.location)]
            }
            var findings: [Finding] = []
            if domain.isAppLink, domain.pattern.isWildcard {
                findings.append(Self.wildcardNote(domain, among: domains))
            }
            if let mode = domain.mode, mode.contains("developer") {
                findings.append(Finding(.developerModeDomain, "'\(domain.entry)' uses ?mode=\(mode)", at: domain.location))
            }
            return findings
        }
    }

    /// The note on an `applinks:*.example.com` claim: which file verifies it (the apex's, Apple's
    /// TN3155 "Debugging universal links"), what it leaves out and whom its links reach.
    static func wildcardNote(_ domain: AssociatedDomain, among domains: [AssociatedDomain]) -> Finding {
        let apex = domain.pattern.fileDomain
        let apexClaimed = domains.contains { $0.isAppLink && !$0.pattern.isWildcard && $0.pattern.covers(apex) }
        let apexPart =
            apexClaimed
            ? "it does not cover \(apex) itself, which is claimed on its own"
            : "it does not cover \(apex) itself: links to \(apex) open in Safari unless applinks:\(apex) is listed too"
        let message =
            "'\(domain.entry)' is a wildcard: iOS verifies it with the file at https://\(apex)/.well-known/apple-app-site-association "
            + "(Apple's TN3155), not with each subdomain's; \(apexPart); and links to every subdomain of \(apex) open the app, "
            + "or that subdomain's web page when the app is absent, so a subdomain a third party hosts (or a dangling DNS record "
            + "taken over) receives whatever those links carry"
        return Finding(.wildcardAssociatedDomain, message, at: domain.location)
    }

    /// What is wrong with an entry, as the end of a sentence; `nil` when nothing is.
    static func problem(with domain: AssociatedDomain) -> String? {
        let entry = domain.entry
        if entry.contains(where: \.isWhitespace) {
            return "contains spaces"
        }
        if entry.contains("://") {
            return "has a URL scheme; write service:host without https://"
        }
        guard let service = domain.service else {
            return "has no service prefix such as applinks:"
        }
        guard AssociatedDomain.knownServices.contains(service) else {
            return "has the unknown service '\(service)' (applinks, webcredentials, appclips, activitycontinuation)"
        }
        if let mode = domain.mode, !modes.contains(mode) {
            return "has the unknown mode '\(mode)' (developer, managed, developer+managed)"
        }
        let host = domain.host
        if host.isEmpty {
            return "names no domain"
        }
        if host.contains("/") {
            return "has a path; paths belong in the AASA file"
        }
        if host.contains(":") {
            return "has a port; the AASA is fetched over https from the domain itself"
        }
        return wildcardProblem(host) ?? characterProblem(host)
    }

    /// A wildcard is allowed only as a whole leading `*.` label above a registrable domain.
    private static func wildcardProblem(_ host: String) -> String? {
        guard host.contains("*") else { return nil }
        guard host.hasPrefix("*."), !host.dropFirst(2).contains("*") else {
            return "misuses the wildcard: only a leading '*.' label is allowed"
        }
        let rest = host.dropFirst(2).split(separator: ".", omittingEmptySubsequences: false)
        guard rest.count >= 2, !rest.contains(where: \.isEmpty) else {
            return "misuses the wildcard: '*.' must be followed by a domain with at least two labels"
        }
        return nil
    }

    /// Letters, digits, `-` and `.` only, no empty labels (IDNs in punycode).
    private static func characterProblem(_ host: String) -> String? {
        let bare = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
        let labels = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard !labels.contains(where: \.isEmpty),
            bare.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".") })
        else {
            return "is not a valid domain name (letters, digits, '-' and '.'; IDNs in punycode)"
        }
        return nil
    }
}
