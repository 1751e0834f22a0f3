/// The host checks of an https callback, on the bytes: whether a URL parser can name the host.
///
/// An https callback whose host a parser cannot name is opened by a parser that finds no host
/// (Foundation's `URL(string:)` gives `host == nil` for `https://%FF/` and an empty host for
/// `https://[]/`), so the URL the policy approved is not the URL that opens. Checked:
///
/// - the host, once percent-decoded (RFC 3986 section 3.2.2, reg-name), is valid UTF-8;
/// - it is not the empty IP literal `[]` (RFC 3986 section 3.2.2, IP-literal);
/// - every label beginning `xn--` (an IDNA A-label, RFC 5890 section 2.3.2.1) is valid
///   punycode (RFC 3492) that decodes to at least one non-ASCII code point.
enum CallbackHost {
    /// What is wrong with a host.
    enum Problem: Equatable {
        /// The host, percent-decoded, is not valid UTF-8.
        case invalidUTF8
        /// The host is `[]`.
        case emptyIPLiteral
        /// A label beginning `xn--` (given as written, percent-decoded) is not valid punycode.
        case invalidPunycode(label: String, why: Punycode.Failure)
    }

    /// The problem with an https host's bytes (as written, possibly percent-encoded), or `nil`.
    ///
    /// A host without `%` and without an `xn--` label is decided by one pass over its bytes with
    /// no allocation; a host with `%` is decoded into a temporary buffer (on the stack for any
    /// ordinary length).
    static func problem(_ host: UnsafeBufferPointer<UInt8>) -> Problem? {
        if host.count == 2, host[0] == 0x5B, host[1] == 0x5D { return .emptyIPLiteral }
        guard host.contains(0x25) else { return labelProblem(host) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: host.count) { buffer in
            // URLSplit has checked that every '%' is followed by two hex digits.
            let count = PercentDecoding.unescapeLeniently(host, into: buffer)
            let decoded = UnsafeBufferPointer(rebasing: buffer[0..<count])
            guard isValidUTF8(decoded) else { return .invalidUTF8 }
            return labelProblem(decoded)
        }
    }

    /// The first `xn--` label of a host (split on `.`) that is not valid punycode, or `nil`.
    static func labelProblem(_ host: UnsafeBufferPointer<UInt8>) -> Problem? {
        var start = 0
        while start <= host.count {
            var end = start
            while end < host.count, host[end] != 0x2E { end += 1 }
            if end - start >= 4, URLSplit.lowercased(host[start]) == 0x78, URLSplit.lowercased(host[start + 1]) == 0x6E,
                host[start + 2] == 0x2D, host[start + 3] == 0x2D
            {
                let label = UnsafeBufferPointer(rebasing: host[start..<end])
                if let failure = Punycode.validate(UnsafeBufferPointer(rebasing: label[4...])) {
                    return .invalidPunycode(label: String(decoding: label, as: UTF8.self), why: failure)
                }
            }
            start = end + 1
        }
        return nil
    }

    /// Whether bytes are well-formed UTF-8 (no overlong forms, surrogates or values past
    /// U+10FFFF), with the standard library's decoder.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !bytes.contains(where: { $0 >= 0x80 }) { return true }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

extension String {
    /// The string with `0`s in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Validation of punycode (RFC 3492, "Punycode: A Bootstring encoding of Unicode for
/// Internationalized Domain Names in Applications"), without building the decoded text.
enum Punycode {
    /// Why a label body is not valid punycode.
    enum Failure: Equatable, CustomStringConvertible {
        /// A byte that is not a base-36 digit (`a`–`z`, `A`–`Z`, `0`–`9`) after the last `-`.
        case invalidDigit(UInt8)
        /// The input ends in the middle of a variable-length integer.
        case truncated
        /// A variable-length integer or the code point overflows (RFC 3492 section 6.4).
        case overflow
        /// A decoded value is not a Unicode scalar (a surrogate or past U+10FFFF).
        case notAScalar
        /// A decoded value is a C1 control character (U+0080–U+009F): valid punycode, but a
        /// control character in a host, which the callback rules refuse everywhere.
        case controlCharacter(Int)
        /// The label decodes to nothing (`xn--`).
        case empty
        /// The label decodes to ASCII only, which IDNA never encodes with `xn--`.
        case asciiOnly

        var description: String {
            switch self {
            case .invalidDigit(let byte): "it has \(URLSplit.describe(byte)), which is not a punycode digit"
            case .truncated: "it ends in the middle of an encoded number"
            case .overflow: "an encoded number overflows"
            case .notAScalar: "it decodes to a value that is not a Unicode scalar"
            case .controlCharacter(let value): "it decodes to the control character U+\(String(value, radix: 16, uppercase: true).leftPadded(to: 4))"
            case .empty: "it decodes to nothing"
            case .asciiOnly: "it decodes to ASCII only"
            }
        }
    }

    // The Bootstring parameters for punycode, RFC 3492 section 5.
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 0x80
    /// The largest value the decoder's integers may hold: RFC 3492 section 6.4 requires
    /// overflow detection against the integer size; 32 bits, as the RFC's sample code uses.
    private static let maxInt = Int(UInt32.max)

    /// Validates the part of an A-label after `xn--` by running the decoder of RFC 3492
    /// section 6.2, counting output instead of building it.
    ///
    /// - Returns: `nil` when the body decodes to at least one non-ASCII scalar, else why not.
    static func validate(_ body: UnsafeBufferPointer<UInt8>) -> Failure? {
        // The basic code points are those before the last delimiter; URLSplit has made the
        // host ASCII, and a percent-decoded non-ASCII byte there is an invalid digit below.
        var basicCount = 0
        if let delimiter = body.lastIndex(of: 0x2D) { basicCount = delimiter }
        for byte in body[0..<basicCount] where byte >= 0x80 { return .invalidDigit(byte) }
        // Decoding starts after the last delimiter when basic code points were copied, else at
        // the beginning (so a leading lone delimiter is an invalid digit).
        var input = basicCount > 0 ? basicCount + 1 : 0
        var n = initialN
        var i = 0
        var bias = initialBias
        var outputCount = basicCount
        var extended = 0
        while input < body.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard input < body.count else { return .truncated }
                guard let digit = digitValue(body[input]) else { return .invalidDigit(body[input]) }
                input += 1
                if digit > (maxInt - i) / w { return .overflow }
                i += digit * w
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                if w > maxInt / (base - t) { return .overflow }
                w *= base - t
                k += base
            }
            outputCount += 1
            bias = adapt(delta: i - oldI, points: outputCount, first: oldI == 0)
            if i / outputCount > maxInt - n { return .overflow }
            n += i / outputCount
            i %= outputCount
            guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return .notAScalar }
            if n <= 0x9F { return .controlCharacter(n) }
            extended += 1
            i += 1
        }
        if outputCount == 0 { return .empty }
        if extended == 0 { return .asciiOnly }
        return nil
    }

    /// The bias adaptation function, RFC 3492 section 6.1.
    private static func adapt(delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// A basic code point's digit value (RFC 3492 section 5): `a`–`z` and `A`–`Z` are 0–25,
    /// `0`–`9` are 26–35.
    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x61...0x7A: Int(byte - 0x61)
        case 0x41...0x5A: Int(byte - 0x41)
        case 0x30...0x39: Int(byte - 0x30) + 26
        default: nil
        }
    }
}
