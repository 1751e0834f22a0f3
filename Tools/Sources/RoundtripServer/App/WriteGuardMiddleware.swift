import Foundation
import HTTPTypes
import Hummingbird
import Roundtrip

/// Guards the requests that write: every POST, and the tester's callbacks (`GET /cb/…`).
///
/// - A POST from another site is refused, 403 `cross-site`: its `Origin` must name this server
///   (the request's `Host`, or the public URL), and a browser's `Sec-Fetch-Site: cross-site` is
///   refused outright (Fetch Metadata Request Headers, W3C), so no page elsewhere can create
///   tests or spend the store in a visitor's name. Callbacks are top-level navigations opened by
///   the app under test, from anywhere: they are not checked.
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

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let isCallback = path.hasPrefix("/cb/")
        let isWrite = request.method != .get && request.method != .head
        guard isWrite || isCallback else { return try await next(request, context) }
        let isAPI = path.hasPrefix("/api/")
        if isWrite {
            if let reason = crossSiteReason(request) {
                return try refusal(.forbidden, code: "cross-site", message: reason, isAPI: isAPI, request: request, context: context)
            }
            let expected = isAPI ? "application/json" : "application/x-www-form-urlencoded"
            let mediaType = request.headers[.contentType].map(Self.mediaType) ?? ""
            guard mediaType == expected else {
                let given = mediaType.isEmpty ? "no Content-Type" : "Content-Type '\(mediaType)'"
                return try refusal(
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
            var response = try refusal(
                .tooManyRequests,
                code: "rate-limited",
                message: "too many writing requests from \(client): the limit is \(limiter.perMinute) a minute; retry in \(wait) s",
                isAPI: isAPI,
                request: request,
                context: context
            )
            response.headers[.retryAfter] = String(wait)
            return response
        }
        return try await next(request, context)
    }

    /// Why a write comes from another site, or `nil` when it comes from this one (or from a
    /// client that is not a browser, which sends neither header).
    func crossSiteReason(_ request: Request) -> String? {
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() == "cross-site" {
            return "a request from another site may not write here (Sec-Fetch-Site: cross-site)"
        }
        guard let origin = request.headers[.origin] else { return nil }
        let authority = Self.authority(ofOrigin: origin)
        if let authority, let host = request.head.authority, authority.lowercased() == host.lowercased() { return nil }
        if let authority, authority.lowercased() == Self.authority(ofOrigin: publicURL())?.lowercased() { return nil }
        return "a request from the origin '\(origin)' may not write here; use the pages of this server"
    }

    /// `host[:port]` of `scheme://host[:port]`, or `nil` for `null` and anything else.
    static func authority(ofOrigin origin: String) -> String? {
        guard let split = try? URLSplit(origin), split.hasAuthority, !split.host.isEmpty else { return nil }
        return String(split.host) + (split.port.map { ":" + $0 } ?? "")
    }

    /// `type/subtype` of a Content-Type, lowercased, without parameters (RFC 9110, section 8.3.1).
    static func mediaType(_ contentType: String) -> String {
        String(contentType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    private func refusal(
        _ status: HTTPResponse.Status,
        code: String,
        message: String,
        isAPI: Bool,
        request: Request,
        context: Context
    ) throws -> Response {
        context.logger.notice("write refused", metadata: ["code": "\(code)", "path": "\(request.uri.path)"])
        return isAPI
            ? try APIError(status, code: code, message: message).response(from: request, context: context)
            : try PageError(status: status, code: code, message: message.prefix(1).uppercased() + message.dropFirst() + ".")
                .response(from: request, context: context)
    }
}
