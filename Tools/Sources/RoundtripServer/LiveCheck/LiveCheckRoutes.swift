import Foundation
import Hummingbird
import RoundtripAASACheck

/// The AASA checker's live check, the same as `roundtrip aasa check DOMAIN`:
///
/// - `POST /aasa-check/live` (form: `domain`, `app_id`) → the checker page with the report
/// - `POST /api/aasa-check` `{"domain": "example.com", "appID": "TEAMID.bundle.id"}` (`appID`
///   optional) → `{"domains": [{"domain", "live", "cdn", "findings"}]}`, the command's JSON
///
/// Each check makes three outbound fetches, so on top of the writing requests' limit each client
/// may start ``ServerConfiguration/liveChecksPerMinute`` of them (429 `rate-limited` with
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
            let domain: CheckedDomain
            do {
                domain = try CheckedDomain(form.domain ?? "")
            } catch let error as LiveCheckError {
                page.liveReport = "<section id=\"live-report\"><p class=\"error\"><code>\(error.codeName)</code> \(error.message)</p></section>"
                return page.page.response(status: .badRequest)
            }
            if let refusal = try limit(request, context: context, isAPI: false) { return refusal }
            page.liveReport = AASACheckerPage.render(await check(domain, appID: form.appID, context: context))
            return page.page.response()
        }
        router.post("/api/aasa-check") { request, context in
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: Self.maximumBody)
            } catch {
                throw APIError.tooLarge("the body is larger than \(Self.maximumBody / 1024) KiB")
            }
            let decoded: APIBody
            do {
                decoded = try JSONDecoder().decode(APIBody.self, from: Data(buffer: body))
            } catch {
                throw APIError.invalidJSON("the body must be a JSON object {\"domain\": \"example.com\", \"appID\": \"TEAMID.bundle.id\"}")
            }
            let domain: CheckedDomain
            do {
                domain = try CheckedDomain(decoded.domain)
            } catch let error as LiveCheckError {
                throw APIError(.badRequest, code: error.codeName, message: error.message)
            }
            if let refusal = try limit(request, context: context, isAPI: true) { return refusal }
            return JSONResponse.make(LiveCheckReport(domains: [await check(domain, appID: decoded.appID, context: context)]))
        }
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
        let task = Task { await checker.check(domain) }
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

    private struct APIBody: Decodable {
        let domain: String
        let appID: String?
    }
}
