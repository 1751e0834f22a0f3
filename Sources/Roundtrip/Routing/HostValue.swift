/// The values a host can be: what a host placeholder (`webview://:host/…`) carries, and the one
/// form in which literal hosts and placeholders are compared.
///
/// A host is an IP literal (`[::1]`, RFC 3986 section 3.2.2, written as it is) or a registered
/// name, whose percent-encoded bytes are decoded (RFC 3986 section 3.2.2 encodes a non-ASCII name
/// as UTF-8, then percent-encodes it). A name may not hold, raw or encoded, a byte that no host
/// can: the WHATWG URL Standard's forbidden domain code points (its "forbidden host code points"
/// — `@` of user-info, `:` of a port, `/`, `?`, `#`, `\`, space, `<`, `>`, `[`, `]`, `^`, `|`,
/// TAB, LF, CR, NUL — with every C0 control, `%` and DEL), nor the control and bidirectional
/// characters ``PercentDecoding`` refuses everywhere. The normal form is lowercase (RFC 3986
/// section 6.2.2.1): ASCII letters, and a non-ASCII name's letters by Unicode's default case
/// mapping, as IDNA's mapping (UTS #46) lowercases them.
///
/// The decision and ``RequestBuilder`` read a host through this one rule, so a value the builder
/// writes is one the decision accepts, and a host reaches one action however it is encoded.
enum HostValue {
    /// Why a value is not a host.
    enum Problem: Error, Equatable {
        /// The host is empty.
        case empty
        /// The name holds a byte no host can (decoded; `encoded` when it was percent-encoded).
        case forbidden(UInt8, encoded: Bool)
        /// The name does not decode, or decodes to a control or bidirectional character.
        case decoding(PercentDecoding.Failure)
        /// An IP literal (`[…]`) that is not hex digits, `:` and `.` (IPv6, RFC 4291 section
        /// 2.2), nor `v` + hex digits + `.` + unreserved, sub-delims and `:` (IPvFuture).
        case ipLiteral

        /// What is wrong with the host named `what` ("the host ':host'").
        func message(for what: String) -> String {
            switch self {
            case .empty:
                "\(what) may not be empty; give a host such as 'example.com'"
            case .forbidden(let byte, let encoded):
                "\(what) holds \(encoded ? "an encoded " : "")\(URLSplit.describe(byte)), which a host cannot hold (RFC 3986 section 3.2.2; the WHATWG URL Standard's forbidden domain code points)"
            case .decoding(let failure):
                failure.message(for: what)
            case .ipLiteral:
                "\(what) is an IP literal ('[…]') that is neither an IPv6 address (hex digits, ':' and '.') nor 'v' followed by hex digits, '.' and a name (RFC 3986 section 3.2.2)"
            }
        }
    }

    /// The normal form of a URL's host as ``URLSplit`` split it (still percent-encoded).
    ///
    /// - Complexity: O(*n*); a host without `%` (what ``URLSplit`` leaves of it is unreserved
    ///   and sub-delims bytes only) is lowercased in one pass, and only a decoded non-ASCII name
    ///   goes through the standard library's Unicode lowercasing.
    static func normalized(_ raw: UnsafeBufferPointer<UInt8>) -> Result<String, Problem> {
        guard let first = raw.first else { return .failure(.empty) }
        if first == 0x5B {
            // URLSplit has made it `[` … `]` with no `]` inside.
            guard isIPLiteral(UnsafeBufferPointer(rebasing: raw.dropFirst().dropLast())) else { return .failure(.ipLiteral) }
            return .success(asciiLowercased(raw))
        }
        guard raw.contains(0x25) else { return .success(asciiLowercased(raw)) }
        let decoded: String
        do throws(PercentDecoding.Failure) {
            decoded = try PercentDecoding.decode(raw)
        } catch {
            return .failure(.decoding(error))
        }
        if let byte = decoded.utf8.first(where: isForbidden) { return .failure(.forbidden(byte, encoded: true)) }
        return .success(lowercased(decoded))
    }

    /// How a builder writes the host `value` (given decoded) in a URL: an IP literal as it is,
    /// a name percent-encoded; or the problem that makes it no host.
    static func written(_ value: String) -> Result<String, Problem> {
        let utf8 = value.utf8
        guard let first = utf8.first else { return .failure(.empty) }
        if first == 0x5B {
            // An IP literal is written as it is: `[`, `:` and `]` encoded would be a name.
            var literal = Substring(value)
            let valid = literal.withUTF8 { bytes in
                bytes.count >= 2 && bytes.last == 0x5D && isIPLiteral(UnsafeBufferPointer(rebasing: bytes.dropFirst().dropLast()))
            }
            return valid ? .success(value) : .failure(.ipLiteral)
        }
        if let byte = utf8.first(where: isForbidden) { return .failure(.forbidden(byte, encoded: false)) }
        if let failure = PercentDecoding.forbiddenCharacter(in: value) { return .failure(.decoding(failure)) }
        return .success(QueryCodec.encodeComponent(value))
    }

    /// The WHATWG URL Standard's forbidden domain code points that are ASCII: C0 controls,
    /// space, `#`, `%`, `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|` and DEL.
    static func isForbidden(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x20, 0x23, 0x25, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B...0x5E, 0x7C, 0x7F: true
        default: false
        }
    }

    /// Whether the bytes between `[` and `]` are an IPv6 address's characters or an IPvFuture
    /// (RFC 3986 section 3.2.2: `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`). No `%`:
    /// a zone identifier (RFC 6874) names an interface of the sender's machine, not a host.
    private static func isIPLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        if first | 0x20 == 0x76 {  // "v"
            var index = 1
            while index < bytes.count, URLSplit.hexValue(bytes[index]) != nil { index += 1 }
            guard index > 1, index + 1 < bytes.count, bytes[index] == 0x2E else { return false }
            // unreserved / sub-delims / ":": what RFC 3986 allows raw, less `%` and gen-delims but `:`.
            return bytes[(index + 1)...].allSatisfy { byte in
                byte == 0x3A || (URLSplit.isPlain(byte) && !isForbidden(byte))
            }
        }
        return bytes.allSatisfy { URLSplit.hexValue($0) != nil || $0 == 0x3A || $0 == 0x2E }
    }

    /// ASCII letters lowered, other bytes as they are (a host or a scheme that passed
    /// ``URLSplit``, which refuses any raw byte past ASCII).
    static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(where: { $0 &- 0x41 < 26 }) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map(URLSplit.lowercased), as: UTF8.self)
    }

    /// A decoded name lowercased: ASCII by a byte map, anything else by Unicode's default case
    /// mapping (the standard library's own tables, the same on every platform).
    private static func lowercased(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 0x80 }) else {
            var name = name
            return name.withUTF8(asciiLowercased)
        }
        return name.lowercased()
    }
}
