import Benchmark
import Foundation
import Roundtrip

/// The incoming decision when every action shares one route and is told apart by a `select`
/// pair (`…/command/1.0.0/?action=charge&…`, the shape of Uber's "Deep Links" page), beside
/// the decision of the same request at a route of its own ("Incoming: decision, N actions").
///
/// Target: its cost at 10,000 actions is at most 1.3× its cost at 10 (a query's values lead
/// straight to the candidates they could select). Measured on a quiet 2-core Linux VM (release,
/// p50, `chrt -f 50`): 3.75 µs at 10 actions and at 10,000, against 2.85 µs for the decision of
/// the same request at a route of its own (1.32×; 4.27 µs before item names without escapes were
/// matched on their raw bytes). The rest is the selection's own pass over the query, before the
/// decision's: folding it into that pass is the next step.
func registerSelectBenchmarks() {
    let url = SelectFixture.url
    for actionCount in [10, 10_000] {
        let endpoint = SelectFixture.endpoint(actionCount: actionCount)
        Benchmark("Incoming: decision by select, \(actionCount) actions on one route") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? endpoint.evaluate(url))
            }
        }
        registerAllocations("incoming decision by select, \(actionCount) actions") { blackHole(try? endpoint.evaluate(url)) }
    }
}

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
