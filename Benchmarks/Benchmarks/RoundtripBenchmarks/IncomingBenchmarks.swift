import Benchmark
import Foundation
import Roundtrip

/// The incoming-URL path (split, route, decode, validate) against Foundation's
/// `URLComponents(string:)` + `queryItems` on the same URL, in the same run.
///
/// Targets: the whole decision costs no more than the Foundation baseline alone
/// (ratio ≤ 1.0), and its cost at 10,000 actions is at most 1.3× its cost at 10. A custom-shape
/// action's decision is measured beside a return-url action's on the same parameters.
func registerIncomingBenchmarks() {
    let url = IncomingFixture.url

    registerAllocations("Foundation baseline (URLComponents + queryItems)") { blackHole(URLComponents(string: url)?.queryItems) }

    for actionCount in [10, 1_000, 10_000] {
        // The baseline runs right before each decision it is compared with: benchmarks run one
        // after another, and a shared VM's speed drifts between the first and the last.
        Benchmark("Incoming: Foundation baseline (URLComponents + queryItems), beside \(actionCount) actions") { benchmark in
            for _ in benchmark.scaledIterations {
                let components = URLComponents(string: url)
                blackHole(components?.queryItems)
            }
        }
        let endpoint = IncomingFixture.endpoint(actionCount: actionCount)
        Benchmark("Incoming: decision, \(actionCount) actions") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? endpoint.evaluate(url))
            }
        }
        registerAllocations("incoming decision, \(actionCount) actions") { blackHole(try? endpoint.evaluate(url)) }
    }

    // A custom-shape charge beside a return-url charge of the same parameters, one action each,
    // measured one right after the other so their ratio is read from one run.
    let returnURLEndpoint = IncomingFixture.endpoint(actionCount: 1)
    Benchmark("Incoming: decision, return-url action, 10 parameters") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? returnURLEndpoint.evaluate(url))
        }
    }
    let customEndpoint = IncomingFixture.customEndpoint()
    let customURL = IncomingFixture.customURL
    Benchmark("Incoming: decision, custom action, callbacks under the partner's own names, 10 parameters") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? customEndpoint.evaluate(customURL))
        }
    }

    let query = try! URLSplit(url).query!
    Benchmark("Query: strict decode, 10 parameters") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? QueryCodec.decode(query))
        }
    }
    registerAllocations("strict query decode, 10 parameters") { blackHole(try? QueryCodec.decode(query)) }
}
