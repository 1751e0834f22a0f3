import Foundation

/// A binary property list (`bplist00`), read by the audit itself instead of Foundation, so that a
/// hostile file can neither exhaust the stack nor multiply its work.
///
/// The layout is the one described in the comments at the top of Apple's `CFBinaryPList.c`
/// (CoreFoundation, "Binary Property List" format): the 8-byte header `bplist00`, an object
/// table, an offset table (one big-endian offset per object), and a 32-byte trailer giving the
/// size of an offset, the size of an object reference, the number of objects, the top object and
/// where the offset table starts. Arrays and dictionaries hold references (object numbers), so
/// one object may be referenced from many places: a file of a few hundred bytes can describe a
/// tree of 10⁹ values. The walk is therefore iterative (an explicit stack, its height bounded by
/// `maximumDepth`) and every visit of an object counts against `maximumVisits`, a shared subtree
/// costing one visit per reference. Scalars are decoded once per object and then reused.
struct BinaryPropertyList {
    /// Why the bytes were refused; ``isTooLarge`` when a limit, not the format, refused them.
    struct Problem: Error, Equatable {
        let message: String
        var isTooLarge = false
    }

    /// How many objects the walk has visited so far (each reference followed counts once).
    private(set) var visits = 0
    /// The most visits allowed.
    let maximumVisits: Int
    /// The most nested arrays and dictionaries allowed.
    let maximumDepth: Int

    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    /// Where the offset table starts; every object lies before it.
    private let offsetTableStart: Int
    /// Scalars already decoded, by object number, so a shared string is decoded once.
    private var scalars: [Int: PropertyListValue] = [:]

    /// The 8-byte header of the only version Xcode writes.
    static let header = Array("bplist00".utf8)
    private static let trailerSize = 32

