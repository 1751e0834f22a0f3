import Benchmark
import Foundation
import LaunchReceiver
import Roundtrip
import RoundtripGeneration
import RoundtripYAML
import Yams

/// A spec from its text to a ready ``Endpoint`` at app launch, at 10, 50 and 1,000
/// actions of nine typed parameters, from YAML and from JSON; beside it, in the same run, the
/// first step of the old path alone: Yams composing the same YAML (the old loader composed it,
/// then walked the node tree). Each size also runs with no parameter definition repeated.
func registerLaunchBenchmarks() {
    for count in [10, 50, 1_000] {
        let yaml = LaunchFixture.yaml(actionCount: count)
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .cpuTotal],
            timeUnits: .microseconds,
            warmupIterations: count > 100 ? 2 : 20,
            scalingFactor: .one,
            maxDuration: .seconds(2),
            maxIterations: count > 100 ? 40 : 2_000
        )
        // "none repeated" is the worst case: no action repeats another's parameter definitions,
        // so each is read. "own names" repeats the definitions under each action's own names.
        let forms: [(name: String, text: String, isJSON: Bool)] = [
            ("YAML", yaml, false),
            ("JSON", LaunchFixture.json(actionCount: count), true),
            ("YAML, own names", LaunchFixture.yaml(actionCount: count, sharing: .definitions), false),
            ("JSON, own names", LaunchFixture.json(actionCount: count, sharing: .definitions), true),
            ("YAML, none repeated", LaunchFixture.yaml(actionCount: count, sharing: .nothing), false),
            ("JSON, none repeated", LaunchFixture.json(actionCount: count, sharing: .nothing), true),
        ]
        for form in forms {
            Benchmark("launch, \(count) actions, \(form.name)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    let loaded = try form.isJSON ? SpecLoader.load(json: form.text) : SpecLoader.load(yaml: form.text)
                    blackHole(try Endpoint(spec: loaded.spec))
                }
            }
        }
        Benchmark("Yams compose alone, \(count) actions (old path's first step)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try Yams.compose(yaml: yaml))
            }
        }
    }

    // The same 50-action spec compiled into Swift by the RoundtripGenerator plugin: from the
    // generated spec value to a ready endpoint, and the value alone.
    let generatedConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .microseconds,
        warmupIterations: 20,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 5_000
    )
    Benchmark("launch, 50 actions, generated (spec value to Endpoint)", configuration: generatedConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Endpoint(spec: LaunchReceiver.makeSpec()))
        }
    }
    let built = LaunchReceiver.makeSpec()
    Benchmark("launch, 50 actions, generated (Endpoint from the built value)", configuration: generatedConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Endpoint(spec: built))
        }
    }

    // Generating the code of a 1,000-action spec (target: under a second).
    let large = try! SpecLoader.load(yaml: LaunchFixture.yaml(actionCount: 1_000)).spec
    Benchmark("generate, 1000 actions, receiver and caller", configuration: generatedConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(SwiftGenerator.generate(large, configuration: GeneratorConfiguration(role: .receiver), source: "large.yaml"))
            blackHole(SwiftGenerator.generate(large, configuration: GeneratorConfiguration(role: .caller), source: "large.yaml"))
        }
    }
}
