import Foundation
import HTTPTypes
import Hummingbird
import Roundtrip

/// Guards the requests that write: every POST, and the tester's callbacks (`GET /cb/…`).
///
/// - A POST naming another server is refused, 421 `unknown-host`: its `Host` must be the public
///   URL's host, the address the server listens on, `localhost`, or an IP address. A page on a
///   name its owner points at this server (DNS rebinding) is same-origin with itself and would
///   otherwise pass every origin check; its requests carry its own name as `Host`.
/// - A POST from another site is refused, 403 `cross-site`: its `Origin` (or, without one, its
///   `Referer`) must name this server (the request's `Host`, once that is known to be this
///   server's, or the public URL), and a browser's `Sec-Fetch-Site: cross-site` is refused
///   outright (Fetch Metadata Request Headers, W3C), so no page elsewhere can create tests or
///   spend the store in a visitor's name. Callbacks are top-level navigations opened by the app
///   under test, from anywhere: they are not checked.
/// - A POST's body must be what its route reads, 415 `unsupported-media-type` otherwise:
///   `application/json` under `/api/`, `application/x-www-form-urlencoded` for the pages' forms.
///   A cross-site form cannot send JSON without a CORS preflight, which this server never grants.
/// - Each client (by remote address) may make ``WriteRateLimiter/perMinute`` of them a minute,
///   429 `rate-limited` with `Retry-After` past that.
///
/// Refusals under `/api/` are JSON (``APIError``), the others HTML pages (``PageError``).
struct WriteGuardMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let limiter: WriteRateLimiter
    let clock: ServerClock
    /// The public base of the server (`https://host[:port]`), read per request: it may follow
    /// the bound port.
    let publicURL: @Sendable () -> String
    /// The address the server listens on (`--host`).
    let listeningHost: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let isCallback = path.hasPrefix("/cb/")
        let isWrite = request.method != .get && request.method != .head
        guard isWrite || isCallback else { return try await next(request, context) }
        let isAPI = path.hasPrefix("/api/")
        if isWrite {
            if let reason = unknownHostReason(request) {
                return try Refusal.response(
                    .misdirectedRequest,
                    code: "unknown-host",
                    message: reason,
                    isAPI: isAPI,
                    request: request,
                    context: context
                )
            }
            if let reason = crossSiteReason(request) {
                return try Refusal.response(.forbidden, code: "cross-site", message: reason, isAPI: isAPI, request: request, context: context)
            }
            let expected = isAPI ? "application/json" : "application/x-www-form-urlencoded"
            let mediaType = request.headers[.contentType].map(Self.mediaType) ?? ""
            guard mediaType == expected else {
                let given = mediaType.isEmpty ? "no Content-Type" : "Content-Type '\(mediaType)'"
                return try Refusal.response(
                    .unsupportedMediaType,
                    code: "unsupported-media-type",
                    message: "this request must be sent as \(expected), not with \(given)",
                    isAPI: isAPI,
                    request: request,
                    context: context
                )
            }
        }
        let client = context.remoteAddress?.ipAddress ?? "local"
        if let wait = limiter.take(client: client, now: clock.milliseconds) {
            return try Refusal.response(
                .tooManyRequests,
                code: "rate-limited",
                message: "too many writing requests from \(client): the limit is \(limiter.perMinute) a minute; retry in \(wait) s",
                isAPI: isAPI,
                retryAfter: wait,
                request: request,
                context: context
            )
        }
        return try await next(request, context)
    }

    /// Why a write names a server other than this one, or `nil` when its `Host` is this server's
    /// (or it has none: not a browser).
    func unknownHostReason(_ request: Request) -> String? {
        let authority = AssociationRoutes.host(of: request.head)
        guard !authority.isEmpty else { return nil }
        guard let split = try? URLSplit("http://" + authority), split.userInfo == nil, !split.host.isEmpty, split.path.isEmpty,
            split.query == nil, split.fragment == nil
        else { return "the Host '\(authority)' is not a host name" }
        let name = split.host.lowercased()
        if name == "localhost" || name == listeningHost.lowercased() || Self.isIPLiteral(name) { return nil }
        if let base = try? URLSplit(publicURL()), base.host.lowercased() == name { return nil }
        return "this server does not answer writes for the Host '\(authority)'; use its public URL or its address"
    }

    /// An IPv4 address or a bracketed IPv6 address: a name no one can point elsewhere.
    static func isIPLiteral(_ host: String) -> Bool {
        if host.hasPrefix("[") { return true }  // the URL reader takes only IPv6 literals in brackets
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil }
    }

    /// Why a write comes from another site, or `nil` when it comes from this one (or from a
    /// client that is not a browser, which sends neither `Origin` nor `Referer`).
    func crossSiteReason(_ request: Request) -> String? {
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() == "cross-site" {
            return "a request from another site may not write here (Sec-Fetch-Site: cross-site)"
        }
        // A browser that withholds `Origin` (an older one, or a privacy setting) still names the
        // page in `Referer` (RFC 9110, section 10.1.3), unless the page asked for none.
        let (field, value): (String, String)
        if let origin = request.headers[.origin] {
            (field, value) = ("origin", origin)
        } else if let referer = request.headers[.referer] {
            (field, value) = ("referring page", referer)
        } else {
            return nil
        }
        let authority = Self.authority(ofOrigin: value)?.lowercased()
        if let authority, authority == AssociationRoutes.host(of: request.head).lowercased() { return nil }
        if let authority, authority == Self.authority(ofOrigin: publicURL())?.lowercased() { return nil }
        return "a request from the \(field) '\(value)' may not write here; use the pages of this server"
    }

    /// `host[:port]` of `scheme://host[:port]` (with or without a path), or `nil` for `null` and
    /// anything else.
    static func authority(ofOrigin origin: String) -> String? {
        guard let split = try? URLSplit(origin), split.hasAuthority, !split.host.isEmpty else { return nil }
        return String(split.host) + (split.port.map { ":" + $0 } ?? "")
    }

    /// `type/subtype` of a Content-Type, lowercased, without parameters (RFC 9110, section 8.3.1).
    static func mediaType(_ contentType: String) -> String {
        String(contentType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }
}
