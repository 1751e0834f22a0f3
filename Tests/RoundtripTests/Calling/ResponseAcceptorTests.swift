import Foundation
import Roundtrip
import Testing

@Suite struct ResponseAcceptorTests {
    typealias S = CallingSupport

    /// Records a charge and returns the acceptor and the callback URL the terminal would open.
    func charge(nonce seed: Int = 1, ttl: TimeInterval = 600) async throws -> (ResponseAcceptor, InMemoryLedgerStore, String) {
        let ledger = InMemoryLedgerStore()
        let request = try await S.recordCharge(in: ledger, nonce: seed, ttl: ttl, continuation: Data(#"{"screen":"invoice"}"#.utf8))
        let accepted = try Endpoint(spec: try S.spec("terminal")).evaluate(request.url, now: S.t0)
        let action = try #require(try S.spec("terminal").action(named: "charge"))
        let callback = try ResponseBuilder.callbackURL(
            answering: accepted,
            action: action,
            outcome: "approved",
            parameters: [QueryItem(name: "transactionId", value: "T-9")]
        )
        return (ResponseAcceptor(ledger: ledger), ledger, callback)
    }

    func code(_ acceptor: ResponseAcceptor, _ url: String, now: Date = CallingSupport.t0) async -> RoundtripError.Code? {
        do {
            _ = try await acceptor.accept(url, now: now)
            return nil
        } catch let error as RoundtripError {
            return error.code
        } catch {
            return RoundtripError.Code(rawValue: "storage")
        }
    }

    @Test func theGenuineAnswerIsAcceptedOnceWithItsContinuation() async throws {
        let (acceptor, _, callback) = try await charge()
        #expect(callback == "my-return-url://?record_id=123&rt-state=\(S.nonce(1))&ifcc_responseType=approved&ifcc_transactionId=T-9")
        let response = try await acceptor.accept(callback, now: S.t0.addingTimeInterval(30))
        #expect(response.outcome == "approved")
        #expect(response.parameters == ["transactionId": "T-9"])
        #expect(try response.continuation(as: [String: String].self) == ["screen": "invoice"])
        #expect(response.request.consumedAt == S.t0.addingTimeInterval(30))
        do {
            _ = try await acceptor.accept(callback, now: S.t0.addingTimeInterval(31))
            Issue.record("accepted a replay")
        } catch let error as RoundtripError {
            #expect(error.code == .replayed)
            #expect(error.message == "the request to 'charge' was already answered; a callback is accepted once")
        }
    }

    @Test func unsolicitedResponsesAreRefused() async throws {
        let (acceptor, _, _) = try await charge()
        #expect(await code(acceptor, "other-app://?rt-state=\(S.nonce(1))&ifcc_responseType=approved") == .unsolicitedResponse)
        #expect(await code(acceptor, "my-return-url://x?record_id=123&rt-state=\(S.nonce(1))&ifcc_responseType=approved") == .unsolicitedResponse)
        do {
            _ = try await acceptor.accept("other-app://done", now: S.t0)
        } catch let error as RoundtripError {
            #expect(error.message == "no request is pending for the callback 'other-app://done'; it was not sent by this app, or was forgotten")
        }
    }

    @Test func wrongAndNearMissNoncesDoNotConsumeTheGenuineRequest() async throws {
        let (acceptor, _, callback) = try await charge()
        let nonce = S.nonce(1)
        var nearMiss = Array(nonce)
        nearMiss[nearMiss.count / 2] = nearMiss[nearMiss.count / 2] == "A" ? "B" : "A"
        let forged = [
            callback.replacingOccurrences(of: nonce, with: S.nonce(2)),
            callback.replacingOccurrences(of: nonce, with: String(nearMiss)),
            callback.replacingOccurrences(of: nonce, with: String(nonce.dropLast())),
            callback.replacingOccurrences(of: nonce, with: nonce + "A"),
            callback.replacingOccurrences(of: "rt-state=\(nonce)&", with: ""),
            callback.replacingOccurrences(of: nonce, with: ""),
        ]
        for url in forged {
            #expect(await code(acceptor, url) == .nonceMismatch, "\(url)")
        }
        let response = try await acceptor.accept(callback, now: S.t0)
        #expect(response.outcome == "approved")
    }

    @Test func expiredRequestsAreRefusedAndStayRefused() async throws {
        let (acceptor, _, callback) = try await charge(ttl: 60)
        let late = S.t0.addingTimeInterval(61)
        #expect(await code(acceptor, callback, now: late) == .expired)
        #expect(await code(acceptor, callback, now: late.addingTimeInterval(10)) == .expired)
        #expect(await code(acceptor, callback, now: S.t0.addingTimeInterval(59)) == nil)
    }

    @Test func duplicateStateAndReservedParametersAreRefusedBeforeTheLedgerIsTouched() async throws {
        let (acceptor, ledger, callback) = try await charge()
        let nonce = S.nonce(1)
        let cases: [(String, RoundtripError.Code)] = [
            (callback + "&rt-state=\(nonce)", .reservedParameter),
            (callback + "&rt-state=\(S.nonce(2))", .reservedParameter),
            (callback + "&rt-sig=abc", .reservedParameter),
            (callback + "&rt-kid=k", .reservedParameter),
            (callback + "&ifcc_transactionId=T-10", .duplicateParameter),
            (callback + "&other=1", .unknownParameter),
            (callback.replacingOccurrences(of: "record_id=123", with: "record_id=124"), .reservedParameter),
            (callback.replacingOccurrences(of: "record_id=123&", with: ""), .reservedParameter),
            (callback.replacingOccurrences(of: "ifcc_responseType=approved", with: "ifcc_responseType=stolen"), .invalidParameter),
            (callback.replacingOccurrences(of: "ifcc_responseType=approved&", with: ""), .missingParameter),
            (callback + "#fragment", .malformedURL),
            (callback + "&x=%ZZ", .invalidEncoding),
            (callback + "&x=%0A", .invalidEncoding),
            (callback + "&x=%E2%80%AE", .invalidEncoding),
            (callback + "&&=1", .malformedURL),
            ("not a url", .malformedURL),
            (callback + "&pad=" + String(repeating: "a", count: 17_000), .tooLarge),
            (callback + String(repeating: "&a=1", count: 300), .tooLarge),
        ]
        for (url, expected) in cases {
            #expect(await code(acceptor, url) == expected, "\(url.prefix(200))")
        }
        #expect(await ledger.pending(at: S.t0).count == 1)
        #expect(await code(acceptor, callback) == nil)
    }

    @Test func xCallbackURLOutcomesComeFromTheCallbackTheyArriveOn() async throws {
        let ledger = InMemoryLedgerStore()
        let acceptor = ResponseAcceptor(ledger: ledger)
        for (seed, outcome) in [(10, "success"), (11, "error"), (12, "cancel")] {
            let request = try S.notes().build(
                "create",
                parameters: [QueryItem(name: "title", value: "t")],
                callback: "pos-app://cb",
                now: S.t0,
                nonce: S.nonce(seed)
            )
            try await ledger.record(try #require(request.pending))
            let accepted = try S.notesEndpoint().evaluate(request.url, now: S.t0)
            let action = try #require(try S.spec("notes").action(named: "create"))
            let url = try ResponseBuilder.callbackURL(
                answering: accepted,
                action: action,
                outcome: outcome,
                parameters: outcome == "success" ? [QueryItem(name: "id", value: "42")] : []
            )
            let response = try await acceptor.accept(url, now: S.t0)
            #expect(response.outcome == outcome)
            switch outcome {
            case "success": #expect(response.parameters == ["id": "42"])
            case "error": #expect(response.parameters == ["errorCode": "error", "errorMessage": "The action did not complete."])
            default: #expect(response.parameters.isEmpty)
            }
        }
    }

    @Test func theNonceOfOneCallbackBaseCannotAnswerOnAnother() async throws {
        let ledger = InMemoryLedgerStore()
        let acceptor = ResponseAcceptor(ledger: ledger)
        let first = try S.notes().build(
            "create",
            parameters: [QueryItem(name: "title", value: "t")],
            callback: "pos-app://one",
            now: S.t0,
            nonce: S.nonce(20)
        )
        let second = try S.notes().build(
            "create",
            parameters: [QueryItem(name: "title", value: "t")],
            callback: "pos-app://two",
            now: S.t0,
            nonce: S.nonce(21)
        )
        try await ledger.record(try #require(first.pending))
        try await ledger.record(try #require(second.pending))
        // The first request's nonce presented on the second request's base: a mismatch, nothing consumed.
        #expect(await code(acceptor, "pos-app://two/success?rt-state=\(S.nonce(20))") == .nonceMismatch)
        #expect(await code(acceptor, "pos-app://one/success?rt-state=\(S.nonce(20))") == nil)
        #expect(await code(acceptor, "pos-app://two/success?rt-state=\(S.nonce(21))") == nil)
        // Both answered: tombstones make a replay `replayed` and a wrong nonce `unsolicited-response`.
        #expect(await code(acceptor, "pos-app://one/error?rt-state=\(S.nonce(20))") == .replayed)
        #expect(await code(acceptor, "pos-app://one/error?rt-state=\(S.nonce(22))") == .unsolicitedResponse)
    }

    @Test func ulcCallbacksAndSchemeCase() async throws {
        let ledger = InMemoryLedgerStore()
        let acceptor = ResponseAcceptor(ledger: ledger)
        let request = try S.notes().build("logout", callback: "https://appa.example.com/ulc", now: S.t0, nonce: S.nonce(30))
        try await ledger.record(try #require(request.pending))
        #expect(await code(acceptor, "https://appa.example.com/ULC/error?rt-state=\(S.nonce(30))") == .unsolicitedResponse)
        let response = try await acceptor.accept("HTTPS://APPA.example.com/ulc/error?rt-state=\(S.nonce(30))", now: S.t0)
        #expect(response.outcome == "error")
    }
}

@Suite struct PercentDecodingRegressionTests {
    /// A `%` that starts no escape, after other bytes, once overran the decoding buffer.
    @Test(arguments: ["ab%", "abc%4", "a=bc%", "a=b%4", "x%41y%"])
    func aTrailingBadEscapeIsAnErrorNotACrash(query: String) {
        #expect(throws: RoundtripError.self) { _ = try QueryCodec.decode(query) }
    }
}
