/// A path segment that holds several placeholders split by literal text: `:topic@:version`
/// (a WalletConnect URI, `wc:TOPIC@VERSION`), `:address@:chain` (an EIP-681 Ethereum payment
/// link, `ethereum:ADDRESS@CHAIN/FUNCTION`).
///
/// A placeholder segment (one that starts with `:`) is split when it holds another `:`. Each `:`
/// then starts a placeholder whose name is the letters, digits, `-` and `_` after it, and the
/// text up to the next `:` (or the end) is literal. The segment routes like any placeholder
/// segment (a literal segment at the same place wins); its value is then split:
///
/// - the literal text after each placeholder but the last is found at its first occurrence after
///   at least one byte of value, and the value is what lies before it;
/// - literal text after the last placeholder must end the segment, and the last value is what
///   lies before it (or the rest of the segment when there is none);
/// - no value may be empty.
///
/// Literal text compares with the URL's bytes as written, still percent-encoded, as literal
/// segments do (RFC 3986 section 6.2.1); each value is then decoded. So `:topic@:version` splits
/// `7f6e…@2` into `topic` = `7f6e…` and `version` = `2`, and `a@b@2` into `a` and `b@2`. Two
/// placeholders with no literal between them (`:a:b`) cannot be told apart, and the route is
/// refused. The split reads each byte of the segment at most once per byte of the literal it
/// looks for: linear in the segment's length.
public struct SplitSegment: Sendable, Hashable {
    /// The placeholders' names, in order.
    public let names: [String]
    /// The literal text after each placeholder, as written: one per name; the last is empty when
    /// the segment ends with its last placeholder.
    public let literals: [String]

    /// Reads the segment `:text` (the placeholder name ``RoutePattern/Segment/placeholder(_:)``
    /// holds, `text`), or gives `nil` when it holds no other `:` (one placeholder).
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` for a `:` with no name after it, or two
    ///   placeholders with no literal text between them.
    public init?(_ text: String, route: String) throws(RoundtripError) {
        guard text.utf8.contains(0x3A) else { return nil }
        var names: [String] = []
        var literals: [String] = []
        var bytes = Substring(text).utf8[...]
        while true {
            let name = bytes.prefix { Self.isNameByte($0) }
            guard !name.isEmpty else {
                throw RoundtripError(
                    .malformedURL,
                    "the route '\(route)' has a ':' without a placeholder name after it in ':\(text)'; a name is letters, digits, '-' and '_'"
                )
            }
            bytes = bytes.dropFirst(name.count)
            let literal = bytes.prefix { $0 != 0x3A }
            bytes = bytes.dropFirst(literal.count)
            names.append(String(Substring(name)))
            literals.append(String(Substring(literal)))
            guard bytes.first == 0x3A else { break }
            if literal.isEmpty {
                throw RoundtripError(
                    .malformedURL,
                    "the route '\(route)' has the placeholders ':\(names.last ?? "")' and the next one touching in ':\(text)'; nothing could tell where one value ends, so put literal text between them (such as ':\(names.last ?? "")@:…')"
                )
            }
            bytes = bytes.dropFirst()
        }
        self.names = names
        self.literals = literals
    }

    /// Whether `byte` may be part of a placeholder's name in a split segment.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x2D || byte == 0x5F
    }

    /// Splits the raw bytes `segment` into one range per name, counting into `steps` the bytes
    /// compared.
    ///
    /// - Returns: The ranges, or the index of the name whose value could not be found.
    package func split(_ bytes: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>, steps: inout Int) -> Result<[Range<Int>], SplitFailure> {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(names.count)
        var position = segment.lowerBound
        for index in names.indices {
            var literal = literals[index]
            let last = index == names.count - 1
            let found: Int? = literal.withUTF8 { literal in
                if last {
                    let end = segment.upperBound - literal.count
                    guard end > position else { return nil }
                    steps += literal.count
                    return UnsafeBufferPointer(rebasing: bytes[end..<segment.upperBound]).elementsEqual(literal) ? end : nil
                }
                var start = position + 1
                while start + literal.count <= segment.upperBound {
                    steps += 1
                    var matched = 0
                    while matched < literal.count, bytes[start + matched] == literal[matched] {
                        matched += 1
                        steps += 1
                    }
                    if matched == literal.count { return start }
                    start += 1
                }
                return nil
            }
            guard let end = found else { return .failure(SplitFailure(index: index)) }
            ranges.append(position..<end)
            position = end + literal.utf8.count
        }
        return .success(ranges)
    }

    /// Where a segment did not split: the placeholder whose value or following literal is missing.
    package struct SplitFailure: Error {
        /// The index in ``names`` of the placeholder.
        package let index: Int
    }

    /// The values `segment` (raw, still percent-encoded) splits into, or `nil` when it does not
    /// fit; `steps` counts the bytes compared, for tests that bound the work.
    package func values(of segment: String, steps: inout Int) -> [String]? {
        var segment = segment
        return segment.withUTF8 { bytes in
            guard case .success(let ranges) = split(bytes, 0..<bytes.count, steps: &steps) else { return nil }
            return ranges.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    /// Why `segment` does not fit, for `unknown-route`.
    func mismatch(_ failure: SplitFailure, segment: String, route: String) -> String {
        let name = names[failure.index]
        let literal = literals[failure.index]
        let why =
            failure.index == names.count - 1
            ? (literal.isEmpty ? "no value for ':\(name)'" : "it does not end with '\(literal)' after a value for ':\(name)'")
            : "no '\(literal)' after a value for ':\(name)'"
        return "the segment '\(ParameterParsing.abbreviated(segment))' does not fit ':\(pattern)' of the route '\(route)': \(why)"
    }

    /// The segment as a route writes it, without its leading `:`.
    var pattern: String {
        zip(names, literals).map { $0 + $1 }.joined(separator: ":")
    }
}
