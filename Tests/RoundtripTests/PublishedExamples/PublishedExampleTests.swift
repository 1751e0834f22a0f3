import Foundation
import Roundtrip
import RoundtripTestSupport
import Testing

/// The URLs that the public documents Roundtrip implements print, end to end through the receiving
/// decision.
@Suite("Published examples: the source documents' URLs, end to end")
struct PublishedExampleTests {
    // InnerFence's "2-way app integration on the iPhone": com-innerfence-ccterminal://charge/1.0.0/?invoiceNumber=123&returnURL=my-return-url%3A%2F%2F%3Frecord_id%3D123
    // → my-return-url://?record_id=123&ifcc_responseType=declined
    @Test func innerFenceChargeAndDeclinedResponse() throws {
        let endpoint = try TestSpecs.endpoint("terminal")
        let url = "com-example-terminal://charge/1.0.0/?amount=12.50&invoiceNumber=123&returnURL=my-return-url%3A%2F%2F%3Frecord_id%3D123"
        let request = try endpoint.evaluate(url, source: "com.example.pos")
        #expect(request.actionName == "charge")
        #expect(request.convention == .returnURL)
        #expect(request.canonicalParameters == ["amount": "12.50", "currency": "USD", "invoiceNumber": "123"])
        #expect(request.callbacks == ["return": "my-return-url://?record_id=123"])
        let action = try #require(endpoint.spec.action(named: "charge"))
        let declined = try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "declined")
        #expect(declined == "my-return-url://?record_id=123&ifcc_responseType=declined")
        let approved = try ResponseBuilder.callbackURL(
            answering: request,
            action: action,
            outcome: "success",
            parameters: [QueryItem(name: "transactionId", value: "T 1+2")]
        )
        #expect(approved == "my-return-url://?record_id=123&ifcc_responseType=approved&ifcc_transactionId=T%201%2B2")
    }

    @Test func innerFenceRejectsAnUnlistedReturnURL() throws {
        let url = "com-example-terminal://charge/1.0.0/?amount=1&returnURL=evil-app%3A%2F%2Fsteal"
        let endpoint = try TestSpecs.endpoint("terminal")
        let error = try #require(rejection { try endpoint.evaluate(url) })
        #expect(error.code == .forbiddenCallback)
        #expect(error.message.contains("'evil-app://steal' is not in the spec's callbacks list"))
    }

    // Apple's "App Programming Guide for iOS" (inter-app communication): todolist://www.acme.com?Quarterly%20Report#200806231300
    @Test func todolistTaskWithDateFragment() throws {
        let request = try TestSpecs.endpoint("terminal").evaluate("todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(request.actionName == "add-task")
        #expect(request.parameters["task"] == .string("Quarterly Report"))
        let due = try #require(DateFormat("yyyyMMddHHmm").parse("200806231300"))
        #expect(request.parameters["due"] == .date(due, try DateFormat("yyyyMMddHHmm")))
        #expect(request.canonicalParameters["due"] == "200806231300")
        #expect(due == Date(timeIntervalSince1970: 1_214_226_000))  // 2008-06-23 13:00 UTC
    }

    @Test(
        arguments: [
            ("todolist://www.acme.com", RoundtripError.Code.missingParameter, "needs its value 'task'"),
            ("todolist://www.acme.com?Report#200802301300", .invalidParameter, "real date"),
            ("todolist://www.acme.com?Report#today", .invalidParameter, "real date"),
            ("todolist://www.acme.com?Report#2008062313", .invalidParameter, "real date"),
            ("todolist://www.acme.com?Report#200806232400", .invalidParameter, "real date"),
            ("TODOLIST://WWW.ACME.COM?Report", .none, ""),
        ] as [(String, RoundtripError.Code?, String)]
    )
    func todolistEdgeCases(url: String, code: RoundtripError.Code?, message: String) throws {
        let endpoint = try TestSpecs.endpoint("terminal")
        guard let code else {
            #expect(try endpoint.evaluate(url).parameters["task"] == .string("Report"))
            return
        }
        let error = try #require(rejection { try endpoint.evaluate(url) }, "accepted \(url)")
        #expect(error.code == code)
        #expect(error.message.contains(message), "\(error.message)")
    }

    // "Application integration using the iPhone SDK" (Trein and iNap): myapp://myapp?latitude=51.3&longitude=5.2&title=middle of nowhere (spaces encoded,
    // as any real URL has them); exactly these three parameters, none missing, none extra.
    @Test func iNapExactParameters() throws {
        let endpoint = try TestSpecs.endpoint("inap")
        let request = try endpoint.evaluate("myapp://myapp?latitude=51.3&longitude=5.2&title=middle%20of%20nowhere")
        #expect(request.canonicalParameters == ["latitude": "51.3", "longitude": "5.2", "title": "middle of nowhere"])
        struct Destination: Decodable, Equatable {
            var latitude: Double
            var longitude: Double
            var title: String
        }
        #expect(try request.decode(Destination.self) == Destination(latitude: 51.3, longitude: 5.2, title: "middle of nowhere"))
    }

    @Test(
        arguments: [
            ("myapp://myapp?latitude=51.3&longitude=5.2", RoundtripError.Code.missingParameter, "title"),
            ("myapp://myapp?latitude=51.3&longitude=5.2&title=x&extra=1", .unknownParameter, "extra"),
            ("myapp://myapp?latitude=51.3&longitude=5.2&title=x&title=y", .duplicateParameter, "title"),
            ("myapp://myapp?latitude=91&longitude=5.2&title=x", .invalidParameter, "latitude"),
            ("myapp://myapp?latitude=51.3&longitude=east&title=x", .invalidParameter, "longitude"),
            ("myapp://myapp?latitude=51.3&longitude=5.2&title=middle of nowhere", .malformedURL, nil),
            ("myapp://myapp/?latitude=51.3&longitude=5.2&title=x", .unknownRoute, nil),
        ] as [(String, RoundtripError.Code, String?)]
    )
    func iNapRejects(url: String, code: RoundtripError.Code, parameter: String?) throws {
        let endpoint = try TestSpecs.endpoint("inap")
        let error = try #require(rejection { try endpoint.evaluate(url) }, "accepted \(url)")
        #expect(error.code == code, "\(error)")
        #expect(error.parameter == parameter)
    }

    // Imprivata's "iOS App Logout via Universal Link Callback": https://appb.companyb.com/logout?ulc-success=https://appa.com/success&ulc-error=https://appa.com/error
    @Test func universalLinkCallbackLogout() throws {
        let endpoint = try TestSpecs.endpoint("terminal")
        let url =
            "https://terminal.example.com/logout?ulc-success=https%3A%2F%2Fappa.example.com%2Fsuccess&ulc-error=https%3A%2F%2Fappa.example.com%2Ferror"
        let request = try endpoint.evaluate(url)
        #expect(request.convention == .universalLinkCallback)
        #expect(request.callbacks == ["success": "https://appa.example.com/success", "error": "https://appa.example.com/error"])
        let action = try #require(endpoint.spec.action(named: "logout"))
        // ULC appends nothing: the callback is opened exactly as given.
        #expect(try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "success") == "https://appa.example.com/success")
        #expect(try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "error") == "https://appa.example.com/error")
        #expect(throws: RoundtripError.self) {
            try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "cancel")
        }
        #expect(throws: RoundtripError.self) {
            try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "success", parameters: [QueryItem(name: "a", value: "b")])
        }
    }

    @Test func universalLinkCallbackAcceptsTheFailureAlias() throws {
        let url =
            "https://terminal.example.com/logout?ulc-success=https%3A%2F%2Fappa.example.com%2Fsuccess&ulc-failure=https%3A%2F%2Fappa.example.com%2Ferror"
        #expect(try TestSpecs.endpoint("terminal").evaluate(url).callbacks["error"] == "https://appa.example.com/error")
    }

    @Test func xCallbackURLRoundTrip() throws {
        let endpoint = try TestSpecs.endpoint("rich")
        let url =
            "notes://x-callback-url/add?x-source=Pos&title=Buy%20milk&priority=2&x-success=pos%3A%2F%2Fx-callback-url%2Fdone%3Fid%3D7%26rt-state%3Dn0nce&x-error=pos%3A%2F%2Fx-callback-url%2Ffailed&x-cancel=pos%3A%2F%2Fx-callback-url%2Fcancelled"
        let request = try endpoint.evaluate(url)
        #expect(request.callerName == "Pos")
        #expect(request.canonicalParameters == ["title": "Buy milk", "priority": "2", "pinned": "false"])
        let action = try #require(endpoint.spec.action(named: "add"))
        #expect(
            try ResponseBuilder.callbackURL(
                answering: request,
                action: action,
                outcome: "success",
                parameters: [QueryItem(name: "noteID", value: "42")]
            )
                == "pos://x-callback-url/done?id=7&rt-state=n0nce&noteID=42"
        )
        #expect(
            try ResponseBuilder.callbackURL(
                answering: request,
                action: action,
                outcome: "error",
                parameters: [QueryItem(name: "errorCode", value: "full"), QueryItem(name: "errorMessage", value: "No space left")]
            )
                == "pos://x-callback-url/failed?errorCode=full&errorMessage=No%20space%20left"
        )
        #expect(try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "cancel") == "pos://x-callback-url/cancelled")
        // A response never overwrites the caller's own query items.
        #expect(throws: RoundtripError.self) {
            try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "success", parameters: [QueryItem(name: "id", value: "8")])
        }
    }
}
