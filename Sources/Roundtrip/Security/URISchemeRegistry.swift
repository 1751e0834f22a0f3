/// A dated copy of IANA's "Uniform Resource Identifier (URI) Schemes" registry
/// (https://www.iana.org/assignments/uri-schemes/, kept under RFC 7595), which the default
/// callback policy refuses: a registered scheme names a protocol or an app that the platform or
/// another app handles, so a callback on it can reach someone other than the caller.
///
/// The copy is `Scripts/iana-uri-schemes.csv`, dated ``date``; `Scripts/iana-uri-schemes.py`
/// turns it into the table this type reads. Every status is kept: permanent and provisional
/// registrations, and historical ones too, whose names platforms and apps still answer to (`fax:`
/// and `modem:` dial, `filesystem:` is the browsers' sandboxed storage).
public enum URISchemeRegistry {
    /// A registration's status in the registry (RFC 7595 section 3: permanent; section 4:
    /// provisional; section 7.4: historical).
    public enum Status: String, Sendable, CaseIterable {
        case permanent, provisional, historical
    }

    /// The status of `scheme` (any ASCII case) in the shipped copy, or `nil` when it is not registered.
    ///
    /// - Complexity: O(*m*) in the scheme's length: a binary search over a table of fixed size.
    public static func status(of scheme: some StringProtocol) -> Status? {
        var scheme = String(scheme)
        return scheme.withUTF8 { lookup.value(for: $0) }
    }

    /// Every registered scheme in the shipped copy, lowercased and sorted, with its status.
    public static var schemes: [(name: String, status: Status)] {
        table.map { (name: $0.name.description, status: $0.status) }
    }

    /// ``table`` for lookups by a scheme's bytes.
    private static let lookup = SchemeTable(table.map { (name: $0.name.description, value: $0.status) })
}

/// Lowercased schemes with a value each, looked up by a scheme's bytes in any ASCII case without
/// making a `String`: the names lie back to back in one buffer, sorted by their bytes, and a
/// lookup is a binary search, so it reads O(log *n*) names of at most ``longest`` bytes each.
struct SchemeTable<Value: Sendable>: Sendable {
    /// The names' bytes, back to back, in sorted order.
    private let bytes: [UInt8]
    /// Where each name ends in ``bytes``; a name starts where the one before it ends.
    private let ends: [Int]
    private let values: [Value]
    /// The length of the longest name: a longer scheme is none of them.
    let longest: Int

    /// A table of `entries`; when a name is given twice, the later entry's value wins.
    init(_ entries: [(name: String, value: Value)]) {
        var byName: [String: Value] = [:]
        for entry in entries { byName[entry.name.lowercased()] = entry.value }
        let sorted = byName.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for entry in sorted {
            bytes += entry.key.utf8
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
        values = sorted.map(\.value)
        longest = sorted.map(\.key.utf8.count).max() ?? 0
    }

    /// The value of `scheme` (its bytes, any ASCII case), or `nil`.
    func value(for scheme: UnsafeBufferPointer<UInt8>) -> Value? {
        var steps = 0
        return value(for: scheme, steps: &steps)
    }

    /// ``value(for:)``, adding to `steps` one for each name compared and one for each byte read.
    func value(for scheme: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Value? {
        guard scheme.count <= longest, !scheme.isEmpty else { return nil }
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            let start = middle == 0 ? 0 : ends[middle - 1]
            steps += 1
            switch compare(scheme, start..<ends[middle], steps: &steps) {
            case 0: return values[middle]
            case ..<0: high = middle
            default: low = middle + 1
            }
        }
        return nil
    }

    /// The order of the lowercased `scheme` against the name at `range`: negative, zero or positive.
    private func compare(_ scheme: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, steps: inout Int) -> Int {
        var index = 0
        while index < scheme.count, index < range.count {
            steps += 1
            let left = URLSplit.lowercased(scheme[index])
            let right = bytes[range.lowerBound + index]
            if left != right { return left < right ? -1 : 1 }
            index += 1
        }
        return scheme.count - range.count
    }
}
