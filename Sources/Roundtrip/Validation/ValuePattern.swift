/// A regular expression a whole parameter value must match (`pattern:` in a spec).
///
/// Patterns are written in a subset of the syntax of ICU's regular expressions (and so of
/// `NSRegularExpression`): literals and escapes, `.`, classes such as `[a-z0-9_-]` (ranges,
/// negation, `\d \w \s` and their negations), groups `( )` and `(?: )`, alternation `|`, and the
/// quantifiers `* + ? {n} {n,} {n,m}` with counts up to 1000. Every value is decided exactly as
/// `NSRegularExpression` decides `\A(?:pattern)\z` (a differential test holds them together),
/// but by a matcher with no backtracking, in time linear in the value's length, so no value can
/// make a decision slow: `(a+)+b` costs the same per character as `a+b`.
///
/// Whatever would need backtracking, or that ICU reads differently from how it looks
/// (backreferences, lookaround, atomic groups, possessive quantifiers, inline flags, named
/// groups, `\p{…}`, POSIX names such as `[:digit:]`, class operators `&&` and `--`, anchors
/// other than a leading `^` and a trailing `$`), is refused when the pattern is compiled, with a
/// message naming the construct and its offset. The spec format reference lists the syntax.
///
/// The pattern is compiled once, when the spec loads (or when generated code builds its spec).
public struct ValuePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written in the spec.
    public let source: String
    private let program: PatternProgram

    /// Compiles a pattern.
    ///
    /// - Parameter source: The pattern, in the subset described above.
    /// - Throws: ``RoundtripError`` `invalid-parameter` when the pattern is not a regular
    ///   expression, uses a construct outside the subset, or compiles to more than 5,000
    ///   instructions (counted repetitions are written out); the message names the construct
    ///   and its offset in Unicode scalars from 0.
    /// - Complexity: O(n + m) for a pattern of n characters compiling to m instructions.
    public init(_ source: String) throws(RoundtripError) {
        self.source = source
        do {
            program = try PatternProgram(PatternParser.parse(source))
        } catch {
            throw RoundtripError(.invalidParameter, error.message(for: source))
        }
    }

    /// Whether the whole value matches.
    ///
    /// - Complexity: O(n × m) for a value of n bytes and a pattern of m instructions, and O(n)
    ///   for a single class repeated (`[A-Za-z0-9-]+`).
    public func matches(_ value: String) -> Bool {
        var steps = 0
        return matches(value, steps: &steps)
    }

    /// Whether the whole value matches, given as UTF-8 bytes, matched in place; `text` gives
    /// the value as a `String` only for bytes that are not valid UTF-8.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: () -> String) -> Bool {
        var steps = 0
        return program.matches(bytes, steps: &steps) ?? matches(text())
    }

    /// ``matches(_:)``, adding to `steps` the matcher's units of work, so that tests can show
    /// the work is bounded by the value's length times ``instructionCount``.
    func matches(_ value: String, steps: inout Int) -> Bool {
        var value = value
        let program = program
        // A String's UTF-8 is always valid, so the program always decides.
        return value.withUTF8 { program.matches($0, steps: &steps) } ?? false
    }

    /// The number of instructions the pattern compiled to.
    var instructionCount: Int { program.instructions.count }

    /// Whether the pattern is matched byte by byte as one ASCII class repeated.
    var isByteRun: Bool { program.byteRun != nil }

    /// The pattern as written.
    public var description: String { source }

    public static func == (lhs: ValuePattern, rhs: ValuePattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
