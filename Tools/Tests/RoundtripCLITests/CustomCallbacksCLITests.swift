import Foundation
import RoundtripToolsTestSupport
import Testing

/// Convention `custom` through the binary, with `Tests/Fixtures/custom/payments.yaml`: where
/// `request handle` finds each callback and how it reports it, and the refusal of a callback
/// the policy forbids, in a partner's own parameter as in a convention's.
@Suite("CLI: custom callbacks")
struct CustomCallbacksCLITests {
    static let spec = CommandLineRunner.fixture("custom/payments.yaml")

    func handle(_ url: String) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(["request", "handle", "--spec", Self.spec, url, "--json"])
    }

    static func q(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test(
        arguments: [
            (
                "paymentapp://pay/1.0?amount=10.00&callbacksuccess=\(q("myshop://paid"))&callbackfail=\(q("myshop://failed"))",
                ["success": "myshop://paid", "error": "myshop://failed"]
            ),
            ("pos://payment/create?data=\(q(#"{"amount":5,"callback_url":"myshop://charged"}"#))", ["any": "myshop://charged"]),
            ("terminal://takePayment/v2?amount=5&returnUrl=\(q("myshop://done/{Type}"))", ["any": "myshop://done/{Type}"]),
        ] as [(String, [String: String])]
    )
    func handleReportsEachCallbackUnderItsKey(url: String, callbacks: [String: String]) throws {
        let run = try handle(url)
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.json?["convention"] as? String == "custom")
        #expect(run.json?["callbacks"] as? [String: String] == callbacks)
        let parameters = try #require(run.json?["parameters"] as? [String: Any])
        #expect(!parameters.keys.contains { ["callbacksuccess", "callbackfail", "returnUrl"].contains($0) })
    }

    @Test(
        arguments: [
            ("paymentapp://pay/1.0?amount=1&callbacksuccess=\(q("javascript:alert(1)"))", "callbacksuccess"),
            ("pos://payment/create?data=\(q(#"{"callback_url":"javascript:alert(1)"}"#))", "data"),
            ("terminal://takePayment/v2?amount=5&returnUrl=\(q("https://{Type}.example.com/"))", "returnUrl"),
        ] as [(String, String)]
    )
    func handleRefusesAForbiddenCallback(url: String, parameter: String) throws {
        let run = try handle(url)
        #expect(run.exitCode == 1, "\(run.stdout)\(run.stderr)")
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "forbidden-callback")
        #expect(error["parameter"] as? String == parameter)
    }

    /// `spec docs` documents where each callback goes, and builds an example request for each
    /// action.
    @Test func docsNameThePartnersCallbacks() throws {
        let run = try CommandLineRunner.run(["spec", "docs", Self.spec])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("`callbacksuccess` (success)"))
        #expect(run.stdout.contains("`returnUrl` (every outcome)"))
        // Each example request carries its callbacks where the spec puts them, and has an answer.
        #expect(run.stdout.contains("&callbacksuccess=example-caller%3A%2F%2Fcallback%2Fsuccess%3Frt-state%3D"))
        #expect(run.stdout.contains("?data=%7B%22callback_url%22%3A%22example-caller%3A%2F%2Fcallback%3Frt-state%3D"))
        #expect(run.stdout.contains("&returnUrl=example-caller%3A%2F%2Fcallback%3FType%3D%7BType%7D%26TransactionId%3D%7BTransactionId%7D"))
        #expect(!run.stdout.contains("carries no callback"))
    }
}
