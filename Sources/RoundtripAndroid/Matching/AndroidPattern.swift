/// A pattern of an intent filter's `<data>` element, matched as Android's `PatternMatcher` does.
///
/// Android's `PatternMatcher` reference ("android.os.PatternMatcher") defines five kinds, chosen
/// by the attribute that holds the pattern:
///
/// | Kind | Attributes | Meaning |
/// |---|---|---|
/// | ``Kind/literal`` | `path`, `ssp`, `query`, `fragment` | the whole text, exactly |
/// | ``Kind/prefix`` | `pathPrefix`, … | the text starts with it |
/// | ``Kind/simpleGlob`` | `pathPattern`, … | `.` any character, `X*` a run of `X`, `.*` any run, `\` escapes |
/// | ``Kind/advancedGlob`` | `pathAdvancedPattern`, … (API 31) | `.`, sets `[a-z]` and `[^…]`, `*`, `+`, `{m}`, `{m,n}`, `{m,}` |
/// | ``Kind/suffix`` | `pathSuffix`, … (API 31) | the text ends with it |
///
/// Both globs match the whole text and never backtrack, which is how Android reads them and what
/// makes them differ from iOS's patterns: in a simple glob `.*` stops at the first occurrence of
/// the character after it (`/.*/detail` fails on `/a/b/detail`, and `.*` before a character
/// that only occurs later cannot skip past an earlier one), and `X*` takes every `X`; in an
/// advanced glob every token is greedy, so `.*` takes the rest of the text and `.*\.html`
/// matches nothing. Text is compared in UTF-16 code units, as Java's `String` is.
public struct AndroidPattern: Sendable, Hashable, CustomStringConvertible {
    /// How a pattern is read.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `PATTERN_LITERAL`: the whole text, exactly.
        case literal
        /// `PATTERN_PREFIX`: the text starts with the pattern.
        case prefix
        /// `PATTERN_SIMPLE_GLOB`: `.`, `*` after a character, `\` escapes; no backtracking.
        case simpleGlob = "simple-glob"
        /// `PATTERN_ADVANCED_GLOB` (API 31): a greedy, non-backtracking subset of regular
        /// expressions.
        case advancedGlob = "advanced-glob"
        /// `PATTERN_SUFFIX` (API 31): the text ends with the pattern.
        case suffix

