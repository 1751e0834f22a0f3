/// A whole `apple-app-site-association` file: the services a domain offers to apps.
///
/// Each section is optional, as in the file. Decode one with ``init(json:)`` (strict) or
/// ``AssociationDecoder/decode(_:)`` (every finding, for linting); encode one with
/// ``jsonText(prettyPrinted:)``. Decoding the encoded text gives an equal value.
///
/// ```swift
/// let file = try AssociationFile(json: Array(data))
/// let matcher = AssociationMatcher(file)
/// ```
public struct AssociationFile: Sendable, Hashable {
    /// Universal links (`applinks`).
    public var applinks: AppLinks?
    /// Shared web credentials (`webcredentials`).
    public var webcredentials: ServiceApps?
    /// App Clips (`appclips`).
    public var appclips: ServiceApps?
    /// Handoff (`activitycontinuation`).
    public var activitycontinuation: ServiceApps?

    /// Creates a file.
    public init(
        applinks: AppLinks? = nil,
        webcredentials: ServiceApps? = nil,
        appclips: ServiceApps? = nil,
        activitycontinuation: ServiceApps? = nil
    ) {
        self.applinks = applinks
        self.webcredentials = webcredentials
        self.appclips = appclips
        self.activitycontinuation = activitycontinuation
    }

    /// Decodes a file strictly: any finding of severity error (JSON syntax, a key of the wrong
    /// type) throws. Unknown keys are ignored, as iOS ignores them.
    ///
    /// - Parameter json: The file's bytes (UTF-8 JSON).
    /// - Throws: ``AssociationError`` `too-large` for a file over Apple's 128 KB limit
    ///   (``AssociationLinter/maximumSize``), otherwise `syntax` or `schema`, with the position of
    ///   the problem.
    /// - Complexity: O(*n*) in the size of the file.
    public init(json: [UInt8]) throws(AssociationError) {
        let decoded = AssociationDecoder.decode(json)
        if let error = decoded.findings.first(where: { $0.severity == .error }) {
            let code: AssociationError.Code =
                switch error.rule {
                case "syntax": .syntax
                case "file-size": .tooLarge
                default: .schema
                }
            throw AssociationError(code, error.message, position: error.position)
        }
        self = decoded.file ?? AssociationFile()
    }
}

/// A service section that only lists apps: `webcredentials`, `appclips`, `activitycontinuation`.
public struct ServiceApps: Sendable, Hashable {
    /// The app identifiers (`TEAMID.bundle.id`).
    public var apps: [String]

    /// Creates a section.
    public init(apps: [String]) {
        self.apps = apps
    }
}
