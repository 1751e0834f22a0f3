import Foundation
import LaunchReceiver
import Roundtrip
import RoundtripYAML
import Yams

// Alternating rounds, minimum per-iteration time of each: robust to a busy machine.
//   incoming-profile [ACTIONS]   the decision against the Foundation baseline
//   incoming-profile steps       the decision's main steps, each timed alone
//   incoming-profile decision    the decision alone, for a profiler (`perf record`)
//   incoming-profile select [ACTIONS] [loop]  the decision by a `select` pair beside the same request at a route
//                                of its own; with "loop", the select decision alone for a profiler
//   incoming-profile generated [loop]  the 50-action spec compiled into Swift: makeSpec() and Endpoint
//   incoming-profile launch [yaml|json|yaml-distinct|json-distinct [ACTIONS]]  a spec from YAML and JSON text to a ready Endpoint, at 10, 50
//                                and 1,000 actions, beside Yams' compose alone (the old path's first step);
//                                "none repeated": no action repeats another's parameter definitions
//   incoming-profile launch-parts  the 50-action JSON spec with nothing repeated: loading alone,
//                                and the endpoint from the loaded spec

/// The minimum over `rounds` rounds of the mean time of `iterations` calls, in nanoseconds.
func minimumTime(rounds: Int = 15, iterations: Int = 20_000, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
    }
    return best
}

