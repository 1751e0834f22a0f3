import Foundation
import Roundtrip
import RoundtripYAML

/// A partner that signs its answers, and the caller's side of a request to it.
struct SignedAnswerPartner {
    /// The partner's answer key and another key under the same id.
    static let signer = makeSigner(0x07)
    static let otherKey = makeSigner(0x08)
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func makeSigner(_ byte: UInt8, id: String = "terminal-2026") -> RequestSigner {
        // Fixed bytes: a test key; a valid Ed25519 private key is any 32 bytes.
        (try? RequestSigner(keyID: id, algorithm: .ed25519, bytes: Array(repeating: byte, count: 32)))!
    }

    /// The partner's spec: `charge` (return-url) and `create` (x-callback-url), answers signed
    /// as `signatures` says at app level.
    static func yaml(signatures: String = "required", extra: String = "") -> String {
        let publicKey = Data(signer.key.publicKey ?? []).base64EncodedString()
        return """
            roundtrip: 1
            app: {name: Terminal, schemes: [terminal]}
            callbacks: ["pos://charged", "pos://created/success", "pos://created/error", "pos://created/cancel"]
            keys:
              terminal-2026: {algorithm: ed25519, public-key: "\(publicKey)"}
            answers: {signatures: \(signatures)\(signatures == "off" ? "" : ", key: terminal-2026")}
            actions:
              charge:
                url: terminal://charge
                convention: return-url
                response-prefix: ifcc_
                parameters:
                  amount: {type: decimal, required: true}
              create:
                url: terminal://x-callback-url/create
                convention: x-callback-url
            \(extra)
            """
    }

    let spec: Spec
    let ledger = InMemoryLedgerStore()
    var acceptor: ResponseAcceptor { ResponseAcceptor(ledger: ledger) }

    init(signatures: String = "required") throws {
        spec = try SpecLoader.load(yaml: Self.yaml(signatures: signatures)).spec
    }

    /// A partner over an already loaded spec, with a fresh ledger.
    init(spec: Spec) {
        self.spec = spec
    }

    /// Sends a charge with nonce `seed` (recorded in the ledger) and returns what the partner
    /// accepted.
    func request(_ seed: Int = 1, action: String = "charge") async throws -> AcceptedRequest {
        let parameters = action == "charge" ? [QueryItem(name: "amount", value: "12.50")] : []
        let outgoing = try RequestBuilder(partner: spec).build(
            action,
            parameters: parameters,
            callback: action == "charge" ? "pos://charged" : "pos://created",
            now: Self.t0,
            nonce: CallingSupport.nonce(seed)
        )
        try await ledger.record(outgoing.pending!)
        return try Endpoint(spec: spec).evaluate(outgoing.url, now: Self.t0)
    }

    /// The partner's answer to `request`.
    func answer(
        _ request: AcceptedRequest,
        outcome: String = "approved",
        parameters: [QueryItem] = [],
        signer: RequestSigner? = SignedAnswerPartner.signer,
        now: Date = SignedAnswerPartner.t0
    ) throws -> String {
        let action = spec.action(named: request.actionName)!
        return try ResponseBuilder.callbackURL(
            answering: request,
            action: action,
            outcome: outcome,
            parameters: parameters,
            signer: signer,
            now: now
        )
    }

    /// An answer to `request` built as if the spec did not sign answers: what a forger opens.
    func unsignedAnswer(_ request: AcceptedRequest, outcome: String = "approved") throws -> String {
        var action = spec.action(named: request.actionName)!
        action.answers = .off
        return try ResponseBuilder.callbackURL(answering: request, action: action, outcome: outcome)
    }

    /// The error accepting `url` fails with, or `nil` when it is accepted.
    func reject(_ url: String, now: Date = SignedAnswerPartner.t0) async -> RoundtripError? {
        do {
            _ = try await acceptor.accept(url, now: now)
            return nil
        } catch let error as RoundtripError {
            return error
        } catch {
            return RoundtripError(.malformedURL, "unexpected \(error)")
        }
    }
}
