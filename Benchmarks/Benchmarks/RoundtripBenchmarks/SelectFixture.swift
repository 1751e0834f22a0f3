import Foundation
import Roundtrip

/// ``IncomingFixture``'s payment request at a route that every action shares, selected by
/// `action=charge`.
enum SelectFixture {
    static let url = IncomingFixture.url.replacingOccurrences(of: "://charge/1.0.0/?", with: "://command/1.0.0/?action=charge&")

    /// `count` return-url actions at one route, each selected by its own `action` value; the
    /// charge action is in the middle.
    static func actions(count: Int) -> [Action] {
        (0..<count).map { index in
            let name = index == count / 2 ? "charge" : "action\(index)"
            return Action(
                name: name,
                routes: [try! RoutePattern("com-example-terminal://command/1.0.0/")],
                convention: .returnURL,
                responsePrefix: "ifcc_",
                parameters: IncomingFixture.parameters(),
                select: [QueryItem(name: "action", value: name)]
            )
        }
    }

    static func endpoint(actionCount: Int) -> Endpoint {
        let endpoint = try! Endpoint(spec: IncomingFixture.spec(actions: actions(count: actionCount)))
        precondition((try? endpoint.evaluate(url))?.actionName == "charge", "the benchmark URL must select the charge action")
        return endpoint
    }
}
