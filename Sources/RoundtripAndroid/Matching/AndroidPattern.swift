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

    /// `PATTERN_SIMPLE_GLOB`, as AOSP's `PatternMatcher.matchGlobPattern` behaves: one pass over
    /// pattern and text together. `.*` skips to the first occurrence of the next pattern
    /// character and consumes it; `X*` consumes the run of `X`; neither ever gives characters
    /// back. A text that ends before a trailing `.*` still matches.
    static func matchSimpleGlob(_ pattern: [UInt16], _ match: [UInt16], steps: inout Int) -> Bool {
        let np = pattern.count
        let nm = match.count
        if np == 0 { return nm == 0 }
        let dot = UInt16(UInt8(ascii: "."))
        let star = UInt16(UInt8(ascii: "*"))
        let backslash = UInt16(UInt8(ascii: "\\"))
        func at(_ index: Int) -> UInt16 { index < np ? pattern[index] : 0 }
        var ip = 0
        var im = 0
        var nextChar = pattern[0]
        while ip < np, im < nm {
            steps += 1
            var c = nextChar
            ip += 1
            nextChar = at(ip)
            let escaped = c == backslash
            if escaped {
                c = nextChar
                ip += 1
                nextChar = at(ip)
            }
            if nextChar == star {
                if !escaped, c == dot {
                    if ip >= np - 1 { return true }
                    ip += 1
                    nextChar = pattern[ip]
                    if nextChar == backslash {
                        ip += 1
                        nextChar = at(ip)
                    }
                    while im < nm, match[im] != nextChar {
                        steps += 1
                        im += 1
                    }
                    if im == nm { return false }
                    ip += 1
                    nextChar = at(ip)
                    im += 1
                } else {
                    while im < nm, match[im] == c {
                        steps += 1
                        im += 1
                    }
                    ip += 1
                    nextChar = at(ip)
                }
            } else {
                if c != dot, match[im] != c { return false }
                im += 1
            }
        }
        if ip >= np, im >= nm { return true }
        return ip == np - 2 && pattern[ip] == dot && pattern[ip + 1] == star
    }
}

