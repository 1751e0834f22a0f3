import Crypto
import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML

/// Shared setup of the calling-side and ledger tests.
enum CallingSupport {
    static let secret = "test-secret-0123456789abcdef"
    static let environment = ["ROUNDTRIP_TEST_SECRET": secret]
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func spec(_ name: String) throws -> Spec {
        try SpecLoader.load(contentsOf: Fixture.path("specs/\(name).yaml")).spec
    }

    static func terminal() throws -> RequestBuilder { try RequestBuilder(partner: try spec("terminal")) }
    static func notes() throws -> RequestBuilder { try RequestBuilder(partner: try spec("notes")) }

    static func notesEndpoint() throws -> Endpoint {
        try Endpoint(spec: try spec("notes"), keys: EnvironmentKeyResolver(environment: environment))
    }

    static var hmacSigner: RequestSigner {
        RequestSigner(keyID: "pos-2026", key: .hmacSHA256(SymmetricKey(data: Data(secret.utf8))))
    }

    /// A deterministic nonce: base64url of 16 bytes derived from `seed`.
    static func nonce(_ seed: Int) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Data("nonce-\(seed)".utf8))).prefix(16))
    }

    /// The ledger key's bytes, as an app reads them from the Keychain.
    static let ledgerKeyData = Data("ledger-key-0123456789abcdef".utf8)

    /// The ledger key, made anew at each use: on Apple platforms CryptoKit's `SymmetricKey` is
    /// not `Sendable` in every SDK, so a stored one could be neither shared by a `static let` nor
    /// handed to two actors.
    static var ledgerKey: SymmetricKey { SymmetricKey(data: ledgerKeyData) }

    /// The value of `name` in a URL's query.
    static func queryValue(_ url: String, _ name: String) throws -> String? {
        let split = try URLSplit(url)
        return try QueryCodec.decode(split.query ?? "").first { $0.name == name }?.value
    }

    /// Sends a return-url charge to the terminal and returns the request, recorded in `ledger`.
    static func recordCharge(
        in ledger: any LedgerStore,
        nonce seed: Int = 1,
        callback: String = "my-return-url://?record_id=123",
        ttl: TimeInterval = 600,
        now: Date = t0,
        continuation: Data? = nil
    ) async throws -> OutgoingRequest {
        let request = try terminal().build(
            "charge",
            parameters: [QueryItem(name: "amount", value: "12.50"), QueryItem(name: "invoiceNumber", value: "123")],
            callback: callback,
            continuation: continuation,
            ttl: ttl,
            now: now,
            nonce: nonce(seed)
        )
        try await ledger.record(request.pending!)
        return request
    }
}
