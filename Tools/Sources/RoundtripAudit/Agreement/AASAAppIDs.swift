import Foundation
import RoundtripAssociatedDomains

/// The app IDs an apple-app-site-association file names in `applinks.details`, read with the
/// `RoundtripAssociatedDomains` decoder (both the array form and the early dictionary form keyed
/// by app ID, as Apple's examples do).
struct AASAAppIDs: Sendable, Hashable {
    /// The file, for locations.
    let path: String
    /// Every app ID named, in file order, without duplicates.
    let appIDs: [String]
    /// The app IDs of the `webcredentials` and `appclips` sections, as written; a missing section
    /// has none.
    let serviceAppIDs: [AssociationService: [String]]

    /// Reads an AASA file.
    ///
    /// - Throws: ``AuditError`` `unreadable`, `too-large` or `invalid-aasa`.
    static func load(path: String, limits: AuditLimits) throws(AuditError) -> AASAAppIDs {
        let data = try DirectoryFiles.read(path, limit: limits.maximumFileBytes)
        return try AASAAppIDs(data: data, path: path)
    }

    /// Parses AASA JSON.
    ///
    /// - Throws: ``AuditError`` `invalid-aasa` when the file is not a valid AASA (the decoder's
    ///   message, with its line and column, says why).
    init(data: Data, path: String) throws(AuditError) {
        self.path = path
        let file: AssociationFile
        do {
            file = try AssociationFile(json: Array(data))
        } catch {
            throw AuditError(
                .invalidAASA,
                "not a valid apple-app-site-association file (a signed, CMS-wrapped AASA must be unwrapped first): \(error)",
                path: path
            )
        }
        guard let applinks = file.applinks else {
            throw AuditError(.invalidAASA, "the AASA has no \"applinks\" object", path: path)
        }
        var seen: Set<String> = []
        appIDs = applinks.details.flatMap(\.apps).filter { seen.insert($0).inserted }
        serviceAppIDs = [.webcredentials: file.appIDs(for: .webcredentials), .appclips: file.appIDs(for: .appclips)]
    }
}
