/// The one home of `names: case-insensitive`'s comparison, shared by the spec loader (two
/// declared names that fold alike) and the decision (an incoming name, and a name given twice).
extension NameMatching {
    /// `name` with the ASCII letters `A`–`Z` lowered: the key under which names compare in any
    /// case. Other bytes stay as they are, so valid UTF-8 stays valid and the key is the same on
    /// every platform and in every locale.
    package static func folded(_ name: String) -> String {
        guard name.utf8.contains(where: isUpper) else { return name }
        return String(decoding: name.utf8.map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The first of `names` whose folded key an earlier one has, given as it came; `nil` when
    /// every key is new.
    ///
    /// - Parameter steps: Incremented by the bytes folded and hashed, so a test can hold the
    ///   work to the names' length.
    /// - Complexity: O(*n*) for names of *n* bytes in all: one fold and one hash each, never a
    ///   comparison against every earlier name.
    package static func firstRepeated(_ names: some Sequence<String>, steps: inout Int) -> String? {
        var seen: Set<String> = []
        for name in names {
            steps += name.utf8.count
            if !seen.insert(folded(name)).inserted { return name }
        }
        return nil
    }

    private static func isUpper(_ byte: UInt8) -> Bool {
        byte &- 0x41 < 26
    }
}
