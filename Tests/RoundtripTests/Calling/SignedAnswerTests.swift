import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// Signed answers on the calling side: every way to break one is refused with its own code.
@Suite struct SignedAnswerTests {
    typealias P = SignedAnswerPartner

    @Test func aSignedAnswerEndsWithTheThreeParametersAndIsAccepted() async throws {
        let partner = try P()
        let request = try await partner.request()
        let url = try partner.answer(request)
        let names = try QueryCodec.decode(try URLSplit(url).query ?? "").map(\.name)
        #expect(names == ["rt-state", "ifcc_responseType", "rt-kid", "rt-ts", "rt-sig"])
        #expect(try CallingSupport.queryValue(url, "rt-ts") == "1800000000")
        let accepted = try await partner.acceptor.accept(url, now: P.t0)
        #expect(accepted.outcome == "approved")
        #expect(accepted.parameters.isEmpty)
        #expect(accepted.request.answers?.signatures == .required)
        #expect(accepted.request.answers?.key.id == "terminal-2026")
    }

    @Test func xCallbackAnswersAreSignedToo() async throws {
        let partner = try P()
        let request = try await partner.request(action: "create")
        let url = try partner.answer(request, outcome: "success")
        #expect(url.hasPrefix("pos://created/success?rt-state="))
        #expect(await partner.reject(url) == nil)
    }

