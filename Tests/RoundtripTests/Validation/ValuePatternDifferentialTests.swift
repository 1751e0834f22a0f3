import Foundation
import RoundtripSimulator
import Testing

@testable import Roundtrip

/// Roundtrip's pattern machine against `NSRegularExpression` (ICU, on every platform) deciding
/// `\A(?:pattern)\z`.
///
/// Thousands of patterns are generated from the subset's grammar with fixed seeds (literals in
/// every escape form, `.`, classes with ranges, negation, class escapes and literal dashes,
/// groups of both kinds, alternation with empty branches, every quantifier form, lazy or not,
/// a leading `^` and a trailing `$`), each with values built to match it, values one edit
/// away, and random values of ASCII and non-ASCII scalars (line terminators, non-ASCII digits,
/// marks, joiners, astral characters). Both decide every value, the `String` path and the
/// in-place UTF-8 path, and must agree. Where ICU's backtracking gives up (it then answers "no"
/// after a long search), the case is counted, not compared.
@Suite("Patterns against NSRegularExpression (differential)")
struct ValuePatternDifferentialTests {
    static let seeds: [UInt64] = [0x9A77_0001, 0x9A77_0002, 0x9A77_0003, 0x9A77_0004]
    static let patternsPerSeed = 1_500
    static let valuesPerPattern = 8

    @Test("Random patterns decide every value as NSRegularExpression does", arguments: seeds)
    func randomPatterns(seed: UInt64) throws {
        var generator = RandomPatterns(seed: seed)
        var matched = 0
        var decided = 0
        var exhausted = 0
        for _ in 0..<Self.patternsPerSeed {
            let node = generator.pattern()
            let source = generator.spelling(of: node)
            let ours: ValuePattern
            do {
                ours = try ValuePattern(source)
            } catch {
                Issue.record("the subset's own pattern \(source.debugDescription) was refused: \(error.message)")
                continue
            }
            let icu = try NSRegularExpression(pattern: "\\A(?:" + source + ")\\z")
            for _ in 0..<Self.valuesPerPattern {
                let value = generator.value(for: node)
                let clock = ContinuousClock()
                let start = clock.now
                let expected = icu.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
                let icuTime = clock.now - start
                let answer = ours.matches(value)
                var bytes = value
                let inPlace = bytes.withUTF8 { ours.matches($0) { value } }
                #expect(inPlace == answer, "\(source.debugDescription) on \(value.debugDescription): in place \(inPlace), from a String \(answer)")
                // ICU backtracks, and gives up without saying so (no match, no error flag) when
                // nested quantifiers exhaust its backtracking stack, which takes it a long time:
                // such a "no" is not a decision, and is counted instead of compared.
                if answer, !expected, icuTime > .milliseconds(100) {
                    exhausted += 1
                    continue
                }
                #expect(answer == expected, "\(source.debugDescription) on \(value.debugDescription): ICU says \(expected)")
                decided += 1
                if expected { matched += 1 }
            }
        }
        // Both answers are exercised, and ICU gives up on almost none.
        #expect(matched > decided / 5, "matched \(matched) of \(decided)")
        #expect(matched < decided * 4 / 5, "matched \(matched) of \(decided)")
        #expect(exhausted <= decided / 1_000, "ICU gave up on \(exhausted) of \(decided)")
    }

