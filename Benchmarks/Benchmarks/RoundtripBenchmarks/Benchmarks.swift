import Benchmark
import Foundation
import Roundtrip

let benchmarks: @Sendable () -> Void = {
    Benchmark("placeholder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(QueryCodec.encodeComponent("a b")) }
    }
}