let url = IncomingFixture.url
var sink = 0
if CommandLine.arguments.dropFirst().first == "generated" {
    // The 50-action spec compiled into Swift: the spec value, and the endpoint from it.
    let makeSpec = minimumTime(rounds: 15, iterations: 500) { sink += LaunchReceiver.makeSpec().actions.count }
    let built = LaunchReceiver.makeSpec()
    let endpoint = minimumTime(rounds: 15, iterations: 500) { if (try? Endpoint(spec: built)) != nil { sink += 1 } }
    print("50 actions  generated makeSpec()         \(String(format: "%.4f", makeSpec / 1e6)) ms")
    print("50 actions  Endpoint from the value      \(String(format: "%.4f", endpoint / 1e6)) ms")
    if CommandLine.arguments.dropFirst(2).first == "loop" {
        for _ in 0..<20_000 { sink += LaunchReceiver.makeSpec().actions.count }
    }
} else if CommandLine.arguments.dropFirst().first == "launch", let form = CommandLine.arguments.dropFirst(2).first {
    // For a profiler: one form (yaml or json) of the 50-action spec to an Endpoint, many times.
    let count = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 50
    // "json-distinct" and "yaml-distinct": no action repeats another's parameter definitions;
    // "json-names" and "yaml-names": they repeat under each action's own names.
    let isJSON = form.hasPrefix("json")
    let sharing: LaunchFixture.Sharing = form.hasSuffix("-distinct") ? .nothing : form.hasSuffix("-names") ? .definitions : .everything
    let text = isJSON ? LaunchFixture.json(actionCount: count, sharing: sharing) : LaunchFixture.yaml(actionCount: count, sharing: sharing)
    for _ in 0..<(25_000 / count) {
        let loaded = isJSON ? try? SpecLoader.load(json: text) : try? SpecLoader.load(yaml: text)
        if let spec = loaded?.spec, (try? Endpoint(spec: spec)) != nil { sink += 1 }
    }
} else if CommandLine.arguments.dropFirst().first == "launch-parts" {
    // The parts of a launch with nothing repeated: loading alone, and the endpoint from the loaded spec.
    let text = LaunchFixture.json(actionCount: 50, sharing: .nothing)
    let spec = try! SpecLoader.load(json: text).spec
    let load = minimumTime(rounds: 15, iterations: 100) { if (try? SpecLoader.load(json: text)) != nil { sink += 1 } }
    let endpoint = minimumTime(rounds: 15, iterations: 100) { if (try? Endpoint(spec: spec)) != nil { sink += 1 } }
    print("50 actions, none repeated: load \(String(format: "%.3f", load / 1e6)) ms")
    print("50 actions, none repeated: Endpoint from the loaded spec \(String(format: "%.3f", endpoint / 1e6)) ms")
} else if CommandLine.arguments.dropFirst().first == "launch" {
    for count in [10, 50, 1_000] {
        let yaml = LaunchFixture.yaml(actionCount: count)
        let json = LaunchFixture.json(actionCount: count)
        let rounds = count > 100 ? 5 : 15, iterations = count > 100 ? 5 : 100
        func ready(_ load: @escaping () throws -> SpecLoader.Loaded) -> () -> Void {
            { if let spec = try? load().spec, (try? Endpoint(spec: spec)) != nil { sink += 1 } }
        }
        let distinctYAML = LaunchFixture.yaml(actionCount: count, sharing: .nothing)
        let distinctJSON = LaunchFixture.json(actionCount: count, sharing: .nothing)
        let ownNamesJSON = LaunchFixture.json(actionCount: count, sharing: .definitions)
        let timings: [(String, () -> Void)] = [
            ("YAML → Endpoint", ready { try SpecLoader.load(yaml: yaml) }),
            ("JSON → Endpoint", ready { try SpecLoader.load(json: json) }),
            ("YAML, none repeated", ready { try SpecLoader.load(yaml: distinctYAML) }),
            ("JSON, none repeated", ready { try SpecLoader.load(json: distinctJSON) }),
            ("JSON, own names", ready { try SpecLoader.load(json: ownNamesJSON) }),
            ("Yams compose alone", { if (try? Yams.compose(yaml: yaml)) != nil { sink += 1 } }),
            ("JSONSerialization only", { if (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil { sink += 1 } }),
        ]
        for (name, body) in timings {
            let time = minimumTime(rounds: rounds, iterations: iterations, body)
            print("\(count) actions  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(String(format: "%.3f", time / 1e6)) ms")
        }
    }
} else if CommandLine.arguments.dropFirst().first == "select" {
    let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10
    let selecting = SelectFixture.endpoint(actionCount: count)
    let selectURL = SelectFixture.url
    if CommandLine.arguments.dropFirst(3).first == "loop" {
        for _ in 0..<5_000_000 { if (try? selecting.evaluate(selectURL)) != nil { sink += 1 } }
    } else {
        let plain = IncomingFixture.endpoint(actionCount: count)
        var best = (select: Double.infinity, plain: Double.infinity)
        for _ in 0..<15 {
            best.select = min(best.select, minimumTime(rounds: 1) { if (try? selecting.evaluate(selectURL)) != nil { sink += 1 } })
            best.plain = min(best.plain, minimumTime(rounds: 1) { if (try? plain.evaluate(url)) != nil { sink += 1 } })
        }
        print("actions \(count): select \(Int(best.select)) ns, own route \(Int(best.plain)) ns, ratio \(best.select / best.plain)")
    }
} else if CommandLine.arguments.dropFirst().first == "decision" {
    let endpoint = IncomingFixture.endpoint(actionCount: 10)
    print("decision \(Int(minimumTime(rounds: 30) { if (try? endpoint.evaluate(url)) != nil { sink += 1 } })) ns")
} else if CommandLine.arguments.dropFirst().first == "steps" {
    let endpoint = IncomingFixture.endpoint(actionCount: 10)
    let split = try! URLSplit(url)
    let query = split.query!
    let callback = "pos-app://charge-result?record_id=123&rt-state=qL3k9xVb0d2mF7wYz1cR5A"
    let policy = CallbackPolicy(allowList: [try! CallbackBase("pos-app://charge-result")], ownSchemes: ["com-example-terminal"])
    let steps: [(String, () -> Void)] = [
        ("whole decision", { if (try? endpoint.evaluate(url)) != nil { sink += 1 } }),
        ("Foundation baseline", { sink += URLComponents(string: url)?.queryItems?.count ?? 0 }),
        ("limits check", { if (try? QueryLimits.default.check(url)) != nil { sink += 1 } }),
        ("URL split", { if (try? URLSplit(url)) != nil { sink += 1 } }),
        ("query decode (codec)", { sink += (try? QueryCodec.decode(query))?.count ?? 0 }),
        ("callback check", { if (try? policy.check(callback, parameter: "returnURL")) != nil { sink += 1 } }),
    ]
    for (name, body) in steps {
        print("\(name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(Int(minimumTime(body))) ns")
    }
} else {
    let endpoint = IncomingFixture.endpoint(actionCount: Int(CommandLine.arguments.dropFirst().first ?? "10") ?? 10)
    var best = (decision: Double.infinity, baseline: Double.infinity)
    for _ in 0..<15 {
        best.decision = min(best.decision, minimumTime(rounds: 1) { if (try? endpoint.evaluate(url)) != nil { sink += 1 } })
        best.baseline = min(best.baseline, minimumTime(rounds: 1) { sink += URLComponents(string: url)?.queryItems?.count ?? 0 })
    }
    print("actions \(CommandLine.arguments.dropFirst().first ?? "10"): decision \(Int(best.decision)) ns, baseline \(Int(best.baseline)) ns, ratio \(best.decision / best.baseline)")
}
precondition(sink > 0)
