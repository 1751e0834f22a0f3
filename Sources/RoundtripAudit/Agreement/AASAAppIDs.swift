import Foundation

/// The app IDs an apple-app-site-association file names in `applinks.details`.
///
/// A deliberately small reader so the audit does not depend on the `RoundtripAssociatedDomains`
/// module; it understands both forms Apple has used:
/// - modern: `"details": [{"appIDs": ["T.b"], …}]`, and `"appID": "T.b"` in an element;
/// - legacy: `"details": {"T.b": {"paths": […]}}`, a dictionary keyed by app ID.
///
/// The lead may swap this type for the AASA module's model; the checks use only ``appIDs``.
struct AASAAppIDs: Sendable, Hashable {
    /// The file, for locations.
    let path: String
    /// Every app ID named, in file order, without duplicates.
    let appIDs: [String]

    /// Reads an AASA file.
    ///
    /// - Throws: ``AuditError`` `unreadable`, `too-large` or `invalid-aasa`.
    static func load(path: String, limits: AuditLimits) throws(AuditError) -> AASAAppIDs {
        let data = try DirectoryFiles.read(path, limit: limits.maximumFileBytes)
        return try AASAAppIDs(data: data, path: path)
    }

    /// Parses AASA JSON.
    ///
    /// - Throws: ``AuditError`` `invalid-aasa` when it is not a JSON object with an `applinks` object.
    init(data: Data, path: String) throws(AuditError) {
        self.path = path
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw AuditError(.invalidAASA, "not JSON (a signed, CMS-wrapped AASA must be unwrapped first)", path: path)
        }
        guard let object = root as? [String: Any] else {
            throw AuditError(.invalidAASA, "the AASA's root is not a JSON object", path: path)
        }
        guard let applinks = object["applinks"] as? [String: Any] else {
            throw AuditError(.invalidAASA, "the AASA has no \"applinks\" object", path: path)
        }
        var found: [String] = []
        if let details = applinks["details"] as? [[String: Any]] {
            for detail in details {
                if let one = detail["appID"] as? String { found.append(one) }
                found += (detail["appIDs"] as? [Any] ?? []).compactMap { $0 as? String }
            }
        } else if let legacy = applinks["details"] as? [String: Any] {
            found = legacy.keys.sorted()
        } else if applinks["details"] != nil {
            throw AuditError(.invalidAASA, "applinks.details is neither an array nor an object keyed by app ID", path: path)
        }
        var seen: Set<String> = []
        appIDs = found.filter { seen.insert($0).inserted }
    }
}
