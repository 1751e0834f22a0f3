import Benchmark
import Foundation
import Roundtrip
import RoundtripYAML
import Yams

/// A spec from its text to a ready ``Endpoint`` at app launch (issue 13), at 10, 50 and 1,000
/// actions of nine typed parameters, from YAML and from JSON; beside it, in the same run, the
/// first step of the old path alone: Yams composing the same YAML (the old loader composed it,
/// then walked the node tree).
func registerLaunchBenchmarks() {
    for count in [10, 50, 1_000] {
        let yaml = LaunchFixture.yaml(actionCount: count)
        let json = LaunchFixture.json(actionCount: count)
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .cpuTotal],
            timeUnits: .microseconds,
            warmupIterations: count > 100 ? 2 : 20,
            scalingFactor: .one,
            maxDuration: .seconds(2),
            maxIterations: count > 100 ? 40 : 2_000
        )
        Benchmark("launch, \(count) actions, YAML", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                let spec = try SpecLoader.load(yaml: yaml).spec
                blackHole(try Endpoint(spec: spec))
            }
        }
        Benchmark("launch, \(count) actions, JSON", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                let spec = try SpecLoader.load(json: json).spec
                blackHole(try Endpoint(spec: spec))
            }
        }
        Benchmark("Yams compose alone, \(count) actions (old path's first step)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try Yams.compose(yaml: yaml))
            }
        }
    }
}
