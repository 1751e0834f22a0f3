import Foundation
import ZIPFoundation

/// Streams one archive entry's bytes, stored or deflated, in chunks, with every read bounded.
///
/// ZIPFoundation 0.9.20's `Archive.extract` inflates on Linux by reading on until zlib reports the
/// end of the stream, with no bound: a corrupt or hostile entry whose stream never ends makes it
/// loop forever at end of file, and a short last chunk lets zlib read past its buffer. So the
/// audit reads the entry's bytes itself, where its checked ``ArchiveEntryLayout`` places them,
/// hands deflated ones to ZIPFoundation's public `Data.decompress` in full-size chunks, stops at
/// the end of those bytes, and checks the CRC-32. Nothing is held but the chunk at hand: the
/// reader of the bytes decides what to keep.
struct ArchiveEntryReader {
    /// The archive file.
    let handle: FileHandle

    /// The size of the chunks read from the archive and handed over.
    static let chunkBytes = 64 << 10

    private struct Truncated: Error {}
    private struct SizeExceeded: Error {}
    private struct Stopped: Error {}
    private struct EndOfArchive: Error {}

    /// Hands the entry's bytes to `sink`, chunk by chunk, until the end or until `sink` returns
    /// `false`; the CRC-32 and the size are checked when the end is reached.
    ///
    /// - Parameters:
    ///   - entry: The entry.
    ///   - layout: Where its bytes lie.
    ///   - limit: The most bytes to hand over, and (plus 64 KiB) the most compressed bytes to read.
    ///   - shown: The entry's name for messages.
    ///   - sink: Takes each chunk; returns `false` to stop reading.
    /// - Returns: How many bytes were handed over.
    /// - Throws: ``AuditError`` `too-large` or `corrupt-archive`.
    func stream(_ entry: Entry, layout: ArchiveEntryLayout, limit: Int, shown: String, into sink: (Data) -> Bool) throws(AuditError) -> Int {
        guard entry.uncompressedSize <= UInt64(limit) else {
            throw AuditError(.tooLarge, "the entry declares \(entry.uncompressedSize) bytes, more than the limit of \(limit)", path: shown)
        }
        let maximum = entry.isCompressed ? limit + (64 << 10) : limit
        guard layout.dataBytes <= UInt64(maximum) else {
            throw AuditError(.tooLarge, "the entry has \(layout.dataBytes) compressed bytes, more than the limit of \(maximum)", path: shown)
        }
        var handed = 0
        let checksum: CRC32
        do {
            func consume(_ data: Data) throws {
                handed += data.count
                if handed > limit { throw SizeExceeded() }
                if !sink(data) { throw Stopped() }
            }
            if entry.isCompressed {
                checksum = try Data.decompress(
                    size: Int64(layout.dataBytes),
                    bufferSize: 32 << 10,
                    skipCRC32: false,
                    provider: { position, size in
                        guard position >= 0, UInt64(position) < layout.dataBytes else { throw Truncated() }
                        var chunk = try read(at: layout.dataOffset + UInt64(position), count: min(size, Int(layout.dataBytes - UInt64(position))))
                        // zlib is told `size` bytes are available: pad so it never reads past the chunk.
                        if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
                        return chunk
                    },
                    consumer: consume
                )
            } else {
                var crc: CRC32 = 0
                var position: UInt64 = 0
                while position < layout.dataBytes {
                    let chunk = try read(at: layout.dataOffset + position, count: Int(min(UInt64(Self.chunkBytes), layout.dataBytes - position)))
                    position += UInt64(chunk.count)
                    crc = chunk.crc32(checksum: crc)
                    try consume(chunk)
                }
                checksum = crc
            }
        } catch is Stopped {
            return handed
        } catch is SizeExceeded {
            throw AuditError(.tooLarge, "the entry inflates past the limit of \(limit) bytes", path: shown)
        } catch is Truncated {
            throw AuditError(.corruptArchive, "the entry's compressed data ends before its deflate stream does", path: shown)
        } catch is EndOfArchive {
            throw AuditError(.corruptArchive, "the archive ends inside the entry's data", path: shown)
        } catch {
            throw AuditError(.corruptArchive, "the entry cannot be read: \(error)", path: shown)
        }
        guard checksum == entry.checksum, handed == Int(entry.uncompressedSize) else {
            throw AuditError(.corruptArchive, "the entry's checksum or size does not match its header", path: shown)
        }
        return handed
    }

    /// `count` bytes of the archive at `offset`.
    private func read(at offset: UInt64, count: Int) throws -> Data {
        try handle.seek(toOffset: offset)
        let data = try handle.read(upToCount: count) ?? Data()
        guard data.count == count else { throw EndOfArchive() }
        return data
    }
}
