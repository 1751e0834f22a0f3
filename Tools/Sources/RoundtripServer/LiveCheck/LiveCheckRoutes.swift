import Foundation
import Hummingbird
import RoundtripAASACheck

/// The checkers' live checks, the same as `roundtrip aasa check DOMAIN` and
/// `roundtrip assetlinks check DOMAIN [--package P]`:
///
/// - `POST /aasa-check/live` (form: `domain`, `app_id`) → the checker page with the report
/// - `POST /api/aasa-check` `{"domain": "example.com", "appID": "TEAMID.bundle.id"}` (`appID`
///   optional) → `{"domains": [{"domain", "live", "cdn", "findings"}]}`, the command's JSON
/// - `POST /assetlinks-check/live` (form: `domain`, `package`) → the assetlinks checker page
/// - `POST /api/assetlinks-check` `{"domain": "example.com", "package": "com.example.app"}`
///   (`package` optional) → `{"domains": [{"domain", "live", "findings", "packages"}]}`
///
/// Both share one allowance per client. An AASA check makes three outbound fetches, so on top
/// of the writing requests' limit each client may start
/// ``ServerConfiguration/liveChecksPerMinute`` of them (429 `rate-limited` with
/// `Retry-After`); each fetch ends by the options' timeout, body included, and all of them as
/// soon as the client goes away (closes its side of the connection); and by
/// default only public addresses are fetched (``AddressPolicy/publicOnly``: a domain that resolves
/// to loopback or a private network is refused with a `private-address` finding).
struct LiveCheckRoutes: Sendable {
    let options: LiveCheckOptions
    let limiter: WriteRateLimiter
    let clock: ServerClock

    /// The largest API body read.
    static let maximumBody = 4 * 1024

