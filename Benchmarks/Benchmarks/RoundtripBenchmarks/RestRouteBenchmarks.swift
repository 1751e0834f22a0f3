import Benchmark
import Foundation
import Roundtrip

/// The incoming decision at rest-placeholder routes (`notes:///f<i>/:path*`, a notes app that
/// addresses notes by folder path), at 10 and 10,000 actions, beside the literal-route decision
/// of ``registerIncomingBenchmarks()``.
///
/// Target: like the literal decision, its cost at 10,000 actions is at most 1.3× its cost at 10
/// (the rest edge is one more check on the node the walk reaches, whatever the number of routes).
func registerRestRouteBenchmarks() {
    let url = RestRouteFixture.url
    for actionCount in [10, 10_000] {
        let endpoint = RestRouteFixture.endpoint(actionCount: actionCount)
        Benchmark("Incoming: decision at rest routes, \(actionCount) actions") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? endpoint.evaluate(url))
            }
        }
    }
}

/// Specs of rest-placeholder routes, one per action, and a URL for the middle one.
enum RestRouteFixture {
    static let url = "notes:///f5/Work/Plans%202027/Q1/Budget%20review?line=12"

    /// `count` actions at `notes:///f<i>/:path*`, each with an integer `line`; the URL's (`f5`)
    /// among them.
    static func endpoint(actionCount count: Int) -> Endpoint {
        let actions = (0..<count).map { index in
            Action(
                name: "open\(index)",
                routes: [try! RoutePattern("notes:///f\(index)/:path*")],
                convention: .none,
                parameters: [
                    ParameterSpec(name: "path", type: .string, isRequired: true, maximumLength: 512),
                    ParameterSpec(name: "line", type: .integer, minimum: 1),
                ]
            )
        }
        let endpoint = try! Endpoint(spec: Spec(app: AppDescription(name: "Notes", schemes: ["notes"]), actions: actions))
        precondition(
            (try? endpoint.evaluate(url))?.canonicalParameters == ["path": "Work/Plans 2027/Q1/Budget review", "line": "12"],
            "the benchmark URL must be accepted with its rest of the path"
        )
        return endpoint
    }
}
