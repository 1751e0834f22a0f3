import Foundation

extension String {
    /// Whether this text and `other` both begin with an ASCII byte, and not the same one: then
    /// they differ, and neither begins with the other, also as `String`s compare (by canonical
    /// equivalence), told without comparing them. A character that begins with an ASCII scalar
    /// is canonically equivalent only to one that begins with the same scalar (precomposed
    /// letters begin with a non-ASCII byte).
    ///
    /// The spec reader checks every parameter name against a few others (the mapping's other
    /// keys, the return parameter, the response prefix), and most differ at once.
    package func beginsWithOtherASCIIByte(than other: String) -> Bool {
        guard let first = utf8.first, let otherFirst = other.utf8.first else { return false }
        return first < 0x80 && otherFirst < 0x80 && first != otherFirst
    }

    /// Whether the text's UTF-8 holds `byte`, looked for in place: `utf8.contains` steps
    /// through the view's indices, which costs tens of instructions a byte, on paths every route
    /// and parameter name of a spec takes.
    package func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }

    /// Whether this text and `other` are the same bytes, compared in place. Not `==`, which is
    /// canonical equivalence: `"é"` and `"e\u{301}"` are equal strings, but different names and
    /// patterns to a URL and a regular expression, so one may not stand for the other.
    package func hasSameBytes(as other: String) -> Bool {
        var mine = self
        var theirs = other
        guard mine.utf8.count == theirs.utf8.count else { return false }
        return mine.withUTF8 { left in theirs.withUTF8 { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 } }
    }
}
