/// An absolute URL split into its RFC 3986 components, as slices of the original text.
///
/// Roundtrip splits incoming URLs itself instead of going through Foundation's `URL`, for two
/// reasons: speed on the incoming path, and exactness. Nothing is normalised, re-encoded or
/// guessed; every byte outside RFC 3986's grammar is a reject with its offset. The components
/// are `Substring`s of the text you passed, so splitting allocates nothing.
///
/// Grammar: RFC 3986 section 3 (`scheme ":" ["//" authority] path ["?" query] ["#" fragment]`).
public struct URLSplit: Sendable, Hashable {
    /// The whole URL text.
    public let text: Substring
    /// The scheme as written (compare it case-insensitively).
    public let scheme: Substring
    /// Whether the URL has an authority (`//` after the scheme).
    public let hasAuthority: Bool
    /// The user-info before `@` in the authority, when present.
    public let userInfo: Substring?
    /// The host as written (compare it case-insensitively); empty without an authority.
    public let host: Substring
    /// The port digits after `:` in the authority, when present.
    public let port: Substring?
    /// The path, possibly empty, still percent-encoded.
    public let path: Substring
    /// The query after `?`, still percent-encoded; `nil` when there is no `?`.
    public let query: Substring?
    /// The fragment after `#`, still percent-encoded; `nil` when there is no `#`.
    public let fragment: Substring?

    /// The text before the query and fragment: `scheme://authority/path`.
    public var base: Substring {
        let end = query.map { text.index(before: $0.startIndex) }
            ?? fragment.map { text.index(before: $0.startIndex) }
            ?? text.endIndex
        return text[text.startIndex..<end]
    }

    /// Splits an absolute URL.
    ///
    /// - Parameter text: The URL, exactly as received.
    /// - Throws: ``RoundtripError`` `malformed-url` for a missing or invalid scheme, a byte RFC 3986
    ///   does not allow (space, `"`, `<`, `>`, `\`, `^`, backtick, `{`, `|`, `}`, non-ASCII) or a second
    ///   `#`; `invalid-encoding` for a raw control character or a `%` not followed by two hex digits.
    /// - Complexity: O(*n*) in the length of the URL, one pass, no allocation.
    public init(_ text: some StringProtocol) throws(RoundtripError) {
        let text = Substring(text)
        self.text = text
        let utf8 = text.utf8
        var index = utf8.startIndex

        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard index < utf8.endIndex, URLSplit.isAlpha(utf8[index]) else {
            throw RoundtripError(.malformedURL, "the URL must start with a scheme such as 'myapp:' or 'https:'")
        }
        while index < utf8.endIndex, utf8[index] != UInt8(ascii: ":") {
            let byte = utf8[index]
            guard URLSplit.isAlpha(byte) || URLSplit.isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
                throw RoundtripError(.malformedURL, "the URL has no valid scheme: byte \(URLSplit.describe(byte)) at offset \(utf8.distance(from: utf8.startIndex, to: index)) is not allowed in a scheme")
            }
            utf8.formIndex(after: &index)
        }
        guard index < utf8.endIndex else {
            throw RoundtripError(.malformedURL, "the URL has no ':' after its scheme, so it is not an absolute URL")
        }
        scheme = text[text.startIndex..<index]
        utf8.formIndex(after: &index)  // ':'

        try URLSplit.checkBytes(text, from: index)

