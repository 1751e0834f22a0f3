/// One document type the app says it opens (`CFBundleDocumentTypes`): files other apps can hand it.
public struct DocumentType: Sendable, Hashable, Encodable {
    /// `CFBundleTypeName`.
    public var name: String?
    /// `LSItemContentTypes` (UTIs), plus any legacy `CFBundleTypeExtensions` as `.ext`.
    public var contentTypes: [String]
    /// `CFBundleTypeRole`.
    public var role: String?
    /// `LSHandlerRank` (`Owner`, `Default`, `Alternate`, `None`).
    public var rank: String?
    /// `file:key.path` of the entry.
    public var location: String

    /// Creates a document type.
    public init(name: String? = nil, contentTypes: [String], role: String? = nil, rank: String? = nil, location: String) {
        self.name = name
        self.contentTypes = contentTypes
        self.role = role
        self.rank = rank
        self.location = location
    }
}
