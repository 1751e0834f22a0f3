import Benchmark
import Foundation
import Roundtrip

/// The incoming decision when every action shares one route and is told apart by a `select`
/// pair (`…/command/1.0.0/?action=charge&…`, the shape of Uber's "Deep Links" page), beside
/// the decision of the same request at a route of its own ("Incoming: decision, N actions").
///
/// Target: its cost at 10,000 actions is at most 1.3× its cost at 10 (a query's values lead
/// straight to the candidates they could select). Measured on a shared 2-core Linux VM (release,
/// p50): 4.27 µs at 10 actions and 4.31 µs at 10,000, against 3.09 µs for the decision of the
/// same request at a route of its own; 4 allocations against 3, the one more being the
/// selection pass's table of the values found (that pass also decodes each query item's name).
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
