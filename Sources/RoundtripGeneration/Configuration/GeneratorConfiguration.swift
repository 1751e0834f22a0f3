/// What to generate from a spec: the side, the access level and the name of the generated type.
///
/// The build plugin reads it from `roundtrip-generator-config.yaml` beside the spec:
///
/// ```yaml
/// role: caller          # receiver | caller
/// access: internal      # public | package | internal (default internal)
/// name: NotesClient     # optional; default <App>Receiver or <App>Client
/// ```
public struct GeneratorConfiguration: Sendable, Hashable {
    /// Which side of the round trip the code is for.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The app that exposes the actions: the spec compiled, a typed value per action, an
        /// enum of incoming requests and typed answers.
        case receiver
        /// An app that calls them: a typed client with one method per action.
        case caller
    }

    /// Swift's access levels the generated declarations may have.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// Visible to other modules.
        case `public`
        /// Visible within the package.
        case package
        /// Visible within the module (the default).
        case `internal`
    }

    /// The side.
    public var role: Role
    /// The access level of every generated declaration.
    public var access: AccessLevel
    /// The generated type's name; `nil` derives it from the app's name. Check a name that
    /// comes from a user with ``validateName(_:)``.
    public var name: String?

    /// Creates a configuration.
    public init(role: Role, access: AccessLevel = .internal, name: String? = nil) {
        self.role = role
        self.access = access
        self.name = name
    }

    /// Checks a name for the generated type, the one rule for the command line's `--name` and
    /// the configuration file's `name`.
    ///
    /// The name must be a Swift type name in upper camel case, `NotesClient`: ASCII letters and
    /// digits starting with a capital (the naming rule's output for it, see ``SwiftNames``), and
    /// not a keyword. It must not be a type the generated code refers to, such as `Spec`,
    /// `Endpoint` or `String`, nor `Request` or `Returns`, the generated code's own: declared
    /// in the app's module, it would hide that type from the generated code and the module.
    ///
    /// - Throws: ``GeneratorError`` saying what is wrong with the name.
    public static func validateName(_ name: String) throws(GeneratorError) {
        guard SwiftNames.camelCase(name, upper: true) == name, !SwiftNames.keywords.contains(name) else {
            throw GeneratorError("name must be a Swift type name in upper camel case, such as NotesClient, not '\(name)'")
        }
        guard !SwiftGenerator.reservedTypeNames.contains(name) else {
            throw GeneratorError(
                "name '\(name)' is a type the generated code uses, which the generated type would hide; choose another, such as one that ends in Receiver or Client"
            )
        }
    }
}
