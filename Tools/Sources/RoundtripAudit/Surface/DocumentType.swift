/// One document type the app says it opens (`CFBundleDocumentTypes`): files other apps can hand it.
package struct DocumentType: Sendable, Hashable, Encodable {
    /// `CFBundleTypeName`.
    package var name: String?
    /// `LSItemContentTypes` (UTIs), plus any legacy `CFBundleTypeExtensions` as `.ext`.
    package var contentTypes: [String]
    /// `CFBundleTypeRole`.
    package var role: String?
    /// `LSHandlerRank` (`Owner`, `Default`, `Alternate`, `None`).
    package var rank: String?
    /// `file:key.path` of the entry.
    package var location: String

    /// Creates a document type.
    package init(name: String? = nil, contentTypes: [String], role: String? = nil, rank: String? = nil, location: String) {
        self.name = name
        self.contentTypes = contentTypes
        self.role = role
        self.rank = rank
        self.location = location
    }
}
