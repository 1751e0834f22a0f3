import Benchmark
import Foundation
import Roundtrip

/// Patterns: the decision of 16 KiB URLs built to make a backtracking matcher explode against
/// a spec of nested-quantifier patterns (each costs a linear number of steps now), and loading a
/// spec of 50 actions with 50 different patterns, beside compiling the 50 patterns alone.
func registerPatternBenchmarks() {
    let endpoint = PatternFixture.hostileEndpoint()
    let configuration = patternTiming(warmup: 2, iterations: 200)
    Benchmark("Patterns: hostile 16 KiB URL decision (nested quantifiers)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            for url in PatternFixture.hostileURLs { blackHole(try? endpoint.evaluate(url)) }
        }
    }
    let launch = patternTiming(warmup: 20, iterations: 2_000)
    Benchmark("Patterns: launch, 50 actions with 50 distinct patterns, JSON", configuration: launch) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Endpoint(spec: SpecLoader.load(json: PatternFixture.distinctPatternsJSON).spec))
        }
    }
    Benchmark("Patterns: compile 50 distinct patterns", configuration: launch) { benchmark in
        for _ in benchmark.scaledIterations {
            for pattern in PatternFixture.distinctPatterns { blackHole(try ValuePattern(pattern)) }
        }
    }
    // The load-time step before the linear-time engine: each pattern, anchored, compiled by
    // Foundation's NSRegularExpression (ICU). The spec loads no slower than it did when this
    // figure is at least the one above: the rest of the load did not change with the engine.
    let anchored = PatternFixture.distinctPatterns.map { "\\A(?:" + $0 + ")\\z" }
    Benchmark("Patterns: compile the same 50 patterns with NSRegularExpression (the engine before)", configuration: launch) { benchmark in
        for _ in benchmark.scaledIterations {
            for pattern in anchored { blackHole(try NSRegularExpression(pattern: pattern)) }
        }
    }
}

/// Wall-clock and CPU time in microseconds, for at most two seconds or `iterations` runs after
/// `warmup` ones.
private func patternTiming(warmup: Int, iterations: Int) -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .microseconds,
        warmupIterations: warmup,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: iterations
    )
}