    /// Checks the header and trailer and the bounds of the offset table.
    ///
    /// - Throws: ``Problem`` when the bytes are not a well-formed `bplist00`.
    /// - Complexity: O(1); the bytes are copied once, O(*n*).
    init(_ data: Data, maximumDepth: Int, maximumVisits: Int) throws(Problem) {
        bytes = [UInt8](data)
        self.maximumDepth = maximumDepth
        self.maximumVisits = maximumVisits
        guard bytes.starts(with: Self.header) else {
            let version = String(decoding: bytes.dropFirst(6).prefix(2), as: UTF8.self)
            throw Problem(message: "a binary property list of version '\(version)'; only version 00 (what Xcode writes) is read")
        }
        guard bytes.count >= Self.header.count + 1 + Self.trailerSize else {
            throw Problem(message: "a binary property list too short to hold an object and its trailer")
        }
        let trailer = bytes.count - Self.trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes[(trailer + 8)..<(trailer + 16)])
        let top = Self.bigEndian(bytes[(trailer + 16)..<(trailer + 24)])
        let tableStart = Self.bigEndian(bytes[(trailer + 24)..<(trailer + 32)])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Problem(
                message: "the binary property list's trailer gives offsets of \(offsetSize) bytes and references of \(referenceSize) bytes (1 to 8)"
            )
        }
        // Each object takes at least one byte, so there are fewer objects than bytes; this also keeps
        // the products below far from overflowing.
        guard count >= 1, count < UInt64(bytes.count), top < count else {
            throw Problem(message: "the binary property list's trailer names \(count) objects with object \(top) on top")
        }
        guard referenceSize >= 8 || count <= UInt64(1) << UInt64(8 * referenceSize) else {
            throw Problem(message: "the binary property list's \(referenceSize)-byte references cannot name its \(count) objects")
        }
        let tableSize = count * UInt64(offsetSize)
        guard tableStart >= UInt64(Self.header.count + 1), tableStart <= UInt64(trailer), tableSize <= UInt64(trailer) - tableStart else {
            throw Problem(message: "the binary property list's offset table (at \(tableStart), \(tableSize) bytes) lies outside the file")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(tableStart)
    }

    /// One array or dictionary being read: where its references are and what is read so far.
    private struct Frame {
        let isDictionary: Bool
        /// Where the value references start (after the key references, for a dictionary).
        let valuesStart: Int
        /// Where the key references start (dictionaries only).
        let keysStart: Int
        let count: Int
        var keys: [String] = []
        var values: [PropertyListValue] = []
    }

    /// Reads the whole tree from the top object.
    ///
    /// - Returns: The top value.
    /// - Throws: ``Problem`` for a malformed object, nesting deeper than ``maximumDepth``, or more
    ///   than ``maximumVisits`` visits (``Problem/isTooLarge``).
    /// - Complexity: O(``maximumVisits``) visits, each O(1) but for the first decoding of each
    ///   scalar, which is O(its size): O(*v* + *n*) for *v* visits of a file of *n* bytes.
    mutating func read() throws(Problem) -> PropertyListValue {
        var stack: [Frame] = []
        var finished = try start(topObject, depth: 0, into: &stack)
        while true {
            if let value = finished {
                guard !stack.isEmpty else { return value }
                stack[stack.count - 1].values.append(value)
                finished = nil
            }
            let index = stack.count - 1
            let frame = stack[index]
            let position = frame.values.count
            if position == frame.count {
                stack.removeLast()
                if frame.isDictionary {
                    finished = .dictionary(Dictionary(zip(frame.keys, frame.values)) { _, last in last })
                } else {
                    finished = .array(frame.values)
                }
                continue
            }
            if frame.isDictionary {
                let key = try reference(at: frame.keysStart + position * referenceSize)
                try visit()
                guard case .string(let name) = try scalar(key) else {
                    throw Problem(message: "a dictionary key (object \(key)) is not a string")
                }
                stack[index].keys.append(name)
            }
            let value = try reference(at: frame.valuesStart + position * referenceSize)
            finished = try start(value, depth: stack.count, into: &stack)
        }
    }

    /// Visits an object: a scalar is returned, a container is pushed as a frame (and `nil` returned).
    private mutating func start(_ object: Int, depth: Int, into stack: inout [Frame]) throws(Problem) -> PropertyListValue? {
        try visit()
        let offset = try self.offset(of: object)
        let marker = bytes[offset]
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xD else { return try scalar(object) }
        guard depth < maximumDepth else {
            throw Problem(message: "the property list nests deeper than \(maximumDepth) levels")
        }
        let isDictionary = kind == 0xD
        let (count, start) = try length(marker, at: offset)
        let width = isDictionary ? 2 * referenceSize : referenceSize
        guard count <= (offsetTableStart - start) / width else {
            throw Problem(message: "object \(object) lists \(count) references, past the end of the object table")
        }
        stack.append(
            Frame(isDictionary: isDictionary, valuesStart: isDictionary ? start + count * referenceSize : start, keysStart: start, count: count)
        )
        return nil
    }

    /// Counts one visit against the budget.
    private mutating func visit() throws(Problem) {
        visits += 1
        guard visits <= maximumVisits else {
            throw Problem(
                message: "the binary property list expands to more than \(maximumVisits) values (its objects are shared by reference)",
                isTooLarge: true
            )
        }
    }

    /// The value of a non-container object, decoded once.
    private mutating func scalar(_ object: Int) throws(Problem) -> PropertyListValue {
        if let known = scalars[object] { return known }
        let offset = try self.offset(of: object)
        let marker = bytes[offset]
        let value: PropertyListValue
        switch marker >> 4 {
        case 0x0 where marker == 0x08: value = .boolean(false)
        case 0x0 where marker == 0x09: value = .boolean(true)
        case 0x1: value = try integer(marker, at: offset)
        case 0x2: value = .real(try real(marker, at: offset))
        case 0x3 where marker == 0x33:
            // A date is a big-endian Float64 of seconds since 2001-01-01 00:00:00 UTC.
            value = .date(Date(timeIntervalSinceReferenceDate: try real(0x23, at: offset)))
        case 0x4:
            let (count, start) = try length(marker, at: offset)
            try checkRange(start, count, object)
            value = .data(byteCount: count)
        case 0x5:
            let (count, start) = try length(marker, at: offset)
            try checkRange(start, count, object)
            value = .string(String(decoding: bytes[start..<(start + count)], as: Unicode.ASCII.self))
        case 0x6:
            let (count, start) = try length(marker, at: offset)
            guard count <= (offsetTableStart - start) / 2 else { throw Problem(message: "object \(object) runs past the end of the object table") }
            let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            value = .string(String(decoding: units, as: UTF16.self))
        case 0xA, 0xD:
            throw Problem(message: "object \(object) is a container where a scalar was expected")
        default:
            // Null, fill, UIDs, sets and the v1 markers are not property-list values in bplist00.
            throw Problem(message: "object \(object) has the marker 0x\(String(marker, radix: 16)), which is not a bplist00 value")
        }
        scalars[object] = value
        return value
    }

    /// A `0001 nnnn` integer: 1, 2 and 4 bytes are unsigned, 8 bytes signed, 16 bytes a 128-bit
    /// two's-complement value (written by CoreFoundation for unsigned 64-bit values).
    private func integer(_ marker: UInt8, at offset: Int) throws(Problem) -> PropertyListValue {
        let size = 1 << Int(marker & 0x0F)
        guard size <= 16, offset + 1 + size <= offsetTableStart else {
            throw Problem(message: "an integer of \(size) bytes at offset \(offset) is malformed")
        }
        let low = Self.bigEndian(bytes[(offset + 1 + max(0, size - 8))..<(offset + 1 + size)])
        switch size {
        case 1, 2, 4: return .integer(Int(low))
        case 8: return .integer(Int(Int64(bitPattern: low)))
        default:
            let high = Self.bigEndian(bytes[(offset + 1)..<(offset + 9)])
            if high == 0 { return low <= UInt64(Int.max) ? .integer(Int(low)) : .real(Double(low)) }
            if high == .max, low > UInt64(Int.max) { return .integer(Int(Int64(bitPattern: low))) }
            throw Problem(message: "an integer at offset \(offset) does not fit in 64 bits")
        }
    }

    /// A `0010 0nnn` real of 4 or 8 bytes.
    private func real(_ marker: UInt8, at offset: Int) throws(Problem) -> Double {
        let size = 1 << Int(marker & 0x0F)
        guard size == 4 || size == 8, offset + 1 + size <= offsetTableStart else {
            throw Problem(message: "a real of \(size) bytes at offset \(offset) is malformed")
        }
        let bits = Self.bigEndian(bytes[(offset + 1)..<(offset + 1 + size)])
        return size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
    }

    /// The count in a marker's low nibble, or (nibble `1111`) the integer object that follows;
    /// returns the count and where the contents start.
    private func length(_ marker: UInt8, at offset: Int) throws(Problem) -> (count: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        guard offset + 2 <= offsetTableStart, bytes[offset + 1] >> 4 == 0x1 else {
            throw Problem(message: "the count of the object at offset \(offset) is not an integer")
        }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, offset + 2 + size <= offsetTableStart else {
            throw Problem(message: "the count of the object at offset \(offset) is malformed")
        }
        let count = Self.bigEndian(bytes[(offset + 2)..<(offset + 2 + size)])
        guard count < UInt64(offsetTableStart) else {
            throw Problem(message: "the object at offset \(offset) claims \(count) elements, more than the file holds")
        }
        return (Int(count), offset + 2 + size)
    }

    private func checkRange(_ start: Int, _ count: Int, _ object: Int) throws(Problem) {
        guard count <= offsetTableStart - start else {
            throw Problem(message: "object \(object) runs past the end of the object table")
        }
    }

    /// Where an object starts, from the offset table.
    private func offset(of object: Int) throws(Problem) -> Int {
        let entry = offsetTableStart + object * offsetSize
        let offset = Self.bigEndian(bytes[entry..<(entry + offsetSize)])
        guard offset >= UInt64(Self.header.count), offset < UInt64(offsetTableStart) else {
            throw Problem(message: "object \(object) has the offset \(offset), outside the object table")
        }
        return Int(offset)
    }

    /// The object number at a reference's position in an array or dictionary.
    private func reference(at position: Int) throws(Problem) -> Int {
        let object = Self.bigEndian(bytes[position..<(position + referenceSize)])
        guard object < UInt64(objectCount) else {
            throw Problem(message: "a reference names object \(object); the file has \(objectCount)")
        }
        return Int(object)
    }

    /// An unsigned big-endian integer of up to 8 bytes.
    private static func bigEndian(_ slice: ArraySlice<UInt8>) -> UInt64 {
        slice.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
