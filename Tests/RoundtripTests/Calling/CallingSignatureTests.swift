import Crypto
import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// Request signatures, signed on the calling side and verified by the partner's ``Endpoint``.
@Suite struct CallingSignatureTests {
    typealias S = CallingSupport

    func signed(_ action: String = "locked", key: RequestSigner = CallingSupport.hmacSigner, now: Date = CallingSupport.t0) throws -> String {
        let parameters = action == "locked" ? [QueryItem(name: "id", value: "7")] : [QueryItem(name: "title", value: "hello")]
        return try S.notes().build(action, parameters: parameters, callback: "pos-app://cb", signer: key, now: now, nonce: S.nonce(1)).url
    }

    func reject(_ url: String, now: Date = CallingSupport.t0, endpoint: Endpoint? = nil) throws -> RoundtripError? {
        let endpoint = try endpoint ?? S.notesEndpoint()
        do {
            _ = try endpoint.evaluate(url, now: now)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSignedRequestEndsWithTheFourParametersAndVerifies() throws {
        let url = try signed()
        let names = try QueryCodec.decode(try URLSplit(url).query ?? "").map(\.name)
        #expect(Array(names.suffix(4)) == ["rt-kid", "rt-ts", "rt-id", "rt-sig"])
        #expect(try reject(url) == nil)
    }

    @Test func alteredBytesFailToVerify() throws {
        let url = try signed()
        let altered = url.replacingOccurrences(of: "id=7", with: "id=8")
        #expect(try reject(altered)?.code == .badSignature)
        let retargeted = url.replacingOccurrences(of: "pos-app%3A%2F%2Fcb%2Fsuccess", with: "pos-app%3A%2F%2Fcc%2Fsuccess")
        #expect(retargeted != url)
        #expect(try reject(retargeted)?.code == .badSignature)
        // Same meaning, different bytes (lowercase escapes): the signature is over the bytes.
        let reencoded = url.replacingOccurrences(of: "%3A%2F%2F", with: "%3a%2f%2f")
        #expect(try reject(reencoded)?.code == .badSignature)
    }

    @Test func strippedSignaturesAreRefused() throws {
        let url = try signed()
        let withoutSig = String(url[..<url.range(of: "&rt-sig=")!.lowerBound])
        #expect(try reject(withoutSig)?.code == .badSignature)
        let unsigned = String(url[..<url.range(of: "&rt-kid=")!.lowerBound])
        let missing = try reject(unsigned)
        #expect(missing?.code == .missingSignature)
        #expect(missing?.message == "the action 'locked' requires a signed request (rt-kid, rt-ts, rt-id, rt-sig)")
        // Where signatures are optional an unsigned request passes, but a half-stripped one never does.
        let optional = try signed("create")
        #expect(try reject(String(optional[..<optional.range(of: "&rt-kid=")!.lowerBound])) == nil)
        #expect(try reject(String(optional[..<optional.range(of: "&rt-sig=")!.lowerBound]))?.code == .badSignature)
    }

    @Test func reorderedSignatureParametersAreRefused() throws {
        let url = try signed()
        let split = try URLSplit(url)
        let items = try QueryCodec.decode(split.query!)
        var reordered = items
        reordered.swapAt(items.count - 3, items.count - 2)  // rt-ts <-> rt-id
        let error = try reject(String(split.base) + "?" + QueryCodec.encode(reordered))
        #expect(error?.code == .badSignature)
        #expect(
            error?.message == "the signature parameters must be the last four, in the order rt-kid, rt-ts, rt-id, rt-sig; 'rt-id' is out of place"
        )
        var moved = items
        moved.insert(moved.remove(at: items.count - 4), at: 0)  // rt-kid first
        #expect(try reject(String(split.base) + "?" + QueryCodec.encode(moved))?.code == .badSignature)
    }

    @Test(arguments: [(-301, RoundtripError.Code?.some(.expired)), (-300, nil), (0, nil), (300, nil), (301, .expired)])
    func freshnessWindow(offset: Int, code: RoundtripError.Code?) throws {
        let url = try signed()
        #expect(try reject(url, now: S.t0.addingTimeInterval(TimeInterval(offset)))?.code == code)
    }

    @Test func staleAndFutureMessages() throws {
        let url = try signed()
        #expect(try reject(url, now: S.t0.addingTimeInterval(400))?.message == "the request was signed 400 s ago; signatures are fresh for 300 s")
        #expect(
            try reject(url, now: S.t0.addingTimeInterval(-400))?.message
                == "the request is signed 400 s in the future; clocks may differ by at most 300 s"
        )
    }

    @Test func duplicatedSignatureParametersAreRefused() throws {
        let url = try signed()
        let signature = String(url[url.range(of: "&rt-sig=")!.lowerBound...])
        #expect(try reject(url + signature)?.code == .duplicateParameter)
        let block = String(url[url.range(of: "&rt-kid=")!.lowerBound...])
        #expect(try reject(url + block)?.code == .duplicateParameter)
    }

