import Foundation
import Roundtrip

/// A 10-parameter payment request and specs of any size that contain its action.
enum IncomingFixture {
    static let url =
        "com-example-terminal://charge/1.0.0/?amount=12.50&currency=EUR&invoiceNumber=INV-2026-001"
        + "&quantity=3&express=true&customer=Jane%20Doe&note=Thanks%21&reference=6F9619FF-8B86-D011-B42D-00C04FC964FF"
        + "&tip=1.50&returnURL=pos-app%3A%2F%2Fcharge-result%3Frecord_id%3D123%26rt-state%3DqL3k9xVb0d2mF7wYz1cR5A"

    static func parameters() -> [ParameterSpec] {
        [
            ParameterSpec(name: "amount", type: .decimal, isRequired: true, minimum: Decimal(string: "0.01"), maximum: 100_000),
            ParameterSpec(name: "currency", type: .string, defaultValue: "USD", allowedValues: ["USD", "EUR", "GBP"]),
            ParameterSpec(name: "invoiceNumber", type: .string, pattern: try! ValuePattern("[A-Za-z0-9-]+"), maximumLength: 32),
            ParameterSpec(name: "quantity", type: .integer, minimum: 1, maximum: 99),
            ParameterSpec(name: "express", type: .boolean),
            ParameterSpec(name: "customer", type: .string, maximumLength: 100),
            ParameterSpec(name: "note", type: .string, maximumLength: 200),
            ParameterSpec(name: "reference", type: .uuid),
            ParameterSpec(name: "tip", type: .decimal, minimum: 0),
        ]
    }

    /// `count` return-url actions at distinct routes; the charge action is in the middle.
    static func actions(count: Int) -> [Action] {
        (0..<count).map { index in
            let path = index == count / 2 ? "charge/1.0.0/" : "action\(index)/1.0.0/"
            return Action(
                name: index == count / 2 ? "charge" : "action\(index)",
                routes: [try! RoutePattern("com-example-terminal://" + path)],
                convention: .returnURL,
                responsePrefix: "ifcc_",
                parameters: parameters()
            )
        }
    }

    /// The card terminal's spec with `actions`.
    static func spec(actions: [Action]) -> Spec {
        Spec(
            app: AppDescription(name: "Card Terminal", schemes: ["com-example-terminal"]),
            callbacks: [try! CallbackBase("pos-app://charge-result")],
            actions: actions
        )
    }

    /// The same request to a `convention: custom` charge whose partner names its callbacks
    /// itself (`callbacksuccess`, `callbackfail`): the URL differs from ``url`` only in the
    /// callback's name, so the two decisions compare the way-back model with the return-url preset.
    static let customURL = url.replacingOccurrences(of: "&returnURL=", with: "&callbacksuccess=")

    /// One custom charge with ``parameters()`` and callbacks under the partner's own query names.
    static func customEndpoint() -> Endpoint {
        let action = Action(
            name: "charge",
            routes: [try! RoutePattern("com-example-terminal://charge/1.0.0/")],
            convention: .custom,
            outcomes: ["success", "error"],
            parameters: parameters(),
            customWayBack: WayBack(
                callbacks: [
                    CallbackLocation(outcome: "success", place: .query("callbacksuccess")),
                    CallbackLocation(outcome: "error", place: .query("callbackfail")),
                ],
                answer: AnswerShape(prefix: "ifcc_")
            )
        )
        let endpoint = try! Endpoint(spec: spec(actions: [action]))
        precondition((try? endpoint.evaluate(customURL)) != nil, "the custom benchmark URL must be accepted")
        return endpoint
    }

    static func endpoint(actionCount: Int) -> Endpoint {
        let endpoint = try! Endpoint(spec: spec(actions: actions(count: actionCount)))
        precondition((try? endpoint.evaluate(url)) != nil, "the benchmark URL must be accepted")
        return endpoint
    }
}
