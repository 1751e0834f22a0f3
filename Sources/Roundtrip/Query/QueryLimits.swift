/// Size limits checked before any other parsing work, so hostile input costs little.
public struct QueryLimits: Sendable, Hashable {
    /// The longest URL accepted, in UTF-8 bytes. Default 16 KiB.
    public var maximumURLLength: Int
    /// The most query parameters accepted. Default 256.
    public var maximumParameterCount: Int

    /// Creates limits.
    public init(maximumURLLength: Int = 16 * 1024, maximumParameterCount: Int = 256) {
        self.maximumURLLength = maximumURLLength
        self.maximumParameterCount = maximumParameterCount
    }

    /// 16 KiB and 256 parameters, the design document's defaults.
    public static let `default` = QueryLimits()

    /// Rejects text that exceeds the limits, before anything else looks at it.
    ///
    /// - Throws: ``RoundtripError`` `too-large`.
    /// - Complexity: O(*n*) over the UTF-8 bytes, using a vectorisable count.
    public func check(_ text: some StringProtocol) throws(RoundtripError) {
        let length = text.utf8.count
        if length > maximumURLLength {
            throw RoundtripError(.tooLarge, "the URL is \(length) bytes long; the limit is \(maximumURLLength)")
        }
        var text = Substring(text)
        let separators = text.withUTF8 { bytes in
            // Branch-free, so the compiler can vectorise it.
            var count = 0
            for byte in bytes { count &+= byte == 0x26 ? 1 : 0 }
            return count
        }
        if separators + 1 > maximumParameterCount {
            throw RoundtripError(.tooLarge, "the URL has \(separators + 1) parameters; the limit is \(maximumParameterCount)")
        }
    }
}
