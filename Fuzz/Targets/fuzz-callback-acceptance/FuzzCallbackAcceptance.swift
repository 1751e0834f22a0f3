import Foundation
import FuzzSupport
import Roundtrip

/// The calling app's check of incoming callbacks (``ResponseAcceptor`` over an
/// ``InMemoryLedgerStore``). Each input is up to 16 callback URLs, one a line, received one second
/// apart by a fresh ledger holding requests of every convention (two of them waiting at the same
/// base), one expired and one already answered. It must never crash, and:
///
/// - forged state is never accepted: an accepted callback carries exactly the `rt-state` of the
///   live request it consumed, at the base of one of that request's callbacks, with the caller's
///   own query items intact, and an outcome that request may answer with;
/// - a request is accepted at most once: a nonce is never consumed twice, and every accepted URL
///   is refused as `replayed` when it comes again;
/// - a refused callback consumes nothing: afterwards, every live request that no line answered
///   still accepts its genuine callback;
/// - every refusal is a ``RoundtripError`` with a calling-side code.
enum CallbackFuzz {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A request the app sent, and the callback its partner would genuinely open for it.
    struct Sent: Sendable {
        let request: PendingRequest
        let genuine: String
    }

    static func sent(_ nonce: String, _ convention: Convention, _ callbacks: [String: String], prefix: String = "", created: TimeInterval = 0, ttl: TimeInterval = 600, genuine: String) -> Sent {
        let request = PendingRequest(
            nonce: nonce, partner: "Fuzz Partner", action: "act-\(nonce.suffix(4))", convention: convention,
            callbacks: callbacks, responsePrefix: prefix, createdAt: now.addingTimeInterval(created),
            expiresAt: now.addingTimeInterval(created + ttl)
        )
        return Sent(request: request, genuine: genuine)
    }

    /// Requests still waiting at `now`.
    static let live: [Sent] = [
        sent("bm9uY2UtMS0xMjM0NTY3OA", .xCallbackURL, [
            "success": "pos-app://cb/success?order=7", "error": "pos-app://cb/error?order=7", "cancel": "pos-app://cb/cancel?order=7",
        ], genuine: "pos-app://cb/success?order=7&rt-state=bm9uY2UtMS0xMjM0NTY3OA&result=ok"),
        sent("bm9uY2UtMi0xMjM0NTY3OA", .universalLinkCallback, [
            "success": "https://pos.example.com/ulc/success", "error": "https://pos.example.com/ulc/error",
        ], genuine: "https://pos.example.com/ulc/error?rt-state=bm9uY2UtMi0xMjM0NTY3OA"),
        sent("bm9uY2UtMy0xMjM0NTY3OA", .returnURL, ["return": "my-return-url://?record_id=123"], prefix: "ifcc_",
             genuine: "my-return-url://?record_id=123&rt-state=bm9uY2UtMy0xMjM0NTY3OA&ifcc_responseType=approved&ifcc_transactionId=T-9"),
        sent("bm9uY2UtNC0xMjM0NTY3OA", .returnURL, ["return": "my-return-url://?record_id=456"], prefix: "ifcc_",
             genuine: "my-return-url://?record_id=456&rt-state=bm9uY2UtNC0xMjM0NTY3OA&ifcc_responseType=declined"),
    ]
    /// A request whose time ran out before the callbacks arrive.
    static let expired = sent("bm9uY2UtNS0xMjM0NTY3OA", .xCallbackURL, ["success": "pos-app://old/success"], created: -700,
                              genuine: "pos-app://old/success?rt-state=bm9uY2UtNS0xMjM0NTY3OA")
    /// A request answered before the callbacks arrive.
    static let answered = sent("bm9uY2UtNi0xMjM0NTY3OA", .returnURL, ["return": "my-return-url://done"], prefix: "ifcc_", created: -60,
                               genuine: "my-return-url://done?rt-state=bm9uY2UtNi0xMjM0NTY3OA&ifcc_responseType=approved")

