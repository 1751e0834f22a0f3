import Foundation
import Roundtrip
import RoundtripYAML
import Testing

@Suite struct RequestBuilderTests {
    typealias S = CallingSupport

    @Test func returnURLChargeCarriesTheNonceOnItsReturnURL() throws {
        let request = try S.terminal().build(
            "charge",
            parameters: [QueryItem(name: "amount", value: "12.50"), QueryItem(name: "invoiceNumber", value: "123")],
            callback: "my-return-url://?record_id=123",
            now: S.t0,
            nonce: S.nonce(1)
        )
        #expect(
            request.url
                == "com-example-terminal://charge/1.0.0/?amount=12.50&invoiceNumber=123&returnURL=my-return-url%3A%2F%2F%3Frecord_id%3D123%26rt-state%3D\(S.nonce(1))"
        )
        let pending = try #require(request.pending)
        #expect(pending.nonce == S.nonce(1))
        #expect(pending.callbacks == ["return": "my-return-url://?record_id=123"])
        #expect(pending.partner == "Card Terminal")
        #expect(pending.action == "charge")
        #expect(pending.responsePrefix == "ifcc_")
        #expect(pending.expiresAt == S.t0.addingTimeInterval(600))
        #expect(!request.isUniversalLink)
        // The partner accepts it.
        let accepted = try Endpoint(spec: try S.spec("terminal")).evaluate(request.url, now: S.t0)
        #expect(accepted.callbacks["return"] == "my-return-url://?record_id=123&rt-state=\(S.nonce(1))")
    }

    @Test func xCallbackURLDerivesThreeCallbacksWithOneNonce() throws {
        let request = try S.notes().build(
            "create",
            parameters: [QueryItem(name: "title", value: "a b+c")],
            callback: "pos-app://cb",
            now: S.t0,
            nonce: S.nonce(2)
        )
        let accepted = try S.notesEndpoint().evaluate(request.url, now: S.t0)
        let state = "?rt-state=\(S.nonce(2))"
        #expect(
            accepted.callbacks == [
                "success": "pos-app://cb/success" + state, "error": "pos-app://cb/error" + state, "cancel": "pos-app://cb/cancel" + state,
            ]
        )
        #expect(accepted.canonicalParameters["title"] == "a b+c")
        #expect(request.url.hasPrefix("notes-app://x-callback-url/create?title=a%20b%2Bc&x-success="))
        #expect(request.pending?.callbacks == ["success": "pos-app://cb/success", "error": "pos-app://cb/error", "cancel": "pos-app://cb/cancel"])
    }

    @Test func xSourceIsTheCallersButCallbacksAreNot() throws {
        let request = try S.notes().build(
            "create",
            parameters: [QueryItem(name: "title", value: "t"), QueryItem(name: "x-source", value: "POS")],
            callback: "pos-app://cb",
            now: S.t0,
            nonce: S.nonce(2)
        )
        #expect(try S.notesEndpoint().evaluate(request.url, now: S.t0).callerName == "POS")
        do {
            _ = try S.notes().build(
                "create",
                parameters: [QueryItem(name: "title", value: "t"), QueryItem(name: "x-success", value: "pos-app://cb")],
                now: S.t0
            )
            Issue.record("accepted a callback without a nonce")
        } catch let error as RoundtripError {
            #expect(error.code == .reservedParameter)
            #expect(error.message == "the parameter 'x-success' is a callback parameter; pass the callback base instead")
        }
    }

    @Test func ulcDerivesSuccessAndErrorOverHTTPS() throws {
        let request = try S.notes().build("logout", callback: "https://appa.example.com/ulc/", now: S.t0, nonce: S.nonce(3))
        let accepted = try S.notesEndpoint().evaluate(request.url, now: S.t0)
        #expect(accepted.callbacks["success"] == "https://appa.example.com/ulc/success?rt-state=\(S.nonce(3))")
        #expect(accepted.callbacks["error"] == "https://appa.example.com/ulc/error?rt-state=\(S.nonce(3))")
        #expect(request.isUniversalLink)
    }

    @Test(arguments: [
        ("logout", "pos-app://cb", RoundtripError.Code.forbiddenCallback),
        ("charge", "javascript://x", .forbiddenCallback),
        ("charge", "pos-app://elsewhere", .forbiddenCallback),
        ("charge", "my-return-url://?rt-state=abc", .reservedParameter),
        ("charge", "my-return-url://?ifcc_responseType=approved", .reservedParameter),
        ("charge", "my-return-url://#top", .forbiddenCallback),
        ("add-task", "my-return-url://", .invalidParameter),
    ])
    func refusedCallbackBases(action: String, callback: String, code: RoundtripError.Code) throws {
        let builder = try RequestBuilder(partner: try S.spec(action == "logout" ? "notes" : "terminal"))
        let parameters =
            action == "charge" ? [QueryItem(name: "amount", value: "1")] : action == "add-task" ? [QueryItem(name: "task", value: "x")] : []
        #expect(throws: RoundtripError.self) { _ = try builder.build(action, parameters: parameters, callback: callback, now: S.t0) }
        do {
            _ = try builder.build(action, parameters: parameters, callback: callback, now: S.t0)
        } catch {
            #expect(error.code == code, "\(error)")
        }
    }

    @Test func parametersAreValidatedByThePartnersOwnRules() throws {
        let terminal = try S.terminal()
        func code(_ parameters: [QueryItem]) -> RoundtripError.Code? {
            do {
                _ = try terminal.build("charge", parameters: parameters, callback: "my-return-url://", now: S.t0)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code([QueryItem(name: "amount", value: "0")]) == .invalidParameter)
        #expect(code([QueryItem(name: "amount", value: "1"), QueryItem(name: "tip", value: "1")]) == .unknownParameter)
        #expect(code([QueryItem(name: "currency", value: "USD")]) == .missingParameter)
        #expect(code([QueryItem(name: "amount", value: "1"), QueryItem(name: "amount", value: "2")]) == .duplicateParameter)
        #expect(code([QueryItem(name: "amount", value: "1"), QueryItem(name: "rt-kid", value: "x")]) == .reservedParameter)
        #expect(code([QueryItem(name: "amount", value: "1"), QueryItem(name: "returnURL", value: "my-return-url://")]) == .reservedParameter)
        #expect(code([QueryItem(name: "amount", value: "1")]) == nil)
    }

    @Test func unknownActionAndMissingCallback() throws {
        do {
            _ = try S.terminal().build("refund", now: S.t0)
            Issue.record("built a request for an unknown action")
        } catch let error as RoundtripError {
            #expect(error.code == .unknownRoute)
            #expect(error.message == "the partner 'Card Terminal' has no action 'refund' (it has: charge, logout, add-task)")
        }
        do {
            _ = try S.terminal().build("charge", parameters: [QueryItem(name: "amount", value: "1")], now: S.t0)
            Issue.record("built a return-url request without a return URL")
        } catch let error as RoundtripError {
            #expect(error.code == .missingCallback)
        }
    }

    @Test func routePlaceholdersAreFilledAndEncoded() throws {
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: Shelf, schemes: [shelf]}
                actions:
                  edit:
                    url: shelf://items/:id/edit
                    convention: return-url
                    parameters:
                      id: {type: string, required: true}
                      note: {type: string}
                """
        ).spec
        let builder = try RequestBuilder(partner: spec)
        let request = try builder.build(
            "edit",
            parameters: [QueryItem(name: "note", value: "n"), QueryItem(name: "id", value: "a/b c")],
            callback: "pos-app://back",
            now: S.t0,
            nonce: S.nonce(1)
        )
        #expect(request.url == "shelf://items/a%2Fb%20c/edit?note=n&returnURL=pos-app%3A%2F%2Fback%3Frt-state%3D\(S.nonce(1))")
        #expect(try Endpoint(spec: spec).evaluate(request.url, now: S.t0).canonicalParameters["id"] == "a/b c")
        do {
            _ = try builder.build("edit", callback: "pos-app://back", now: S.t0)
            Issue.record("built a route without its placeholder")
        } catch {
            #expect(error == RoundtripError(.missingParameter, "the action 'edit' needs 'id' for its route shelf://items/:id/edit", parameter: "id"))
        }
    }

    @Test func noneConventionPutsTheValueInTheQueryAndFragment() throws {
        let request = try S.terminal().build(
            "add-task",
            parameters: [QueryItem(name: "task", value: "Quarterly Report"), QueryItem(name: "due", value: "200806231300")],
            now: S.t0
        )
        #expect(request.url == "todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(request.pending == nil)
    }

    @Test func weakNoncesAreRefused() throws {
        do {
            _ = try S.terminal().build(
                "charge",
                parameters: [QueryItem(name: "amount", value: "1")],
                callback: "my-return-url://",
                now: S.t0,
                nonce: "short"
            )
            Issue.record("accepted a weak nonce")
        } catch let error as RoundtripError {
            #expect(error.code == .invalidParameter)
            #expect(error.parameter == "rt-state")
        }
    }

    @Test func defaultNoncesAreFreshAndLongEnough() throws {
        let terminal = try S.terminal()
        var seen = Set<String>()
        for _ in 0..<100 {
            let pending = try #require(
                try terminal.build("charge", parameters: [QueryItem(name: "amount", value: "1")], callback: "my-return-url://", now: S.t0).pending
            )
            #expect((Base64URL.decode(pending.nonce)?.count ?? 0) >= 16)
            seen.insert(pending.nonce)
        }
        #expect(seen.count == 100)
    }

    @Test func signedRequestsVerifyAtThePartner() async throws {
        let request = try S.notes().build(
            "locked",
            parameters: [QueryItem(name: "id", value: "7")],
            callback: "pos-app://cb",
            signer: S.hmacSigner,
            now: S.t0
        )
        let accepted = try await S.notesEndpoint().handle(request.url, now: S.t0, replayGuard: InMemoryReplayGuard())
        #expect(accepted.signature?.keyID == "pos-2026")
        #expect(accepted.signature?.timestamp == 1_800_000_000)
        do {
            _ = try S.notes().build("locked", parameters: [QueryItem(name: "id", value: "7")], callback: "pos-app://cb", now: S.t0)
            Issue.record("built an unsigned request for an action that requires signatures")
        } catch let error as RoundtripError {
            #expect(error.code == .missingSignature)
        }
    }
}
