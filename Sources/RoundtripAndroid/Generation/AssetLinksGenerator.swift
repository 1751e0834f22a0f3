import Roundtrip

/// Builds `assetlinks.json` files from specs: for each host that verifies a claim of a spec with
/// an `app.android` section, a file granting `delegate_permission/common.handle_all_urls` to each
/// of the spec's packages and signing certificates (Android's "Verify Android App Links").
///
/// The hosts are the specs' `app.domains`. A wildcard `*.example.com` is verified with the root
/// domain's file, `https://example.com/.well-known/assetlinks.json` ("Verify Android App Links",
/// section on wildcard hosts), so its statements go into the file of `example.com`, as on iOS.
///
/// With `dynamic-rules: true`, each statement carries Android 15's dynamic rules
/// (`dynamic_app_link_components`, "Add Android App Links"): one rule per https route of the spec
/// on the hosts the file verifies, and no catch-all, so a URL no route takes stays in the
/// browser. The rules are written so that Android's parser of them, which turns `*` into `.*` of
/// a `PatternMatcher` glob that never backtracks, reads them as the spec's router does.
///
/// ```swift
/// let file = try AssetLinksGenerator.generate(from: [spec], host: "terminal.example.com")
/// print(file.jsonText())
/// ```
public enum AssetLinksGenerator {
    /// One generated file.
    public struct Generated: Sendable, Hashable {
        /// The host the file is for (serve it at `https://<host>/.well-known/assetlinks.json`).
        public var host: String
        /// The specs' claims the file verifies, lowercased, in first-seen order: the host itself
        /// and `*.<host>` when a spec claims the wildcard.
        public var claims: [String]
        /// The file.
        public var file: AssetLinksFile
    }

    /// The hosts whose files verify the claims of the specs that describe an Android app,
    /// lowercased, in first-seen order: each claimed host, and for `*.example.com` the root
    /// domain `example.com`.
    public static func hosts(of specs: [Spec]) -> [String] {
        var seen: [String] = []
        for spec in specs where spec.app.android != nil {
            for host in spec.app.domains.map({ AssociatedDomainPattern($0).fileDomain }) where !seen.contains(host) {
                seen.append(host)
            }
        }
        return seen
    }

    /// One file per host that verifies a claim (see ``hosts(of:)``).
    ///
    /// - Complexity: O(*h*·*s*·*r*) for *h* hosts and *s* specs with *r* routes.
    public static func generate(from specs: [Spec]) -> [Generated] {
        hosts(of: specs).map { host in
            Generated(host: host, claims: claims(of: specs, verifiedBy: host), file: file(for: specs, host: host))
        }
    }

    /// The file a host serves: one statement per package of each spec with an Android app that
    /// claims the host or a wildcard of it.
    ///
    /// - Throws: ``AndroidError`` `unknown-domain` when no spec claims the host or its wildcard;
    ///   `missing-android-app` when the specs that claim it describe no Android app.
    /// - Complexity: O(*s*·*r*) for *s* specs with *r* routes.
    public static func generate(from specs: [Spec], host: String) throws(AndroidError) -> AssetLinksFile {
        let host = AssociatedDomainPattern(host).fileDomain
        let claiming = specs.filter { spec in spec.app.domains.contains { AssociatedDomainPattern($0).fileDomain == host } }
        guard !claiming.isEmpty else { throw unknownDomain(host, specs: specs) }
        guard claiming.contains(where: { $0.app.android != nil }) else {
            let names = claiming.map { "'\($0.app.name)'" }.joined(separator: ", ")
            throw AndroidError(
                .missingAndroidApp,
                "the spec of \(names) claims \(host) but describes no Android app; add 'android: {package: …, sha256-cert-fingerprints: […]}' under app:"
            )
        }
        return file(for: specs, host: host)
    }

    /// The claims of the specs with an Android app that `host`'s file verifies.
    static func claims(of specs: [Spec], verifiedBy host: String) -> [String] {
        var seen: [String] = []
        for spec in specs where spec.app.android != nil {
            for claim in spec.app.domains.map({ $0.lowercased() }) where AssociatedDomainPattern(claim).fileDomain == host && !seen.contains(claim) {
                seen.append(claim)
            }
        }
        return seen
    }

    private static func file(for specs: [Spec], host: String) -> AssetLinksFile {
        var statements: [AssetStatement] = []
        var seenPackages: Set<String> = []
        for spec in specs {
            guard let android = spec.app.android else { continue }
            let patterns = spec.app.domains.map(AssociatedDomainPattern.init).filter { $0.fileDomain == host }
            guard !patterns.isEmpty else { continue }
            let rules = android.dynamicRules ? dynamicRules(for: spec, on: patterns) : nil
            var relations = [AssetRelation.handleAllURLs]
            if android.loginCredentials { relations.append(.getLoginCredentials) }
            for package in android.packages where seenPackages.insert(package).inserted {
                statements.append(
                    AssetStatement(
                        relations: relations,
                        target: .androidApp(packageName: package, fingerprints: android.certificateFingerprints),
                        dynamicRules: rules
                    )
                )
            }
        }
        return AssetLinksFile(statements: statements)
    }

    /// One rule per https route of the spec on a host that one of `patterns` covers, in action
    /// order, each path once.
    static func dynamicRules(for spec: Spec, on patterns: [AssociatedDomainPattern]) -> [DynamicAppLinkRule] {
        var rules: [DynamicAppLinkRule] = []
        var seen: Set<String> = []
        for action in spec.actions {
            for route in action.routes where route.isUniversalLink && patterns.contains(where: { $0.covers(route.host) }) {
                let path = AndroidRoutePath(route).dynamicRulePath
                guard seen.insert(path).inserted else { continue }
                rules.append(DynamicAppLinkRule(path: path, comments: "action \(action.name) (\(action.convention.rawValue))"))
            }
        }
        return rules
    }

    /// `unknown-domain`, saying where a subdomain under a claimed wildcard is verified instead.
    private static func unknownDomain(_ host: String, specs: [Spec]) -> AndroidError {
        let claims = specs.flatMap { $0.app.domains.map { $0.lowercased() } }
        if let wildcard = claims.first(where: { $0.hasPrefix("*.") && AssociatedDomainPattern($0).covers(host) }) {
            let root = AssociatedDomainPattern(wildcard).fileDomain
            return AndroidError(
                .unknownDomain,
                "no spec claims '\(host)' on its own: '\(wildcard)' is verified with the file of \(root) (\"Verify Android App Links\"), so generate for \(root), or add \(host) to app.domains to give it a file of its own"
            )
        }
        let known = hosts(of: specs)
        return AndroidError(
            .unknownDomain,
            "no spec claims the domain '\(host)'"
                + (known.isEmpty ? "; add it to app.domains" : "; the specs' files are for \(known.joined(separator: ", "))")
        )
    }
}
