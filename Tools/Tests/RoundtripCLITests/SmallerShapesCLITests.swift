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
}
