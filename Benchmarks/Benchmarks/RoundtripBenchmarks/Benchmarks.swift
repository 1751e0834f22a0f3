import Benchmark
import Foundation

/// Every benchmark of the package, registered in one place. Thresholds live in
/// `Thresholds/` (checked in) and are checked with `swift package benchmark baseline check`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 1_000,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )
    registerIncomingBenchmarks()
    registerAASABenchmarks()
    registerLedgerBenchmarks()
}
