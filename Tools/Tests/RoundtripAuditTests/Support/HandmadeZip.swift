import Foundation
import ZIPFoundation

/// Writes zips by hand, byte by byte (APPNOTE.TXT, sections 4.3.7, 4.3.12 and 4.3.16), with what
/// a hostile archive chooses and ZIPFoundation never writes: deflate streams that never end,
/// local headers that disagree with the central directory, entries that share their bytes.
struct HandmadeZip {
    /// The fields one header of an entry holds.
    struct Header {
        var name: Data
        var flags: UInt16 = 0
        var method: UInt16
        var crc32: UInt32
        var compressedSize: UInt32
        var uncompressedSize: UInt32

        /// A stored entry of these bytes.
        static func stored(_ name: String, _ bytes: Data) -> Header {
            Header(
                name: Data(name.utf8),
                method: 0,
                crc32: bytes.crc32(checksum: 0),
                compressedSize: UInt32(bytes.count),
                uncompressedSize: UInt32(bytes.count)
            )
        }

        /// The local file header.
        var local: Data {
            var data = Data([0x50, 0x4B, 0x03, 0x04])
            data += le16(20) + le16(flags) + le16(method) + le16(0) + le16(0)
            data += le32(crc32) + le32(compressedSize) + le32(uncompressedSize)
            return data + le16(UInt16(name.count)) + le16(0) + name
        }
    }

    /// The local headers and data written so far.
    private(set) var body = Data()
    private var central = Data()
    private var count: UInt16 = 0

    /// Appends bytes to the body; returns the offset they start at.
    @discardableResult
    mutating func append(_ bytes: Data) -> UInt32 {
        defer { body += bytes }
        return UInt32(body.count)
    }

    /// Adds a central-directory record pointing at a local header at `offset`.
    mutating func list(_ header: Header, at offset: UInt32, mode: UInt32 = 0o100644) {
        central += Data([0x50, 0x4B, 0x01, 0x02])
        central += Self.le16(20) + Self.le16(20) + Self.le16(header.flags) + Self.le16(header.method) + Self.le16(0) + Self.le16(0)
        central += Self.le32(header.crc32) + Self.le32(header.compressedSize) + Self.le32(header.uncompressedSize)
        central += Self.le16(UInt16(header.name.count)) + Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le16(0)
        central += Self.le32(mode << 16) + Self.le32(offset) + header.name
        count += 1
    }

    /// Adds an entry whose local header and central record agree: the header, then `data`.
    mutating func add(_ header: Header, data: Data, mode: UInt32 = 0o100644) {
        list(header, at: append(header.local + data), mode: mode)
    }

    /// Adds a stored entry.
    mutating func add(_ name: String, stored bytes: Data) {
        add(.stored(name, bytes), data: bytes)
    }

    /// The archive: the body, the central directory, its end record.
    var archive: Data {
        var end = Data([0x50, 0x4B, 0x05, 0x06])
        end += Self.le16(0) + Self.le16(0) + Self.le16(count) + Self.le16(count)
        end += Self.le32(UInt32(central.count)) + Self.le32(UInt32(body.count)) + Self.le16(0)
        return body + central + end
    }

    /// A one-entry zip of deflated bytes chosen by the test (ZIPFoundation always compresses
    /// correctly, so it cannot make a deflate stream that never ends).
    static func archive(name: String, deflated: Data, crc32: UInt32, uncompressedSize: UInt32) -> Data {
        var zip = HandmadeZip()
        let header = Header(
            name: Data(name.utf8),
            method: 8,
            crc32: crc32,
            compressedSize: UInt32(deflated.count),
            uncompressedSize: uncompressedSize
        )
        zip.add(header, data: deflated)
        return zip.archive
    }

    /// A raw deflate stream (RFC 1951) of `bytes`, made by ZIPFoundation.
    static func deflate(_ bytes: Data) throws -> Data {
        var stream = Data()
        _ = try Data.compress(
            size: Int64(bytes.count),
            bufferSize: 32 << 10,
            provider: { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            },
            consumer: { stream += $0 }
        )
        return stream
    }

    /// The entries `names` as one overlapping chain ("A better zip bomb", David Fifield, USENIX
    /// WOOT 2019, section 3): each entry's deflate stream quotes the next entry's local header in
    /// a stored block and ends in the one shared `kernel`, so every entry inflates to the kernel's
    /// output (and the headers after its own) while the archive holds the kernel once.
    mutating func addOverlappingChain(_ names: [String], kernel: Data, kernelOutput: Data) {
        // From the last entry back: a header holds the CRC and size of all that follows it.
        var headers: [Header] = []
        var data = kernel  // the bytes after the current entry's local header
        var quotedHeaders = Data()  // the local headers after the current one
        for name in names.reversed() {
            let crc = kernelOutput.crc32(checksum: quotedHeaders.crc32(checksum: 0))
            let header = Header(
                name: Data(name.utf8),
                method: 8,
                crc32: crc,
                compressedSize: UInt32(data.count),
                uncompressedSize: UInt32(quotedHeaders.count + kernelOutput.count)
            )
            headers.insert(header, at: 0)
            data = Self.storedBlock(quoting: header.local) + data
            quotedHeaders = header.local + quotedHeaders
        }
        // `data` now starts with a stored block quoting the first header: the file holds that
        // header and what follows it, each header at the start of its entry's span.
        var offset = append(data.dropFirst(5))
        for header in headers {
            list(header, at: offset)
            offset += UInt32(header.local.count + 5)
        }
    }

    /// A non-final stored deflate block (RFC 1951, section 3.2.4) holding `bytes`.
    static func storedBlock(quoting bytes: Data) -> Data {
        let length = UInt16(bytes.count)
        return Data([0x00]) + le16(length) + le16(~length) + bytes
    }

    private static func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private static func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
}