        /// The suffix of the `<data>` attribute name for this kind: `""` (as in `path`),
        /// `Prefix`, `Pattern`, `AdvancedPattern` or `Suffix`.
        public var attributeSuffix: String {
            switch self {
            case .literal: ""
            case .prefix: "Prefix"
            case .simpleGlob: "Pattern"
            case .advancedGlob: "AdvancedPattern"
            case .suffix: "Suffix"
            }
        }
    }

    /// The pattern as Android reads it (after the manifest's escapes are resolved).
    public let pattern: String
    /// How it is read.
    public let kind: Kind
    private let units: [UInt16]
    private let tokens: [AdvancedToken]

    /// Creates a pattern.
    ///
    /// - Throws: `invalid-pattern` for an advanced glob that Android's parser rejects (a modifier
    ///   with no token before it, an unterminated set or range, an empty set, a range whose minimum
    ///   is over its maximum, a trailing `\`, a pattern over 2,048 parsed units), naming the
    ///   problem.
    public init(_ pattern: String, kind: Kind) throws(AndroidError) {
        self.pattern = pattern
        self.kind = kind
        self.units = Array(pattern.utf16)
        self.tokens = kind == .advancedGlob ? try AdvancedToken.parse(units, pattern: pattern) : []
    }

    /// A pattern of a kind that reads any text (every kind but ``Kind/advancedGlob``), which
    /// therefore cannot fail.
    init(unparsed pattern: String, kind: Kind) {
        precondition(kind != .advancedGlob, "an advanced glob is parsed by init(_:kind:)")
        self.pattern = pattern
        self.kind = kind
        self.units = Array(pattern.utf16)
        self.tokens = []
    }

    /// The pattern Android 15's verifier makes of a dynamic rule's matching expression (the
    /// `/`, `#` and `?` values of `dynamic_app_link_components`), in which `*` is any run and `?`
    /// any one character.
    ///
    /// AOSP's StatementService (`DalComponentParser.parseMatchingExpression`) does not match the
    /// expression by itself: an expression without wildcards is a ``Kind/literal``, one whose only
    /// wildcard is a final `*` a ``Kind/prefix``, and any other a ``Kind/simpleGlob`` in which `*`
    /// is `.*`, `?` is `.` and `.` and `\` are escaped. So a dynamic rule never backtracks
    /// either: `/*/detail` does not take `/a/b/detail`, and `*.html` stops at the first `.`.
    public init(dynamicRuleExpression expression: String) {
        let wildcards = expression.utf8.filter { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }.count
        if wildcards == 0 {
            self.init(unparsed: expression, kind: .literal)
        } else if wildcards == 1, expression.utf8.last == UInt8(ascii: "*") {
            self.init(unparsed: String(decoding: expression.utf8.dropLast(), as: UTF8.self), kind: .prefix)
        } else {
            // Scalar by scalar, so that a combining mark after a wildcard cannot hide it.
            var glob = ""
            for scalar in expression.unicodeScalars {
                switch scalar {
                case "*": glob += ".*"
                case "?": glob += "."
                case ".": glob += "\\."
                case "\\": glob += "\\\\"
                default: glob.unicodeScalars.append(scalar)
                }
            }
            self.init(unparsed: glob, kind: .simpleGlob)
        }
    }

    /// `kind:pattern`.
    public var description: String { "\(kind.rawValue):\(pattern)" }

    /// Two patterns are equal when they have the same text and kind.
    public static func == (lhs: AndroidPattern, rhs: AndroidPattern) -> Bool {
        lhs.kind == rhs.kind && lhs.pattern == rhs.pattern
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(pattern)
    }

    /// Whether `text` matches, as Android's `PatternMatcher.match` answers.
    ///
    /// - Complexity: O(*n* + *m*) for the length *n* of the text and *m* of the pattern (an
    ///   advanced glob's set costs its number of ranges per character it tests).
    public func matches(_ text: String) -> Bool {
        var steps = 0
        return matches(text, steps: &steps)
    }

    /// ``matches(_:)``, adding the number of characters compared to `steps`, for tests of the
    /// work bound.
    package func matches(_ text: String, steps: inout Int) -> Bool {
        let match = Array(text.utf16)
        switch kind {
        case .literal:
            steps += match.count
            return match == units
        case .prefix:
            steps += units.count
            return match.starts(with: units)
        case .suffix:
            steps += units.count
            return match.count >= units.count && match[(match.count - units.count)...].elementsEqual(units)
        case .simpleGlob:
            return AndroidPattern.matchSimpleGlob(units, match, steps: &steps)
        case .advancedGlob:
            return AdvancedToken.match(tokens, match, steps: &steps)
        }
    }

    /// `PATTERN_SIMPLE_GLOB`: the pattern is first read into ``SimpleGlobItem``s, then text and
    /// items are walked together once, left to right, without ever going back.
    static func matchSimpleGlob(_ pattern: [UInt16], _ match: [UInt16], steps: inout Int) -> Bool {
        let items = SimpleGlobItem.read(pattern)
        var next = 0
        var position = 0
        while next < items.count, position < match.count {
            steps += 1
            switch items[next] {
            case .anything:
                // A trailing `.*` takes whatever text is left.
                return true
            case .one(let unit):
                if match[position] != unit { return false }
                position += 1
            case .anyOne:
                position += 1
            case .run(let unit):
                while position < match.count, match[position] == unit {
                    steps += 1
                    position += 1
                }
            case .through(let unit):
                while position < match.count, match[position] != unit {
                    steps += 1
                    position += 1
                }
                if position == match.count { return false }
                position += 1
            }
            next += 1
        }
        if position < match.count { return false }
        // The text is used up: what is left of the pattern must be nothing, or a lone trailing `.*`.
        let rest = items[next...]
        return rest.isEmpty || (rest.count == 1 && rest.first == .anything)
    }
}

/// One item of a `PATTERN_SIMPLE_GLOB`, as the `<data>` element reference describes the syntax
/// ("an asterisk matches a sequence of 0 to many occurrences of the immediately preceding
/// character; a period followed by an asterisk matches any sequence of 0 to many characters";
/// `\` escapes), with the way Android applies it without backtracking.
enum SimpleGlobItem: Equatable {
    /// One exact code unit.
    case one(UInt16)
    /// Any one code unit: a `.`. Android also reads an escaped `\.` that is not followed by
    /// `*` this way.
    case anyOne
    /// `X*`: every `X` at this point of the text, none given back.
    case run(UInt16)
    /// `.*X` in the middle of a pattern: everything up to and including the first `X`. The `X`
    /// is taken as a plain character, even when a `*` follows it (that `*` is then a literal).
    case through(UInt16)
    /// `.*` at the very end of a pattern: the rest of the text.
    case anything

