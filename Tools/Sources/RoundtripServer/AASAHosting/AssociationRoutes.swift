import HTTPTypes
import Hummingbird

/// `GET`/`HEAD /.well-known/apple-app-site-association` and `/apple-app-site-association`.
///
/// Apple's CDN fetches the file over https with no redirects and needs `application/json`
/// (Supporting associated domains, developer.apple.com), so both paths answer 200 directly.
/// Responses carry a strong ETag and honour `If-None-Match` with 304. A running server answers
/// most of these requests before they reach the router (``AssociationChannelHandler``); the routes
/// answer the rest, and every request of an in-process router.
package struct AssociationRoutes: Sendable {
    let catalog: AssociationCatalog

    /// `Host`, named by hand: HTTPTypes deprecates `.host` in favour of the authority.
    static let hostField = HTTPField.Name("Host")!

    package static let paths = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]

    /// Where Android's App Links verifier fetches a host's Digital Asset Links file ("Verify
    /// Android App Links"): https, no redirect, `application/json`, as for the AASA file.
    package static let assetLinksPath = "/.well-known/assetlinks.json"

    /// The kind of file a path (without its query) names, or `nil` for any other path.
    static func kind(ofPath path: Substring) -> HostedFileKind? {
        if path == assetLinksPath { return .assetLinks }
        return paths.contains { $0 == path } ? .association : nil
    }

    func register<Context: RequestContext>(on router: Router<Context>) {
        for (path, kind) in Self.paths.map({ ($0, HostedFileKind.association) }) + [(Self.assetLinksPath, .assetLinks)] {
            router.get(RouterPath(path)) { request, _ in try respond(to: request, kind: kind, includeBody: true) }
            router.head(RouterPath(path)) { request, _ in try respond(to: request, kind: kind, includeBody: false) }
        }
    }

    func respond(to request: Request, kind: HostedFileKind = .association, includeBody: Bool) throws -> Response {
        let host = Self.host(of: request.head)
        guard
            let answer = AssociationAnswer.make(
                catalog: catalog,
                kind: kind,
                host: host,
                ifNoneMatch: request.headers[values: .ifNoneMatch],
                includeBody: includeBody
            )
        else {
            let domain = AssociationCatalog.domain(ofHost: host)
            let fix = kind == .assetLinks ? "add it to app.domains of a spec with an Android app (app.android)" : "add it to a spec's app.domains"
            throw APIError(.notFound, code: "unknown-domain", message: "no spec claims the domain '\(domain)'; \(fix)")
        }
        return Response(status: answer.status, headers: answer.headers, body: answer.body.map { ResponseBody(byteBuffer: $0) } ?? ResponseBody())
    }

    /// The `Host` a request names: HTTP/1 puts the header into the authority; an in-process
    /// request may carry only the header.
    static func host(of request: HTTPRequest) -> String {
        request.headerFields[hostField] ?? request.authority ?? ""
    }
}
