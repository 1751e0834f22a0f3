/// Size limits checked before any other parsing work, so hostile input costs little.
public struct QueryLimits: Sendable, Hashable {
    /// The longest URL accepted, in UTF-8 bytes. Default 16 KiB.
    public var maximumURLLength: Int
    /// The most query parameters accepted. Default 256.
    ///
    /// Counted as `&`-separated parts before any parsing, so stray `&`s (empty pairs, which the
    /// query codec then skips) count too: the check must cost one pass over the bytes.
    public var maximumParameterCount: Int

    /// Creates limits.
    public init(maximumURLLength: Int = 16 * 1024, maximumParameterCount: Int = 256) {
        self.maximumURLLength = maximumURLLength
        self.maximumParameterCount = maximumParameterCount
    }

    /// 16 KiB and 256 parameters, the defaults.
    public static let `default` = QueryLimits()

    /// Rejects text that exceeds the limits, before anything else looks at it.
    ///
    /// - Throws: ``RoundtripError`` `too-large`.
    /// - Complexity: O(*n*) over the UTF-8 bytes, using a vectorisable count.
    public func check(_ text: some StringProtocol) throws(RoundtripError) {
        try checkLength(text.utf8.count)
        var text = Substring(text)
        try checkParameterCount(ampersands: text.withUTF8(QueryLimits.ampersands))
    }

    /// Rejects a URL longer than ``maximumURLLength`` bytes.
    func checkLength(_ length: Int) throws(RoundtripError) {
        if length > maximumURLLength {
            throw RoundtripError(.tooLarge, "the URL is \(length) bytes long; the limit is \(maximumURLLength)")
        }
    }

    /// Rejects a URL with more than ``maximumParameterCount`` `&`-separated parts.
    func checkParameterCount(ampersands: Int) throws(RoundtripError) {
        if ampersands + 1 > maximumParameterCount {
            throw RoundtripError(.tooLarge, "the URL has \(ampersands + 1) parameters; the limit is \(maximumParameterCount)")
        }
    }

    /// The number of `&` bytes: branch-free, so the compiler can vectorise it.
    static func ampersands(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes { count &+= byte == 0x26 ? 1 : 0 }
        return count
    }
}
