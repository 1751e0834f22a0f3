/// Exact percent-decoding (RFC 3986 section 2.1) with strict UTF-8 and control-character checks.
///
/// Values are decoded once. `+` stays a literal plus, as in Foundation's `URLComponents`; the
/// decoded bytes must be well-formed UTF-8 (no overlong forms, no surrogates, nothing above
/// U+10FFFF), and may not contain control characters: C0, DEL, C1, or the bidirectional
/// overrides U+202A–U+202E and U+2066–U+2069, which can make a value display as something else.
///
/// ``unescape(_:into:mode:plusIsSpace:)`` is the one loop that replaces escapes, for every
/// decoder of the package: strict for values (RFC 3986), lenient for hosts already checked and
/// for the associated-domains matcher (the WHATWG URL Standard's "percent-decode").
package enum PercentDecoding {
    /// Why a component could not be decoded; turned into a ``RoundtripError`` by the caller,
    /// who knows which parameter it concerns.
    package enum Failure: Error, Equatable {
        case badEscape(offset: Int)
        case invalidUTF8(offset: Int)
        case controlCharacter(scalar: UInt32)

        /// A message for the component named `what`, for example "parameter 'title'".
        func message(for what: String) -> String {
            switch self {
            case .badEscape(let offset):
                return "\(what) has a '%' at offset \(offset) that is not followed by two hex digits"
            case .invalidUTF8(let offset):
                return "\(what) decodes to bytes that are not valid UTF-8 (at decoded byte \(offset))"
            case .controlCharacter(let scalar):
                let hex = String(scalar, radix: 16, uppercase: true)
                return "\(what) contains the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)"
            }
        }
    }

    /// What a component may hold beyond RFC 3986's strict reading.
    struct Options: Sendable, Hashable {
        /// `+` decodes to a space (HTML form encoding, `query-encoding: form`); `%2B` stays a plus.
        var plusIsSpace = false
        /// LF, and CR when an LF follows it, are allowed (a `multiline` value or a `newline` list).
        var allowsLineBreaks = false
        /// TAB is allowed (a `multiline` value).
        var allowsTabs = false
        /// A CR with no LF after it is a line break too (`multiline: any`), when line breaks are allowed.
        var allowsLoneCarriageReturn = false

        /// RFC 3986, no control characters: the default everywhere.
        static let strict = Options()

        /// Line breaks and tabs allowed: a callback whose `returns` may hold multi-line text is
        /// decoded this way, and each such value then checked against its declaration.
        static let multiline = Options(allowsLineBreaks: true, allowsTabs: true)

        init(plusIsSpace: Bool = false, allowsLineBreaks: Bool, allowsTabs: Bool) {
            self.plusIsSpace = plusIsSpace
            self.allowsLineBreaks = allowsLineBreaks
            self.allowsTabs = allowsTabs
        }

        /// The options of a declared parameter's values under an action's query encoding.
        init(parameter: ParameterSpec, queryEncoding: QueryEncoding) {
            plusIsSpace = queryEncoding == .form
            allowsLineBreaks = parameter.isMultiline || parameter.list == .newline
            allowsTabs = parameter.isMultiline
            allowsLoneCarriageReturn = parameter.isMultiline && parameter.allowsLoneCarriageReturn
        }

        /// The options for names, and values of undeclared parameters, under a query encoding.
        init(queryEncoding: QueryEncoding) {
            plusIsSpace = queryEncoding == .form
        }

        init() {}
    }

    /// Decodes one component with `options`: the strict path when they are ``Options/strict``.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, options: Options) throws(Failure) -> String {
        if options == .strict { return try decode(bytes) }
        return try unescape(bytes, options: options)
    }

    /// Decodes one component.
    ///
    /// - Complexity: O(*n*); without a `%` the component is copied once, nothing else allocates.
    static func decode(_ component: Substring) throws(Failure) -> String {
        var component = component
        return try component.withUTF8 { bytes in Result { () throws(Failure) in try decode(bytes) } }.get()
    }

    /// Decodes one component given as raw bytes (a slice of the URL).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> String {
        // One pass for the common case: printable ASCII without escapes decodes to itself.
        let plain = verbatimPrefixLength(bytes)
        if plain == bytes.count { return String(decoding: bytes, as: UTF8.self) }
        guard bytes[plain...].contains(0x25) else {
            try validate(bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        return try unescape(bytes, options: .strict)
    }

    /// What a `%` that is not followed by two hex digits means.
    package enum EscapeMode: Sendable {
        /// An error (RFC 3986 section 2.1: `%` introduces a two-digit escape).
        case strict
        /// The `%` stays a byte of the output, as in the WHATWG URL Standard's "percent-decode".
        case lenient
    }

    /// Replaces each `%XX` escape of `bytes` (and `+` with a space when `plusIsSpace`) with its
    /// byte, writing into `output`, which holds at least `bytes.count` bytes.
    ///
    /// Inlined into each caller: the decision's query decoding runs it for every escaped value.
    ///
    /// - Returns: The number of bytes written, or, in ``EscapeMode/strict`` mode, the failure
    ///   naming the offset of the first `%` not followed by two hex digits.
    /// - Complexity: O(*n*); the output is never longer than the input.
    @inline(__always)
    package static func unescape(
        _ bytes: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutableBufferPointer<UInt8>,
        mode: EscapeMode,
        plusIsSpace: Bool = false
    ) -> Result<Int, Failure> {
        var input = 0
        var count = 0
        while input < bytes.count {
            let byte = bytes[input]
            if byte == 0x25 {
                if input + 2 < bytes.count, let high = URLSplit.hexValue(bytes[input + 1]), let low = URLSplit.hexValue(bytes[input + 2]) {
                    output[count] = high << 4 | low
                    input += 3
                } else if mode == .strict {
                    return .failure(.badEscape(offset: input))
                } else {
                    output[count] = byte
                    input += 1
                }
            } else {
                output[count] = byte == 0x2B && plusIsSpace ? 0x20 : byte
                input += 1
            }
            count += 1
        }
        return .success(count)
    }

    /// ``unescape(_:into:mode:plusIsSpace:)`` in ``EscapeMode/lenient`` mode, which cannot fail.
    @inline(__always)
    package static func unescapeLeniently(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        switch unescape(bytes, into: output, mode: .lenient) {
        case .success(let count): count
        case .failure: 0
        }
    }

    /// The bytes of `text` decoded leniently (a `%` without two hex digits after it stays).
    ///
    /// - Complexity: O(*n*); one allocation, of the input's length.
    package static func leniently(_ text: some StringProtocol) -> [UInt8] {
        var text = Substring(text)
        return text.withUTF8 { bytes in
            [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in count = unescapeLeniently(bytes, into: buffer) }
        }
    }

    /// Replaces each `%XX` escape (and `+`, when `options` say so) with its byte, then validates.
    ///
    /// The closure returns a `Result` instead of throwing: `withUnsafeTemporaryAllocation`
    /// passes a typed error through only since the Swift 6.3 standard library, and with Swift
    /// 6.1 (Xcode 16.3 and 16.4) a typed throw inside it becomes `any Error`.
    ///
    /// - Complexity: O(*n*); the input length bounds the output even when an escape is malformed.
    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, options: Options) throws(Failure) -> String {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            Result { () throws(Failure) -> String in
                let output = try unescape(bytes, into: buffer, mode: .strict, plusIsSpace: options.plusIsSpace).get()
                let decoded = UnsafeBufferPointer(rebasing: buffer[0..<output])
                try validate(decoded, options: options)
                return String(decoding: decoded, as: UTF8.self)
            }
        }.get()
    }

    /// Whether a component decodes to itself and passes every check: printable ASCII without `%`.
    static func isVerbatim(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        verbatimPrefixLength(bytes) == bytes.count
    }

    /// How many leading bytes are printable ASCII other than `%`.
    static func verbatimPrefixLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        typealias Bytes = SIMD16<UInt8>
        var length = 0
        // Sixteen bytes at a time while every lane is verbatim; the block that holds the first
        // other byte, and the tail, are read byte by byte to find where it is.
        if let base = bytes.baseAddress {
            while length + 16 <= bytes.count {
                let block = UnsafeRawPointer(base + length).loadUnaligned(as: Bytes.self)
                // Outside ' '...'~' (one unsigned compare after the shift), or '%'.
                let other = ((block &- Bytes(repeating: 0x20)) .> Bytes(repeating: 0x7E - 0x20)) .| (block .== Bytes(repeating: 0x25))
                let lanes = Bytes(repeating: 0).replacing(with: Bytes(repeating: 0xFF), where: other)
                let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
                if words[0] | words[1] != 0 { break }
                length += 16
            }
        }
        while length < bytes.count {
            let byte = bytes[length]
            if byte == 0x25 || byte < 0x20 || byte >= 0x7F { break }
            length += 1
        }
        return length
    }

    /// Checks that `bytes` are well-formed UTF-8 without control characters.
    ///
    /// Well-formedness follows the Unicode Standard, table 3-7 (well-formed UTF-8 byte sequences).
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, options: Options = .strict) throws(Failure) {
        // Fast path: printable ASCII, the common case.
        var index = 0
        while index < bytes.count, bytes[index] >= 0x20, bytes[index] < 0x7F { index += 1 }
        var offset = index
        while index < bytes.endIndex {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead < 0x20 || lead == 0x7F, !isAllowedControl(lead, next: index + 1 < bytes.count ? bytes[index + 1] : nil, options) {
                    throw .controlCharacter(scalar: UInt32(lead))
                }
                bytes.formIndex(after: &index)
                offset += 1
                continue
            }
            let length: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upperBound = 0x9F
            case 0xF0:
                length = 4
                lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upperBound = 0x8F
            default: throw .invalidUTF8(offset: offset)
            }
            var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var next = bytes.index(after: index)
            for position in 1..<length {
                guard next < bytes.endIndex else { throw .invalidUTF8(offset: offset) }
                let continuation = bytes[next]
                let low: UInt8 = position == 1 ? lowerBound : 0x80
                let high: UInt8 = position == 1 ? upperBound : 0xBF
                guard continuation >= low, continuation <= high else { throw .invalidUTF8(offset: offset) }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
                bytes.formIndex(after: &next)
            }
            if isForbiddenScalar(scalar) { throw .controlCharacter(scalar: scalar) }
            index = next
            offset += length
        }
    }

    /// Whether `options` allow this ASCII control character: TAB, LF, and CR only before an LF
    /// unless a lone CR is a line break too.
    private static func isAllowedControl(_ byte: UInt8, next: UInt8?, _ options: Options) -> Bool {
        switch byte {
        case 0x09: options.allowsTabs
        case 0x0A: options.allowsLineBreaks
        case 0x0D: options.allowsLineBreaks && (next == 0x0A || options.allowsLoneCarriageReturn)
        default: false
        }
    }

    /// C1 controls and the bidirectional embedding, override and isolate characters.
    static func isForbiddenScalar(_ scalar: UInt32) -> Bool {
        (0x80...0x9F).contains(scalar) || (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
    }

    /// Whether a string contains a character Roundtrip rejects in values (under `options`).
    static func containsForbiddenCharacter(_ string: some StringProtocol, options: Options = .strict) -> Bool {
        forbiddenCharacter(in: string, options: options) != nil
    }

    /// The first character Roundtrip rejects in values (under `options`), as the failure that
    /// names its code point, or `nil` when there is none.
    static func forbiddenCharacter(in string: some StringProtocol, options: Options = .strict) -> Failure? {
        func failure(_ bytes: UnsafeBufferPointer<UInt8>) -> Failure? {
            do throws(Failure) {
                try validate(bytes, options: options)
                return nil
            } catch {
                return error
            }
        }
        // A native string's bytes are read where they are (the spec reader checks every name);
        // any other is made contiguous first.
        if let found = string.utf8.withContiguousStorageIfAvailable(failure) { return found }
        var string = Substring(string)
        return string.withUTF8(failure)
    }
}
