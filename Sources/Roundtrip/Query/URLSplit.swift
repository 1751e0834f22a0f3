#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
    /// The components as byte offsets into `text`: the incoming-URL hot path reads these on the
    /// raw bytes, and the `Substring` properties below are made only when asked for.
    let offsets: Offsets

    /// The scheme as written (compare it case-insensitively).
    public var scheme: Substring { slice(offsets.scheme) }
    /// Whether the URL has an authority (`//` after the scheme).
    public var hasAuthority: Bool { offsets.hasAuthority }
    /// The user-info before `@` in the authority, when present.
    public var userInfo: Substring? { offsets.userInfo.map(slice) }
    /// The host as written (compare it case-insensitively); empty without an authority.
    public var host: Substring { slice(offsets.host) }
    /// The port digits after `:` in the authority, when present.
    public var port: Substring? { offsets.port.map(slice) }
    /// The path, possibly empty, still percent-encoded.
    public var path: Substring { slice(offsets.path) }
    /// The query after `?`, still percent-encoded; `nil` when there is no `?`.
    public var query: Substring? { offsets.query.map(slice) }
    /// The fragment after `#`, still percent-encoded; `nil` when there is no `#`.
    public var fragment: Substring? { offsets.fragment.map(slice) }

    /// The text before the query and fragment: `scheme://authority/path`.
    public var base: Substring { slice(0..<offsets.path.upperBound) }

    /// Splits an absolute URL.
    ///
    /// - Parameter text: The URL, exactly as received.
    /// - Throws: ``RoundtripError`` `malformed-url` for a missing or invalid scheme, a byte RFC 3986
    ///   does not allow (space, `"`, `<`, `>`, `\`, `^`, backtick, `{`, `|`, `}`, non-ASCII) or a second
    ///   `#`; `invalid-encoding` for a raw control character or a `%` not followed by two hex digits.
    /// - Complexity: O(*n*) in the length of the URL: one pass over its contiguous UTF-8 bytes.
    public init(_ text: some StringProtocol) throws(RoundtripError) {
        var text = Substring(text)
        // One pass over raw bytes: index arithmetic on String.UTF8View costs several times more
        // per byte, and this is the incoming-URL hot path.
        let offsets = text.withUTF8 { bytes in URLSplit.parse(bytes) }
        self.init(text: text, offsets: try offsets.get())
    }

    /// A split made from offsets that ``parse(_:)`` returned for `text`.
    init(text: Substring, offsets: Offsets) {
        self.text = text
        self.offsets = offsets
    }

    /// Calls `body` with the URL's contiguous UTF-8 bytes and its component offsets.
    func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>, Offsets) throws(Failure) -> Result) throws(Failure) -> Result {
        var text = text
        let offsets = offsets
        // `withUTF8` rethrows untyped errors; only `body` throws here, so every error is a
        // `Failure`. The result is returned straight through, not wrapped in a `Result`, so the
        // accepted request is never copied on its way out.
        do {
            return try text.withUTF8 { bytes in try body(bytes, offsets) }
        } catch let failure as Failure {
            throw failure
        } catch {
            preconditionFailure("withUTF8 rethrows only what its closure throws")
        }
    }

    /// The text at byte offsets `range`.
    func slice(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[start..<utf8.index(start, offsetBy: range.count)]
    }

    /// Component ranges as byte offsets.
    ///
    /// Held as 32-bit bounds (``parse(_:)`` refuses a URL of 2 GiB or more), so the whole value
    /// is 64 bytes: it is passed and returned by value along the incoming hot path, and with
    /// `Range<Int>?` fields (24 bytes each) every such copy was a `memmove`.
    struct Offsets: Sendable, Hashable {
        /// A component's bounds; a lower bound of -1 means the component is absent.
        private struct Bounds: Sendable, Hashable {
            var lower: Int32
            var upper: Int32

            static let absent = Bounds(lower: -1, upper: -1)

            init(lower: Int32, upper: Int32) {
                self.lower = lower
                self.upper = upper
            }

            init(_ range: Range<Int>?) {
                guard let range else {
                    self = .absent
                    return
                }
                self.init(lower: Int32(truncatingIfNeeded: range.lowerBound), upper: Int32(truncatingIfNeeded: range.upperBound))
            }

            var range: Range<Int>? { lower < 0 ? nil : whole }

            /// The bounds of a component that is always there.
            var whole: Range<Int> { Int(lower)..<Int(upper) }
        }

        private var schemeBounds = Bounds(lower: 0, upper: 0)
        private var userInfoBounds = Bounds.absent
        private var hostBounds = Bounds(lower: 0, upper: 0)
        private var portBounds = Bounds.absent
        private var pathBounds = Bounds(lower: 0, upper: 0)
        private var queryBounds = Bounds.absent
        private var fragmentBounds = Bounds.absent
        private var ampersandCount: Int32 = 0
        /// Whether the URL has `//` and an authority after its scheme.
        var hasAuthority = false

        var scheme: Range<Int> {
            get { schemeBounds.whole }
            set { schemeBounds = Bounds(newValue) }
        }
        var userInfo: Range<Int>? {
            get { userInfoBounds.range }
            set { userInfoBounds = Bounds(newValue) }
        }
        var host: Range<Int> {
            get { hostBounds.whole }
            set { hostBounds = Bounds(newValue) }
        }
        var port: Range<Int>? {
            get { portBounds.range }
            set { portBounds = Bounds(newValue) }
        }
        var path: Range<Int> {
            get { pathBounds.whole }
            set { pathBounds = Bounds(newValue) }
        }
        var query: Range<Int>? {
            get { queryBounds.range }
            set { queryBounds = Bounds(newValue) }
        }
        var fragment: Range<Int>? {
            get { fragmentBounds.range }
            set { fragmentBounds = Bounds(newValue) }
        }
        /// How many `&` the URL has: the parameter count limit is checked on it.
        var ampersands: Int {
            get { Int(ampersandCount) }
            set { ampersandCount = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// Splits the bytes of a URL; see ``init(_:)``.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Offsets, RoundtripError> {
        var parts = Offsets()
        let count = bytes.count
        // Offsets are held in 32 bits; no URL a decision accepts comes near this.
        guard count < Int(Int32.max) else {
            return .failure(RoundtripError(.tooLarge, "the URL is \(count) bytes; a URL must be under 2 GiB"))
        }
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard count > 0, isAlpha(bytes[0]) else {
            return .failure(RoundtripError(.malformedURL, "the URL must start with a scheme such as 'myapp:' or 'https:'"))
        }
        var index = 0
        while index < count, bytes[index] != 0x3A {
            let byte = bytes[index]
            guard isAlpha(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
                return .failure(
                    RoundtripError(.malformedURL, "the URL has no valid scheme: byte \(describe(byte)) at offset \(index) is not allowed in a scheme")
                )
            }
            index += 1
        }
        guard index < count else {
            return .failure(RoundtripError(.malformedURL, "the URL has no ':' after its scheme, so it is not an absolute URL"))
        }
        parts.scheme = 0..<index
        index += 1
        switch checkBytes(bytes, from: index) {
        case .success(let ampersands): parts.ampersands = ampersands
        case .failure(let failure): return .failure(failure)
        }

        // authority
        parts.host = index..<index
        if index + 1 < count, bytes[index] == 0x2F, bytes[index + 1] == 0x2F {
            parts.hasAuthority = true
            let authorityStart = index + 2
            var end = authorityStart
            while end < count, bytes[end] != 0x2F, bytes[end] != 0x3F, bytes[end] != 0x23 { end += 1 }
            var hostStart = authorityStart
            var at = end
            while at > authorityStart {
                at -= 1
                if bytes[at] == 0x40 {
                    parts.userInfo = authorityStart..<at
                    hostStart = at + 1
                    break
                }
            }
            var hostEnd = end
            if hostStart < end, bytes[hostStart] == 0x5B {  // "[" IPv6 literal
                var close = hostStart
                while close < end, bytes[close] != 0x5D { close += 1 }
                guard close < end else {
                    return .failure(RoundtripError(.malformedURL, "the URL's IPv6 host has no closing ']'"))
                }
                hostEnd = close + 1
                if hostEnd < end {
                    guard bytes[hostEnd] == 0x3A else {
                        return .failure(RoundtripError(.malformedURL, "the URL has text after its IPv6 host that is not a port"))
                    }
                    parts.port = (hostEnd + 1)..<end
                }
            } else {
                var colon = hostStart
                while colon < end, bytes[colon] != 0x3A { colon += 1 }
                if colon < end {
                    hostEnd = colon
                    parts.port = (colon + 1)..<end
                }
                for position in hostStart..<hostEnd where bytes[position] == 0x5B || bytes[position] == 0x5D {
                    let host = String(decoding: UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd]), as: UTF8.self)
                    return .failure(RoundtripError(.malformedURL, "the URL's host '\(host)' has a '[' or ']' outside an IPv6 literal"))
                }
            }
            parts.host = hostStart..<hostEnd
            if let port = parts.port, !bytes[port].allSatisfy(isDigit) {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[port]), as: UTF8.self)
                return .failure(RoundtripError(.malformedURL, "the URL's port '\(text)' is not a number"))
            }
            index = end
        }

        // path, query, fragment
        var pathEnd = index
        while pathEnd < count, bytes[pathEnd] != 0x3F, bytes[pathEnd] != 0x23 {
            let byte = bytes[pathEnd]
            if byte == 0x5B || byte == 0x5D {
                return .failure(
                    RoundtripError(.malformedURL, "the URL's path has a '\(Character(Unicode.Scalar(byte)))', which must be percent-encoded")
                )
            }
            pathEnd += 1
        }
        parts.path = index..<pathEnd
        index = pathEnd
        if index < count, bytes[index] == 0x3F {
            let queryEnd = firstIndex(of: 0x23, in: bytes, from: index + 1)
            parts.query = (index + 1)..<queryEnd
            index = queryEnd
        }
        if index < count {  // '#'
            let second = firstIndex(of: 0x23, in: bytes, from: index + 1)
            if second < count {
                return .failure(RoundtripError(.malformedURL, "the URL has a second '#' at offset \(second); percent-encode it as %23"))
            }
            parts.fragment = (index + 1)..<count
        }
        return .success(parts)
    }

    /// The offset of the first `byte` at or after `start`, or the end: `memchr`, which scans a
    /// word or a vector at a time, for the long query of a typical incoming URL.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Rejects bytes outside RFC 3986's character set and `%` not followed by two hex digits, and
    /// counts the `&`s on the way, so the parameter limit needs no pass of its own.
    static func checkBytes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, RoundtripError> {
        typealias Bytes = SIMD16<UInt8>
        var index = start
        var ampersands = 0
        // `&`s found by the vector path, per lane; summed every 255 blocks, before a lane can wrap.
        var laneAmpersands = Bytes(repeating: 0)
        var blocks = 0
        let count = bytes.count
        while index < count {
            // Sixteen plain bytes at a time, the common case, with vector compares; a block with
            // anything else is checked byte by byte.
            var blockEnd = count
            if index + 16 <= count, let base = bytes.baseAddress {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: Bytes.self)
                if !hasIrregularLane(block) || percentEscapesAreValid(block, at: index, in: bytes) {
                    laneAmpersands &+= Bytes(repeating: 0).replacing(with: Bytes(repeating: 1), where: block .== Bytes(repeating: 0x26))
                    blocks += 1
                    if blocks == 255 {
                        ampersands &+= sum(laneAmpersands)
                        laneAmpersands = Bytes(repeating: 0)
                        blocks = 0
                    }
                    index += 16
                    continue
                }
                blockEnd = index + 16
            }
            while index < blockEnd {
                let byte = bytes[index]
                if isPlain(byte) {
                    ampersands &+= byte == 0x26 ? 1 : 0
                    index += 1
                    continue
                }
                if !isAllowed(byte) {
                    if byte < 0x20 || byte == 0x7F {
                        return .failure(RoundtripError(.invalidEncoding, "the URL has the control character \(describe(byte)) at offset \(index)"))
                    }
                    if byte >= 0x80 {
                        return .failure(
                            RoundtripError(.malformedURL, "the URL has a non-ASCII byte \(describe(byte)) at offset \(index); percent-encode it")
                        )
                    }
                    return .failure(
                        RoundtripError(
                            .malformedURL,
                            "the URL has \(describe(byte)) at offset \(index), which RFC 3986 does not allow; percent-encode it"
                        )
                    )
                }
                // '%'
                guard index + 2 < count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else {
                    return .failure(RoundtripError(.invalidEncoding, "the URL has a '%' at offset \(index) that is not followed by two hex digits"))
                }
                index += 3
            }
        }
        return .success(ampersands &+ sum(laneAmpersands))
    }

    /// Whether a block whose only irregular bytes are `%`s has two hex digits after each, so it
    /// needs no byte-by-byte pass: the escapes of an encoded callback URL would otherwise send
    /// most blocks of a typical incoming query down that pass. Each `%` is checked on its own
    /// (hex digits are never `%`, so this is the sequential rule), and the first bad one is
    /// left for the byte-by-byte pass to report.
    @inline(__always)
    private static func percentEscapesAreValid(_ block: SIMD16<UInt8>, at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        typealias Bytes = SIMD16<UInt8>
        let percent = block .== Bytes(repeating: 0x25)
        let others = irregularLanes(block) .& .!percent
        let otherLanes = unsafeBitCast(Bytes(repeating: 0).replacing(with: Bytes(repeating: 0xFF), where: others), to: SIMD2<UInt64>.self)
        guard otherLanes[0] | otherLanes[1] == 0 else { return false }
        let percentLanes = unsafeBitCast(Bytes(repeating: 0).replacing(with: Bytes(repeating: 0xFF), where: percent), to: SIMD2<UInt64>.self)
        for word in 0..<2 {
            var lanes = percentLanes[word]
            while lanes != 0 {
                // Each lane is a byte of 0xFF in the word: the lowest set byte is the next `%`.
                let lane = lanes.trailingZeroBitCount / 8
                let index = start + word * 8 + lane
                guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else { return false }
                lanes &= ~(0xFF << UInt64(lane * 8))
            }
        }
        return true
    }

    /// The sum of the lanes, widened first: sixteen lanes of up to 255 overflow a byte.
    private static func sum(_ lanes: SIMD16<UInt8>) -> Int {
        Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }

    /// The lanes whose byte is not plain (``isPlain(_:)`` is false): controls, space, DEL,
    /// non-ASCII, `%`, and the printable bytes RFC 3986 leaves out (`"`, `<`, `>`, `\`, `^`,
    /// backtick, `{`, `|`, `}`).
    ///
    /// Every operand is a vector: comparing against a scalar literal went through a generic,
    /// lane-by-lane path that cost a hundred times more. Ranges are tested with one wrapping
    /// subtraction and one unsigned comparison each.
    @inline(__always)
    static func irregularLanes(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        typealias Bytes = SIMD16<UInt8>
        var irregular = (block &- Bytes(repeating: 0x21)) .> Bytes(repeating: 0x7E - 0x21)  // outside '!'...'~'
        irregular .|= (block .== Bytes(repeating: 0x22)) .| (block .== Bytes(repeating: 0x25))
        irregular .|= (block .== Bytes(repeating: 0x3C)) .| (block .== Bytes(repeating: 0x3E))
        irregular .|= (block .== Bytes(repeating: 0x5C)) .| (block .== Bytes(repeating: 0x5E)) .| (block .== Bytes(repeating: 0x60))
        irregular .|= (block &- Bytes(repeating: 0x7B)) .< Bytes(repeating: 3)  // '{', '|', '}'
        return irregular
    }

    /// Whether ``irregularLanes(_:)`` has any lane set, tested as two 64-bit words: the
    /// standard library's `any(_:)` reduced the mask lane by lane through a call.
    @inline(__always)
    static func hasIrregularLane(_ block: SIMD16<UInt8>) -> Bool {
        let lanes = SIMD16<UInt8>(repeating: 0).replacing(with: SIMD16<UInt8>(repeating: 0xFF), where: irregularLanes(block))
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Whether RFC 3986 allows a byte anywhere after the scheme: unreserved, sub-delims,
    /// gen-delims and `%`. Bit tests instead of a table, so the hot loop touches no global.
    @inline(__always)
    static func isAllowed(_ byte: UInt8) -> Bool {
        // Bits for 0x20–0x3F: ! # $ % & ' ( ) * + , - . / 0-9 : ; = ? (not space, ", <, >).
        let low: UInt64 = 0xAFFF_FFFA_0000_0000
        // Bits for 0x40–0x7F: @ A-Z [ ] _ a-z ~ (not \, ^, `, {, |, }, DEL).
        let high: UInt64 = 0x47FF_FFFE_AFFF_FFFF
        if byte < 0x40 { return low >> UInt64(byte) & 1 == 1 }
        if byte < 0x80 { return high >> UInt64(byte - 0x40) & 1 == 1 }
        return false
    }

    /// Whether a byte is allowed after the scheme and is not `%`: ``isAllowed(_:)`` without
    /// the `%` bit, as one branch-free test, because ``checkBytes(_:from:)`` runs it on every
    /// byte of every incoming URL and of its callback URL.
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0xAFFF_FFDA_0000_0000  // isAllowed's 0x20–0x3F bits without bit 0x25
        let high: UInt64 = 0x47FF_FFFE_AFFF_FFFF
        return byte < 0x80 && ((byte < 0x40 ? low : high) >> UInt64(byte & 0x3F)) & 1 == 1
    }

    package static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    package static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The value of an ASCII hex digit, or `nil` (the one home of that rule for the whole package).
    package static func hexValue(_ byte: UInt8) -> UInt8? {
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
        guard utf8.count == other.utf8.count else { return false }
        var lhs = self
        var rhs = Substring(other)
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                for index in 0..<left.count where URLSplit.lowercased(left[index]) != URLSplit.lowercased(right[index]) {
                    return false
                }
                return true
            }
        }
    }
}

extension URLSplit {
    /// ASCII lowercase of one byte.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `bytes` equal the lowercased ASCII `lowercased`, ignoring ASCII case.
    @inline(__always)
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercased: [UInt8]) -> Bool {
        guard bytes.count == lowercased.count else { return false }
        for index in 0..<bytes.count where URLSplit.lowercased(bytes[index]) != lowercased[index] { return false }
        return true
    }
}