    /// Every scalar both Unicode versions know (ICU's, and the standard library's) is classed
    /// the same by `\d`, `\w`, `\s`, their negations and `.`: one ICU search over a text of all
    /// scalars lists its members.
    @Test("Class escapes and '.' agree with ICU on every assigned scalar", arguments: ["\\d", "\\w", "\\s", "."])
    func classesAgreeOnEveryScalar(_ escape: String) throws {
        var scalars = String.UnicodeScalarView()
        for value in UInt32(1)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            scalars.append(scalar)
        }
        let text = String(scalars)
        let members = try Self.icuMembers(of: escape, in: text)
        let unassigned = try Self.icuMembers(of: "\\p{Cn}", in: text)
        let positive = try ValuePattern(escape)
        let negative = escape == "." ? nil : try ValuePattern(escape.uppercased())
        var disagreements: [String] = []
        for scalar in text.unicodeScalars where !unassigned.contains(scalar.value) {
            let value = String(scalar)
            let isMember = members.contains(scalar.value)
            if positive.matches(value) != isMember || negative.map({ $0.matches(value) == isMember }) == true {
                disagreements.append("U+" + String(scalar.value, radix: 16, uppercase: true))
            }
        }
        #expect(disagreements.isEmpty, "\(escape): \(disagreements.count) scalars differ: \(disagreements.prefix(20))")
        #expect(members.count > 20)
    }

    /// The scalars of `text` that ICU's one-scalar `pattern` matches, found as runs (one
    /// search, one result per run rather than per scalar).
    static func icuMembers(of pattern: String, in text: String) throws -> Set<UInt32> {
        let expression = try NSRegularExpression(pattern: "(?:" + pattern + ")+")
        let utf16 = text as NSString
        var members = Set<UInt32>()
        for match in expression.matches(in: text, range: NSRange(location: 0, length: utf16.length)) {
            for scalar in utf16.substring(with: match.range).unicodeScalars { members.insert(scalar.value) }
        }
        return members
    }
}

/// Patterns of the subset and values for them, from a seed (the simulator's seeded generator
/// makes every choice, so a failure reproduces).
struct RandomPatterns {
    private var random: RoundtripSimulator.SeededRandomNumberGenerator

    init(seed: UInt64) { random = RoundtripSimulator.SeededRandomNumberGenerator(seed: seed) }

    /// A generated pattern: its structure, kept to build values that match it.
    indirect enum Node {
        case literal(Unicode.Scalar, spelling: String)
        case dot
        case escape(Character)
        case set([Member], negated: Bool, trailingDash: Bool)
        case group(Node, capturing: Bool)
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, minimum: Int, maximum: Int?, spelling: String)
        case anchored(Node, leading: Bool, trailing: Bool)

