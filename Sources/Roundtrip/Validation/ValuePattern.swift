import Foundation

/// A regular expression a whole parameter value must match (`pattern:` in a spec).
///
/// The pattern is compiled once, when the spec loads. A pattern that is a single ASCII character
/// class with a quantifier (`[A-Za-z0-9-]+`, `[0-9]{4,8}`) — most patterns in practice — is matched
/// by a byte table without the regex engine, because it sits on the incoming-URL hot path; any
/// other pattern uses `NSRegularExpression`, anchored with `\A(?:…)\z` so it must match the whole
/// value (a `$` alone would accept a trailing newline).
public struct ValuePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written in the spec.
    public let source: String
    private let matcher: Matcher

    /// Compiles a pattern.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when the regular expression does not compile.
    public init(_ source: String) throws(RoundtripError) {
        self.source = source
        if let table = CharacterClassMatcher(source) {
            matcher = .characterClass(table)
        } else {
            do {
                matcher = .regex(RegexBox(try NSRegularExpression(pattern: "\\A(?:" + source + ")\\z")))
            } catch {
                throw RoundtripError(.invalidParameter, "the pattern '\(source)' is not a valid regular expression")
            }
        }
    }

    /// Whether the whole value matches.
    public func matches(_ value: String) -> Bool {
        switch matcher {
        case .characterClass(let table):
            return table.matches(value)
        case .regex(let box):
            let range = NSRange(value.startIndex..<value.endIndex, in: value)
            return box.regex.firstMatch(in: value, options: [], range: range) != nil
        }
    }

    /// Whether the whole value matches, given as UTF-8 bytes: a character class is matched on
    /// the bytes; a regular expression asks `text` for the value as a `String`.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: () -> String) -> Bool {
        switch matcher {
        case .characterClass(let table):
            return table.matches(bytes)
        case .regex:
            return matches(text())
        }
    }

    /// The pattern as written.
    public var description: String { source }

    public static func == (lhs: ValuePattern, rhs: ValuePattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    private enum Matcher: Sendable {
        case characterClass(CharacterClassMatcher)
        case regex(RegexBox)
    }

    /// `NSRegularExpression` is immutable and thread-safe once built (Apple's class reference:
    /// "NSRegularExpression is thread-safe"); this box says so to the compiler.
    private final class RegexBox: @unchecked Sendable {
        let regex: NSRegularExpression
        init(_ regex: NSRegularExpression) { self.regex = regex }
    }
}

/// `[set]` followed by `+`, `*`, `{n}`, `{n,}` or `{n,m}`, for ASCII sets of characters and ranges.
struct CharacterClassMatcher: Sendable, Hashable {
    let allowed: [Bool]
    let minimum: Int
    let maximum: Int?

    init?(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        guard bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1 else { return nil }
        let set = bytes[1..<close]
        guard set.first != UInt8(ascii: "^"), !set.contains(UInt8(ascii: "\\")), !set.contains(UInt8(ascii: "[")),
            set.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        var allowed = [Bool](repeating: false, count: 128)
        var index = set.startIndex
        while index < set.endIndex {
            let low = set[index]
            if index + 2 < set.endIndex, set[index + 1] == UInt8(ascii: "-") {
                let high = set[index + 2]
                guard low <= high else { return nil }
                for byte in low...high { allowed[Int(byte)] = true }
                index += 3
            } else {
                allowed[Int(low)] = true
                index += 1
            }
        }
        let quantifier = String(decoding: bytes[(close + 1)...], as: UTF8.self)
        switch quantifier {
        case "+": (minimum, maximum) = (1, nil)
        case "*": (minimum, maximum) = (0, nil)
        default:
            guard quantifier.hasPrefix("{"), quantifier.hasSuffix("}"), quantifier.count >= 3 else { return nil }
            let inner = quantifier.dropFirst().dropLast()
            let bounds = inner.split(separator: ",", omittingEmptySubsequences: false)
            guard bounds.count <= 2, let low = Int(bounds[0]), low >= 0 else { return nil }
            if bounds.count == 1 {
                (minimum, maximum) = (low, low)
            } else if bounds[1].isEmpty {
                (minimum, maximum) = (low, nil)
            } else {
                guard let high = Int(bounds[1]), high >= low else { return nil }
                (minimum, maximum) = (low, high)
            }
        }
        self.allowed = allowed
    }

    func matches(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { matches($0) }
    }

    /// Whether the value's UTF-8 bytes match: each an allowed ASCII byte, as many as the quantifier says.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var count = 0
        for byte in bytes {
            guard byte < 0x80, allowed[Int(byte)] else { return false }
            count += 1
        }
        return count >= minimum && (maximum.map { count <= $0 } ?? true)
    }
}