    @Test func wrongKeyUnknownKeyAndUnavailableKey() throws {
        let wrong = RequestSigner(keyID: "pos-2026", key: .hmacSHA256(SymmetricKey(data: Data("not-the-secret".utf8))))
        let error = try reject(try signed(key: wrong))
        #expect(error?.code == .badSignature)
        #expect(error?.message == "the signature does not verify with key 'pos-2026': the URL was altered or signed with another key")

        let unknown = RequestSigner(keyID: "nobody", key: S.hmacSigner.key)
        let unknownError = try reject(try signed(key: unknown))
        #expect(unknownError?.code == .badSignature)
        #expect(unknownError?.message == "the request is signed with the unknown key id 'nobody'")
        #expect(unknownError?.parameter == "rt-kid")

        let noSecret = try Endpoint(spec: try S.spec("notes"), keys: EnvironmentKeyResolver(environment: [:]))
        let unavailable = try reject(try signed(), endpoint: noSecret)
        #expect(unavailable?.code == .badSignature)
        #expect(unavailable?.message == "the secret of key 'pos-2026' is unavailable: the environment variable ROUNDTRIP_TEST_SECRET is not set")
    }

    @Test func aFragmentAfterTheSignatureIsRefused() throws {
        // The fragment is outside the signed bytes; accepting it would let anyone add one.
        let error = try reject(try signed() + "#injected")
        #expect(error?.code == .badSignature)
        #expect(error?.message == "a signed request ends with rt-sig; the fragment ('#…') after it is not covered by the signature")
    }

    @Test func nonCanonicalBase64OfTheSameSignatureIsRefused() throws {
        let url = try signed()
        // HMAC-SHA256 is 32 bytes: 43 base64url characters whose last carries 2 unused bits.
        let last = url.last!
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let value = alphabet.firstIndex(of: last)!
        let twin = alphabet[value ^ 0b01]
        let error = try reject(String(url.dropLast()) + String(twin))
        #expect(error?.code == .badSignature)
    }

    @Test func replayedSignedRequestsAreRefusedByTheReplayGuard() async throws {
        let url = try signed()
        let endpoint = try S.notesEndpoint()
        let guardStore = InMemoryReplayGuard()
        _ = try await endpoint.handle(url, now: S.t0, replayGuard: guardStore)
        await #expect(throws: RoundtripError.self) { _ = try await endpoint.handle(url, now: S.t0.addingTimeInterval(1), replayGuard: guardStore) }
        let directory = TemporaryFolder.make()
        _ = try await endpoint.handle(url, now: S.t0, replayGuard: FileReplayGuard(directory: directory))
        do {
            _ = try await endpoint.handle(url, now: S.t0, replayGuard: FileReplayGuard(directory: directory))
            Issue.record("a replay passed the durable guard")
        } catch let error as RoundtripError {
            #expect(error.code == .replayed)
        }
    }

    @Test func ed25519SignaturesVerifyWithThePublicKeyOnly() throws {
        let privateKey = try Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32))
        let publicKey = Data(privateKey.publicKey.rawRepresentation).base64EncodedString()
        #expect(publicKey == "6kpsY+KcUgq+9VB7Ey7F+ZVHdq6+vnuSQh7qaRRG0iw=")  // The benchmarks' fixture key.
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: Vault, schemes: [vault]}
                signatures: required
                keys:
                  partner-a: {algorithm: ed25519, public-key: "\(publicKey)"}
                actions:
                  open:
                    convention: x-callback-url
                    parameters:
                      item: {type: string, required: true}
                """
        ).spec
        let builder = try RequestBuilder(partner: spec)
        let signer = try RequestSigner(keyID: "partner-a", algorithm: .ed25519, bytes: Array(privateKey.rawRepresentation))
        let url = try builder.build("open", parameters: [QueryItem(name: "item", value: "x")], callback: "pos-app://cb", signer: signer, now: S.t0)
            .url
        let endpoint = try Endpoint(spec: spec)
        #expect(try endpoint.evaluate(url, now: S.t0).signature?.keyID == "partner-a")
        let other = try RequestSigner(keyID: "partner-a", algorithm: .ed25519, bytes: [UInt8](repeating: 8, count: 32))
        let forged = try builder.build("open", parameters: [QueryItem(name: "item", value: "x")], callback: "pos-app://cb", signer: other, now: S.t0)
            .url
        #expect(throws: RoundtripError.self) { _ = try endpoint.evaluate(forged, now: S.t0) }
        #expect(throws: RoundtripError.self) { _ = try RequestSigner(keyID: "k", algorithm: .ed25519, bytes: [1, 2, 3]) }
    }
}
