import Foundation
import Roundtrip

/// Specs for the pattern benchmarks: one whose parameters have nested-quantifier patterns, with
/// the 16 KiB URLs that made a backtracking matcher take seconds, and one of 50 actions whose 50
/// patterns are all different (a spec repeats a pattern's text once compiled, so the launch
/// benchmark's repeated pattern compiles only once).
enum PatternFixture {
    /// A spec whose parameters' patterns nest quantifiers (`(a+)+b` and its kin).
    static let hostileJSON = #"""
        {"roundtrip":1,"app":{"name":"Hostile","schemes":["hostile"]},"actions":{"tags":{"url":"hostile://tags",
        "convention":"none","parameters":{"tags":{"type":"string","list":"comma","pattern":"(a+)+b"},
        "words":{"type":"string","list":"repeated","pattern":"([a-z]+)*$"},"code":{"type":"string","pattern":"(x+x+)+y"},
        "pairs":{"type":"string","pattern":"(a|aa)*c"}}}}}
        """#

    /// URLs of 16 KiB (the default limit), each one long value that keeps every path of its
    /// parameter's pattern alive to the end, where it fails.
    static let hostileURLs: [String] = {
        let prefix = "hostile://tags?"
        let budget = 16 * 1_024 - prefix.utf8.count
        return [
            prefix + "tags=" + String(repeating: "a", count: budget - 5),
            prefix + "words=" + String(repeating: "a", count: budget - 7) + "1",
            prefix + "code=" + String(repeating: "x", count: budget - 5),
            prefix + "pairs=" + String(repeating: "a", count: budget - 6),
        ]
    }()

    static func hostileEndpoint() -> Endpoint {
        let endpoint = try! Endpoint(spec: SpecLoader.load(json: hostileJSON).spec)
        for url in hostileURLs {
            precondition((try? endpoint.evaluate(url)) == nil, "each hostile URL must be refused")
        }
        return endpoint
    }

    /// Fifty patterns as specs write them, each different.
    static let distinctPatterns: [String] = (0..<50).map { index in
        let shapes = [
            "[A-Z]{2}-[0-9]{\(index % 6 + 1),8}", "INV-[0-9]{4}-[0-9]{\(index % 5 + 2)}", "[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,\(index % 4 + 4)}",
            "(?:[0-9]{1,3}\\.){3}[0-9]{1,\(index % 3 + 1)}", "#[0-9A-Fa-f]{\(index % 4 + 3)}", "\\d+(?:\\.\\d{1,\(index % 3 + 1)})?",
            "[A-Za-z][A-Za-z0-9_]{0,\(index + 10)}", "(?:cat|dog|bird\(index))s?", "[^,]{1,\(index + 20)}", "\\w+(?:-\\w+){0,\(index % 5 + 1)}",
        ]
        return shapes[index % shapes.count]
    }

    /// A JSON spec of 50 actions, each with one string parameter whose pattern is its own.
    static let distinctPatternsJSON: String = {
        var text = #"{"roundtrip":1,"app":{"name":"Patterns","schemes":["patterns"]},"actions":{"#
        for (index, pattern) in distinctPatterns.enumerated() {
            if index > 0 { text += "," }
            let escaped = pattern.replacingOccurrences(of: "\\", with: "\\\\")
            text += #""action\#(index)":{"url":"patterns://action\#(index)","convention":"none","parameters":{"#
            text += #""value":{"type":"string","max-length":64,"pattern":"\#(escaped)"}}}"#
        }
        return text + "}}"
    }()
}
