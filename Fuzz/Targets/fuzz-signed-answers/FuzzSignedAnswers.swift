import Foundation
import FuzzSupport
import Roundtrip

/// The calling app's check of callbacks from partners that sign their answers
/// (``ResponseAcceptor`` with ``PendingRequest/answers`` set). Each input is up to 16 lines,
/// received one second apart by a fresh ledger of signed-answer requests. A line is a callback
/// URL, or `@` and a digit: the genuine signed answer of that request, with the rest of the line
/// read as byte pairs (position, replacement) that edit it, so the fuzzer reaches the signature
/// check with near-genuine bytes it could never sign itself. It must never crash, and:
///
/// - the only callback accepted for a request that requires signed answers is its genuine signed
///   answer, byte for byte; for the request whose answers are optional, that or an answer that
///   carries no `rt-kid`, `rt-ts` or `rt-sig` at all;
/// - a request is accepted at most once, and an accepted URL is `replayed` when it comes again;
/// - a refused callback consumes nothing: every live request no line answered still accepts its
///   genuine signed answer afterwards;
/// - every refusal is a ``RoundtripError`` with a calling-side code.
enum SignedAnswerFuzz {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let timestamp = Int64(1_800_000_000)

    /// The partners' answer keys: fixed bytes, so every run signs the same genuine answers.
    static let ed25519 = try! RequestSigner(keyID: "terminal", algorithm: .ed25519, bytes: Array(repeating: 0x2A, count: 32)).key
    static let otherEd25519 = try! RequestSigner(keyID: "bank", algorithm: .ed25519, bytes: Array(repeating: 0x2B, count: 32)).key
    static let pairing = try! RequestSigner(keyID: "paired", algorithm: .hmacSHA256, bytes: Array("pairing-secret-0123456789".utf8)).key

    /// Resolves the HMAC answer key recorded by reference, as a caller's Keychain would.
    struct PairingResolver: KeyResolver {
        func verificationKey(for description: SigningKeyDescription) throws(RoundtripError) -> VerificationKey {
            guard case .keychain("paired") = description.material else {
                throw RoundtripError(.badSignature, "no pairing secret for '\(description.id)'")
            }
            return pairing.verificationKey
        }
    }

    /// A request the app sent, and the answer its partner would genuinely sign.
    struct Sent: Sendable {
        let request: PendingRequest
        let signed: String
    }

    static func sent(
        _ nonce: String,
        _ convention: Convention,
        _ callbacks: [String: String],
        prefix: String = "",
        answers: AnswerRequirement,
        key: SigningKey,
        unsigned: String
    ) -> Sent {
        let request = PendingRequest(
            nonce: nonce,
            partner: "Signing Partner",
            action: "act-\(nonce.suffix(4))",
            convention: convention,
            callbacks: callbacks,
            responsePrefix: prefix,
            createdAt: now,
            expiresAt: now.addingTimeInterval(600),
            answers: answers
        )
        let signed = try! AnswerSignature.sign(unsigned, keyID: answers.key.id, key: key, timestamp: timestamp)
        return Sent(request: request, signed: signed)
    }

    static func ed25519Answers(_ id: String, _ key: SigningKey) -> AnswerRequirement {
        AnswerRequirement(signatures: .required, key: SigningKeyDescription(id: id, algorithm: .ed25519, material: .publicKey(key.publicKey ?? [])))
    }

