import Crypto
import Foundation
import PropertyBased
import Roundtrip
import RoundtripTestSupport
import Testing

@Suite("Signed requests: rt-kid, rt-ts, rt-id and rt-sig last")
struct SignatureTests {
    static let unsigned = "https://notes.example.com/pay?amount=12.50&returnURL=otherapp%3A%2F%2Fpaid%3Frt-state%3Dabc"
    static let now: Int64 = 1_800_000_000

    func sign(
        _ url: String = unsigned,
        key: SigningKey = TestSpecs.hmacKey,
        keyID: String = "pos-2026",
        at timestamp: Int64 = now,
        id: String = "req-1"
    ) throws -> String {
        try RequestSignature.sign(url, keyID: keyID, key: key, timestamp: timestamp, requestID: id)
    }

    func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    @Test func hmacSignedRequestIsAccepted() throws {
        let signed = try sign()
        #expect(signed.hasPrefix(Self.unsigned + "&rt-kid=pos-2026&rt-ts=1800000000&rt-id=req-1&rt-sig="))
        let request = try TestSpecs.endpoint("rich").evaluate(signed, now: date(Self.now + 10))
        #expect(request.signature?.keyID == "pos-2026")
        #expect(request.signature?.timestamp == Self.now)
        #expect(request.signature?.requestID == "req-1")
        #expect(request.parameters["amount"] == .decimal(Decimal(string: "12.5")!))
        #expect(request.callbacks["return"] == "otherapp://paid?rt-state=abc")
    }

    @Test func ed25519SignedRequestIsAccepted() throws {
        let signed = try sign(key: .ed25519(TestSpecs.partnerKey), keyID: "partner-a")
        let request = try TestSpecs.endpoint("rich").evaluate(signed, now: date(Self.now))
        #expect(request.signature?.keyID == "partner-a")
    }

    struct Tamper: CustomTestStringConvertible, Sendable {
        let name: String
        let transform: @Sendable (String) -> String
        let code: RoundtripError.Code
        var testDescription: String { name }
    }

    static let tampers: [Tamper] = [
        Tamper(name: "amount altered", transform: { $0.replacingOccurrences(of: "amount=12.50", with: "amount=92.50") }, code: .badSignature),
        Tamper(name: "callback altered", transform: { $0.replacingOccurrences(of: "otherapp", with: "evilapp1") }, code: .badSignature),
        Tamper(name: "signature stripped", transform: { String($0[..<$0.range(of: "&rt-sig=")!.lowerBound]) }, code: .badSignature),
        Tamper(name: "all signature parameters stripped", transform: { _ in unsigned }, code: .missingSignature),
        Tamper(
            name: "parameters reordered",
            transform: { url in
                url.replacingOccurrences(
                    of: "amount=12.50&returnURL=otherapp%3A%2F%2Fpaid%3Frt-state%3Dabc",
                    with: "returnURL=otherapp%3A%2F%2Fpaid%3Frt-state%3Dabc&amount=12.50"
                )
            },
            code: .badSignature
        ),
        Tamper(
            name: "signature parameters reordered",
            transform: { url in
                url.replacingOccurrences(of: "rt-kid=pos-2026&rt-ts=1800000000", with: "rt-ts=1800000000&rt-kid=pos-2026")
            },
            code: .badSignature
        ),
        Tamper(
            name: "signature duplicated",
            transform: { url in
                url + "&rt-sig=" + url[url.range(of: "&rt-sig=")!.upperBound...]
            },
            code: .duplicateParameter
        ),
        Tamper(name: "parameter appended after the signature", transform: { $0 + "&extra=1" }, code: .badSignature),
        Tamper(name: "key id swapped", transform: { $0.replacingOccurrences(of: "rt-kid=pos-2026", with: "rt-kid=partner-a") }, code: .badSignature),
        Tamper(
            name: "timestamp moved",
            transform: { $0.replacingOccurrences(of: "rt-ts=1800000000", with: "rt-ts=1800000001") },
            code: .badSignature
        ),
        Tamper(
            name: "signature bit flipped",
            transform: { url in
                var bytes = Array(url.utf8)
                bytes[bytes.count - 3] = bytes[bytes.count - 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
                return String(decoding: bytes, as: UTF8.self)
            },
            code: .badSignature
        ),
    ]

    @Test(arguments: tampers)
    func tamperedRequestIsRejected(_ tamper: Tamper) throws {
        let tampered = tamper.transform(try sign())
        let endpoint = try TestSpecs.endpoint("rich")
        let error = try #require(rejection { try endpoint.evaluate(tampered, now: date(Self.now)) }, "accepted \(tampered)")
        #expect(error.code == tamper.code, "\(error)")
    }

    @Test func wrongKeyIsRejected() throws {
        let wrong = SigningKey.hmacSHA256(SymmetricKey(data: Data("not the secret".utf8)))
        let signed = try sign(key: wrong)
        #expect(
            throws: RoundtripError(
                .badSignature,
                "the signature does not verify with key 'pos-2026': the URL was altered or signed with another key",
                parameter: "rt-sig"
            )
        ) {
            try TestSpecs.endpoint("rich").evaluate(signed, now: date(Self.now))
        }
    }

