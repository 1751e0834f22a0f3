/// Reads a `pattern:` into a ``PatternNode``, accepting exactly the documented subset and
/// refusing everything else by name.
///
/// The subset is the part of ICU's syntax (ICU User Guide, "Regular Expressions", which
/// `NSRegularExpression` implements) that a machine without backtracking can match in time
/// linear in the value: literals and escapes, `.`, classes with ranges, negation and `\d \w \s`
/// (and their negations), groups `( )` and `(?: )`, alternation `|`, and the quantifiers
/// `* + ? {n} {n,} {n,m}` with counts up to 1000, greedy or lazy (for a whole-value match the
/// two accept the same values). A `^` first or a `$` last is accepted and changes nothing, since
/// a pattern always matches the whole value.
///
/// What ICU would read differently from how a reader might, or what needs backtracking, is a
/// ``PatternSyntaxError`` naming the construct: backreferences, lookaround, atomic groups,
/// possessive quantifiers, inline flags, named groups, `\p{…}`, `\Q…\E`, `\b` and other anchors,
/// POSIX names (`[:digit:]`), nested classes and the class operators `&&` and `--`, a `-` that
/// is neither a range nor first or last in its class, and escapes of letters ICU would take
/// literally (`\y`).
package struct PatternParser {
    /// The most times `{n,m}` may repeat: ICU reads larger counts, but each repetition is
    /// compiled out, so the program would grow with the count.
    static let maximumRepetition = 1_000
    /// How deeply groups may nest, so that reading a pattern never recurses without bound.
    static let maximumDepth = 32

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    private init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// Parses a whole pattern.
    ///
    /// - Throws: ``PatternSyntaxError`` for a malformed pattern or one beyond the subset.
    /// - Complexity: O(n) in the pattern's length.
    package static func parse(_ source: String) throws(PatternSyntaxError) -> PatternNode {
        var parser = PatternParser(source)
        // A leading `^` holds at the only place a whole-value match starts.
        if parser.scalars.first == "^" { parser.position = 1 }
        let node = try parser.alternation()
        if parser.position < parser.scalars.count {
            // `alternation` stops only at the end or at a `)` it did not open.
            throw PatternSyntaxError(.malformed, "a ')' that closes no group", at: parser.position, hint: "write \\) for a literal ')'")
        }
        return node
    }

    // MARK: - Structure

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func next(_ offset: Int = 1) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// Alternatives separated by `|`, up to the end or a `)`.
    private mutating func alternation() throws(PatternSyntaxError) -> PatternNode {
        var alternatives = [try concatenation()]
        while current == "|" {
            position += 1
            alternatives.append(try concatenation())
        }
        if alternatives.count == 1 { return alternatives[0] }
        if alternatives.allSatisfy({ $0 == .empty }) { return .empty }
        return .alternation(alternatives)
    }

    /// Quantified atoms, up to a `|`, a `)` or the end.
    private mutating func concatenation() throws(PatternSyntaxError) -> PatternNode {
        var parts: [PatternNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            parts.append(try quantified(try atom()))
        }
        return .sequence(parts)
    }

    /// One atom: a literal, an escape, `.`, a class or a group.
    private mutating func atom() throws(PatternSyntaxError) -> PatternNode {
        let start = position
        let scalar = scalars[position]
        switch scalar {
        case "(":
            return try group()
        case "[":
            return .set(try characterClass())
        case ".":
            position += 1
            return .set(.dot)
        case "\\":
            switch try escape(inClass: false) {
            case .scalar(let value): return .scalar(value)
            case .properties(let properties): return .set(PatternClass(ranges: [], properties: properties))
            }
        case "^":
            throw PatternSyntaxError(
                .unsupported,
                "the anchor '^' inside the pattern",
                at: start,
                hint: "a pattern always matches the whole value, so '^' may only come first, where it changes nothing; write \\^ for a literal '^'"
            )
        case "$":
            // A trailing `$` holds at the only place a whole-value match ends.
            if position == scalars.count - 1, depth == 0 {
                position += 1
                return .empty
            }
            throw PatternSyntaxError(
                .unsupported,
                "the anchor '$' inside the pattern",
                at: start,
                hint: "a pattern always matches the whole value, so '$' may only come last, where it changes nothing; write \\$ for a literal '$'"
            )
        case "*", "+", "?":
            throw PatternSyntaxError(
                .malformed,
                "the quantifier '\(scalar)' with nothing to repeat",
                at: start,
                hint: "write \\\(scalar) for a literal '\(scalar)'"
            )
        case "{":
            throw PatternSyntaxError(.malformed, "a '{' with nothing to repeat", at: start, hint: "write \\{ for a literal '{'")
        case "}":
            throw PatternSyntaxError(.malformed, "a '}' that closes no repetition", at: start, hint: "write \\} for a literal '}'")
        default:
            position += 1
            return .scalar(scalar.value)
        }
    }

    /// A group: `(…)` or `(?:…)`; any other `(?` form is refused by name.
    private mutating func group() throws(PatternSyntaxError) -> PatternNode {
        let start = position
        position += 1
        if current == "?" {
            if next() == ":" {
                position += 2
            } else {
                throw unsupportedGroup(at: start)
            }
        }
        guard depth < Self.maximumDepth else {
            throw PatternSyntaxError(.unsupported, "groups nested more than \(Self.maximumDepth) deep", at: start)
        }
        depth += 1
        let inner = try alternation()
        depth -= 1
        guard current == ")" else {
            throw PatternSyntaxError(.malformed, "a group '(' that is not closed", at: start, hint: "write \\( for a literal '('")
        }
        position += 1
        return inner
    }

    /// The error for a `(?` group other than `(?:`, naming what it is.
    private func unsupportedGroup(at start: Int) -> PatternSyntaxError {
        let third = start + 2 < scalars.count ? scalars[start + 2] : nil
        let fourth = start + 3 < scalars.count ? scalars[start + 3] : nil
        let construct: String
        switch (third, fourth) {
        case ("=", _): construct = "a lookahead '(?='"
        case ("!", _): construct = "a negative lookahead '(?!'"
        case ("<", "="): construct = "a lookbehind '(?<='"
        case ("<", "!"): construct = "a negative lookbehind '(?<!'"
        case ("<", _), ("P", _), ("'", _): construct = "a named group '(?<name>…)'"
        case (">", _): construct = "an atomic group '(?>'"
        case ("#", _): construct = "a comment '(?#…)'"
        case (let flag?, _) where Self.isASCIILetter(flag) || flag == "-" || flag == "^":
            construct = "an inline flag '(?\(flag)'"
        case (let other?, _): construct = "the group '(?\(other)'"
        case (nil, _): construct = "the group '(?'"
        }
        return PatternSyntaxError(.unsupported, construct, at: start, hint: "use '( )' or '(?: )'")
    }

    // MARK: - Quantifiers

    /// `atom` with the quantifier that follows it, if any.
    private mutating func quantified(_ atom: PatternNode) throws(PatternSyntaxError) -> PatternNode {
        guard let scalar = current else { return atom }
        let start = position
        let minimum: Int
        let maximum: Int?
        switch scalar {
        case "*": (minimum, maximum) = (0, nil)
        case "+": (minimum, maximum) = (1, nil)
        case "?": (minimum, maximum) = (0, 1)
        case "{":
            guard let bounds = try interval() else {
                throw PatternSyntaxError(
                    .malformed,
                    "a '{' that does not start a repetition {n}, {n,} or {n,m}",
                    at: start,
                    hint: "write \\{ for a literal '{'"
                )
            }
            (minimum, maximum) = bounds
            position -= 1  // `interval` stopped after the `}`; the shared step below moves past it.
        default:
            return atom
        }
        position += 1
        switch current {
        case "?":
            // Lazy: for a whole-value match it accepts exactly what the greedy form does. ICU
            // decides a lazy repetition of what can match nothing wrongly, so it is refused:
            // `\A(?:(?:b?)*?|a)\z` does not match "a" there.
            if atom.matchesEmpty {
                throw PatternSyntaxError(
                    .unsupported,
                    "the lazy quantifier '\(String(String.UnicodeScalarView(scalars[start...position])))' on what can match nothing",
                    at: start,
                    hint: "drop the last '?': the greedy form accepts the same values, and NSRegularExpression decides this form wrongly"
                )
            }
            position += 1
        case "+":
            throw PatternSyntaxError(
                .unsupported,
                "a possessive quantifier '\(String(String.UnicodeScalarView(scalars[start...position])))'",
                at: start,
                hint: "it gives up no characters once taken, which only a backtracking matcher can honour; drop the '+'"
            )
        default:
            break
        }
        if let again = current, again == "*" || again == "+" || again == "?" || again == "{" {
            throw PatternSyntaxError(
                .malformed,
                "the quantifier '\(again)' right after another",
                at: position,
                hint: "wrap what the first repeats in (?: ) to repeat it again"
            )
        }
        return .repeating(atom, minimum: minimum, maximum: maximum)
    }

    /// `{n}`, `{n,}` or `{n,m}` at the position, read past; `nil` (position unchanged) when the
    /// brace starts none of them.
    private mutating func interval() throws(PatternSyntaxError) -> (Int, Int?)? {
        let start = position
        var index = position + 1
        func number() -> Int? {
            var value = 0
            var digits = 0
            while index < scalars.count, let digit = Self.decimalValue(scalars[index]) {
                value = min(value * 10 + digit, 1_000_000)
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : value
        }
        guard let minimum = number() else { return nil }
        var maximum: Int? = minimum
        if index < scalars.count, scalars[index] == "," {
            index += 1
            maximum = number()
        }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        position = index + 1
        let written = String(String.UnicodeScalarView(scalars[start..<position]))
        let largest = maximum ?? minimum
        if largest > Self.maximumRepetition {
            throw PatternSyntaxError(.unsupported, "the repetition \(written), above \(Self.maximumRepetition)", at: start)
        }
        if let maximum, maximum < minimum {
            throw PatternSyntaxError(.malformed, "the repetition \(written), whose minimum is above its maximum", at: start)
        }
        return (minimum, maximum)
    }

    // MARK: - Escapes

    /// What an escape stands for: one scalar, or a class escape.
    private enum Escaped {
        case scalar(UInt32)
        case properties(PatternClass.Properties)
    }

    /// The escape at the position (a `\`), read past.
    private mutating func escape(inClass: Bool) throws(PatternSyntaxError) -> Escaped {
        let start = position
        position += 1
        guard let scalar = current else {
            throw PatternSyntaxError(.malformed, "a '\\' at the end", at: start, hint: "write \\\\ for a literal '\\'")
        }
        position += 1
        let written = "'\\\(scalar)'"
        switch scalar {
        case "d": return .properties(.digit)
        case "D": return .properties(.nonDigit)
        case "w": return .properties(.word)
        case "W": return .properties(.nonWord)
        case "s": return .properties(.space)
        case "S": return .properties(.nonSpace)
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "f": return .scalar(0x0C)
        case "a": return .scalar(0x07)
        case "e": return .scalar(0x1B)
        case "x", "u": return .scalar(try hexEscape(scalar, start: start))
        case "b" where inClass:
            throw PatternSyntaxError(.unsupported, "'\\b' in a class", at: start, hint: "write \\x{8} for a backspace")
        case "b", "B":
            throw PatternSyntaxError(.unsupported, "the word-boundary assertion \(written)", at: start)
        case "A", "z", "Z", "G":
            throw PatternSyntaxError(.unsupported, "the anchor \(written)", at: start, hint: "a pattern always matches the whole value")
        case "p", "P":
            throw PatternSyntaxError(
                .unsupported,
                "a Unicode property \(written)",
                at: start,
                hint: "list the characters in a class, or use \\d \\w \\s"
            )
        case "Q", "E":
            throw PatternSyntaxError(.unsupported, "a quoted sequence '\\Q…\\E'", at: start, hint: "escape each special character with '\\'")
        case "1"..."9", "k":
            throw PatternSyntaxError(.unsupported, "a backreference \(written)", at: start)
        case "0":
            throw PatternSyntaxError(.unsupported, "an octal escape \(written)", at: start, hint: "write \\x{…}")
        case "N":
            throw PatternSyntaxError(.unsupported, "a named character '\\N{…}'", at: start, hint: "write \\x{…}")
        default:
            // ICU reads an escaped ASCII punctuation character or space as itself.
            if scalar.isASCII, scalar.value >= 0x20, scalar.value < 0x7F, !Self.isASCIILetter(scalar), Self.decimalValue(scalar) == nil {
                return .scalar(scalar.value)
            }
            throw PatternSyntaxError(
                .unsupported,
                "the escape \(written)",
                at: start,
                hint: "escape only punctuation, or write \\t \\n \\r \\f \\a \\e \\xhh \\x{h…} \\uhhhh \\d \\w \\s \\D \\W \\S"
            )
        }
    }

    /// The scalar of `\xhh`, `\x{h…}` (one to six digits) or `\uhhhh`; the position is after
    /// the `x` or `u`.
    private mutating func hexEscape(_ kind: Unicode.Scalar, start: Int) throws(PatternSyntaxError) -> UInt32 {
        var digits: [UInt32] = []
        if kind == "x", current == "{" {
            position += 1
            while let scalar = current, let digit = Self.hexValue(scalar), digits.count < 7 {
                digits.append(digit)
                position += 1
            }
            guard current == "}", (1...6).contains(digits.count) else {
                throw PatternSyntaxError(.malformed, "the escape '\\x{' without one to six hex digits and '}'", at: start)
            }
            position += 1
        } else {
            let count = kind == "x" ? 2 : 4
            while digits.count < count, let scalar = current, let digit = Self.hexValue(scalar) {
                digits.append(digit)
                position += 1
            }
            guard digits.count == count else {
                let form = kind == "x" ? "\\xhh" : "\\uhhhh"
                throw PatternSyntaxError(
                    .unsupported,
                    "the escape '\\\(kind)' without \(count) hex digits",
                    at: start,
                    hint: "write \(form) or \\x{h…}"
                )
            }
        }
        let value = digits.reduce(0) { $0 * 16 + $1 }
        guard Unicode.Scalar(value) != nil else {
            throw PatternSyntaxError(
                .unsupported,
                "the escape '\(String(String.UnicodeScalarView(scalars[start..<position])))', which is not a Unicode scalar",
                at: start,
                hint: "a surrogate or a value above 10FFFF never matches text; write the character itself or its \\x{…}"
            )
        }
        return value
    }

    // MARK: - Classes

    /// A class `[…]` at the position, read past.
    private mutating func characterClass() throws(PatternSyntaxError) -> PatternClass {
        let start = position
        position += 1
        var isNegated = false
        if current == "^" {
            isNegated = true
            position += 1
        }
        if current == ":" {
            throw PatternSyntaxError(
                .unsupported,
                "a POSIX class name '[:…:]'",
                at: start,
                hint: "list the characters, or use \\d \\w \\s; write \\: for a literal ':'"
            )
        }
        if current == "]" {
            throw PatternSyntaxError(
                .unsupported,
                "a ']' first in a class",
                at: position,
                hint: "write \\] for a literal ']'; a class needs at least one member"
            )
        }
        var ranges: [ClosedRange<UInt32>] = []
        var properties: PatternClass.Properties = []
        // The last member read, when it was a single scalar that may start a range.
        var single: UInt32?
        // Whether that scalar was an unescaped '&': ICU's parser (NSRegularExpression) refuses a
        // range from it (`[&-.]`, `[0&-.]`), reading '&' there as the start of a set operation.
        var singleIsBareAmpersand = false
        var isFirst = true
        while true {
            guard let scalar = current else {
                throw PatternSyntaxError(.malformed, "a class '[' that is not closed", at: start, hint: "write \\[ for a literal '['")
            }
            if scalar == "]" {
                position += 1
                return PatternClass(ranges: ranges, properties: properties, isNegated: isNegated)
            }
            if scalar == "-", next() == "-" {
                throw PatternSyntaxError(.unsupported, "the class subtraction '--'", at: position, hint: "write \\- for a literal '-'")
            }
            if scalar == "-", !isFirst, next() != "]" {
                let dash = position
                guard let low = single else {
                    throw PatternSyntaxError(
                        .unsupported,
                        "a '-' after a range or class escape",
                        at: dash,
                        hint: "write \\- for a literal '-', or put it first or last in the class"
                    )
                }
                if singleIsBareAmpersand {
                    throw PatternSyntaxError(
                        .unsupported,
                        "a range from an unescaped '&'",
                        at: dash,
                        hint: "write \\& for a literal '&', which ICU reads before '-' as part of a set operation"
                    )
                }
                position += 1
                guard case .scalar(let high) = try classMember(start: start) else {
                    throw PatternSyntaxError(.malformed, "a range that ends in a class escape", at: dash)
                }
                guard low <= high else {
                    throw PatternSyntaxError(.malformed, "the range '\(Self.shown(low))-\(Self.shown(high))', whose ends are out of order", at: dash)
                }
                ranges[ranges.count - 1] = low...high
                single = nil
                continue
            }
            isFirst = false
            let isBareAmpersand = scalar == "&"
            switch try classMember(start: start) {
            case .scalar(let value):
                ranges.append(value...value)
                single = value
                singleIsBareAmpersand = isBareAmpersand
            case .properties(let escaped):
                properties.formUnion(escaped)
                single = nil
            }
        }
    }

    /// One member of a class at the position: a scalar or an escape, read past.
    private mutating func classMember(start: Int) throws(PatternSyntaxError) -> Escaped {
        guard let scalar = current else {
            throw PatternSyntaxError(.malformed, "a class '[' that is not closed", at: start, hint: "write \\[ for a literal '['")
        }
        switch scalar {
        case "\\":
            return try escape(inClass: true)
        case "[":
            if next() == ":" {
                throw PatternSyntaxError(.unsupported, "a POSIX class name '[:…:]'", at: position, hint: "list the characters, or use \\d \\w \\s")
            }
            throw PatternSyntaxError(.unsupported, "a class inside a class", at: position, hint: "write \\[ for a literal '['")
        case "&" where next() == "&":
            throw PatternSyntaxError(.unsupported, "the class intersection '&&'", at: position, hint: "write \\& for a literal '&'")
        case "]":
            throw PatternSyntaxError(.malformed, "a range with no end before ']'", at: position)
        default:
            position += 1
            return .scalar(scalar.value)
        }
    }

    // MARK: - Characters

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func decimalValue(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }

    /// A scalar as a message shows it: printable ASCII as itself, anything else as U+XXXX.
    private static func shown(_ value: UInt32) -> String {
        if value > 0x20, value < 0x7F, let scalar = Unicode.Scalar(value) { return String(Character(scalar)) }
        return "U+" + String(value, radix: 16, uppercase: true)
    }
}
