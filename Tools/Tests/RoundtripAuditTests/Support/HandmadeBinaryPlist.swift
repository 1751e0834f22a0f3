import Foundation

/// Writes binary property lists byte by byte, in the `bplist00` layout described at the top of
/// Apple's `CFBinaryPList.c`, so tests can build files Foundation never writes: objects shared by
/// many references, cycles, broken trailers.
enum HandmadeBinaryPlist {
    /// A file from its objects' bytes (object *i* is `objects[i]`) and the number of the top
    /// object; offsets and references take `width` bytes.
    static func file(_ objects: [[UInt8]], top: Int, width: Int = 1) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableStart = bytes.count
        for offset in offsets { bytes += bigEndian(offset, width) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(width), UInt8(width)]
        bytes += bigEndian(objects.count, 8) + bigEndian(top, 8) + bigEndian(tableStart, 8)
        return Data(bytes)
    }

    /// An ASCII string object.
    static func ascii(_ text: String) -> [UInt8] {
        header(0x50, count: text.utf8.count) + Array(text.utf8)
    }

    /// An array object of references.
    static func array(_ references: [Int], width: Int = 1) -> [UInt8] {
        header(0xA0, count: references.count) + references.flatMap { bigEndian($0, width) }
    }

    /// A dictionary object: the key references, then the value references.
    static func dictionary(keys: [Int], values: [Int], width: Int = 1) -> [UInt8] {
        header(0xD0, count: keys.count) + (keys + values).flatMap { bigEndian($0, width) }
    }

    /// A marker with a count: in its low nibble below 15, else `1111` and an integer object.
    static func header(_ marker: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x13] + bigEndian(count, 8)
    }

    static func bigEndian(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The hostile file: one string, then nine arrays each holding ten references to the one
    /// before, under a one-key dictionary. About 160 bytes describe 10⁹ strings.
    static func sharedLevels(_ levels: Int = 9, fanOut: Int = 10) -> Data {
        var objects: [[UInt8]] = [ascii("x")]
        for level in 1...levels { objects.append(array(Array(repeating: level - 1, count: fanOut))) }
        objects.append(ascii("k"))
        objects.append(dictionary(keys: [levels + 1], values: [levels]))
        return file(objects, top: levels + 2)
    }
}