        /// Whether the node matches the empty text.
        var matchesEmpty: Bool {
            switch self {
            case .literal, .dot, .escape, .set: return false
            case .group(let inner, _), .anchored(let inner, _, _): return inner.matchesEmpty
            case .sequence(let parts): return parts.allSatisfy(\.matchesEmpty)
            case .alternation(let alternatives): return alternatives.contains(where: \.matchesEmpty)
            case .repeated(let inner, let minimum, _, _): return minimum == 0 || inner.matchesEmpty
            }
        }
    }

    /// A member of a class.
    enum Member {
        case scalar(Unicode.Scalar)
        case range(Unicode.Scalar, Unicode.Scalar)
        case escape(Character)
    }

    /// Scalars patterns are written with: mostly a few letters, so that values match often.
    static let literals: [Unicode.Scalar] = Array("aaabbbcx01.*+?()[]{}|^$\\- #&:/é😀\u{301}٣\t\n".unicodeScalars)
    /// Scalars values are written with besides those: line terminators, non-ASCII digits,
    /// numbers that are not digits, marks, joiners, spaces, astral letters and digits.
    static let extras: [Unicode.Scalar] = Array(
        "A Z_,~\r\u{0B}\u{0C}\u{85}\u{A0}\u{2028}\u{2029}\u{3000}\u{200B}\u{200C}\u{200D}\u{1C}０²¼Ⅻ‿ªΩß字\u{FFFD}𝟎😂\u{E0}\u{FF}".unicodeScalars
    )
    static let ranges: [(Unicode.Scalar, Unicode.Scalar)] = [
        ("a", "c"), ("0", "9"), ("A", "Z"), ("a", "z"), ("\u{E0}", "\u{FF}"), ("😀", "😂"), ("٠", "٩"), (" ", "/"), ("\t", "\r"),
    ]
    /// Examples of each class escape's members (for building values that match).
    static let escapeMembers: [Character: [Unicode.Scalar]] = [
        "d": Array("07٣０𝟎".unicodeScalars), "D": Array("a-é ²".unicodeScalars),
        "w": Array("aZ_é٣\u{301}‿ª".unicodeScalars), "W": Array("- 😀¼\u{200B}".unicodeScalars),
        "s": Array(" \t\u{A0}\u{2028}\u{85}\u{3000}".unicodeScalars), "S": Array("a-😀\u{200B}".unicodeScalars),
    ]

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    // MARK: Patterns

    /// A pattern, sometimes with a leading `^` or a trailing `$`.
    mutating func pattern() -> Node {
        let body = alternation(depth: 0)
        let leading = chance(10)
        let trailing = chance(10)
        return leading || trailing ? .anchored(body, leading: leading, trailing: trailing) : body
    }

    private mutating func alternation(depth: Int) -> Node {
        guard depth < 3, chance(25) else { return sequence(depth: depth) }
        return .alternation((0..<Int.random(in: 2...3, using: &random)).map { _ in sequence(depth: depth) })
    }

    private mutating func sequence(depth: Int) -> Node {
        let count = chance(5) ? 0 : Int.random(in: 1...4, using: &random)
        return .sequence((0..<count).map { _ in quantified(depth: depth) })
    }

    private mutating func quantified(depth: Int) -> Node {
        let atom = self.atom(depth: depth)
        guard chance(40) else { return atom }
        let minimum = Int.random(in: 0...2, using: &random)
        let maximum = minimum + Int.random(in: 0...3, using: &random)
        let (bounds, spelling): ((Int, Int?), String) =
            switch Int.random(in: 0..<6, using: &random) {
            case 0: ((0, nil), "*")
            case 1: ((1, nil), "+")
            case 2: ((0, 1), "?")
            case 3: ((minimum, minimum), "{\(minimum)}")
            case 4: ((minimum, nil), "{\(minimum),}")
            default: ((minimum, maximum), "{\(minimum),\(maximum)}")
            }
        // A lazy quantifier on what can match nothing is outside the subset.
        let lazy = !atom.matchesEmpty && chance(25)
        return .repeated(atom, minimum: bounds.0, maximum: bounds.1, spelling: spelling + (lazy ? "?" : ""))
    }

    private mutating func atom(depth: Int) -> Node {
        switch Int.random(in: 0..<20, using: &random) {
        case 0...8: return literal()
        case 9, 10: return .dot
        case 11, 12: return .escape(pick(["d", "D", "w", "W", "s", "S"]))
        case 13...16: return characterClass()
        default: return depth < 3 ? .group(alternation(depth: depth + 1), capturing: chance(50)) : literal()
        }
    }

    private mutating func literal() -> Node {
        let scalar = pick(Self.literals)
        return .literal(scalar, spelling: literalSpelling(scalar, inClass: false))
    }

    /// One of the ways the subset spells a scalar.
    private mutating func literalSpelling(_ scalar: Unicode.Scalar, inClass: Bool) -> String {
        let special = inClass ? "\\[]^-&:" : "\\.*+?()[]{}|^$"
        let hex = String(scalar.value, radix: 16)
        switch Int.random(in: 0..<10, using: &random) {
        case 0 where scalar.value < 0x100: return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
        case 1: return "\\x{" + hex + "}"
        case 2 where scalar.value < 0x10000: return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex.uppercased()
        default:
            if scalar == "\t" { return "\\t" }
            if scalar == "\n" { return "\\n" }
            let isPunctuation = scalar.isASCII && scalar.value >= 0x20 && !scalar.properties.isAlphabetic && !("0"..."9").contains(scalar)
            if special.unicodeScalars.contains(scalar) || (isPunctuation && chance(10)) { return "\\" + String(scalar) }
            return String(scalar)
        }
    }

    private mutating func characterClass() -> Node {
        let members: [Member] = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1, 2: return .scalar(pick(Self.literals))
            case 3, 4:
                let range = pick(Self.ranges)
                return .range(range.0, range.1)
            default: return .escape(pick(["d", "D", "w", "W", "s", "S"]))
            }
        }
        return .set(members, negated: chance(25), trailingDash: chance(15))
    }

    /// The pattern's text.
    mutating func spelling(of node: Node) -> String {
        switch node {
        case .literal(_, let spelling): return spelling
        case .dot: return "."
        case .escape(let letter): return "\\\(letter)"
        case .set(let members, let negated, let trailingDash):
            var text = negated ? "[^" : "["
            for member in members {
                switch member {
                case .scalar(let scalar): text += literalSpelling(scalar, inClass: true)
                case .range(let low, let high): text += literalSpelling(low, inClass: true) + "-" + literalSpelling(high, inClass: true)
                case .escape(let letter): text += "\\\(letter)"
                }
            }
            return text + (trailingDash ? "-]" : "]")
        case .group(let inner, let capturing): return (capturing ? "(" : "(?:") + spelling(of: inner) + ")"
        case .sequence(let parts): return parts.map { spelling(of: $0) }.joined()
        case .alternation(let alternatives): return alternatives.map { spelling(of: $0) }.joined(separator: "|")
        case .repeated(let inner, _, _, let quantifier):
            // A quantifier applies to one atom: a sequence or alternation is grouped first.
            switch inner {
            case .sequence, .alternation: return "(?:" + spelling(of: inner) + ")" + quantifier
            default: return spelling(of: inner) + quantifier
            }
        case .anchored(let inner, let leading, let trailing):
            return (leading ? "^" : "") + spelling(of: inner) + (trailing ? "$" : "")
        }
    }

    // MARK: Values

    /// A value for the pattern: one built to match it, one a single edit away, or a random one.
    mutating func value(for node: Node) -> String {
        var scalars = String.UnicodeScalarView()
        switch Int.random(in: 0..<4, using: &random) {
        case 0, 1:
            write(node, into: &scalars)
        case 2:
            write(node, into: &scalars)
            var edited = Array(scalars)
            let position = Int.random(in: 0...edited.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: edited.insert(anyScalar(), at: position)
            case 1 where position < edited.count: edited.remove(at: position)
            default: if position < edited.count { edited[position] = anyScalar() } else { edited.append(anyScalar()) }
            }
            scalars = String.UnicodeScalarView(edited)
        default:
            for _ in 0..<Int.random(in: 0...6, using: &random) { scalars.append(anyScalar()) }
        }
        // Short values keep ICU's backtracking quick on nested quantifiers.
        return String(String.UnicodeScalarView(scalars.prefix(14)))
    }

    private mutating func anyScalar() -> Unicode.Scalar { chance(60) ? pick(Self.literals) : pick(Self.extras) }

    /// Appends a text the node matches (or, for a negated class, a scalar that may or may not).
    private mutating func write(_ node: Node, into scalars: inout String.UnicodeScalarView) {
        switch node {
        case .literal(let scalar, _): scalars.append(scalar)
        case .dot: scalars.append(anyScalar())
        case .escape(let letter): scalars.append(pick(Self.escapeMembers[letter] ?? ["a"]))
        case .set(let members, let negated, let trailingDash):
            if negated {
                scalars.append(anyScalar())
            } else if trailingDash, chance(20) {
                scalars.append("-")
            } else {
                switch pick(members) {
                case .scalar(let scalar): scalars.append(scalar)
                case .range(let low, let high):
                    scalars.append(Unicode.Scalar(UInt32.random(in: low.value...high.value, using: &random)) ?? low)
                case .escape(let letter): scalars.append(pick(Self.escapeMembers[letter] ?? ["a"]))
                }
            }
        case .group(let inner, _): write(inner, into: &scalars)
        case .sequence(let parts): for part in parts { write(part, into: &scalars) }
        case .alternation(let alternatives): write(pick(alternatives), into: &scalars)
        case .repeated(let inner, let minimum, let maximum, _):
            let count = Int.random(in: minimum...min(maximum ?? minimum + 3, minimum + 3), using: &random)
            for _ in 0..<count { write(inner, into: &scalars) }
        case .anchored(let inner, _, _): write(inner, into: &scalars)
        }
    }
}
