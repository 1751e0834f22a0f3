/// Hostile association files, generated (a committed 128 KB fixture would say less than the code
/// that makes it).
enum HostileFiles {
    /// A one-detail file with these components (JSON array text) and, optionally, more `applinks` keys.
    static func file(components: String, applinks extra: String = "") -> [UInt8] {
        let more = extra.isEmpty ? "" : ", " + extra
        return Array(#"{"applinks": {"details": [{"appIDs": [""#.utf8) + Array(AASAFixture.app.utf8)
            + Array(#""], "components": "#.utf8) + Array(components.utf8) + Array("}]\(more)}}".utf8)
    }

    /// `/` then `unit` repeated while the file stays within `size` bytes.
    static func longPattern(unit: String, fileSize size: Int) -> String {
        let overhead = file(components: #"[{"/": ""}]"#).count
        let repeats = (size - overhead - 1) / unit.utf8.count
        return "/" + String(repeating: unit, count: repeats)
    }

    /// One component whose path is ``longPattern(unit:fileSize:)``.
    static func onePattern(unit: String, fileSize size: Int) -> [UInt8] {
        file(components: #"[{"/": ""# + longPattern(unit: unit, fileSize: size) + #""}]"#)
    }

    /// `count` values of `length` characters, each starting with a different letter pair.
    static func values(count: Int, length: Int) -> [String] {
        (0..<count).map { index in
            let head = String(UnicodeScalar(UInt8(97 + index % 26))) + String(UnicodeScalar(UInt8(97 + index / 26 % 26)))
            return head + String(repeating: "x", count: max(0, length - 2))
        }
    }

    /// `components` components `/$(v)/…/$(v)/i` (`uses` times `$(v)`), `v` having these values.
    static func substitution(values: [String], uses: Int, components: Int) -> [UInt8] {
        let pattern = "/" + Array(repeating: "$(v)", count: uses).joined(separator: "/")
        let list = (0..<components).map { #"{"/": ""# + pattern + "/\($0)" + #""}"# }.joined(separator: ", ")
        let quoted = values.map { "\"" + $0 + "\"" }.joined(separator: ", ")
        return file(components: "[" + list + "]", applinks: #""substitutionVariables": {"v": ["# + quoted + "]}")
    }
}
