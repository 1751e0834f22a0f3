import Foundation
import ZIPFoundation

/// Where an archive entry's bytes lie, as its local file header places them, checked against the
/// central directory's record of the same entry.
///
/// A zip file names each entry twice: in the central directory at its end, which readers list,
/// and in the local file header before the entry's data, which extracting tools may read
/// instead (APPNOTE.TXT, sections 4.3.7 and 4.3.12). An entry whose two headers disagree on the
/// name, or on whether the name is UTF-8 (general purpose bit 11, APPNOTE.TXT appendix D),
/// extracts as different files in different tools. Central-directory records may also point
/// into the same local data, so that a few hundred bytes of deflate stream are inflated once per
/// entry ("overlapping files", David Fifield, "A better zip bomb", USENIX WOOT 2019). The audit
/// reads neither kind.
struct ArchiveEntryLayout: Hashable {
    /// The offset of the local file header.
    let headerOffset: UInt64
    /// The offset of the entry's data, after the local header's name and extra field.
    let dataOffset: UInt64
    /// The bytes of data the central directory gives the entry.
    let dataBytes: UInt64

    /// The bytes of the archive the entry occupies: its local header, name, extra field and data.
    var span: Range<UInt64> { headerOffset..<(dataOffset + dataBytes) }

    /// The local file header's signature, `PK\3\4`.
    static let localHeaderSignature = Data([0x50, 0x4B, 0x03, 0x04])
    /// General purpose bit 11: the name is UTF-8 (APPNOTE.TXT appendix D).
    static let utf8Flag: UInt16 = 1 << 11

    /// What is wrong with an entry's local file header.
    enum Problem: Error, Hashable {
        /// ZIP64 archives (over 4 GiB) are not read.
        case zip64
        /// No local file header at the offset the central directory gives.
        case missingHeader
        /// The local header names another file.
        case otherName(local: String)
        /// The headers disagree on whether the name is UTF-8.
        case otherEncoding(localIsUTF8: Bool)

        /// One sentence for a finding.
        var message: String {
            switch self {
            case .zip64: "its data cannot be located (ZIP64 archives over 4 GiB are not supported)"
            case .missingHeader: "the central directory places its local file header where there is none"
            case .otherName(let local): "its local file header names another file, '\(local)', so tools that extract it disagree on what it is"
            case .otherEncoding(let localIsUTF8):
                "its local file header "
                    + (localIsUTF8
                        ? "marks the name as UTF-8 and the central directory does not"
                        : "does not mark the name as UTF-8 and the central directory does")
                    + ", so tools that extract it disagree on its name"
            }
        }
    }

    /// Reads and checks an entry's local file header.
    ///
    /// - Parameters:
    ///   - entry: The entry as the central directory lists it.
    ///   - handle: The archive file.
    /// - Returns: The layout, or the problem: the entry is then never read.
    /// - Complexity: O(*n*) in the length of the entry's name.
    static func read(_ entry: Entry, in handle: FileHandle) -> Result<ArchiveEntryLayout, Problem> {
        let central = CentralRecord(entry)
        guard let headerOffset = central.headerOffset, entry.compressedSize != UInt64(UInt32.max) else { return .failure(.zip64) }
        let header: Data
        let localName: Data
        do {
            try handle.seek(toOffset: headerOffset)
            header = try handle.read(upToCount: 30) ?? Data()
            guard header.count == 30, header.prefix(4) == localHeaderSignature else { return .failure(.missingHeader) }
            localName = try handle.read(upToCount: Int(field(header, at: 26))) ?? Data()
        } catch {
            return .failure(.missingHeader)
        }
        guard localName == central.name else {
            return .failure(.otherName(local: String(decoding: localName, as: UTF8.self)))
        }
        let localIsUTF8 = field(header, at: 6) & utf8Flag != 0
        guard localIsUTF8 == (central.flags & utf8Flag != 0) else { return .failure(.otherEncoding(localIsUTF8: localIsUTF8)) }
        let dataOffset = headerOffset + 30 + UInt64(localName.count) + UInt64(field(header, at: 28))
        return .success(ArchiveEntryLayout(headerOffset: headerOffset, dataOffset: dataOffset, dataBytes: entry.compressedSize))
    }

    /// A little-endian 16-bit field of a header.
    private static func field(_ header: Data, at offset: Int) -> UInt16 {
        UInt16(header[header.startIndex + offset]) | UInt16(header[header.startIndex + offset + 1]) << 8
    }

    /// The central directory's record of an entry: ZIPFoundation keeps it internal, so it is read
    /// by reflection.
    private struct CentralRecord {
        var name = Data()
        var flags: UInt16 = 0
        /// `nil` when absent or a ZIP64 placeholder.
        var headerOffset: UInt64?

        init(_ entry: Entry) {
            guard let record = Mirror(reflecting: entry).descendant("centralDirectoryStructure") else { return }
            for child in Mirror(reflecting: record).children {
                switch child.label {
                case "fileNameData": name = child.value as? Data ?? Data()
                case "generalPurposeBitFlag": flags = child.value as? UInt16 ?? 0
                case "relativeOffsetOfLocalHeader":
                    if let offset = child.value as? UInt32, offset != .max { headerOffset = UInt64(offset) }
                default: break
                }
            }
        }
    }

    /// Finds the entries whose spans overlap another's: sorted by start, each is compared with
    /// the furthest-reaching span before it.
    ///
    /// - Parameter spans: Each entry's span.
    /// - Returns: For each overlapping entry (by its index in `spans`), the index of one entry it
    ///   overlaps.
    /// - Complexity: O(*n* log *n*) in the number of entries.
    static func overlaps(_ spans: [Range<UInt64>]) -> [Int: Int] {
        var found: [Int: Int] = [:]
        var furthest: (index: Int, end: UInt64)?
        for index in spans.indices.sorted(by: { (spans[$0].lowerBound, spans[$0].upperBound) < (spans[$1].lowerBound, spans[$1].upperBound) }) {
            let span = spans[index]
            if let reach = furthest, span.lowerBound < reach.end {
                found[index] = found[index] ?? reach.index
                found[reach.index] = found[reach.index] ?? index
            }
            if furthest.map({ span.upperBound > $0.end }) ?? true {
                furthest = (index, span.upperBound)
            }
        }
        return found
    }
}
