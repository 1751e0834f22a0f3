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
}
