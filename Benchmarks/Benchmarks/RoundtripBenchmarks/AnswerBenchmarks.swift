import Benchmark
import Foundation
import Roundtrip

/// The calling side's cost of signed answers: accepting a partner's answer when its spec signs
/// answers with Ed25519, against the same answer from a partner that does not sign. Each
/// iteration records the pending request in a fresh in-memory ledger and accepts the answer, so
/// the two differ by the signature check alone (at most one Ed25519 verification).
func registerAnswerBenchmarks() {
    let signer = (try? RequestSigner(keyID: "terminal-2026", algorithm: .ed25519, bytes: LedgerBenchmarkFixture.ed25519PrivateKey))!
    func partnerYAML(_ answers: String) -> String {
        """
        roundtrip: 1
        app: {name: Terminal, schemes: [terminal]}
        callbacks: ["pos-app://charge-result"]
        keys:
          terminal-2026: {algorithm: ed25519, public-key: "\(LedgerBenchmarkFixture.ed25519PublicKey)"}
        answers: \(answers)
        actions:
          charge:
            url: terminal://charge
            convention: return-url
            response-prefix: ifcc_
            parameters:
              amount: {type: decimal, required: true}
        """
    }
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let nonce = "AAAAAAAAAAAAAAAAAAAAAA"

    /// The pending request and its partner's answer.
    func fixture(answers: String, signer: RequestSigner?) throws -> (PendingRequest, String) {
        let partner = try SpecLoader.load(yaml: partnerYAML(answers)).spec
        let request = try RequestBuilder(partner: partner).build(
            "charge",
            parameters: [QueryItem(name: "amount", value: "12.50")],
            callback: "pos-app://charge-result",
            now: start,
            nonce: nonce
        )
        let accepted = try Endpoint(spec: partner).evaluate(request.url, now: start)
        let answer = try ResponseBuilder.callbackURL(
            answering: accepted,
            action: partner.actions[0],
            outcome: "approved",
            parameters: [QueryItem(name: "transactionId", value: "T-1")],
            signer: signer,
            now: start
        )
        return (request.pending!, answer)
    }
    guard let unsigned = try? fixture(answers: "{signatures: off}", signer: nil),
        let signed = try? fixture(answers: "{signatures: required, key: terminal-2026}", signer: signer)
    else {
        fatalError("the answer benchmarks' fixture does not build")
    }

    func accept(_ pending: PendingRequest, _ answer: String) async throws {
        let ledger = InMemoryLedgerStore()
        try await ledger.record(pending)
        blackHole(try await ResponseAcceptor(ledger: ledger).accept(answer, now: start))
    }

    for (name, (pending, answer)) in [("unsigned (baseline)", unsigned), ("Ed25519-signed", signed)] {
        Benchmark("Answer acceptance: \(name)", configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo)) { benchmark in
            for _ in benchmark.scaledIterations { try await accept(pending, answer) }
        }
        registerAllocations("Answer acceptance, \(name)") { try await accept(pending, answer) }
    }
}
