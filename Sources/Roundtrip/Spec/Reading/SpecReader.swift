import Foundation

/// Walks a parsed document (YAML or JSON) into a ``Spec``, recording a diagnostic for every
/// problem.
struct SpecReader {
    private(set) var diagnostics: [SpecDiagnostic] = []
    /// Patterns and date formats compiled so far, by their text: a spec repeats them across
    /// actions, and each compiles once.
    private var patterns: [String: ValuePattern] = [:]
    private var dateFormats: [String: DateFormat] = [:]
    /// Where each action's routes were written, action by action in the order they were read
    /// and in route order (one list for all, rather than one per action), so a conflict the
    /// router finds between actions is reported at its route.
    var routeSites: [RouteSite] = []
    /// Where each action's sites start in ``routeSites``, by the action's index among those read.
    var routeSiteStarts: [Int] = []

    /// Where the routes of the action at `index` (among those read) were written.
    func routeSites(ofAction index: Int) -> ArraySlice<RouteSite> {
        guard index < routeSiteStarts.count else { return [] }
        let end = index + 1 < routeSiteStarts.count ? routeSiteStarts[index + 1] : routeSites.count
        return routeSites[routeSiteStarts[index]..<end]
    }
    /// Where one of an action's routes was written, so that a finding about the route points at it.
    struct RouteSite {
        /// The route's index when the action's `url` is a list.
        let item: Int?
        /// The route's node; the action's own for a route derived from its name.
        let node: DocumentNode?

        /// The key path of the route in the action at `actionPath`, made only for a message.
        func path(of actionPath: String) -> String {
            item.map { "\(actionPath).url[\($0)]" } ?? "\(actionPath).url"
        }
    }

    /// Parameter definitions already read without a finding, for the spec's repeats.
    var repeatedDefinitions: RepeatedDefinitions

    /// Creates a reader for a document parsed from `source`, when the front end records where each
    /// value's text ends (JSON), so that repeated definitions are recognised by their text.
    init(source: [UInt8]? = nil) {
        repeatedDefinitions = RepeatedDefinitions(source: source)
    }

    /// A pattern, compiled once per text.
    ///
    /// A cached one is reused only for the same bytes: Swift's `String` equality is canonical
    /// equivalence (`"é"` equals `"e\u{301}"`), but a pattern matches Unicode scalars, so
    /// two such patterns accept different values.
    mutating func pattern(_ source: String) throws(RoundtripError) -> ValuePattern {
        if let compiled = patterns[source] {
            if compiled.source.hasSameBytes(as: source) { return compiled }
            return try ValuePattern(source)
        }
        let compiled = try ValuePattern(source)
        patterns[source] = compiled
        return compiled
    }

    /// A date format, compiled once per text (reused only for the same bytes, as patterns are).
    mutating func dateFormat(_ text: String) throws(RoundtripError) -> DateFormat {
        if let compiled = dateFormats[text] {
            if compiled.pattern.hasSameBytes(as: text) { return compiled }
            return try DateFormat(text)
        }
        let compiled = try DateFormat(text)
        dateFormats[text] = compiled
        return compiled
    }

    // MARK: - Diagnostics

    mutating func error(_ rule: String, _ path: @autoclosure () -> String, _ node: DocumentNode?, _ message: String) {
        diagnostics.append(
            SpecDiagnostic(severity: .error, rule: rule, keyPath: path(), line: node?.position.line, column: node?.position.column, message: message)
        )
    }

    mutating func warning(_ rule: String, _ path: @autoclosure () -> String, _ node: DocumentNode?, _ message: String) {
        diagnostics.append(
            SpecDiagnostic(
                severity: .warning,
                rule: rule,
                keyPath: path(),
                line: node?.position.line,
                column: node?.position.column,
                message: message
            )
        )
    }

    /// A node standing for a mapping key, so a diagnostic about the key points at it.
    static func keyNode(_ member: DocumentNode.Member) -> DocumentNode {
        DocumentNode(value: .string(member.key), position: member.keyPosition)
    }

    /// Reports each key that a mapping repeats (YAML and JSON both forbid it; the first
    /// occurrence would otherwise be silently lost). Returns the members to use.
    ///
    /// - Complexity: O(*n*²) in the number of keys, which beats hashing for the handful of keys
    ///   a spec's mappings have; a set past 16.
    mutating func distinctMembers(_ members: [DocumentNode.Member], _ path: @autoclosure () -> String) -> [DocumentNode.Member] {
        guard members.count > 1 else { return members }
        // Usually no key repeats: then the members are returned as they are, uncopied.
        if members.count <= 16 ? !Self.repeatsAKey(members) : !Self.repeatsAKeyAmongMany(members) { return members }
        var result: [DocumentNode.Member] = []
        result.reserveCapacity(members.count)
        var seen = members.count > 16 ? Set<String>(minimumCapacity: members.count) : nil
        for member in members {
            let isRepeat = if let seen { seen.contains(member.key) } else { result.contains { $0.key == member.key } }
            if isRepeat {
                error(
                    "duplicate-key",
                    Self.join(path(), member.key),
                    Self.keyNode(member),
                    "a mapping repeats the key '\(member.key)'; keep one of them"
                )
            } else {
                result.append(member)
                seen?.insert(member.key)
            }
        }
        return result
    }

    /// Whether two of many members share a key (an API's actions): one set insertion a key.
    private static func repeatsAKeyAmongMany(_ members: [DocumentNode.Member]) -> Bool {
        var seen = Set<String>(minimumCapacity: members.count)
        for index in members.indices where !seen.insert(members[index].key).inserted { return true }
        return false
    }

    /// Whether two of a few members share a key.
    ///
    /// Keys are told apart first by a word of their length and end bytes (``outline(of:)``): two
    /// keys are compared whole only when their words are the same or one of them is 0. A
    /// parameters mapping's names mostly differ there.
    private static func repeatsAKey(_ members: [DocumentNode.Member]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: members.count) { words in
            for index in members.indices {
                let word = outline(of: members[index].key)
                words[index] = word
                for earlier in 0..<index where word == words[earlier] || word == 0 || words[earlier] == 0 {
                    if members[earlier].key == members[index].key { return true }
                }
            }
            return false
        }
    }

    /// An ASCII key's length and first and last bytes, in one word; 0 for any other key (one
    /// with a non-ASCII byte, the empty key, or one whose bytes are not stored in place).
    ///
    /// Two ASCII keys that differ in the word are different strings. A key with other bytes
    /// gets 0 and is compared whole with every key: Swift compares strings by canonical
    /// equivalence, under which a different sequence of bytes (`e` and U+0301, or U+212A
    /// KELVIN SIGN for `K`) can be the same string.
    private static func outline(of key: String) -> UInt64 {
        key.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last, !bytes.contains(where: { $0 >= 0x80 }) else { return 0 }
            return UInt64(bytes.count) << 16 | UInt64(first) << 8 | UInt64(last)
        } ?? 0
    }
}
