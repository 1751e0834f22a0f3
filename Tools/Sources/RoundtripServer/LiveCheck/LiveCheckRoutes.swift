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
/// may start ``ServerConfiguration/liveChecksPerMinute`` of them (429 `rate-limited`), and by
/// default only public addresses are fetched (``AddressPolicy/publicOnly``: a domain that resolves
/// to loopback or a private network is refused with a `private-address` finding).
struct LiveCheckRoutes: Sendable {
    let options: LiveCheckOptions
    let limiter: WriteRateLimiter
    let clock: ServerClock

    /// The largest API body read.
    static let maximumBody = 4 * 1024

    func register<Context: RemoteAddressRequestContext>(on router: Router<Context>) {
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
            try limit(context, isAPI: false)
            page.liveReport = AASACheckerPage.render(await check(domain, appID: form.appID))
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
            try limit(context, isAPI: true)
            return JSONResponse.make(LiveCheckReport(domains: [await check(domain, appID: decoded.appID)]))
        }
    }

    /// Takes one live check from the client's allowance, or throws 429 `rate-limited`.
    private func limit(_ context: some RemoteAddressRequestContext, isAPI: Bool) throws {
        let client = context.remoteAddress?.ipAddress ?? "local"
        guard let wait = limiter.take(client: client, now: clock.milliseconds) else { return }
        let message = "too many live checks from \(client): the limit is \(limiter.perMinute) a minute; retry in \(wait) s"
        if isAPI { throw APIError(.tooManyRequests, code: "rate-limited", message: message) }
        throw PageError(status: .tooManyRequests, code: "rate-limited", message: message.prefix(1).uppercased() + message.dropFirst() + ".")
    }

    private func check(_ domain: CheckedDomain, appID: String?) async -> DomainReport {
        let appIDs = (appID?.trimmingCharacters(in: .whitespaces)).map { $0.isEmpty ? [] : [$0] } ?? []
        return await LiveChecker(options: options, appIDs: appIDs).check(domain)
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
