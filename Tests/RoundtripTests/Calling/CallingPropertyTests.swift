import Foundation
import PropertyBased
import Roundtrip
import Testing

@Suite struct CallingPropertyTests {
    typealias S = CallingSupport

    /// Any mix of genuine, replayed and forged deliveries, raced against each other, accepts each
    /// request at most once, and exactly once when its genuine callback was delivered.
    @Test func aCallbackIsAcceptedAtMostOnceUnderAnyInterleaving() async throws {
        let notes = try S.notes()
        await propertyCheck(count: 40, input: Gen.int(in: 0...5).array(of: 1...40), Gen.int(in: 0...3).array(of: 40)) { targets, variants in
            let ledger = InMemoryLedgerStore()
            let acceptor = ResponseAcceptor(ledger: ledger)
            for seed in 0..<6 {
                let request = try notes.build(
                    "create",
                    parameters: [QueryItem(name: "title", value: "t")],
                    callback: "pos-app://cb\(seed % 2)",
                    now: S.t0,
                    nonce: S.nonce(seed)
                )
                try await ledger.record(try #require(request.pending))
            }
            let deliveries = targets.enumerated().map { index, target in (target, variants[index]) }
            let accepted = await withTaskGroup(of: (Int, Bool).self) { group in
                for (target, variant) in deliveries {
                    group.addTask {
                        let nonce = variant == 3 ? S.nonce(target + 100) : S.nonce(target)  // 3: forged nonce
                        let outcome = ["success", "error", "cancel", "success"][variant]
                        let url = "pos-app://cb\(target % 2)/\(outcome)?rt-state=\(nonce)"
                        return (target, (try? await acceptor.accept(url, now: S.t0)) != nil)
                    }
                }
                var counts: [Int: Int] = [:]
                for await (target, ok) in group where ok { counts[target, default: 0] += 1 }
                return counts
            }
            for target in 0..<6 {
                let genuine = deliveries.contains { $0.0 == target && $0.1 != 3 }
                #expect(accepted[target, default: 0] == (genuine ? 1 : 0), "request \(target): \(deliveries)")
            }
        }
    }

    /// Signing then verifying holds for any parameters, and any single-byte change is refused.
    @Test func signThenVerifyHoldsAndAnySingleByteChangeFails() async throws {
        let notes = try S.notes()
        let endpoint = try S.notesEndpoint()
        let replacements = Array("abcXYZ019-._~%&=+/:?#!$'()*,;@ ".utf8)
        await propertyCheck(
            count: 200,
            input: Gen.letterOrNumber.string(of: 1...30),
            Gen.int(in: 0...10_000),
            Gen.int(in: 0...(replacements.count - 1))
        ) { title, position, replacement in
            let url = try notes.build(
                "locked",
                parameters: [QueryItem(name: "id", value: String(title.utf8.count))],
                callback: "pos-app://\(title.lowercased())",
                signer: S.hmacSigner,
                now: S.t0
            ).url
            #expect(throws: Never.self) { _ = try endpoint.evaluate(url, now: S.t0) }
            var bytes = Array(url.utf8)
            let index = position % bytes.count
            var byte = replacements[replacement]
            if byte == bytes[index] { byte = byte == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a") }
            bytes[index] = byte
            let altered = String(decoding: bytes, as: UTF8.self)
            #expect(throws: RoundtripError.self, "byte \(index) of \(url) -> \(altered)") { _ = try endpoint.evaluate(altered, now: S.t0) }
        }
    }
}
