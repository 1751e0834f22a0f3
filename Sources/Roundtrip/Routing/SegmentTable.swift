#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The router's edges: a map from (node, byte string) to the next node, for every literal path
/// segment and every scheme-and-host root, in one open-addressing table.
///
/// The incoming-URL hot path looks up one edge per path segment. `Dictionary` keyed by a segment
/// paid for a seeded SipHash (`Hasher` setup and finalisation) and a `Substring` per lookup; this
/// table hashes the raw bytes of the URL in place with FNV-1a and compares them with `memcmp`.
///
/// An unseeded hash is safe here because only the spec's routes are ever inserted: an incoming
/// URL can choose which slot a lookup starts at, but not how long the runs of occupied slots
/// are, and the table is never more than half full.
struct SegmentTable: Sendable {
    /// One edge. `parent == Entry.empty` marks a free slot.
    private struct Entry: Sendable {
        static let empty: Int32 = -2
        var parent: Int32 = Entry.empty
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
        var hash: UInt32 = 0
        var next: Int32 = 0
    }

    /// The parent of every root edge (scheme and host).
    static let rootParent = -1

    private var entries = [Entry](repeating: Entry(), count: 16)
    private var keys: [UInt8] = []
    private var count = 0

    /// The node that `key` leads to from `parent`, if any.
    func next(from parent: Int, key: UnsafeBufferPointer<UInt8>) -> Int? {
        next(from: parent, key: key, hash: Self.hash(parent: parent, key: key))
    }

    /// The node that `key` leads to from `parent`, if any, where `hash` is
    /// ``hash(parent:key:)`` of the two (an edge that is looked up and then inserted is hashed
    /// once). Inlined into the decision's lookups as the body of ``next(from:key:)``.
    @inline(__always)
    func next(from parent: Int, key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int? {
        let mask = entries.count - 1
        return entries.withUnsafeBufferPointer { entries -> Int? in
            keys.withUnsafeBufferPointer { keys -> Int? in
                var slot = Int(hash) & mask
                while true {
                    let entry = entries[slot]
                    if entry.parent == Entry.empty { return nil }
                    if entry.hash == hash, entry.parent == Int32(truncatingIfNeeded: parent),
                        Int(entry.keyLength) == key.count,
                        key.isEmpty || memcmp(keys.baseAddress! + Int(entry.keyStart), key.baseAddress!, key.count) == 0
                    {
                        return Int(entry.next)
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// The node that `key` leads to from `parent`, if any.
    func next(from parent: Int, key: [UInt8]) -> Int? {
        key.withUnsafeBufferPointer { next(from: parent, key: $0) }
    }

    /// Makes room for `edgeCount` edges (kept at most half full), so inserting them never grows
    /// the table.
    mutating func reserve(_ edgeCount: Int) {
        var size = entries.count
        while size < edgeCount * 2 + 2 { size *= 2 }
        if size > entries.count { rehash(to: size) }
    }

    /// Adds the edge `parent --key--> next` (see the form with its hash).
    mutating func insert(from parent: Int, key: UnsafeBufferPointer<UInt8>, next: Int) -> Bool {
        insert(from: parent, key: key, next: next, hash: Self.hash(parent: parent, key: key))
    }

    /// Adds the edge `parent --key--> next`, where `hash` is ``hash(parent:key:)`` of the two;
    /// the caller has checked that it is not there yet.
    ///
    /// - Returns: `false`, adding nothing, when a node number or the keys' total size no longer
    ///   fits the table's 32-bit fields (routes beyond 2 GiB).
    mutating func insert(from parent: Int, key: UnsafeBufferPointer<UInt8>, next: Int, hash: UInt32) -> Bool {
        guard let parent32 = Int32(exactly: parent), let start = Int32(exactly: keys.count),
            let length = Int32(exactly: key.count), let next32 = Int32(exactly: next),
            Int32(exactly: keys.count + key.count) != nil
        else { return false }
        if (count + 1) * 2 > entries.count { grow() }
        keys.append(contentsOf: key)
        place(Entry(parent: parent32, keyStart: start, keyLength: length, hash: hash, next: next32))
        count += 1
        return true
    }

    /// Adds the edge `parent --key--> next` (see the buffer form).
    mutating func insert(from parent: Int, key: [UInt8], next: Int) -> Bool {
        key.withUnsafeBufferPointer { insert(from: parent, key: $0, next: next) }
    }

    private mutating func place(_ entry: Entry) {
        let mask = entries.count - 1
        var slot = Int(entry.hash) & mask
        while entries[slot].parent != Entry.empty { slot = (slot + 1) & mask }
        entries[slot] = entry
    }

    private mutating func grow() {
        rehash(to: entries.count * 2)
    }

    /// Moves every edge into a table of `size` slots (a power of two).
    private mutating func rehash(to size: Int) {
        let old = entries
        entries = [Entry](repeating: Entry(), count: size)
        for entry in old where entry.parent != Entry.empty { place(entry) }
    }

    /// FNV-1a (64-bit) over the parent's bytes and the key, folded to 32 bits.
    static func hash(parent: Int, key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let prime: UInt64 = 0x100_0000_01B3
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: parent)
        hash &*= prime
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
