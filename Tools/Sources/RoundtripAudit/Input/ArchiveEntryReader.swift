import Foundation
import ZIPFoundation

/// Inflates one deflated archive entry with every read bounded.
///
/// ZIPFoundation 0.9.20's `Archive.extract` inflates on Linux by reading on until zlib reports the
/// end of the stream, with no bound: a corrupt or hostile entry whose stream never ends makes it
/// loop forever at end of file, and a short last chunk lets zlib read past its buffer. So the
/// audit reads the entry's compressed bytes itself (at the offset of its local header, checked
/// against the header's signature and name), hands them to ZIPFoundation's public
/// `Data.decompress` in full-size chunks, stops at the end of those bytes, and checks the CRC-32.
struct DeflatedEntryReader {
    /// The archive file.
    let archivePath: String

    private struct Truncated: Error {}
    private struct SizeExceeded: Error {}

    /// The inflated bytes of an entry.
    ///
    /// - Parameters:
    ///   - entry: The entry (deflated).
    ///   - limit: The most bytes to inflate, and (plus 64 KiB) the most compressed bytes to read.
    ///   - shown: The entry's name for messages.
    /// - Throws: ``AuditError`` `too-large` or `corrupt-archive`.
    func read(_ entry: Entry, limit: Int, shown: String) throws(AuditError) -> Data {
        let compressed = try compressedBytes(of: entry, maximum: limit + (64 << 10), shown: shown)
        let chunkSize = 32 << 10
        var inflated = Data()
        let checksum: CRC32
        do {
            checksum = try Data.decompress(
                size: Int64(compressed.count),
                bufferSize: chunkSize,
                skipCRC32: false,
                provider: { position, size in
                    guard position >= 0, position < Int64(compressed.count) else { throw Truncated() }
                    let start = Int(position)
                    var chunk = compressed.subdata(in: start..<min(compressed.count, start + size))
                    // zlib is told `size` bytes are available: pad so it never reads past the chunk.
                    if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
                    return chunk
                },
                consumer: { data in
                    inflated.append(data)
                    if inflated.count > limit { throw SizeExceeded() }
                }
            )
        } catch is SizeExceeded {
            throw AuditError(.tooLarge, "the entry inflates past the limit of \(limit) bytes", path: shown)
        } catch is Truncated {
            throw AuditError(.corruptArchive, "the entry's compressed data ends before its deflate stream does", path: shown)
        } catch {
            throw AuditError(.corruptArchive, "the entry cannot be inflated: \(error)", path: shown)
        }
        guard checksum == entry.checksum, inflated.count == Int(entry.uncompressedSize) else {
            throw AuditError(.corruptArchive, "the entry's checksum or size does not match its header", path: shown)
        }
        return inflated
    }

    /// The entry's raw compressed bytes, located through its local file header.
    private func compressedBytes(of entry: Entry, maximum: Int, shown: String) throws(AuditError) -> Data {
        guard let headerOffset = Self.localHeaderOffset(of: entry) else {
            throw AuditError(.corruptArchive, "the entry's data cannot be located (ZIP64 archives over 4 GiB are not supported)", path: shown)
        }
        guard entry.compressedSize <= UInt64(maximum) else {
            throw AuditError(.tooLarge, "the entry has \(entry.compressedSize) compressed bytes, more than the limit of \(maximum)", path: shown)
        }
        guard let handle = FileHandle(forReadingAtPath: archivePath) else {
            throw AuditError(.unreadable, "the archive cannot be opened", path: archivePath)
        }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: headerOffset)
            let header = try handle.read(upToCount: 30) ?? Data()
            guard header.count == 30, header.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]) else {
                throw AuditError(.corruptArchive, "the entry's local file header is missing", path: shown)
            }
            let nameLength = Int(header[header.startIndex + 26]) | Int(header[header.startIndex + 27]) << 8
            let extraLength = Int(header[header.startIndex + 28]) | Int(header[header.startIndex + 29]) << 8
            let name = try handle.read(upToCount: nameLength) ?? Data()
            guard name.count == nameLength, String(decoding: name, as: UTF8.self) == entry.path || !entry.path.allSatisfy(\.isASCII) else {
                throw AuditError(.corruptArchive, "the entry's local file header names another file", path: shown)
            }
            try handle.seek(toOffset: headerOffset + 30 + UInt64(nameLength) + UInt64(extraLength))
            let data = try handle.read(upToCount: Int(entry.compressedSize)) ?? Data()
            guard data.count == Int(entry.compressedSize) else {
                throw AuditError(.corruptArchive, "the archive ends inside the entry's data", path: shown)
            }
            return data
        } catch let error as AuditError {
            throw error
        } catch {
            throw AuditError(.corruptArchive, "the entry cannot be read: \(error)", path: shown)
        }
    }

    /// The offset of the entry's local file header, from ZIPFoundation's central-directory record
    /// (not public API, so read by reflection); `nil` when it is absent or a ZIP64 placeholder.
    static func localHeaderOffset(of entry: Entry) -> UInt64? {
        guard let record = Mirror(reflecting: entry).descendant("centralDirectoryStructure"),
            let offset = Mirror(reflecting: record).descendant("relativeOffsetOfLocalHeader") as? UInt32,
            offset != .max
        else {
            return nil
        }
        return UInt64(offset)
    }
}
