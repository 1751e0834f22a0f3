/// Everything through which other apps and web pages can reach an app: its URL schemes, associated
/// domains, extension points and document types, plus the schemes it queries.
///
/// Built from an ``AuditTarget`` with ``init(target:)``; the app's extensions contribute their own
/// entries, each tagged with its bundle ID.
package struct AttackSurface: Sendable, Hashable, Encodable {
    /// The main app's identity, as far as the input tells.
    package struct AppIdentity: Sendable, Hashable, Encodable {
        /// `CFBundleIdentifier`.
        package var bundleID: String?
        /// The display name.
        package var name: String?
        /// The team ID from the entitlements.
        package var teamID: String?
        /// `TEAMID.bundle-id`, when both parts are known.
        package var appID: String?
    }

    /// The main app's identity.
    package var app: AppIdentity
    /// Custom URL schemes, app first, then extensions.
    package var schemes: [URLSchemeEntry]
    /// `LSApplicationQueriesSchemes` of the main app.
    package var queriedSchemes: [QueriedScheme]
    /// Associated domains of every bundle.
    package var domains: [AssociatedDomain]
    /// App extensions and their extension points.
    package var extensions: [ExtensionPoint]
    /// Document types of every bundle.
    package var documentTypes: [DocumentType]

    /// Creates a surface from its parts.
    package init(
        app: AppIdentity,
        schemes: [URLSchemeEntry] = [],
        queriedSchemes: [QueriedScheme] = [],
        domains: [AssociatedDomain] = [],
        extensions: [ExtensionPoint] = [],
        documentTypes: [DocumentType] = []
    ) {
        self.app = app
        self.schemes = schemes
        self.queriedSchemes = queriedSchemes
        self.domains = domains
        self.extensions = extensions
        self.documentTypes = documentTypes
    }

    /// Reads the surface of a target.
    ///
    /// - Complexity: O(*n*) in the size of the plists.
    package init(target: AuditTarget) {
        let main = target.app
        self.init(app: AppIdentity(bundleID: main.bundleIdentifier, name: main.displayName, teamID: main.teamIdentifier, appID: main.appIdentifier))
        for bundle in target.bundles {
            schemes += Self.schemes(of: bundle)
            domains += Self.domains(of: bundle)
            documentTypes += Self.documentTypes(of: bundle)
            if let point = Self.extensionPoint(of: bundle) { extensions.append(point) }
        }
        queriedSchemes = (main.info["LSApplicationQueriesSchemes"]?.arrayValue ?? []).enumerated().compactMap { index, value in
            value.stringValue.map { QueriedScheme(scheme: $0, location: main.infoLocation("LSApplicationQueriesSchemes[\(index)]")) }
        }
    }

    /// The schemes a spec can be compared with: lowercased, without unexpanded build settings.
    var registeredSchemes: Set<String> {
        Set(schemes.filter { !$0.isUnexpanded }.map { $0.scheme.lowercased() })
    }

    private static func schemes(of bundle: BundleContents) -> [URLSchemeEntry] {
        var found: [URLSchemeEntry] = []
        for (typeIndex, type) in (bundle.info["CFBundleURLTypes"]?.arrayValue ?? []).enumerated() {
            for (index, value) in (type["CFBundleURLSchemes"]?.arrayValue ?? []).enumerated() {
                guard let scheme = value.stringValue else { continue }
                found.append(
                    URLSchemeEntry(
                        scheme: scheme,
                        urlName: type["CFBundleURLName"]?.stringValue,
                        role: type["CFBundleTypeRole"]?.stringValue,
                        bundleID: bundle.bundleIdentifier,
                        location: bundle.infoLocation("CFBundleURLTypes[\(typeIndex)].CFBundleURLSchemes[\(index)]")
                    )
                )
            }
        }
        return found
    }

    private static func domains(of bundle: BundleContents) -> [AssociatedDomain] {
        let key = "com.apple.developer.associated-domains"
        return (bundle.entitlements[key]?.arrayValue ?? []).enumerated().compactMap { index, value in
            value.stringValue.map {
                AssociatedDomain(entry: $0, bundleID: bundle.bundleIdentifier, location: bundle.entitlementsLocation("\(key)[\(index)]"))
            }
        }
    }

    private static func documentTypes(of bundle: BundleContents) -> [DocumentType] {
        (bundle.info["CFBundleDocumentTypes"]?.arrayValue ?? []).enumerated().map { index, type in
            DocumentType(
                name: type["CFBundleTypeName"]?.stringValue,
                contentTypes: (type["LSItemContentTypes"]?.strings ?? []) + (type["CFBundleTypeExtensions"]?.strings ?? []).map { "." + $0 },
                role: type["CFBundleTypeRole"]?.stringValue,
                rank: type["LSHandlerRank"]?.stringValue,
                location: bundle.infoLocation("CFBundleDocumentTypes[\(index)]")
            )
        }
    }

    private static func extensionPoint(of bundle: BundleContents) -> ExtensionPoint? {
        guard let nsExtension = bundle.info["NSExtension"], let identifier = nsExtension["NSExtensionPointIdentifier"]?.stringValue else {
            return nil
        }
        let attributes = nsExtension["NSExtensionAttributes"]
        var rule: ExtensionPoint.ActivationRule?
        switch attributes?["NSExtensionActivationRule"] {
        case .string(let text): rule = .predicate(text)
        case .dictionary(let entries): rule = .dictionary(entries)
        default: rule = nil
        }
        return ExtensionPoint(
            identifier: identifier,
            bundleID: bundle.bundleIdentifier,
            path: bundle.path.isEmpty ? (bundle.infoPath ?? "") : bundle.path,
            activationRule: rule,
            requestsOpenAccess: attributes?["RequestsOpenAccess"]?.boolValue,
            location: bundle.infoLocation("NSExtension")
        )
    }
}