    /// The calling side's stable error codes, and the response-shape codes of ``ResponseAcceptor``.
    static let callingCodes: Set<RoundtripError.Code> = [
        .unsolicitedResponse, .nonceMismatch, .replayed, .expired, .reservedParameter, .duplicateParameter,
        .malformedURL, .invalidEncoding, .tooLarge, .missingParameter, .invalidParameter, .unknownParameter,
    ]

    static func receive(_ urls: [String]) async {
        let ledger = InMemoryLedgerStore()
        let acceptor = ResponseAcceptor(ledger: ledger)
        do {
            for sent in live + [expired, answered] { try await ledger.record(sent.request) }
            _ = try await acceptor.accept(answered.genuine, now: now.addingTimeInterval(-30))
        } catch {
            fatalError("setting up the ledger failed: \(error)")
        }
        var accepted: [String: String] = [:]  // nonce → the URL that consumed it
        for (offset, url) in urls.enumerated() {
            guard let response = await CallingInvariants.accept(url, acceptor, at: now.addingTimeInterval(TimeInterval(offset)), codes: callingCodes) else { continue }
            let nonce = response.request.nonce
            FuzzDriver.require(accepted[nonce] == nil, "the request \(nonce) was accepted twice: \(accepted[nonce]!) and \(url)")
            accepted[nonce] = url
            check(response, url)
        }
        let later = now.addingTimeInterval(100)
        await CallingInvariants.check(accepted: accepted, genuine: live.map { ($0.request.nonce, $0.genuine) }) { await CallingInvariants.acceptAgain($0, acceptor, at: later) }
    }

    /// What an accepted callback must be, checked on the URL itself rather than trusted from the
    /// acceptor.
    static func check(_ response: AcceptedResponse, _ url: String) {
        let request = response.request
        guard let sent = live.first(where: { $0.request.nonce == request.nonce }) else {
            fatalError("accepted \(url) for \(request.nonce), which is not a live request")
        }
        FuzzDriver.require(request.isConsumed, "accepted without consuming \(request.nonce)")
        guard let split = try? URLSplit(url), let items = try? QueryCodec.decode(split.query ?? "", allowDuplicates: true) else {
            fatalError("accepted \(url), which does not split or decode")
        }
        let states = items.filter { $0.name == "rt-state" }.map(\.value)
        FuzzDriver.require(states == [sent.request.nonce], "accepted \(url) with rt-state \(states) for \(sent.request.nonce)")
        guard let (key, callback) = sent.request.callbacks.first(where: { sameBase(split, $0.value) }) else {
            fatalError("accepted \(url) at a base \(sent.request.nonce) was not sent with")
        }
        let own = (try? QueryCodec.decode(URLSplit(callback).query ?? "", allowDuplicates: true)) ?? []
        FuzzDriver.require(own.allSatisfy(items.contains), "accepted \(url) without the caller's own items of \(callback)")
        FuzzDriver.require(response.parameters["rt-state"] == nil, "rt-state among the response parameters")
        if request.convention == .returnURL {
            FuzzDriver.require(request.outcomes.contains(response.outcome), "the undeclared outcome \(response.outcome)")
        } else {
            FuzzDriver.require(response.outcome == key, "outcome \(response.outcome) on the \(key) callback")
        }
    }

    /// Scheme and host compared ignoring case, port and path exactly.
    static func sameBase(_ url: URLSplit, _ callback: String) -> Bool {
        guard let sent = try? URLSplit(callback) else { return false }
        return url.scheme.lowercased() == sent.scheme.lowercased() && url.hasAuthority == sent.hasAuthority
            && url.host.lowercased() == sent.host.lowercased() && url.port == sent.port && url.path == sent.path
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_callback_acceptance_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { bytes in
        let urls = FuzzDriver.text(bytes).split(separator: "\n", omittingEmptySubsequences: false).prefix(16).map(String.init)
        FuzzDriver.wait { await CallbackFuzz.receive(urls) }
    }
}
