import Roundtrip
import RoundtripAssociatedDomains

/// The associated-domain services besides universal links, service by service: the spec's
/// `webcredentials` and `app-clip` against the bundles' `webcredentials:` and `appclips:`
/// entitlements, and, with an AASA, whether its `webcredentials`/`appclips` section names the app
/// (Apple's "Supporting associated domains" and "Associating your App Clip with your website").
struct ServiceAgreementCheck: AuditCheck {
    func findings(in context: AuditContext) -> [Finding] {
        guard context.target.app.knowsAssociatedDomains else { return [] }
        var findings: [Finding] = []
        if let (spec, path) = context.spec {
            findings += specFindings(spec: spec, path: path, domains: context.surface.domains)
        }
        if let aasa = context.aasa {
            findings += aasaFindings(aasa, context: context)
        }
        return findings
    }

    /// Each declared service on each spec domain needs its entitlement, and each service
    /// entitlement needs the declaration.
    private func specFindings(spec: Spec, path: String, domains: [AssociatedDomain]) -> [Finding] {
        var findings: [Finding] = []
        let specDomains = spec.app.domains.map { $0.lowercased() }
        let declared: [(service: AssociationService, key: String, isDeclared: Bool)] = [
            (.webcredentials, "webcredentials", spec.app.services.webCredentials),
            (.appclips, "app-clip", spec.app.services.appClip != nil),
        ]
        for (service, key, isDeclared) in declared {
            let claimed = domains.filter { $0.service == service.rawValue }
            if isDeclared {
                for domain in specDomains where !claimed.contains(where: { $0.host.lowercased() == domain }) {
                    findings.append(
                        Finding(
                            .specServiceMissing,
                            "the spec declares \(key) but the entitlements do not claim \(service.rawValue):\(domain)",
                            at: "\(path):app.\(key)"
                        )
                    )
                }
            }
            for entry in claimed where !isDeclared || !specDomains.contains(entry.host.lowercased()) {
                let why =
                    isDeclared ? "on a domain the spec \(path) does not list in app.domains" : "which the spec \(path) does not declare (app.\(key))"
                findings.append(Finding(.bundleServiceUndeclared, "the entitlements claim '\(entry.entry)', \(why)", at: entry.location))
            }
        }
        return findings
    }

    /// With an AASA: the app ID in `webcredentials`, the App Clip's in `appclips`, for each
    /// service the entitlements claim.
    private func aasaFindings(_ aasa: AASAAppIDs, context: AuditContext) -> [Finding] {
        var findings: [Finding] = []
        let app = context.target.app
        if context.surface.domains.contains(where: { $0.service == AssociationService.webcredentials.rawValue }), let appID = app.appIdentifier,
            !(aasa.serviceAppIDs[.webcredentials] ?? []).contains(appID)
        {
            findings.append(
                Finding(
                    .aasaMissingService,
                    "the entitlements claim webcredentials: but the AASA's webcredentials.apps does not name '\(appID)'",
                    at: aasa.path + ":webcredentials"
                )
            )
        }
        let clipClaims = context.surface.domains.filter { $0.service == AssociationService.appclips.rawValue }
        var expectedClip = context.spec?.spec.app.services.appClip
        if expectedClip == nil, let team = app.teamIdentifier,
            let clipBundle = clipClaims.compactMap(\.bundleID).first(where: { $0 != app.bundleIdentifier })
        {
            expectedClip = team + "." + clipBundle
        }
        if !clipClaims.isEmpty, let clip = expectedClip, !(aasa.serviceAppIDs[.appclips] ?? []).contains(clip) {
            findings.append(
                Finding(
                    .aasaMissingService,
                    "the entitlements claim appclips: but the AASA's appclips.apps does not name '\(clip)'",
                    at: aasa.path + ":appclips"
                )
            )
        }
        return findings
    }
}