    func register(on router: Router<ServerRequestContext>) {
        router.post("/aasa-check/live") { request, context in
            let form = try await FormBody.decode(LiveForm.self, from: request, limit: Self.maximumBody)
            var page = AASACheckerPage()
            page.liveInput = .init(domain: form.domain ?? "", appID: form.appID ?? "")
            return try await answerForm(form.domain, request: request, context: context) { report in
                page.liveReport = report
                return page.page
            } check: { domain in
                AASACheckerPage.render(await check(domain, appID: form.appID, context: context))
            }
        }
        router.post("/assetlinks-check/live") { request, context in
            let form = try await FormBody.decode(AssetLinksLiveForm.self, from: request, limit: Self.maximumBody)
            var page = AssetLinksCheckerPage()
            page.liveInput = .init(domain: form.domain ?? "", package: form.package ?? "")
            return try await answerForm(form.domain, request: request, context: context) { report in
                page.liveReport = report
                return page.page
            } check: { domain in
                AssetLinksCheckerPage.render(await checkAssetLinks(domain, package: form.package, context: context))
            }
        }
        router.post("/api/assetlinks-check") { request, context in
            let decoded = try await Self.decode(
                AssetLinksAPIBody.self,
                from: request,
                example: #"{"domain": "example.com", "package": "com.example.app"}"#
            )
            let domain = try Self.apiDomain(decoded.domain)
            if let refusal = try limit(request, context: context, isAPI: true) { return refusal }
            return JSONResponse.make(await checkAssetLinks(domain, package: decoded.package, context: context))
        }
        router.post("/api/aasa-check") { request, context in
            let decoded = try await Self.decode(APIBody.self, from: request, example: #"{"domain": "example.com", "appID": "TEAMID.bundle.id"}"#)
            let domain = try Self.apiDomain(decoded.domain)
            if let refusal = try limit(request, context: context, isAPI: true) { return refusal }
            return JSONResponse.make(LiveCheckReport(domains: [await check(domain, appID: decoded.appID, context: context)]))
        }
    }

    /// The domain an API body names, or 400 with the typed refusal of one that cannot be checked.
    private static func apiDomain(_ text: String) throws -> CheckedDomain {
        do {
            return try CheckedDomain(text)
        } catch {
            throw APIError(.badRequest, code: error.codeName, message: error.message)
        }
    }

    /// Reads an API body of at most ``maximumBody`` bytes: 413 `too-large` past it, 400
    /// `invalid-json` when it is not the object `example` shows.
    private static func decode<Body: Decodable>(_ type: Body.Type, from request: Request, example: String) async throws -> Body {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumBody)
        } catch {
            throw APIError.tooLarge("the body is larger than \(Self.maximumBody / 1024) KiB")
        }
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer: body))
        } catch {
            throw APIError.invalidJSON("the body must be a JSON object \(example)")
        }
    }

    /// Answers a checker page's live form: the page with the check's report, or with the typed
    /// refusal of a domain that cannot be checked (400), or 429 `rate-limited` past the client's
    /// allowance.
    ///
    /// - Parameters:
    ///   - page: The checker page showing a live report.
    ///   - check: Checks the domain and renders its report.
    private func answerForm(
        _ domain: String?,
        request: Request,
        context: ServerRequestContext,
        page: (HTML) -> Page,
        check: (CheckedDomain) async -> HTML
    ) async throws -> Response {
        let checked: CheckedDomain
        do {
            checked = try CheckedDomain(domain ?? "")
        } catch {
            let refusal: HTML = "<section id=\"live-report\"><p class=\"error\"><code>\(error.codeName)</code> \(error.message)</p></section>"
            return page(refusal).response(status: .badRequest)
        }
        if let refusal = try limit(request, context: context, isAPI: false) { return refusal }
        return page(await check(checked)).response()
    }

    /// Takes one live check from the client's allowance, or answers 429 `rate-limited` with
    /// `Retry-After`.
    private func limit(_ request: Request, context: ServerRequestContext, isAPI: Bool) throws -> Response? {
        let client = context.remoteAddress?.ipAddress ?? "local"
        guard let wait = limiter.take(client: client, now: clock.milliseconds) else { return nil }
        return try Refusal.response(
            .tooManyRequests,
            code: "rate-limited",
            message: "too many live checks from \(client): the limit is \(limiter.perMinute) a minute; retry in \(wait) s",
            isAPI: isAPI,
            retryAfter: wait,
            request: request,
            context: context
        )
    }

    /// Checks the domain until done or until the client goes away: its connection's end cancels
    /// the check, and with it every fetch still running.
    private func check(_ domain: CheckedDomain, appID: String?, context: ServerRequestContext) async -> DomainReport {
        let appIDs = (appID?.trimmingCharacters(in: .whitespaces)).map { $0.isEmpty ? [] : [$0] } ?? []
        let checker = LiveChecker(options: options, appIDs: appIDs)
        return await untilDeparture(of: context) { await checker.check(domain) }
    }

    /// Checks a host's `assetlinks.json` as `roundtrip assetlinks check DOMAIN [--package P]`
    /// does (one fetch, no CDN), until done or until the client goes away.
    private func checkAssetLinks(_ domain: CheckedDomain, package: String?, context: ServerRequestContext) async -> AssetLinksCheckReport {
        let packages = (package?.trimmingCharacters(in: .whitespaces)).map { $0.isEmpty ? [] : [$0] } ?? []
        var fetchOptions = options
        fetchOptions.cdnBase = nil
        let checker = AssetLinksChecker(options: fetchOptions, apps: AssetLinksChecker.apps(specs: [], packages: packages))
        return await untilDeparture(of: context) { await checker.check([domain]) }
    }

    /// Runs a check until done, or cancels it (and every fetch it runs) when the client's
    /// connection ends.
    private func untilDeparture<Report: Sendable>(of context: ServerRequestContext, _ work: @escaping @Sendable () async -> Report) async -> Report {
        let task = Task { await work() }
        ConnectionGuardHandler.departure(of: context.channel).whenComplete { _ in task.cancel() }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private struct LiveForm: Decodable {
        let domain: String?
        let appID: String?

        enum CodingKeys: String, CodingKey {
            case domain
            case appID = "app_id"
        }
    }

    private struct AssetLinksLiveForm: Decodable {
        let domain: String?
        let package: String?
    }

    private struct AssetLinksAPIBody: Decodable {
        let domain: String
        let package: String?
    }

    private struct APIBody: Decodable {
        let domain: String
        let appID: String?
    }
}