    @Test(arguments: [(Int64(301), "signed 301 s ago"), (Int64(-301), "301 s in the future")])
    func staleAndFutureAreExpired(offset: Int64, message: String) throws {
        let signed = try sign(at: Self.now - offset)
        let endpoint = try TestSpecs.endpoint("rich")
        let error = try #require(rejection { try endpoint.evaluate(signed, now: date(Self.now)) }, "accepted a signature \(offset) s off")
        #expect(error.code == .expired)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func windowEdgesAreAccepted() throws {
        for offset in [Int64(300), -300] {
            _ = try TestSpecs.endpoint("rich").evaluate(try sign(at: Self.now - offset), now: date(Self.now))
        }
    }

    @Test func replayIsRejected() async throws {
        let endpoint = try TestSpecs.endpoint("rich")
        let replayGuard = InMemoryReplayGuard()
        let signed = try sign()
        _ = try await endpoint.handle(signed, now: date(Self.now), replayGuard: replayGuard)
        let error = try #require(await asyncRejection { try await endpoint.handle(signed, now: date(Self.now + 1), replayGuard: replayGuard) })
        #expect(error.code == .replayed)
        #expect(error.parameter == "rt-id")
        // A new rt-id is a new request.
        _ = try await endpoint.handle(try sign(id: "req-2"), now: date(Self.now + 2), replayGuard: replayGuard)
    }

    @Test func replayIsRejectedAcrossProcessesWithTheFileStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rt-replay-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let endpoint = try TestSpecs.endpoint("rich")
        let signed = try sign()
        _ = try await endpoint.handle(signed, now: date(Self.now), replayGuard: FileReplayGuard(directory: directory))
        let error = await asyncRejection {
            try await endpoint.handle(signed, now: date(Self.now), replayGuard: FileReplayGuard(directory: directory))
        }
        #expect(error?.code == .replayed, "a replay was accepted by a fresh FileReplayGuard on the same folder")
    }

    @Test func optionalSignaturesVerifyWhenPresent() throws {
        let endpoint = try TestSpecs.endpoint("rich")
        let url = "notes://export?back=otherapp%3A%2F%2Fx"
        #expect(try endpoint.evaluate(url).signature == nil)
        let signed = try RequestSignature.sign(url, keyID: "pos-2026", key: TestSpecs.hmacKey, timestamp: Self.now, requestID: "r")
        #expect(try endpoint.evaluate(signed, now: date(Self.now)).signature?.requestID == "r")
        let broken = signed.replacingOccurrences(of: "back=otherapp", with: "back=otherapq")
        #expect(throws: RoundtripError.self) { try endpoint.evaluate(broken, now: date(Self.now)) }
    }

    @Test func missingSecretSaysWhichVariable() throws {
        let endpoint = try Endpoint(spec: TestSpecs.spec("rich"), keys: EnvironmentKeyResolver(environment: [:]))
        let signed = try sign()
        let error = try #require(rejection { try endpoint.evaluate(signed, now: date(Self.now)) })
        #expect(error.code == .badSignature)
        #expect(error.message.contains("ROUNDTRIP_TEST_SECRET is not set"))
    }

    @Test("sign → verify holds, and any single-byte change before rt-sig fails")
    func signatureProperty() async throws {
        let endpoint = try TestSpecs.endpoint("rich")
        let signed = try sign()
        let signedPart = Array(signed.utf8[..<signed.range(of: "&rt-sig=")!.lowerBound.samePosition(in: signed.utf8)!])
        await propertyCheck(count: 200, input: Gen.int(in: 0...(signedPart.count - 1)), Gen.int(in: 0x21...0x7E)) { position, replacement in
            var bytes = Array(signed.utf8)
            guard bytes[position] != UInt8(replacement) else { return }
            bytes[position] = UInt8(replacement)
            let mutated = String(decoding: bytes, as: UTF8.self)
            #expect(throws: RoundtripError.self, "byte \(position) → \(replacement) was accepted") {
                try endpoint.evaluate(mutated, now: Date(timeIntervalSince1970: TimeInterval(Self.now)))
            }
        }
    }
}
