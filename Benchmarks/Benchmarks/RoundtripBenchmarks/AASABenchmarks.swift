import Benchmark
import Foundation
import RoundtripAssociatedDomains

/// Matching cost against association files of 100 and 5,000 components (issue 4): the URL is
/// decided by the last component, so every component is tried, and the ratio of the two
/// benchmarks shows how matching scales with the file.
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
        case 1: components.append(AppLinks.Component(path: "/section/*/item-\(index)", query: .items([AppLinks.QueryItemPattern(name: "ref", pattern: "?*")])))
        case 2: components.append(AppLinks.Component(path: "/Other/\(index)/?*", caseSensitive: false))
        default: components.append(AppLinks.Component(path: "/section/last/item-\(index)", fragment: "top"))
        }
    }
    components.append(AppLinks.Component(path: "/section/last/item-?*", query: .items([AppLinks.QueryItemPattern(name: "ref", pattern: "mail")]), fragment: "top"))
    return AssociationFile(applinks: AppLinks(details: [
        AppLinks.Detail(appIDs: ["A1B2C3D4E5.com.example.bench"], components: components),
    ]))
}
