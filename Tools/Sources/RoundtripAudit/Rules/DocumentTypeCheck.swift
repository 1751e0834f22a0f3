/// Document types so broad that the app is offered every file another app shares.
struct DocumentTypeCheck: AuditCheck {
    /// Uniform type identifiers at the top of the hierarchy, and the legacy `*` extension.
    /// See https://developer.apple.com/documentation/uniformtypeidentifiers/system-declared-uniform-type-identifiers
    static let broadTypes: Set<String> = ["public.data", "public.item", "public.content", "public.composite-content", "public.archive", ".*"]

    func findings(in context: AuditContext) -> [Finding] {
        context.surface.documentTypes.compactMap { type in
            guard let broad = type.contentTypes.first(where: { Self.broadTypes.contains($0.lowercased()) }) else { return nil }
            return Finding(
                .broadDocumentType,
                "the document type \(type.name.map { "'\($0)' " } ?? "")accepts '\(broad)', so every file other apps share can reach the app",
                at: type.location
            )
        }
    }
}
