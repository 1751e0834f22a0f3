import Benchmark
import Foundation

/// Every benchmark of the package, registered in one place.
///
/// Time is measured without counting allocations (the malloc interposer's bookkeeping would
/// slow the allocating side of every comparison); each measured operation has an
/// `Allocations: …` twin that counts them instead. Allocation counts are the same on every
/// machine, so they carry the checked-in thresholds (`Thresholds/`, checked by
/// `Scripts/benchmarks.sh --check`); times, which are not, are held to ratios against a baseline
/// measured in the same run (`Thresholds/ratios.json`).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 1_000,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )
    registerIncomingBenchmarks()
    registerRestRouteBenchmarks()
    registerSelectBenchmarks()
    registerValueFormBenchmarks()
    registerAASABenchmarks()
    registerLedgerBenchmarks()
    registerLaunchBenchmarks()
    registerPatternBenchmarks()
    registerAnswerBenchmarks()
    registerAssetLinksBenchmarks()
}

extension Benchmark.Configuration {
    /// Counts allocations per operation; a run may differ from the checked-in count by at most 2
    /// and 5% (the ledger's asynchronous round trip varies by one or two).
    static var allocations: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.mallocCountTotal],
            warmupIterations: 10,
            scalingFactor: .one,
            maxDuration: .seconds(1),
            maxIterations: 1_000,
            thresholds: [.mallocCountTotal: .init(relative: [.p90: 5], absolute: [.p90: 2])]
        )
    }
}

/// The allocation benchmark's name: `Allocations:<name>` with `_` for spaces, because the
/// thresholds tool writes file names that way but reads them back with the spaces (benchmark 1.38).
func allocationsName(_ name: String) -> String {
    "Allocations:" + name.replacingOccurrences(of: " ", with: "_")
}

/// Registers `Allocations:<name>`, counting the allocations of one call of `operation`.
func registerAllocations(_ name: String, _ operation: @escaping () throws -> Void) {
    Benchmark(allocationsName(name), configuration: .allocations) { benchmark in
        for _ in benchmark.scaledIterations { try operation() }
    }
}

/// ``registerAllocations(_:_:)`` for an asynchronous operation.
func registerAllocations(_ name: String, _ operation: @escaping () async throws -> Void) {
    Benchmark(allocationsName(name), configuration: .allocations) { benchmark in
        for _ in benchmark.scaledIterations { try await operation() }
    }
}
