import Benchmark
import Foundation
import Roundtrip

/// The incoming decision when every action shares one route and is told apart by a `select`
/// pair (`…/command/1.0.0/?action=charge&…`, the shape of Uber's "Deep Links" page), beside
/// the decision of the same request at a route of its own ("Incoming: decision, N actions").
///
/// Target: its cost at 10,000 actions is at most 1.3× its cost at 10 (a query's values lead
/// straight to the candidates they could select), and as near as can be to the decision of the
/// same request at a route of its own. Measured on a quiet 2-core Linux VM (release, minimum of
/// alternating rounds, `incoming-profile select 10|10000`): 3.15 µs at 10 actions and at 10,000,
/// against 2.86 µs for the request at a route of its own (1.10×; 3.75 µs and 1.32× before the
/// selection passed over items that cannot start a select name by their first byte, was read by
/// reference instead of copied out of the router, and the query's decoding skipped the select
/// pairs instead of decoding and then removing them). The rest is the selection's own look at
/// the query (its values, and the candidates they lead to) and the longer URL (one more pair).
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
