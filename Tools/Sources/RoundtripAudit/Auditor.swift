import Roundtrip

/// Runs the audit: reads the surface of a target and applies every rule, optionally comparing
/// the bundle with a spec and an AASA file.
///
/// ```swift
/// let target = try AuditTarget.load(path: "Build/Foo.ipa")
/// let report = Auditor(spec: spec, specPath: "foo.yaml").audit(target)
/// if report.hasErrors { … }
/// ```
package struct Auditor: Sendable {
    private let spec: (spec: Spec, path: String)?
    private let aasa: AASAAppIDs?
    private let checks: [any AuditCheck] = [
        ArchiveCheck(), InputCheck(), SchemeCheck(), QueriedSchemeCheck(), AssociatedDomainCheck(),
        UniversalLinkCheck(), PlatformCheck(), ExtensionCheck(), DocumentTypeCheck(), SpecAgreementCheck(), ServiceAgreementCheck(),
        AASAAgreementCheck(),
    ]

    /// Creates an auditor.
    ///
    /// - Parameters:
    ///   - spec: A spec to compare the bundle with (`--spec`).
    ///   - specPath: The spec's file, for locations.
    ///   - aasaPath: An apple-app-site-association file whose applinks must name the app (`--aasa`).
    ///   - limits: Read limits for the AASA file.
    /// - Throws: ``AuditError`` when the AASA file cannot be read.
    package init(spec: Spec? = nil, specPath: String = "spec", aasaPath: String? = nil, limits: AuditLimits = AuditLimits()) throws(AuditError) {
        self.spec = spec.map { ($0, specPath) }
        self.aasa = try aasaPath.map { path throws(AuditError) in try AASAAppIDs.load(path: path, limits: limits) }
    }

    /// Audits a target.
    ///
    /// - Returns: The surface and the findings, errors first, then in rule order.
    /// - Complexity: O(*n* log *n*) in the number of surface entries.
    package func audit(_ target: AuditTarget) -> AuditReport {
        let surface = AttackSurface(target: target)
        let context = AuditContext(target: target, surface: surface, spec: spec, aasa: aasa)
        let findings = checks.flatMap { $0.findings(in: context) }
        let order = Dictionary(uniqueKeysWithValues: AuditRule.all.enumerated().map { ($1.id, $0) })
        let sorted = findings.enumerated().sorted { left, right in
            (left.element.severity, order[left.element.rule] ?? .max, left.offset) < (
                right.element.severity, order[right.element.rule] ?? .max, right.offset
            )
        }.map(\.element)
        return AuditReport(path: target.path, kind: target.kind, surface: surface, findings: sorted)
    }
}