    /// Reads a pattern into items. A `\` at the very end escapes the NUL code unit, which is
    /// what Android reads past the end of the pattern.
    static func read(_ pattern: [UInt16]) -> [SimpleGlobItem] {
        let dot = UInt16(UInt8(ascii: "."))
        let star = UInt16(UInt8(ascii: "*"))
        let backslash = UInt16(UInt8(ascii: "\\"))
        var items: [SimpleGlobItem] = []
        var index = 0
        /// The code unit at `index` after one optional escape, and whether it was escaped.
        func character() -> (unit: UInt16, escaped: Bool) {
            let unit = index < pattern.count ? pattern[index] : 0
            index += 1
            guard unit == backslash else { return (unit, false) }
            let escaped = index < pattern.count ? pattern[index] : 0
            index += 1
            return (escaped, true)
        }
        while index < pattern.count {
            let (unit, escaped) = character()
            let starred = index < pattern.count && pattern[index] == star
            if starred { index += 1 }
            switch (unit == dot && !escaped, starred) {
            case (true, true):
                if index >= pattern.count {
                    items.append(.anything)
                } else {
                    items.append(.through(character().unit))
                }
            case (false, true):
                items.append(.run(unit))
            default:
                items.append(unit == dot ? .anyOne : .one(unit))
            }
        }
        return items
    }
}

/// One token of an advanced glob with its repetition bounds.
///
/// The `PatternMatcher` reference page describes `PATTERN_ADVANCED_GLOB` as a subset of regular
/// expressions: `.` (any character), a set `[…]` of characters and `a-z` ranges (`[^…]`
/// inverted), a literal character (`\` escapes one), each optionally followed by one
/// modifier, `*` (zero or more), `+` (one or more) or `{m}`, `{m,}`, `{m,n}`.
struct AdvancedToken: Sendable, Hashable {
    enum Matcher: Sendable, Hashable {
        case any
        case literal(UInt16)
        /// Inclusive ranges; `inverted` for `[^…]`.
        case set([ClosedRange<UInt16>], inverted: Bool)
    }

    let matcher: Matcher
    let minimum: Int
    let maximum: Int

    /// Android refuses an advanced pattern whose parsed form takes more than about 2,048 slots
    /// (a character or `.` one, a set two per member and two for its brackets, a modifier one, a
    /// range four).
    static let maximumStorage = 2048

    /// Reads an advanced glob into tokens, refusing what Android refuses.
    static func parse(_ pattern: [UInt16], pattern text: String) throws(AndroidError) -> [AdvancedToken] {
        var reader = AdvancedGlobReader(units: pattern, text: text)
        return try reader.read()
    }

    /// Matches greedily, token by token: each token takes as many characters as it can (up to
    /// its maximum) and never gives one back; the whole text must be used up.
    static func match(_ tokens: [AdvancedToken], _ text: [UInt16], steps: inout Int) -> Bool {
        var im = 0
        for token in tokens {
            var matched = 0
            while matched < token.maximum, im + matched < text.count, token.accepts(text[im + matched], steps: &steps) {
                matched += 1
            }
            steps += 1
            if matched < token.minimum { return false }
            im += matched
        }
        return im >= text.count
    }

    private func accepts(_ unit: UInt16, steps: inout Int) -> Bool {
        steps += 1
        switch matcher {
        case .any: return true
        case .literal(let c): return unit == c
        case .set(let ranges, let inverted):
            steps += ranges.count
            return ranges.contains { $0.contains(unit) } != inverted
        }
    }
}

/// Reads an advanced glob left to right: an atom, then at most one modifier, until the end.
private struct AdvancedGlobReader {
    let units: [UInt16]
    let text: String
    var index = 0
    /// Slots the parsed pattern takes, counted as ``AdvancedToken/maximumStorage`` describes.
    var storage = 0
    var tokens: [AdvancedToken] = []
    /// Whether the last thing read was a modifier (or nothing was read yet): a modifier cannot
    /// follow one.
    var afterModifier = true

    static func unit(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }

    func failure(_ why: String) -> AndroidError {
        AndroidError(.invalidPattern, "the advanced pattern '\(text)' is invalid: \(why)")
    }