    /// Requests waiting at `now`, each with its genuine signed answer.
    static let live: [Sent] = [
        sent(
            "bm9uY2UtMS0xMjM0NTY3OA",
            .xCallbackURL,
            [
                "success": "pos-app://cb/success?order=7", "error": "pos-app://cb/error?order=7", "cancel": "pos-app://cb/cancel?order=7",
            ],
            answers: ed25519Answers("terminal", ed25519),
            key: ed25519,
            unsigned: "pos-app://cb/success?order=7&rt-state=bm9uY2UtMS0xMjM0NTY3OA&result=ok"
        ),
        sent(
            "bm9uY2UtMy0xMjM0NTY3OA",
            .returnURL,
            ["return": "my-return-url://?record_id=123"],
            prefix: "ifcc_",
            answers: ed25519Answers("terminal", ed25519),
            key: ed25519,
            unsigned: "my-return-url://?record_id=123&rt-state=bm9uY2UtMy0xMjM0NTY3OA&ifcc_responseType=approved&ifcc_transactionId=T-9"
        ),
        sent(
            "bm9uY2UtNC0xMjM0NTY3OA",
            .returnURL,
            ["return": "my-return-url://?record_id=456"],
            prefix: "ifcc_",
            answers: AnswerRequirement(
                signatures: .optional,
                key: SigningKeyDescription(id: "paired", algorithm: .hmacSHA256, material: .keychain("paired"))
            ),
            key: pairing,
            unsigned: "my-return-url://?record_id=456&rt-state=bm9uY2UtNC0xMjM0NTY3OA&ifcc_responseType=declined"
        ),
        sent(
            "bm9uY2UtNy0xMjM0NTY3OA",
            .xCallbackURL,
            ["success": "pos-app://other/success", "error": "pos-app://other/error"],
            answers: ed25519Answers("bank", otherEd25519),
            key: otherEd25519,
            unsigned: "pos-app://other/error?rt-state=bm9uY2UtNy0xMjM0NTY3OA&errorCode=1&errorMessage=no"
        ),
    ]

    /// The calling side's stable error codes, signed answers' included, and the response-shape
    /// codes of ``ResponseAcceptor``.
    static let callingCodes: Set<RoundtripError.Code> = [
        .unsolicitedResponse, .nonceMismatch, .replayed, .expired, .reservedParameter, .duplicateParameter,
        .malformedURL, .invalidEncoding, .tooLarge, .missingParameter, .invalidParameter, .unknownParameter,
        .missingSignature, .badSignature,
    ]

    /// A line as a callback URL: itself, or `@k` and edits of request k's genuine signed answer.
    static func callback(_ line: Substring) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "@"), let digit = Int(String(UnicodeScalar(bytes[1]))) else { return String(line) }
        var signed = Array(live[digit % live.count].signed.utf8)
        var index = 2
        while index + 1 < bytes.count {
            signed[Int(bytes[index]) % signed.count] = bytes[index + 1]
            index += 2
        }
        return String(decoding: signed, as: UTF8.self)
    }

    static func receive(_ lines: [Substring]) async {
        let ledger = InMemoryLedgerStore()
        let acceptor = ResponseAcceptor(ledger: ledger, keys: PairingResolver())
        do {
            for sent in live { try await ledger.record(sent.request) }
        } catch {
            fatalError("setting up the ledger failed: \(error)")
        }
        var accepted: [String: String] = [:]  // nonce → the URL that consumed it
        for (offset, line) in lines.enumerated() {
            let url = callback(line)
            guard let response = await CallingInvariants.accept(url, acceptor, at: now.addingTimeInterval(TimeInterval(offset)), codes: callingCodes)
            else { continue }
            let nonce = response.request.nonce
            FuzzDriver.require(accepted[nonce] == nil, "the request \(nonce) was accepted twice: \(accepted[nonce]!) and \(url)")
            accepted[nonce] = url
            guard let sent = live.first(where: { $0.request.nonce == nonce }) else {
                fatalError("accepted \(url) for \(nonce), which is not a live request")
            }
            if url != sent.signed {
                let names = (try? QueryCodec.decode(URLSplit(url).query ?? "", allowDuplicates: true).map(\.name)) ?? []
                FuzzDriver.require(
                    sent.request.answers?.signatures == .optional && !names.contains(where: AnswerSignature.parameters.contains),
                    "accepted \(url) for \(nonce), which is not its genuine signed answer \(sent.signed)"
                )
            }
        }
        let later = now.addingTimeInterval(100)
        await CallingInvariants.check(accepted: accepted, genuine: live.map { ($0.request.nonce, $0.signed) }) {
            await CallingInvariants.acceptAgain($0, acceptor, at: later)
        }
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_signed_answers_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { bytes in
        let lines = FuzzDriver.text(bytes).split(separator: "\n", omittingEmptySubsequences: false).prefix(16)
        FuzzDriver.wait { await SignedAnswerFuzz.receive(Array(lines)) }
    }
}
