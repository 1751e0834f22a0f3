import Foundation
import RoundtripToolsTestSupport
import Testing

/// `request handle --json` on a `json` parameter with a `schema`: a value whose member breaks
/// it is refused, the message naming the member's path; `spec docs` shows a value with every
/// declared member (`Tests/Fixtures/specs/orders-json.yaml`).
@Suite("CLI: the members of a json parameter")
struct JSONSchemaCLITests {
    static let spec = CommandLineRunner.fixture("specs/orders-json.yaml")

    static func url(_ json: String) -> String {
        "orders://order/create?data=" + (json.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? json)
    }

    @Test(
        arguments: [
            (#"{"amount":"5","currency":"EUR","lines":[]}"#, "data.amount must be an integer"),
            (
                #"{"amount":5,"currency":"EUR","lines":[{"sku":"a","quantity":1},{"sku":"b","quantity":0}]}"#,
                "data.lines[1].quantity is 0; the minimum is 1"
            ),
            (#"{"amount":5,"currency":"EUR"}"#, "data.lines is missing; the schema requires it"),
        ] as [(String, String)]
    )
    func handleRefusesABadMemberWithItsPath(json: String, message: String) throws {
        let run = try CommandLineRunner.run(["request", "handle", "--spec", Self.spec, Self.url(json), "--json"])
        #expect(run.exitCode == 1, "\(run.stdout)\(run.stderr)")
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid-parameter")
        #expect(error["parameter"] as? String == "data")
        #expect(error["message"] as? String == message)
    }

    @Test func handleAcceptsAValueThatFits() throws {
        let json = #"{"amount":5,"currency":"EUR","lines":[{"sku":"a","quantity":2}]}"#
        let run = try CommandLineRunner.run(["request", "handle", "--spec", Self.spec, Self.url(json), "--json"])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect((run.json?["parameters"] as? [String: Any])?["data"] as? String == json)
    }

    @Test func docsShowAValueWithEveryDeclaredMember() throws {
        let run = try CommandLineRunner.run(["spec", "docs", Self.spec])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let start = try #require(run.stdout.range(of: "orders://order/create?data="), "\(run.stdout)")
        let encoded = run.stdout[start.upperBound...].prefix { !$0.isWhitespace && $0 != "`" && $0 != "&" }
        let example = #"{"amount":42,"currency":"EUR","reference":"example","tip":12.5,"paid":true,"lines":[{"sku":"example","quantity":42}]}"#
        #expect(encoded.removingPercentEncoding == example)
    }
}