    mutating func use(_ slots: Int) throws(AndroidError) {
        guard storage <= AdvancedToken.maximumStorage - 3 else {
            throw failure("it is too large (Android keeps at most \(AdvancedToken.maximumStorage) parsed units)")
        }
        storage += slots
    }

    mutating func read() throws(AndroidError) -> [AdvancedToken] {
        while index < units.count {
            let unit = units[index]
            index += 1
            switch unit {
            case Self.unit("*"), Self.unit("+"):
                try modify(minimum: unit == Self.unit("*") ? 0 : 1, maximum: .max, symbol: unit == Self.unit("*") ? "*" : "+")
            case Self.unit("{"):
                let (minimum, maximum) = try readRange()
                try modify(minimum: minimum, maximum: maximum, symbol: "{")
            case Self.unit("}"):
                // A closing brace with no range open is not part of the pattern Android keeps.
                continue
            case Self.unit("."):
                try append(.any)
            case Self.unit("["):
                try append(try readSet())
            case Self.unit("\\"):
                try append(.literal(try escaped()))
            default:
                try append(.literal(unit))
            }
        }
        return tokens
    }

    mutating func append(_ matcher: AdvancedToken.Matcher) throws(AndroidError) {
        try use(1)
        tokens.append(AdvancedToken(matcher: matcher, minimum: 1, maximum: 1))
        afterModifier = false
    }

    mutating func modify(minimum: Int, maximum: Int, symbol: String) throws(AndroidError) {
        guard !afterModifier, let last = tokens.popLast() else { throw failure("a modifier ('\(symbol)') must follow a token") }
        try use(symbol == "{" ? 4 : 1)
        tokens.append(AdvancedToken(matcher: last.matcher, minimum: minimum, maximum: maximum))
        afterModifier = true
    }

    /// The code unit after a `\`.
    mutating func escaped() throws(AndroidError) -> UInt16 {
        guard index < units.count else { throw failure("it ends with an escape '\\'") }
        index += 1
        return units[index - 1]
    }

    /// `{m}`, `{m,}` or `{m,n}`, after its `{`, up to and including the first `}`.
    mutating func readRange() throws(AndroidError) -> (Int, Int) {
        guard let close = units[index...].firstIndex(of: Self.unit("}")) else { throw failure("a range '{' is not ended with '}'") }
        let body = String(decoding: units[index..<close], as: UTF16.self)
        index = close + 1
        let bounds = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard let minimum = Int(bounds[0]) else { throw failure("the range '{\(body)}' is not {m}, {m,n} or {m,}") }
        var maximum = minimum
        if bounds.count == 2 {
            if bounds[1].isEmpty {
                maximum = Int(Int32.max)
            } else {
                guard let high = Int(bounds[1]) else { throw failure("the range '{\(body)}' is not {m}, {m,n} or {m,}") }
                maximum = high
            }
        }
        guard minimum >= 0, maximum <= Int32.max else { throw failure("the range '{\(body)}' is out of bounds") }
        guard minimum <= maximum else { throw failure("the range '{\(body)}' has a minimum greater than its maximum") }
        return (minimum, maximum)
    }

    /// A set, after its `[`, up to and including its `]`. Inside a set only `]` (which ends it),
    /// `\` (which escapes) and a leading `^` (which inverts it) are special; `a-z` is a range
    /// unless the `-` comes right before the closing `]`. A reversed range holds no character.
    mutating func readSet() throws(AndroidError) -> AdvancedToken.Matcher {
        guard index < units.count else { throw failure("the set '[' is not terminated with ']'") }
        let inverted = units[index] == Self.unit("^")
        if inverted { index += 1 }
        try use(1)
        var ranges: [ClosedRange<UInt16>] = []
        var members = 0
        while true {
            guard index < units.count else { throw failure("the set '[' is not terminated with ']'") }
            var low = units[index]
            index += 1
            if low == Self.unit("]") {
                guard members > 0 else { throw failure("a set must hold at least one character") }
                try use(1)
                return .set(ranges, inverted: inverted)
            }
            if low == Self.unit("\\") { low = try escaped() }
            var high = low
            if index + 1 < units.count, units[index] == Self.unit("-"), units[index + 1] != Self.unit("]") {
                index += 1
                high = units[index]
                index += 1
                if high == Self.unit("\\") { high = try escaped() }
            }
            try use(2)
            members += 1
            if low <= high { ranges.append(low...high) }
        }
    }
}
