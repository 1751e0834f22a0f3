import Foundation
import RoundtripToolsTestSupport
import Testing

/// The smaller shapes of partners' URL APIs through the binary, with
/// `Tests/Fixtures/shapes/till.yaml`: what `request handle --json` reports and refuses.
@Suite("CLI: smaller shapes")
struct SmallerShapesCLITests {
    static let spec = CommandLineRunner.fixture("shapes/till.yaml")

    func handle(_ url: String) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(["request", "handle", "--spec", Self.spec, url, "--json"])
    }

    @Test(
        "names: case-insensitive reports a name under its declared spelling",
        arguments: [
            ("till://pay?BC=123&AMOUNT=10.00", ["bc": "123", "amount": "10.00"]),
            ("till://pay?Amount=5", ["amount": "5"]),
            ("till://refund?ref=9", ["ref": "9"]),
        ] as [(String, [String: String])]
    )
    func caseInsensitiveNames(url: String, parameters: [String: String]) throws {
        let run = try handle(url)
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.json?["parameters"] as? [String: String] == parameters)
    }

    @Test(
        "names: one name in two cases is a duplicate; an exact action keeps its case",
        arguments: [
            ("till://pay?amount=1&Amount=2", "duplicate-parameter", "amount"),
            ("till://refund?REF=9", "unknown-parameter", "REF"),
        ]
    )
    func caseInsensitiveRefusals(url: String, code: String, parameter: String) throws {
        let run = try handle(url)
        #expect(run.exitCode == 1, "\(run.stdout)\(run.stderr)")
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == code)
        #expect(error["parameter"] as? String == parameter)
    }

    @Test(
        "exclusive: one member is accepted, two are refused naming both",
        arguments: [
            ("till://charge?amount=1.50", 0, nil),
            ("till://charge?amount=1.50&amount-cents=150", 1, "the action 'charge' takes at most one of 'amount' and 'amount-cents' (exclusive)"),
        ] as [(String, Int32, String?)]
    )
    func exclusive(url: String, exitCode: Int32, message: String?) throws {
        let run = try handle(url)
        #expect(run.exitCode == exitCode, "\(run.stdout)\(run.stderr)")
        guard let message else { return }
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid-parameter")
        #expect(error["parameter"] as? String == "amount-cents")
        #expect(error["message"] as? String == message)
    }

    /// `spec docs` states each group, and its example request carries one member of it.
    @Test func docsStateAnExclusiveGroup() throws {
        let run = try CommandLineRunner.run(["spec", "docs", Self.spec])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("`amount` or `amount-cents`: a request with two of them is refused (`invalid-parameter`)."), "\(run.stdout)")
        #expect(run.stdout.contains("till://charge?amount="))
        #expect(!run.stdout.contains("amount-cents=1"))
    }

    @Test("forbid-schemes: a callback on a scheme the action refuses is forbidden-callback")
    func forbidSchemes() throws {
        let refused = try handle("till://x-callback-url/sale?amount=1&x-success=https%3A%2F%2Fshop.example%2Fdone")
        #expect(refused.exitCode == 1, "\(refused.stdout)\(refused.stderr)")
        let error = try #require(refused.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "forbidden-callback")
        #expect(error["parameter"] as? String == "x-success")
        let accepted = try handle("till://x-callback-url/sale?amount=1&x-success=shop%3A%2F%2Fdone")
        #expect(accepted.exitCode == 0, "\(accepted.stdout)\(accepted.stderr)")
        #expect(accepted.json?["callbacks"] as? [String: String] == ["success": "shop://done"])
    }

    @Test("invalid-callback: drop accepts the request and reports the dropped callback under callbacks; a required one is refused")
    func invalidCallbackDrop() throws {
        let accepted = try handle("till://x-callback-url/tip?amount=1&x-success=shop%3A%2F%2Fok&x-error=javascript%3Aalert(1)")
        #expect(accepted.exitCode == 0, "\(accepted.stdout)\(accepted.stderr)")
        let callbacks = try #require(accepted.json?["callbacks"] as? [String: Any])
        #expect(callbacks["success"] as? String == "shop://ok")
        let dropped = try #require(callbacks["error"] as? [String: Any])
        #expect(dropped["dropped"] as? Bool == true)
        #expect(dropped["code"] as? String == "forbidden-callback")
        #expect(dropped["parameter"] as? String == "x-error")
        #expect((dropped["message"] as? String)?.contains("'javascript:'") == true)
        let refused = try handle("till://x-callback-url/tip?amount=1&x-success=javascript%3Aalert(1)")
        #expect(refused.exitCode == 1, "\(refused.stdout)\(refused.stderr)")
        let error = try #require(refused.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "forbidden-callback")
        #expect(error["parameter"] as? String == "x-success")
    }

    static let uris = CommandLineRunner.fixture("shapes/uris.yaml")

    @Test(
        "placeholders split by literal text: each value reported, checked like a parameter",
        arguments: [
            (
                "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn",
                0, ["topic": "7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9", "version": "2"], nil
            ),
            (
                "ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359@1/transfer?uint256=1",
                0, ["address": "0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359", "chain": "1", "function": "transfer", "uint256": "1"], nil
            ),
            ("wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9", 1, nil, "unknown-route"),
            ("wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@1", 1, nil, "invalid-parameter"),
        ] as [(String, Int32, [String: String]?, String?)]
    )
    func splitSegments(url: String, exitCode: Int32, parameters: [String: String]?, code: String?) throws {
        let run = try CommandLineRunner.run(["request", "handle", "--spec", Self.uris, url, "--json"])
        #expect(run.exitCode == exitCode, "\(run.stdout)\(run.stderr)")
        if let parameters { #expect(run.json?["parameters"] as? [String: String] == parameters) }
        if let code { #expect((run.json?["error"] as? [String: Any])?["code"] as? String == code) }
    }

    @Test(
        "path-parameters: ;name=value pairs after the last placeholder, typed and checked for repeats and unknown names",
        arguments: [
            ("tel:7042;phone-context=example.com", 0, ["number": "7042", "phone-context": "example.com"], nil),
            ("tel:+1-212-555-0101;EXT=1234", 0, ["number": "+1-212-555-0101", "ext": "1234"], nil),
            ("tel:7042;ext=1;ext=2", 1, nil, "duplicate-parameter"),
            ("tel:7042;foo=1", 1, nil, "unknown-parameter"),
            ("geo:48.198634,16.371648;crs=wgs84;u=40", 0, nil, nil),
            ("geo:48.198634,16.371648;u=-1", 1, nil, "invalid-parameter"),
        ] as [(String, Int32, [String: String]?, String?)]
    )
    func pathParameters(url: String, exitCode: Int32, parameters: [String: String]?, code: String?) throws {
        let run = try CommandLineRunner.run(["request", "handle", "--spec", Self.uris, url, "--json"])
        #expect(run.exitCode == exitCode, "\(run.stdout)\(run.stderr)")
        if let parameters { #expect(run.json?["parameters"] as? [String: String] == parameters) }
        if let code { #expect((run.json?["error"] as? [String: Any])?["code"] as? String == code) }
        if url.hasPrefix("geo:"), exitCode == 0 {
            let values = try #require(run.json?["parameters"] as? [String: Any])
            #expect(values["coordinates"] as? [String] == ["48.198634", "16.371648"])
            #expect(values["u"] as? String == "40")
        }
    }
}