/// One token of a parsed advanced glob with its repetition bounds.
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

    /// AOSP's storage limit for a parsed advanced pattern (`MAX_PATTERN_STORAGE`).
    static let maximumStorage = 2048

    private enum Unit: Equatable {
        case char(UInt16)
        case any, setStart, inverseSetStart, setStop, zeroOrMore, oneOrMore, rangeStart, rangeStop
        case number(Int)

        var isModifier: Bool {
            switch self {
            case .zeroOrMore, .oneOrMore, .rangeStart, .rangeStop: true
            default: false
            }
        }
    }

    /// Parses as AOSP's `PatternMatcher.parseAndVerifyAdvancedPattern` does, then groups the
    /// parsed units into tokens with their modifiers.
    static func parse(_ pattern: [UInt16], pattern text: String) throws(AndroidError) -> [AdvancedToken] {
        func fail(_ why: String) -> AndroidError {
            AndroidError(.invalidPattern, "the advanced pattern '\(text)' is invalid: \(why)")
        }
        func ascii(_ c: Character) -> UInt16 { UInt16(c.asciiValue ?? 0) }
        var units: [Unit] = []
        var ip = 0
        let lp = pattern.count
        var inSet = false
        var inRange = false
        var inCharClass = false
        while ip < lp {
            if units.count > maximumStorage - 3 { throw fail("it is too large (Android keeps at most \(maximumStorage) parsed units)") }
            var c = pattern[ip]
            var add = false
            switch c {
            case ascii("["):
                if inSet {
                    add = true
                } else {
                    guard ip + 1 < lp else { throw fail("the set '[' is not terminated with ']'") }
                    if pattern[ip + 1] == ascii("^") {
                        units.append(.inverseSetStart)
                        ip += 1
                    } else {
                        units.append(.setStart)
                    }
                    ip += 1
                    inSet = true
                    continue
                }
            case ascii("]"):
                if !inSet {
                    add = true
                } else {
                    if units.last == .setStart || units.last == .inverseSetStart { throw fail("a set must hold at least one character") }
                    units.append(.setStop)
                    inSet = false
                    inCharClass = false
                }
            case ascii("{"):
                if !inSet {
                    guard let last = units.last, !last.isModifier else { throw fail("a modifier ('{') must follow a token") }
                    units.append(.rangeStart)
                    ip += 1
                    inRange = true
                }
            case ascii("}"):
                if inRange {
                    units.append(.rangeStop)
                    inRange = false
                }
            case ascii("*"), ascii("+"):
                if !inSet {
                    guard let last = units.last, !last.isModifier else {
                        throw fail("a modifier ('\(c == ascii("*") ? "*" : "+")') must follow a token")
                    }
                    units.append(c == ascii("*") ? .zeroOrMore : .oneOrMore)
                }
            case ascii("."):
                if !inSet { units.append(.any) }
            case ascii("\\"):
                guard ip + 1 < lp else { throw fail("it ends with an escape '\\'") }
                ip += 1
                c = pattern[ip]
                add = true
            default:
                add = true
            }
            if inSet {
                if inCharClass {
                    units.append(.char(c))
                    inCharClass = false
                } else if ip + 2 < lp, pattern[ip + 1] == ascii("-"), pattern[ip + 2] != ascii("]") {
                    inCharClass = true
                    units.append(.char(c))
                    ip += 1
                } else {
                    units.append(.char(c))
                    units.append(.char(c))
                }
            } else if inRange {
                guard let end = pattern[ip...].firstIndex(of: ascii("}")) else { throw fail("a range '{' is not ended with '}'") }
                let body = String(decoding: pattern[ip..<end], as: UTF16.self)
                let minimum: Int
                let maximum: Int
                if let comma = body.firstIndex(of: ",") {
                    guard let low = Int(body[..<comma]) else { throw fail("the range '{\(body)}' is not {m}, {m,n} or {m,}") }
                    let rest = body[body.index(after: comma)...]
                    if rest.isEmpty {
                        maximum = Int(Int32.max)
                    } else {
                        guard let high = Int(rest) else { throw fail("the range '{\(body)}' is not {m}, {m,n} or {m,}") }
                        maximum = high
                    }
                    minimum = low
                } else {
                    guard let count = Int(body) else { throw fail("the range '{\(body)}' is not {m}, {m,n} or {m,}") }
                    minimum = count
                    maximum = count
                }
                guard minimum >= 0, maximum <= Int32.max else { throw fail("the range '{\(body)}' is out of bounds") }
                guard minimum <= maximum else { throw fail("the range '{\(body)}' has a minimum greater than its maximum") }
                units.append(.number(minimum))
                units.append(.number(maximum))
                ip = end
                continue
            } else if add {
                units.append(.char(c))
            }
            ip += 1
        }
        if inSet { throw fail("the set '[' is not terminated with ']'") }
        if inRange { throw fail("a range '{' is not ended with '}'") }
        return try group(units, fail: fail)
    }

    /// Reads tokens and modifiers the way AOSP's `matchAdvancedPattern` walks the parsed units.
    private static func group(_ units: [Unit], fail: (String) -> AndroidError) throws(AndroidError) -> [AdvancedToken] {
        var tokens: [AdvancedToken] = []
        var ip = 0
        while ip < units.count {
            let matcher: Matcher
            switch units[ip] {
            case .any:
                matcher = .any
                ip += 1
            case .setStart, .inverseSetStart:
                let inverted = units[ip] == .inverseSetStart
                ip += 1
                var ranges: [ClosedRange<UInt16>] = []
                while ip < units.count, units[ip] != .setStop {
                    guard ip + 1 < units.count, case .char(let low) = units[ip], case .char(let high) = units[ip + 1] else {
                        throw fail("a set is malformed")
                    }
                    // A reversed range (`[z-a]`) holds no character, as Android's comparison finds.
                    if low <= high { ranges.append(low...high) }
                    ip += 2
                }
                ip += 1
                matcher = .set(ranges, inverted: inverted)
            case .char(let c):
                matcher = .literal(c)
                ip += 1
            default:
                throw fail("a modifier must follow a token")
            }
            var minimum = 1
            var maximum = 1
            if ip < units.count {
                switch units[ip] {
                case .zeroOrMore:
                    minimum = 0
                    maximum = .max
                    ip += 1
                case .oneOrMore:
                    maximum = .max
                    ip += 1
                case .rangeStart:
                    guard ip + 3 < units.count, case .number(let low) = units[ip + 1], case .number(let high) = units[ip + 2] else {
                        throw fail("a range is malformed")
                    }
                    minimum = low
                    maximum = high
                    ip += 4
                default:
                    break
                }
            }
            tokens.append(AdvancedToken(matcher: matcher, minimum: minimum, maximum: maximum))
        }
        return tokens
    }

    /// Matches greedily, token by token, never giving a character back (AOSP's
    /// `matchAdvancedPattern`): the whole text must be consumed.
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
