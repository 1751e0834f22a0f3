/// One app extension and the system extension point it plugs into (`NSExtension`).
package struct ExtensionPoint: Sendable, Hashable, Encodable {
    /// What decides when a share or action extension is offered (`NSExtensionActivationRule`).
    package enum ActivationRule: Sendable, Hashable, Encodable {
        /// A predicate string, such as `TRUEPREDICATE` or a `SUBQUERY(…)`.
        case predicate(String)
        /// The dictionary form: `NSExtensionActivationSupports…` keys and their values.
        case dictionary([String: PropertyListValue])

        /// Encodes the predicate as a string and the dictionary as an object.
        package func encode(to encoder: any Encoder) throws {
            switch self {
            case .predicate(let text):
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case .dictionary(let entries):
                var container = encoder.singleValueContainer()
                try container.encode(entries)
            }
        }
    }

    /// `NSExtensionPointIdentifier`, such as `com.apple.share-services`.
    package var identifier: String
    /// The extension's bundle ID.
    package var bundleID: String?
    /// The extension's bundle path (`…/PlugIns/Share.appex`).
    package var path: String
    /// `NSExtensionAttributes.NSExtensionActivationRule`, when present.
    package var activationRule: ActivationRule?
    /// `NSExtensionAttributes.RequestsOpenAccess`, when present (keyboards: full access).
    package var requestsOpenAccess: Bool?
    /// `file:key.path` of the `NSExtension` dictionary.
    package var location: String

    /// Creates an extension point entry.
    package init(
        identifier: String,
        bundleID: String? = nil,
        path: String,
        activationRule: ActivationRule? = nil,
        requestsOpenAccess: Bool? = nil,
        location: String
    ) {
        self.identifier = identifier
        self.bundleID = bundleID
        self.path = path
        self.activationRule = activationRule
        self.requestsOpenAccess = requestsOpenAccess
        self.location = location
    }

    /// The custom-keyboard extension point.
    package static let keyboardIdentifier = "com.apple.keyboard-service"
}
