import Benchmark
import Foundation
import RoundtripAssociatedDomains

/// Matching cost against association files of 100 and 5,000 components: the URL is decided by
/// the last component, so every component is tried, and the ratio of the two benchmarks shows how
/// matching scales with the file. Then hostile files, linted and matched.
func registerAASABenchmarks() {
    let url = "https://example.com/section/last/item-42?ref=mail#top"
    let small = AssociationMatcher(aasaFile(components: 100))
    let large = AssociationMatcher(aasaFile(components: 5_000))

    Benchmark("AASA match, 100 components") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? small.match(url))
        }
    }

    Benchmark("AASA match, 5000 components") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? large.match(url))
        }
    }

    Benchmark("AASA match with explanation, 100 components") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? small.explain(url))
        }
    }
    registerAllocations("AASA match, 100 components") { blackHole(try? small.match(url)) }
    registerAllocations("AASA match, 5000 components") { blackHole(try? large.match(url)) }
    registerHostileAASABenchmarks()
}

/// Files built to be slow: one path pattern filling 128 KB (linting it took minutes when the
/// shadowing index was quadratic in a literal prefix), and 4,096 combinations of a substitution
/// variable per pattern (gigabytes when combinations were expanded). Each benchmark lints the
/// bytes, compiles a matcher and matches one URL, as `roundtrip aasa lint` then `match` would.
private func registerHostileAASABenchmarks() {
    let app = "A1B2C3D4E5.com.example.bench"
    func file(_ components: String, extra: String = "") -> [UInt8] {
        Array(#"{"applinks": {"details": [{"appIDs": [""#.utf8) + Array(app.utf8) + Array(#""], "components": "#.utf8)
            + Array(components.utf8) + Array("}]\(extra)}}".utf8)
    }
    let overhead = file(#"[{"/": ""}]"#).count
    let longPath = "/" + String(repeating: "abc/", count: (128 * 1024 - overhead - 2) / 4)
    let long = file(#"[{"/": ""# + longPath + #""}]"#)

    // 64 values of 160 characters, each component `/$(v)/$(v)/<n>`: 4,096 combinations apiece.
    let values = (0..<64).map { (index: Int) -> String in
        let first = Character(UnicodeScalar(UInt8(97 + index % 26)))
        let second = Character(UnicodeScalar(UInt8(97 + index / 26)))
        return String([first, second]) + String(repeating: "x", count: 158)
    }
    let components = (0..<160).map { #"{"/": "/$(v)/$(v)/\#($0)"}"# }.joined(separator: ", ")
    let list = values.map { "\"" + $0 + "\"" }.joined(separator: ", ")
    let substitution = file("[" + components + "]", extra: #", "substitutionVariables": {"v": ["# + list + "]}")
    let substitutionURL = "https://example.com/" + values[3] + "/" + values[40] + "/159"

    let substitutionName = "AASA lint+match, substitution variables (\(substitution.count / 1024) KB, 4096 combinations per pattern)"
    let cases: [(name: String, bytes: [UInt8], url: String)] = [
        ("AASA lint+match, 128 KB one long pattern", long, "https://example.com" + longPath),
        (substitutionName, substitution, substitutionURL),
    ]
    // 300 values `ab`, `aab`, …, all alive against `/aaa…a` after `/*` until their `b`: matched
    // value by value this cost 114 million steps for 20 components `/*$(v)` (seconds); as a trie,
    // 2.3 million. With 2,000 components the work limit stops it (the time to the refusal).
    let shared = (1...300).map { "\"" + String(repeating: "a", count: $0) + "b\"" }.joined(separator: ", ")
    func sharedStarts(_ count: Int) -> AssociationMatcher {
        let list = Array(repeating: #"{"/": "/*$(v)"}"#, count: count).joined(separator: ", ")
        let bytes = file("[" + list + "]", extra: #", "substitutionVariables": {"v": ["# + shared + "]}")
        guard let parsed = try? AssociationFile(json: bytes) else { fatalError("the shared-start fixture does not decode") }
        return AssociationMatcher(parsed)
    }
    let sharedURL = "https://example.com/" + String(repeating: "a", count: 4_000)
    let few = sharedStarts(20)
    let many = sharedStarts(2_000)
    let sharedConfiguration = Benchmark.Configuration(warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 50)
    Benchmark("AASA match, 300 values sharing starts, 20 components, 4000-character path", configuration: sharedConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? few.match(sharedURL, workLimit: .max))
        }
    }
    Benchmark("AASA match, 300 values sharing starts, 2000 components: refused at the work limit", configuration: sharedConfiguration) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? many.match(sharedURL))
        }
    }

    for (name, bytes, url) in cases {
        Benchmark(name, configuration: .init(warmupIterations: 3, scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 200)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(AssociationLinter.lint(bytes))
                guard let parsed = try? AssociationFile(json: bytes) else { fatalError("the hostile fixture does not decode") }
                blackHole(try? AssociationMatcher(parsed).match(url))
            }
        }
    }
}

/// A file whose components all fail on the benchmark URL except the last: literal prefixes,
/// wildcards, query dictionaries and case-insensitive rules mixed in. A quarter of them start
/// like the URL's path (`/section/*/…`), on purpose, so the rule index cannot skip them all and
/// the benchmark shows the cost of the rules a URL really has to be compared with.
private func aasaFile(components count: Int) -> AssociationFile {
    var components: [AppLinks.Component] = []
    components.reserveCapacity(count)
    for index in 0..<(count - 1) {
        switch index % 4 {
        case 0: components.append(AppLinks.Component(path: "/section/\(index)/*"))
        case 1:
            components.append(
                AppLinks.Component(path: "/section/*/item-\(index)", query: .items([AppLinks.QueryItemPattern(name: "ref", pattern: "?*")]))
            )
        case 2: components.append(AppLinks.Component(path: "/Other/\(index)/?*", caseSensitive: false))
        default: components.append(AppLinks.Component(path: "/section/last/item-\(index)", fragment: "top"))
        }
    }
    components.append(
        AppLinks.Component(path: "/section/last/item-?*", query: .items([AppLinks.QueryItemPattern(name: "ref", pattern: "mail")]), fragment: "top")
    )
    return AssociationFile(
        applinks: AppLinks(details: [
            AppLinks.Detail(appIDs: ["A1B2C3D4E5.com.example.bench"], components: components)
        ])
    )
}
