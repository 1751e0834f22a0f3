import HTTPTypes
import NIOCore

/// What an AASA path answers one request for a hosted domain: 200 with the file (or only its
/// headers for `HEAD`), or 304 when `If-None-Match` names its ETag.
///
/// Computed in one place for both ways a request arrives: Hummingbird's router
/// (``AssociationRoutes``) and the event-loop fast path (``AssociationChannelHandler``).
struct AssociationAnswer: Sendable {
    /// 200 or 304.
    let status: HTTPResponse.Status
    /// Content type, ETag, caching and (for 200) the content length; the server adds `Date`.
    let headers: HTTPFields
    /// The file, or `nil` for 304 and `HEAD`.
    let body: ByteBuffer?

    /// The answer for a request, or `nil` when no spec claims the `Host`'s domain.
    ///
    /// - Parameters:
    ///   - catalog: The hosted files.
    ///   - kind: The file asked for: the AASA file (the default) or `assetlinks.json`.
    ///   - host: The request's `Host` (or HTTP/2 authority), as sent.
    ///   - ifNoneMatch: The request's `If-None-Match` field values.
    ///   - includeBody: `false` for `HEAD`.
    static func make(
        catalog: AssociationCatalog,
        kind: HostedFileKind = .association,
        host: String,
        ifNoneMatch: some Sequence<String>,
        includeBody: Bool
    ) -> AssociationAnswer? {
        guard let file = catalog.file(forHost: host, kind: kind) else { return nil }
        if ifNoneMatch.contains(where: { matches($0, file.entityTag) }) {
            return AssociationAnswer(status: .notModified, headers: file.notModifiedHeaders, body: nil)
        }
        return AssociationAnswer(status: .ok, headers: file.headers, body: includeBody ? file.buffer : nil)
    }

    /// `If-None-Match` holds a list of tags or `*` (RFC 9110 section 13.1.2); weak comparison.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var text = candidate.drop { $0 == " " || $0 == "\t" }
            while text.last == " " || text.last == "\t" { text.removeLast() }
            if text == "*" { return true }
            if text.hasPrefix("W/") { text.removeFirst(2) }
            return text == tag
        }
    }
}
