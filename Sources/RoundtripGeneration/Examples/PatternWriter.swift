import Foundation
import Roundtrip

/// Writes text that a regular expression matches, for ``ExampleValue``: reads literals,
/// escapes (`\d`, `\w`, `\s`, `\p{…}`, `\x…`, `\u…`), `.`, character classes (ranges, negation,
/// POSIX names), groups, alternation and quantifiers, and takes anchors and lookarounds as
/// empty. Every text it writes is a guess that ``ExampleValue`` checks against the real pattern.
enum PatternWriter {
    /// Texts that may match `pattern`, for each repetition count in `lengths`, alternative
    /// and preferred alphabet; empty when the pattern uses what the writer cannot read
    /// (back-references, nested classes).
    static func texts(matching pattern: String, lengths: [Int]) -> [String] {
        var parser = Parser(Array(pattern.unicodeScalars))
        guard let node = parser.parseAlternation(), parser.isAtEnd else { return [] }
        let branches = min(node.widestAlternation, 4)
        var texts: [String] = []
        var seen = Set<String>()
        for alphabet in alphabets {
            for branch in 0..<max(branches, 1) {
                for repeats in lengths {
                    var output = String.UnicodeScalarView()
                    guard node.write(into: &output, repeats: repeats, branch: branch, alphabet: alphabet) else { continue }
                    let text = String(output)
                    if seen.insert(text).inserted { texts.append(text) }
                }
            }
        }
        return texts
    }

    /// The characters tried for a class, in order: letters first, digits first, capitals first.
    static let alphabets: [[Unicode.Scalar]] = {
        let lower = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let digits = Array("1234567890".unicodeScalars)
        let punctuation = Array("-_.~ +/:@!$&'()*,;=?#%[]{}<>|^`\"\\".unicodeScalars)
        let others = Array("\u{E9}\u{C9}\u{DF}".unicodeScalars)
        return [
            lower + upper + digits + punctuation + others, digits + lower + upper + punctuation + others,
            upper + lower + digits + punctuation + others,
        ]
    }()

    /// A parsed pattern.
    indirect enum Node {
        case empty
        case literal(Unicode.Scalar)
        case set(ScalarSet)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, minimum: Int, maximum: Int?)

        /// The most branches of any alternation in the pattern.
        var widestAlternation: Int {
            switch self {
            case .empty, .literal, .set: 1
            case .sequence(let nodes): nodes.map(\.widestAlternation).max() ?? 1
            case .alternation(let nodes): max(nodes.count, nodes.map(\.widestAlternation).max() ?? 1)
            case .repetition(let node, _, _): node.widestAlternation
            }
        }

