import Foundation
import RoundtripToolsTestSupport
import Testing

/// A `custom` action's round trip through the binary, in each answer shape: `request build`
/// (with `--ledger`), `request handle`, `response build`, `response accept`. Fixtures:
/// `Tests/Fixtures/custom/payments.yaml` and `Tests/Fixtures/custom/signed-pos.yaml` (whose test
/// key is 32 bytes of 0x07).
@Suite("CLI: custom answers")
struct CustomAnswersCLITests {
    static let now = "1800000000"
    static let privateKey = Data(repeating: 7, count: 32).base64EncodedString()

    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: String
        let action: String
        let parameters: [String]
        let callback: String
        /// Where `request handle` reports the callback.
        let callbackKeys: [String]
        let outcome: String
        let answer: [String]
        let signed: Bool
        /// Text the answer holds, `NONCE` standing for the request's nonce.
        let written: String
        let acceptedParameters: [String: String]
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(
            name: "query fields, prefix, outcome word, echo",
            spec: "custom/payments.yaml",
            action: "pay",
            parameters: ["amount=10.00", "foreign-tx-id=F-1"],
            callback: "myshop://paid",
            callbackKeys: ["error", "success"],
            outcome: "error",
            answer: ["tx-code=T-9"],
            signed: false,
            written: "myshop://paid/error?rt-state=NONCE&smp-status=failed&smp-tx-code=T-9&foreign-tx-id=F-1",
            acceptedParameters: ["tx-code": "T-9", "foreign-tx-id": "F-1"]
        ),
        Shape(
            name: "json answer, callback inside the json parameter",
            spec: "custom/payments.yaml",
            action: "charge",
            parameters: [#"data={"amount":5}"#],
            callback: "myshop://charged",
            callbackKeys: ["any"],
            outcome: "error",
            answer: [],
            signed: false,
            written: "myshop://charged?rt-state=NONCE&data=%7B%22status%22%3A%22error%22%7D",
            acceptedParameters: [:]
        ),
        Shape(
            name: "template callback",
            spec: "custom/payments.yaml",
            action: "take-payment",
            parameters: ["amount=5"],
            callback: "myshop://done/{Type}?tx={TransactionId}",
            callbackKeys: ["any"],
            outcome: "success",
            answer: ["TransactionId=T-7"],
            signed: false,
            written: "myshop://done/success?tx=T-7&rt-state=NONCE",
            acceptedParameters: ["TransactionId": "T-7"]
        ),
        Shape(
            name: "state-parameter",
            spec: "custom/signed-pos.yaml",
            action: "refund",
            parameters: ["amount=5"],
            callback: "myshop://refunded",
            callbackKeys: ["error", "success"],
            outcome: "success",
            answer: ["refund-id=R-1"],
            signed: false,
            written: "myshop://refunded/success?pos-refund-id=R-1&reference=NONCE",
            acceptedParameters: ["refund-id": "R-1"]
        ),
        Shape(
            name: "signed json answer",
            spec: "custom/signed-pos.yaml",
            action: "charge",
            parameters: [#"data={"amount":5,"order_id":"O-1"}"#],
            callback: "myshop://charged",
            callbackKeys: ["any"],
            outcome: "success",
            answer: ["transaction_id=T-1", "amount=5"],
            signed: true,
            written: "&rt-kid=pos-2026&rt-ts=1800000000&rt-sig=",
            acceptedParameters: ["transaction_id": "T-1", "amount": "5", "order_id": "O-1"]
        ),
    ]

    /// Builds the request with a ledger, checks that the partner takes it, and builds the answer.
    static func answer(_ shape: Shape, ledger: String) throws -> (callback: String, nonce: String) {
        let spec = CommandLineRunner.fixture(shape.spec)
        let built = try CommandLineRunner.run(
            ["request", "build", "--spec", spec, "--action", shape.action, "--callback", shape.callback, "--ledger", ledger, "--now", now]
                + shape.parameters.flatMap { ["--param", $0] }
        )
        #expect(built.exitCode == 0, "\(built.stderr)")
        let request = built.stdout.trimmingCharacters(in: .newlines)
        let handled = try CommandLineRunner.run(["request", "handle", "--spec", spec, request, "--json", "--now", now])
        #expect(handled.exitCode == 0, "\(handled.stdout)\(handled.stderr)")
        let callbacks = try #require(handled.json?["callbacks"] as? [String: String])
        #expect(callbacks.keys.sorted() == shape.callbackKeys)
        let answered = try CommandLineRunner.run(
            ["response", "build", "--spec", spec, "--request", request, "--outcome", shape.outcome, "--now", now]
                + shape.answer.flatMap { ["--param", $0] }
                + (shape.signed ? ["--sign-key", "pos-2026", "--secret-env", "POS_ANSWER_KEY"] : []),
            environment: ["POS_ANSWER_KEY": privateKey]
        )
        #expect(answered.exitCode == 0, "\(answered.stderr)")
        let callback = answered.stdout.trimmingCharacters(in: .newlines)
        // The nonce rides on the callback, or in the state-parameter (`reference`).
        let marker = try #require(request.range(of: "rt-state%3D") ?? request.range(of: "reference="))
        let nonce = String(request[marker.upperBound...].prefix(22))
        return (callback, nonce)
    }

    static func ledger() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-cli-custom-\(UUID().uuidString)").path
    }

    static func accept(_ callback: String, ledger: String) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000010"])
    }

    @Test(arguments: shapes)
    func eachShapeMakesTheRoundTrip(_ shape: Shape) throws {
        let ledger = Self.ledger()
        let (callback, nonce) = try Self.answer(shape, ledger: ledger)
        #expect(callback.contains(shape.written.replacingOccurrences(of: "NONCE", with: nonce)), "\(callback)")
        let accepted = try Self.accept(callback, ledger: ledger)
        #expect(accepted.exitCode == 0, "\(accepted.stdout)\(accepted.stderr)")
        #expect(accepted.json?["outcome"] as? String == shape.outcome)
        #expect(accepted.json?["parameters"] as? [String: String] == shape.acceptedParameters)
        // Once only, whether the nonce came back in rt-state or in the state-parameter.
        let again = try Self.accept(callback, ledger: ledger)
        #expect(again.exitCode == 1)
        #expect((again.json?["error"] as? [String: Any])?["code"] as? String == "replayed")
    }

    @Test(
        arguments: [
            (0, "smp-status=failed", "smp-status=refunded", "unknown-outcome"),
            (0, "&smp-status=failed", "", "missing-parameter"),
            (0, "&smp-tx-code", "&rt-state=AAAAAAAAAAAAAAAAAAAAAA&smp-tx-code", "reserved-parameter"),
            (4, "T-1", "T-2", "bad-signature"),
        ] as [(Int, String, String, String)]
    )
    func aForgedAnswerIsRefusedAndTheGenuineOneStillAccepted(shape: Int, find: String, replace: String, code: String) throws {
        let ledger = Self.ledger()
        let (callback, _) = try Self.answer(Self.shapes[shape], ledger: ledger)
        let forged = callback.replacingOccurrences(of: find, with: replace)
        #expect(forged != callback)
        let refused = try Self.accept(forged, ledger: ledger)
        #expect(refused.exitCode == 1)
        #expect((refused.json?["error"] as? [String: Any])?["code"] as? String == code, "\(refused.stdout)")
        #expect(try Self.accept(callback, ledger: ledger).exitCode == 0)
    }
}
