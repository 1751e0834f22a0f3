import Foundation

/// A few names, matched against a query item's name as it stands in the URL, without decoding
/// it: a raw name of printable ASCII without `%` (nor `+` in a form query) decodes to itself, so
/// its bytes are the decoded name's, and the names of a query's other items never become text.
struct RawNames: Sendable {
    private let bytes: [[UInt8]]

    /// The names, by their UTF-8 bytes.
    init(_ names: [String]) {
        bytes = names.map { Array($0.utf8) }
    }

    /// Whether there are no names.
    var isEmpty: Bool { bytes.isEmpty }

    /// The index of the name whose bytes are the raw name's; `.some(nil)` for a raw name that
    /// decodes to itself and is none of them; `nil` when it must be decoded to tell (it holds
    /// `%`, or `+` read as a space in a form query).
    func index(ofRaw rawName: UnsafeBufferPointer<UInt8>, queryEncoding: QueryEncoding) -> Int?? {
        guard PercentDecoding.isVerbatim(rawName) else { return nil }
        if queryEncoding == .form, rawName.contains(0x2B) { return nil }
        for (index, name) in bytes.enumerated() where name.count == rawName.count {
            // An empty name's buffer may have no address: it equals any empty raw name.
            if name.isEmpty || name.withUnsafeBufferPointer({ memcmp($0.baseAddress!, rawName.baseAddress!, name.count) }) == 0 {
                return .some(index)
            }
        }
        return .some(nil)
    }
}
