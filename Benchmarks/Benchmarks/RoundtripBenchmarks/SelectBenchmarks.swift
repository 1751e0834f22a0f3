import Benchmark
import Foundation
import Roundtrip

/// The incoming decision when every action shares one route and is told apart by a `select`
/// pair (`…/command/1.0.0/?action=charge&…`, the shape of Uber's "Deep Links" page), beside
/// the decision of the same request at a route of its own ("Incoming: decision, N actions").
///
/// Target: its cost at 10,000 actions is at most 1.3× its cost at 10 (a query's values lead
/// straight to the candidates they could select), and no more than the decision of a request at
/// a route of its own cost before routes could be shared. Measured on a quiet 2-core Linux VM,
/// this benchmark (ordo-one p50) run in turn with the decision benchmark of the last commit
/// before `select` (348c9c7), twice: 3.01 and 3.03 µs at 10 actions against 3.06 and 3.02 µs
/// then; 3.04 and 3.01 µs at 10,000 against 3.06 and 3.10 µs. Today's decision at a route of
/// its own is 2.86–2.93 µs, so selecting costs 1.05× it.
/// Earlier steps: 3.75 µs and 1.32× at first; 3.15 µs and 1.10× once items that cannot start a
/// select name were passed over by their first byte, the selection was read by reference, and
/// the query's decoding skipped the select pairs; 1.05× once a value that decodes to itself is
/// looked up by its bytes in place (`FirstPairTable`: no `String`, no `Hasher`) and a group
/// that selects on one name is decided by the first item that gives it. The rest is the longer
/// URL (one more pair, 15 bytes) and that one lookup.
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