    @Test func aStrippedSignatureIsMissing() async throws {
        let partner = try P()
        let url = try partner.answer(try await partner.request())
        let error = await partner.reject(String(url[..<url.range(of: "&rt-kid=")!.lowerBound]))
        #expect(error?.code == .missingSignature)
        #expect(error?.message == "the answer is not signed; 'Terminal' signs its answers with key 'terminal-2026' (rt-kid, rt-ts, rt-sig)")
        // Half stripped: rt-kid and rt-ts without rt-sig.
        let half = await partner.reject(String(url[..<url.range(of: "&rt-sig=")!.lowerBound]))
        #expect(half?.code == .badSignature)
        #expect(
            half?.message
                == "the signature parameters must be the last three, once each, in the order rt-kid, rt-ts, rt-sig; 'rt-kid' is out of place"
        )
    }

    @Test func reorderedSignatureParametersAreRefused() async throws {
        let partner = try P()
        let url = try partner.answer(try await partner.request())
        let split = try URLSplit(url)
        var items = try QueryCodec.decode(split.query!)
        items.swapAt(items.count - 3, items.count - 2)
        let error = await partner.reject(String(split.base) + "?" + QueryCodec.encode(items))
        #expect(error?.code == .badSignature)
        #expect(
            error?.message
                == "the signature parameters must be the last three, once each, in the order rt-kid, rt-ts, rt-sig; 'rt-ts' is out of place"
        )
        // A response parameter after the signature is out of place too.
        let appended = await partner.reject(url + "&ifcc_extra=1")
        #expect(appended?.code == .badSignature)
    }

    @Test func anAnswerSignedWithAnotherKeyIsRefused() async throws {
        let partner = try P()
        let forged = try partner.answer(try await partner.request(), signer: P.otherKey)
        let error = await partner.reject(forged)
        #expect(error?.code == .badSignature)
        #expect(
            error?.message
                == "the answer's signature does not verify with key 'terminal-2026': the callback was altered or signed with another key"
        )
        #expect(error?.parameter == "rt-sig")
        // Another key id: the builder refuses it, and a hand-made one is refused on arrival.
        let other = P.makeSigner(0x07, id: "other")
        let request = try await partner.request(2)
        #expect(throws: RoundtripError.self) { try partner.answer(request, signer: other) }
        let relabelled = try AnswerSignature.sign(try partner.unsignedAnswer(request), keyID: "other", key: other.key, timestamp: 1_800_000_000)
        let wrongID = await partner.reject(relabelled)
        #expect(wrongID?.code == .badSignature)
        #expect(wrongID?.message == "the answer is signed with the key 'other'; 'Terminal' signs its answers with 'terminal-2026'")
    }

    @Test(arguments: [(-301, RoundtripError.Code?.some(.expired)), (-300, nil), (0, nil), (300, nil), (301, .expired)])
    func freshness(offset: Int, code: RoundtripError.Code?) async throws {
        let partner = try P()
        let url = try partner.answer(try await partner.request(), now: P.t0.addingTimeInterval(TimeInterval(-offset)))
        let error = await partner.reject(url)
        #expect(error?.code == code)
        if offset == 301 {
            #expect(error?.message == "the answer was signed 301 s ago; answer signatures are fresh for 300 s")
        }
    }

    @Test func aReplayedSignedAnswerIsRefused() async throws {
        let partner = try P()
        let url = try partner.answer(try await partner.request())
        #expect(await partner.reject(url) == nil)
        #expect(await partner.reject(url)?.code == .replayed)
    }

    @Test func aSignatureMadeForAnotherRequestDoesNotVerify() async throws {
        let partner = try P()
        let first = try partner.answer(try await partner.request(1))
        _ = try await partner.request(2)
        let moved = first.replacingOccurrences(of: CallingSupport.nonce(1), with: CallingSupport.nonce(2))
        #expect(moved != first)
        #expect(await partner.reject(moved)?.code == .badSignature)
        // The genuine answer to the first request is still accepted: the forgery consumed nothing.
        #expect(await partner.reject(first) == nil)
    }

    @Test func anAlteredAnswerDoesNotVerify() async throws {
        let partner = try P()
        let request = try await partner.request()
        let declined = try partner.answer(request, outcome: "declined")
        #expect(await partner.reject(declined.replacingOccurrences(of: "declined", with: "approved"))?.code == .badSignature)
        #expect(await partner.reject(declined.replacingOccurrences(of: "rt-ts=1800000000", with: "rt-ts=1800000001"))?.code == .badSignature)
        let padded = await partner.reject(declined + "=")
        #expect(padded?.code == .badSignature)
        #expect(padded?.message == "rt-sig must be the last parameter, after '&', written as base64url without padding")
    }

    @Test func optionalSignaturesAcceptUnsignedAnswersButNeverBadOnes() async throws {
        let partner = try P(signatures: "optional")
        let request = try await partner.request(1)
        #expect(await partner.reject(try partner.answer(request, signer: P.otherKey))?.code == .badSignature)
        #expect(await partner.reject(try partner.answer(request, signer: nil)) == nil)
        #expect(await partner.reject(try partner.answer(try await partner.request(2))) == nil)
    }

    @Test func signatureParametersOnAnUnsignedPartnersAnswerAreReserved() async throws {
        let partner = try P(signatures: "off")
        let request = try await partner.request()
        #expect(throws: RoundtripError.self) { try partner.answer(request) }
        let signed = try AnswerSignature.sign(
            try partner.answer(request, signer: nil),
            keyID: "terminal-2026",
            key: P.signer.key,
            timestamp: 1_800_000_000
        )
        let error = await partner.reject(signed)
        #expect(error?.code == .reservedParameter)
        #expect(
            error?.message == "the callback carries 'rt-kid', which is in Roundtrip's reserved 'rt-' namespace; 'Terminal' does not sign its answers"
        )
    }

    @Test func theBuilderRefusesToAnswerUnsignedWhenTheSpecRequiresSignatures() async throws {
        let partner = try P()
        let request = try await partner.request()
        #expect {
            try partner.answer(request, signer: nil)
        } throws: { error in
            let error = error as? RoundtripError
            return error?.code == .missingSignature
                && error?.message == "the action 'charge' signs its answers (answers.signatures: required); give a signer for key 'terminal-2026'"
        }
    }

    @Test func theLedgerKeepsTheRequirementThroughALaterSpecChange() async throws {
        let directory = TemporaryFolder.make()
        let store = FileLedgerStore(directory: directory, keyData: CallingSupport.ledgerKeyData)
        let partner = try P()
        let outgoing = try RequestBuilder(partner: partner.spec).build(
            "charge",
            parameters: [QueryItem(name: "amount", value: "1")],
            callback: "pos://charged",
            now: P.t0,
            nonce: CallingSupport.nonce(9)
        )
        try await store.record(outgoing.pending!)
        // The partner's spec is edited to 'off' afterwards; the pending request still requires a signature.
        let downgraded = try P(signatures: "off")
        let request = try Endpoint(spec: downgraded.spec).evaluate(outgoing.url, now: P.t0)
        let unsigned = try downgraded.unsignedAnswer(request)
        let reopened = FileLedgerStore(directory: directory, keyData: CallingSupport.ledgerKeyData)
        do {
            _ = try await ResponseAcceptor(ledger: reopened).accept(unsigned, now: P.t0)
            Issue.record("an unsigned answer was accepted")
        } catch let error as RoundtripError {
            #expect(error.code == .missingSignature)
        }
        let signed = try partner.answer(request)
        #expect(try await ResponseAcceptor(ledger: reopened).accept(signed, now: P.t0).outcome == "approved")
    }

    @Test func aLedgerEntryWithoutTheFieldMeansOff() throws {
        let entry = PendingRequest(
            nonce: CallingSupport.nonce(1),
            partner: "Terminal",
            action: "charge",
            convention: .returnURL,
            callbacks: ["return": "pos://charged"],
            createdAt: P.t0,
            expiresAt: P.t0.addingTimeInterval(600)
        )
        let json = try JSONEncoder().encode(entry)
        #expect(!String(decoding: json, as: UTF8.self).contains("answers"))
        #expect(try JSONDecoder().decode(PendingRequest.self, from: json).answers == nil)
        let requirement = AnswerRequirement(
            signatures: .required,
            key: SigningKeyDescription(id: "k", algorithm: .ed25519, material: .publicKey(P.signer.key.publicKey ?? []))
        )
        let recorded = try JSONEncoder().encode(requirement)
        #expect(try JSONDecoder().decode(AnswerRequirement.self, from: recorded) == requirement)
        let keychain = AnswerRequirement(
            signatures: .optional,
            key: SigningKeyDescription(id: "h", algorithm: .hmacSHA256, material: .keychain("acct"))
        )
        #expect(try JSONDecoder().decode(AnswerRequirement.self, from: try JSONEncoder().encode(keychain)) == keychain)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AnswerRequirement.self, from: Data(#"{"signatures":"sometimes","keyID":"k","algorithm":"ed25519"}"#.utf8))
        }
    }

    @Test func anHMACKeychainKeyIsResolvedByTheCallersResolver() async throws {
        struct Resolver: KeyResolver {
            func verificationKey(for description: SigningKeyDescription) throws(RoundtripError) -> VerificationKey {
                SigningKey.hmacSHA256(.init(data: Data("pairing-secret".utf8))).verificationKey
            }
        }
        let yaml = """
            roundtrip: 1
            app: {name: Paired, schemes: [paired]}
            keys:
              pairing: {algorithm: hmac-sha256, keychain: paired-answers}
            answers: {signatures: required, key: pairing}
            actions:
              charge: {url: "paired://charge", convention: return-url}
            """
        let spec = try SpecLoader.load(yaml: yaml).spec
        let ledger = InMemoryLedgerStore()
        let outgoing = try RequestBuilder(partner: spec).build("charge", callback: "pos://back", now: P.t0, nonce: CallingSupport.nonce(3))
        try await ledger.record(outgoing.pending!)
        let request = try Endpoint(spec: spec).evaluate(outgoing.url, now: P.t0)
        let signer = RequestSigner(keyID: "pairing", key: .hmacSHA256(.init(data: Data("pairing-secret".utf8))))
        let url = try ResponseBuilder.callbackURL(answering: request, action: spec.actions[0], outcome: "approved", signer: signer, now: P.t0)
        // Without the pairing secret (the default resolver cannot read the Keychain) it cannot verify.
        do {
            _ = try await ResponseAcceptor(ledger: ledger).accept(url, now: P.t0)
            Issue.record("accepted without the key")
        } catch let error as RoundtripError {
            #expect(error.code == .badSignature)
            #expect(error.message == "the key 'pairing' is in the Keychain (account 'paired-answers'); supply a KeyResolver that reads it")
        }
        #expect(try await ResponseAcceptor(ledger: ledger, keys: Resolver()).accept(url, now: P.t0).outcome == "approved")
    }
}