        /// Appends one text the node matches; `false` when a class has no character to offer.
        func write(into output: inout String.UnicodeScalarView, repeats: Int, branch: Int, alphabet: [Unicode.Scalar]) -> Bool {
            switch self {
            case .empty:
                return true
            case .literal(let scalar):
                output.append(scalar)
                return true
            case .set(let set):
                guard let scalar = set.pick(alphabet) else { return false }
                output.append(scalar)
                return true
            case .sequence(let nodes):
                return nodes.allSatisfy { $0.write(into: &output, repeats: repeats, branch: branch, alphabet: alphabet) }
            case .alternation(let nodes):
                return nodes[branch % nodes.count].write(into: &output, repeats: repeats, branch: branch, alphabet: alphabet)
            case .repetition(let node, let minimum, let maximum):
                let count = max(minimum, min(repeats, maximum ?? repeats))
                for _ in 0..<count where !node.write(into: &output, repeats: repeats, branch: branch, alphabet: alphabet) { return false }
                return true
            }
        }
    }

    /// A character class.
    struct ScalarSet {
        var negated = false
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [(kind: ScalarClass, inverted: Bool)] = []

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let inside = ranges.contains { $0.contains(scalar.value) } || classes.contains { $0.kind.contains(scalar) != $0.inverted }
            return inside != negated
        }

        func pick(_ alphabet: [Unicode.Scalar]) -> Unicode.Scalar? {
            if let scalar = alphabet.first(where: contains) { return scalar }
            for range in ranges where !negated {
                if let scalar = Unicode.Scalar(range.lowerBound), contains(scalar), scalar.value >= 0x20, scalar.value != 0x7F { return scalar }
            }
            return nil
        }
    }

    /// A named class: `\d`, `\w`, `\s`, `.`, `\p{L}`, `[:alpha:]`…
    enum ScalarClass {
        case digit, word, space, letter, upper, lower, alphanumeric, punctuation, hexDigit, notNewline, any

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch self {
            case .digit: return properties.numericType == .decimal
            case .word: return properties.isAlphabetic || properties.numericType == .decimal || scalar == "_"
            case .space: return properties.isWhitespace
            case .letter: return properties.isAlphabetic
            case .upper: return properties.isUppercase
            case .lower: return properties.isLowercase
            case .alphanumeric: return properties.isAlphabetic || properties.numericType == .decimal
            case .punctuation:
                return scalar.isASCII && (0x21...0x7E).contains(scalar.value) && !properties.isAlphabetic && properties.numericType == nil
            case .hexDigit: return properties.isASCIIHexDigit
            case .notNewline: return scalar != "\n" && scalar != "\r"
            case .any: return true
            }
        }
    }

    /// A recursive-descent reader of the pattern's scalars.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var isAtEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func next() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            defer { index += 1 }
            return scalars[index]
        }

        mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        mutating func parseAlternation() -> Node? {
            guard let first = parseSequence() else { return nil }
            var branches = [first]
            while consume("|") {
                guard let branch = parseSequence() else { return nil }
                branches.append(branch)
            }
            return branches.count == 1 ? first : .alternation(branches)
        }

        mutating func parseSequence() -> Node? {
            var nodes: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard var atom = parseAtom() else { return nil }
                while let bounds = parseQuantifier() { atom = .repetition(atom, minimum: bounds.0, maximum: bounds.1) }
                nodes.append(atom)
            }
            return .sequence(nodes)
        }

        mutating func parseQuantifier() -> (Int, Int?)? {
            let start = index
            let bounds: (Int, Int?)
            if consume("*") {
                bounds = (0, nil)
            } else if consume("+") {
                bounds = (1, nil)
            } else if consume("?") {
                bounds = (0, 1)
            } else if consume("{"), let low = number() {
                if consume("}") {
                    bounds = (low, low)
                } else if consume(","), case let high = number(), consume("}"), high.map({ $0 >= low }) ?? true {
                    bounds = (low, high)
                } else {
                    index = start
                    return nil
                }
            } else {
                index = start
                return nil
            }
            _ = consume("?") || consume("+")
            return bounds
        }

        mutating func number() -> Int? {
            var value: Int?
            while let scalar = peek, let digit = Int(String(scalar)), scalar.isASCII {
                value = min((value ?? 0) * 10 + digit, 100_000)
                index += 1
            }
            return value
        }

        mutating func parseAtom() -> Node? {
            guard let scalar = next() else { return nil }
            switch scalar {
            case "(": return parseGroup()
            case "[": return parseSet().map(Node.set)
            case ".": return .set(ScalarSet(classes: [(.notNewline, false)]))
            case "^", "$": return .empty
            case "\\": return parseEscape()
            case "*", "+", "?": return nil
            default: return .literal(scalar)
            }
        }

        mutating func parseGroup() -> Node? {
            var zeroWidth = false
            if consume("?") {
                switch next() {
                case ":", ">": break
                case "=", "!": zeroWidth = true
                case "#":
                    while let scalar = next(), scalar != ")" {}
                    return .empty
                case "<" where consume("=") || consume("!"): zeroWidth = true
                case "<", "'", "P":
                    _ = consume("<")
                    while let scalar = next(), scalar != ">", scalar != "'" {}
                default:
                    // Flags: `(?i)` sets them for what follows, `(?i:…)` for a group.
                    while let scalar = peek, scalar.properties.isAlphabetic || scalar == "-" { index += 1 }
                    if consume(")") { return .empty }
                    guard consume(":") else { return nil }
                }
            }
            guard let inner = parseAlternation(), consume(")") else { return nil }
            return zeroWidth ? .empty : inner
        }

        mutating func parseEscape() -> Node? {
            guard let scalar = next() else { return nil }
            if let kind = Self.classEscape(scalar) { return .set(ScalarSet(classes: [kind])) }
            switch scalar {
            case "b", "B", "A", "z", "Z", "G": return .empty
            case "p", "P": return propertyClass(inverted: scalar == "P").map { .set(ScalarSet(classes: [$0])) }
            case "Q":
                var nodes: [Node] = []
                while let next = next() {
                    if next == "\\", consume("E") { break }
                    nodes.append(.literal(next))
                }
                return .sequence(nodes)
            case "1"..."9", "k", "N", "X", "R": return nil
            default: return escapedScalar(scalar).map(Node.literal)
            }
        }

        static func classEscape(_ scalar: Unicode.Scalar) -> (kind: ScalarClass, inverted: Bool)? {
            switch scalar {
            case "d": (.digit, false)
            case "D": (.digit, true)
            case "w": (.word, false)
            case "W": (.word, true)
            case "s": (.space, false)
            case "S": (.space, true)
            case "h": (.space, false)
            case "H": (.space, true)
            default: nil
            }
        }

        /// `\p{Lu}`, `\pL`: letters (upper, lower), numbers; any other property reads as any.
        mutating func propertyClass(inverted: Bool) -> (kind: ScalarClass, inverted: Bool)? {
            var name = ""
            if consume("{") {
                while let scalar = next(), scalar != "}" { name.unicodeScalars.append(scalar) }
            } else if let scalar = next() {
                name.unicodeScalars.append(scalar)
            }
            let kind: ScalarClass =
                switch name {
                case "Lu", "Upper", "Uppercase_Letter": .upper
                case "Ll", "Lower", "Lowercase_Letter": .lower
                case _ where name.hasPrefix("L") || name == "Alpha" || name == "Alphabetic": .letter
                case _ where name.hasPrefix("N") || name == "Digit": .digit
                default: .any
                }
            return (kind, inverted)
        }

        /// The scalar an escape stands for: `\n`, `\x41`, `\x{41}`, `\u0041`, or the escaped
        /// character itself.
        mutating func escapedScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            switch scalar {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "f": return "\u{0C}"
            case "v": return "\u{0B}"
            case "e": return "\u{1B}"
            case "a": return "\u{07}"
            case "0": return "\u{00}"
            case "x":
                if consume("{") {
                    var hex = ""
                    while let next = next(), next != "}" { hex.unicodeScalars.append(next) }
                    return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)
                }
                return hexScalar(digits: 2)
            case "u": return hexScalar(digits: 4)
            case "U": return hexScalar(digits: 8)
            default: return scalar
            }
        }

        mutating func hexScalar(digits: Int) -> Unicode.Scalar? {
            var hex = ""
            for _ in 0..<digits {
                guard let next = next() else { return nil }
                hex.unicodeScalars.append(next)
            }
            return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)
        }

        /// `[…]` after the `[`: ranges, escapes and POSIX names, optionally negated.
        mutating func parseSet() -> ScalarSet? {
            var set = ScalarSet()
            set.negated = consume("^")
            var first = true
            while true {
                guard let scalar = next() else { return nil }
                if scalar == "]", !first { return set }
                first = false
                let low: Unicode.Scalar
                switch scalar {
                case "[":
                    guard consume(":") else { return nil }
                    var name = ""
                    while let next = next(), next != ":" { name.unicodeScalars.append(next) }
                    guard consume("]") else { return nil }
                    set.classes.append((Self.posixClass(name), false))
                    continue
                case "\\":
                    guard let escaped = next() else { return nil }
                    if let kind = Self.classEscape(escaped) {
                        set.classes.append(kind)
                        continue
                    }
                    if escaped == "p" || escaped == "P" {
                        guard let kind = propertyClass(inverted: escaped == "P") else { return nil }
                        set.classes.append(kind)
                        continue
                    }
                    guard let value = escapedScalar(escaped) else { return nil }
                    low = value
                default:
                    low = scalar
                }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard var high = next() else { return nil }
                    if high == "\\" {
                        guard let escaped = next(), let value = escapedScalar(escaped) else { return nil }
                        high = value
                    }
                    guard low.value <= high.value else { return nil }
                    set.ranges.append(low.value...high.value)
                } else {
                    set.ranges.append(low.value...low.value)
                }
            }
        }

        static func posixClass(_ name: String) -> ScalarClass {
            switch name {
            case "alpha": .letter
            case "digit": .digit
            case "alnum": .alphanumeric
            case "upper": .upper
            case "lower": .lower
            case "space", "blank": .space
            case "punct": .punctuation
            case "xdigit": .hexDigit
            case "word": .word
            default: .any
            }
        }
    }
}
