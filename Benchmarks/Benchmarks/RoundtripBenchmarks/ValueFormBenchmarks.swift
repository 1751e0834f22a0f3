import Benchmark
import Foundation
import Roundtrip

/// The value forms of real apps' URL APIs: a request with a 20-item comma list, a list repeated
/// 5 times and 2 KB of multi-line text, decided (each item parsed and checked) against
/// Foundation's `URLComponents(string:)` + `queryItems` on the same URL, which only splits it.
///
/// Target: the decision costs no more than the Foundation baseline (ratio ≤ 1.0).
func registerValueFormBenchmarks() {
    let url = ValueFormFixture.url
    let endpoint = ValueFormFixture.endpoint()
    Benchmark("Value forms: Foundation baseline (URLComponents + queryItems)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(URLComponents(string: url)?.queryItems)
        }
    }
    Benchmark("Value forms: decision (20-item comma list, 5 repeated, 2 KB multiline)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? endpoint.evaluate(url))
        }
    }
    registerAllocations("value forms decision") { blackHole(try? endpoint.evaluate(url)) }
}

/// The notes request of ``registerValueFormBenchmarks()`` and the spec that accepts it.
enum ValueFormFixture {
    static let url: String = {
        let tags = (1...20).map { "tag\($0)" }.joined(separator: ",")
        let repeated = (1...5).map { "label=label-\($0)" }.joined(separator: "&")
        var text = ""
        var line = 0
        while text.utf8.count < 2_048 {
            line += 1
            text += "Line \(line) of the note, with some words in it.\n"
        }
        let encodedText = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return "notes://x-callback-url/create?tags=\(tags)&\(repeated)&text=\(encodedText)"
            + "&x-success=journal%3A%2F%2Fnotes%2Fsuccess%3Frt-state%3DqL3k9xVb0d2mF7wYz1cR5A"
    }()

    static func endpoint() -> Endpoint {
        let action = Action(
            name: "create",
            routes: [try! RoutePattern("notes://x-callback-url/create")],
            convention: .xCallbackURL,
            parameters: [
                ParameterSpec(
                    name: "tags",
                    type: .string,
                    pattern: try! ValuePattern("[a-z0-9]+"),
                    maximumLength: 32,
                    list: .comma,
                    maximumItems: 50
                ),
                ParameterSpec(name: "label", type: .string, maximumLength: 64, list: .repeated, maximumItems: 10),
                ParameterSpec(name: "text", type: .string, isRequired: true, maximumLength: 10_000, isMultiline: true),
            ]
        )
        let spec = Spec(app: AppDescription(name: "Notes", schemes: ["notes"]), actions: [action])
        let endpoint = try! Endpoint(spec: spec)
        precondition((try? endpoint.evaluate(url)) != nil, "the benchmark URL must be accepted")
        return endpoint
    }
}