        // authority
        var userInfo: Substring?
        var host = text[index..<index]
        var port: Substring?
        let rest = utf8[index...]
        if rest.starts(with: [0x2F, 0x2F]) {
            hasAuthority = true
            let authorityStart = utf8.index(index, offsetBy: 2)
            var end = authorityStart
            while end < utf8.endIndex {
                let byte = utf8[end]
                if byte == 0x2F || byte == 0x3F || byte == 0x23 { break }
                utf8.formIndex(after: &end)
            }
            var hostStart = authorityStart
            if let at = utf8[authorityStart..<end].lastIndex(of: UInt8(ascii: "@")) {
                userInfo = text[authorityStart..<at]
                hostStart = utf8.index(after: at)
            }
            var hostEnd = end
            if hostStart < end, utf8[hostStart] == UInt8(ascii: "[") {
                guard let close = utf8[hostStart..<end].firstIndex(of: UInt8(ascii: "]")) else {
                    throw RoundtripError(.malformedURL, "the URL's IPv6 host has no closing ']'")
                }
                hostEnd = utf8.index(after: close)
                if hostEnd < end {
                    guard utf8[hostEnd] == UInt8(ascii: ":") else {
                        throw RoundtripError(.malformedURL, "the URL has text after its IPv6 host that is not a port")
                    }
                    port = text[utf8.index(after: hostEnd)..<end]
                }
            } else if let colon = utf8[hostStart..<end].firstIndex(of: UInt8(ascii: ":")) {
                hostEnd = colon
                port = text[utf8.index(after: colon)..<end]
            }
            host = text[hostStart..<hostEnd]
            for byte in host.utf8 where byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                if host.utf8.first != UInt8(ascii: "[") {
                    throw RoundtripError(.malformedURL, "the URL's host '\(host)' has a '[' or ']' outside an IPv6 literal")
                }
            }
            if let port, !port.utf8.allSatisfy(URLSplit.isDigit) {
                throw RoundtripError(.malformedURL, "the URL's port '\(port)' is not a number")
            }
            index = end
        } else {
            hasAuthority = false
        }
        self.userInfo = userInfo
        self.host = host
        self.port = port

        // path, query, fragment
        var pathEnd = index
        while pathEnd < utf8.endIndex, utf8[pathEnd] != 0x3F, utf8[pathEnd] != 0x23 {
            let byte = utf8[pathEnd]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                throw RoundtripError(.malformedURL, "the URL's path has a '\(Character(Unicode.Scalar(byte)))', which must be percent-encoded")
            }
            utf8.formIndex(after: &pathEnd)
        }
        path = text[index..<pathEnd]
        index = pathEnd
        if index < utf8.endIndex, utf8[index] == 0x3F {
            let queryStart = utf8.index(after: index)
            let queryEnd = utf8[queryStart...].firstIndex(of: 0x23) ?? utf8.endIndex
            query = text[queryStart..<queryEnd]
            index = queryEnd
        } else {
            query = nil
        }
        if index < utf8.endIndex {  // '#'
            let fragmentStart = utf8.index(after: index)
            let fragment = text[fragmentStart...]
            if let second = fragment.utf8.firstIndex(of: 0x23) {
                throw RoundtripError(.malformedURL, "the URL has a second '#' at offset \(utf8.distance(from: utf8.startIndex, to: second)); percent-encode it as %23")
            }
            self.fragment = fragment
        } else {
            fragment = nil
        }
    }

    /// Rejects bytes outside RFC 3986's character set and `%` not followed by two hex digits.
    private static func checkBytes(_ text: Substring, from start: Substring.Index) throws(RoundtripError) {
        let utf8 = text.utf8
        var index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            if allowed[Int(byte)] == 0 {
                let offset = utf8.distance(from: utf8.startIndex, to: index)
                if byte < 0x20 || byte == 0x7F {
                    throw RoundtripError(.invalidEncoding, "the URL has the control character \(describe(byte)) at offset \(offset)")
                }
                if byte >= 0x80 {
                    throw RoundtripError(.malformedURL, "the URL has a non-ASCII byte \(describe(byte)) at offset \(offset); percent-encode it")
                }
                throw RoundtripError(.malformedURL, "the URL has \(describe(byte)) at offset \(offset), which RFC 3986 does not allow; percent-encode it")
            }
            if byte == 0x25 {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex, hexValue(utf8[first]) != nil,
                      utf8.index(after: first) < utf8.endIndex, hexValue(utf8[utf8.index(after: first)]) != nil
                else {
                    let offset = utf8.distance(from: utf8.startIndex, to: index)
                    throw RoundtripError(.invalidEncoding, "the URL has a '%' at offset \(offset) that is not followed by two hex digits")
                }
            }
            utf8.formIndex(after: &index)
        }
    }

    /// 1 for each byte RFC 3986 allows anywhere after the scheme: unreserved, sub-delims,
    /// gen-delims and `%`.
    private static let allowed: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = 1 }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = 1 }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = 1 }
        for character in "-._~!$&'()*+,;=:@/?#[]%".utf8 { table[Int(character)] = 1 }
        return table
    }()

    static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The value of an ASCII hex digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// A byte for an error message: the character when printable, else `0xNN`.
    static func describe(_ byte: UInt8) -> String {
        if byte > 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "' ' (space)" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}

extension Substring {
    /// Whether two ASCII strings are equal ignoring ASCII case.
    func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { URLSplit.lowercased($0) == URLSplit.lowercased($1) }
    }
}

extension URLSplit {
    /// ASCII lowercase of one byte.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
