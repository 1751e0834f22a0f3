import Foundation
import HTTPTypes
import Hummingbird

/// `GET`/`HEAD /.well-known/apple-app-site-association` and `/apple-app-site-association`.
///
/// Apple's CDN fetches the file over https with no redirects and needs `application/json`
/// (Supporting associated domains, developer.apple.com), so both paths answer 200 directly.
/// Responses carry a strong ETag and honour `If-None-Match` with 304.
struct AssociationRoutes: Sendable {
    let catalog: AssociationCatalog

    /// `Host`, named by hand: HTTPTypes deprecates `.host` in favour of the authority.
    static let hostField = HTTPField.Name("Host")!

    static let paths = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]

    func register<Context: RequestContext>(on router: Router<Context>) {
        for path in Self.paths {
            router.get(RouterPath(path)) { request, _ in try respond(to: request, includeBody: true) }
            router.head(RouterPath(path)) { request, _ in try respond(to: request, includeBody: false) }
        }
    }

    func respond(to request: Request, includeBody: Bool) throws -> Response {
        // HTTP/1 puts the Host header into the authority; an in-process request may carry both.
        let host = request.headers[Self.hostField] ?? request.head.authority ?? ""
        guard let file = catalog.file(forHost: host) else {
            let domain = AssociationCatalog.domain(ofHost: host)
            throw APIError(.notFound, code: "unknown-domain", message: "no spec claims the domain '\(domain)'; add it to a spec's app.domains")
        }
        var headers: HTTPFields = [
            .contentType: "application/json",
            .eTag: file.entityTag,
            .cacheControl: "public, max-age=3600",
        ]
        if request.headers[values: .ifNoneMatch].contains(where: { Self.matches($0, file.entityTag) }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(file.bytes.count)
        return Response(status: .ok, headers: headers, body: includeBody ? ResponseBody(byteBuffer: file.buffer) : ResponseBody())
    }

    /// `If-None-Match` holds a list of tags or `*` (RFC 9110 section 13.1.2); weak comparison.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var text = candidate.trimmingCharacters(in: .whitespaces)
            if text == "*" { return true }
            if text.hasPrefix("W/") { text.removeFirst(2) }
            return text == tag
        }
    }
}
