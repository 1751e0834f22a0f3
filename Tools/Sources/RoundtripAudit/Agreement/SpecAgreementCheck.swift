import Roundtrip

/// Whether the spec and the bundle agree: the schemes and applinks domains each declares that the
/// other lacks, and the app ID.
struct SpecAgreementCheck: AuditCheck {
    func findings(in context: AuditContext) -> [Finding] {
        guard let (spec, path) = context.spec else { return [] }
        let surface = context.surface
        var findings: [Finding] = []

        // Schemes: the spec's app.schemes and every custom-scheme route.
        let registered = surface.registeredSchemes
        var declared: [(scheme: String, where: String)] = spec.app.schemes.enumerated().map { ($1.lowercased(), "\(path):app.schemes[\($0)]") }
        var declaredHosts: [(host: String, where: String)] = spec.app.domains.enumerated().map { ($1.lowercased(), "\(path):app.domains[\($0)]") }
        for action in spec.actions {
            for route in action.routes {
                if route.isUniversalLink {
                    declaredHosts.append((route.host, "\(path):actions.\(action.name).url"))
                } else {
                    declared.append((route.scheme, "\(path):actions.\(action.name).url"))
                }
            }
        }
        var reported: Set<String> = []
        let hasInfo = !context.target.app.info.isEmpty
        for (scheme, place) in declared where hasInfo && !registered.contains(scheme) && reported.insert(scheme).inserted {
            findings.append(Finding(.specSchemeMissing, "the spec uses the scheme '\(scheme)' but the bundle does not register it", at: place))
        }
        let declaredSchemes = Set(declared.map(\.scheme))
        for entry in surface.schemes
        where !entry.isUnexpanded && VendorSchemes.sdk(for: entry.scheme) == nil
            && !declaredSchemes.contains(entry.scheme.lowercased())
        {
            findings.append(
                Finding(
                    .bundleSchemeUndeclared,
                    "the bundle registers '\(entry.scheme)', which the spec \(path) does not declare",
                    at: entry.location
                )
            )
        }

        // Domains: only comparable when entitlements were read.
        if context.target.app.knowsAssociatedDomains {
            reported = []
            for (host, place) in declaredHosts
            where !surface.domains.contains(where: { $0.isAppLink && $0.covers(host) }) && reported.insert(host).inserted {
                findings.append(
                    Finding(.specDomainMissing, "the spec uses the domain '\(host)' but the entitlements do not claim applinks:\(host)", at: place)
                )
            }
            let hosts = Set(declaredHosts.map(\.host))
            for domain in surface.domains where domain.isAppLink && !hosts.contains(where: domain.covers) {
                findings.append(
                    Finding(
                        .bundleDomainUndeclared,
                        "the entitlements claim '\(domain.entry)', which the spec \(path) does not declare",
                        at: domain.location
                    )
                )
            }
        }

        findings += appIDFindings(spec: spec, path: path, app: context.target.app)
        return findings
    }

    private func appIDFindings(spec: Spec, path: String, app: BundleContents) -> [Finding] {
        guard let specAppID = spec.app.appID else { return [] }
        if let appID = app.appIdentifier, appID != specAppID {
            return [
                Finding(.specAppIDMismatch, "the spec's app-id is '\(specAppID)' but the bundle is signed as '\(appID)'", at: "\(path):app.app-id")
            ]
        }
        if let bundleID = app.bundleIdentifier, let specBundle = spec.app.bundleID, bundleID != specBundle {
            return [
                Finding(
                    .specAppIDMismatch,
                    "the spec's app-id names the bundle ID '\(specBundle)' but the bundle is '\(bundleID)'",
                    at: "\(path):app.app-id"
                )
            ]
        }
        return []
    }
}
