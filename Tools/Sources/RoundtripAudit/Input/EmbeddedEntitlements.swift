import Foundation

/// Finds entitlements where a built app keeps them when no `.xcent` file is left beside it: in
/// the main executable's code signature, and (for the team only) in `embedded.mobileprovision`.
enum EmbeddedEntitlements {
    /// `CSMAGIC_EMBEDDED_ENTITLEMENTS`, the big-endian magic of the entitlements blob in a code
    /// signature's SuperBlob (Apple's `cs_blobs.h`): magic, 32-bit length, then an XML plist.
    static let blobMagic = Data([0xFA, 0xDE, 0x71, 0x71])

    /// The entitlements plist of an executable's code signature, as bytes; `nil` when none is found.
    ///
    /// - Complexity: O(*n*) in the size of the executable, read through a ``Scanner`` in 64 KiB
    ///   chunks as the audit reads a bundle's executable.
    static func fromExecutable(_ data: Data, maximumPlistBytes: Int = AuditLimits().maximumFileBytes) -> Data? {
        var scanner = Scanner(totalBytes: data.count, maximumPlistBytes: maximumPlistBytes)
        var start = data.startIndex
        while start < data.endIndex, scanner.feed(data[start..<min(data.endIndex, start + Scanner.chunkBytes)]) {
            start += Scanner.chunkBytes
        }
        return scanner.finish()
    }

    /// Searches an executable, handed over chunk by chunk, for the entitlements blob of its code
    /// signature: the magic, a 32-bit big-endian length counting the magic and itself, then an
    /// XML plist (`<?xml` or `<plist`). A blob whose length is 8 or less, runs past the end of the
    /// executable, or whose plist is longer than `maximumPlistBytes` is a decoy, and the search
    /// goes on from the byte after its magic.
    ///
    /// Between chunks it keeps at most ``decisionBytes`` - 1 bytes (a magic cut by the chunk's
    /// end, with its length and the plist's first bytes), so a blob across a boundary is found
    /// and the memory held is one chunk, those few bytes and the plist it collects, whatever the
    /// size of the executable.
    struct Scanner {
        /// The chunk size the audit reads executables in.
        static let chunkBytes = 64 << 10
        /// The bytes that decide whether a magic starts the blob: the magic, the length and
        /// `<plist`.
        static let decisionBytes = 14

        /// The executable's size, which a blob's length may not run past.
        let totalBytes: Int
        /// The longest plist collected; a longer blob is passed over.
        let maximumPlistBytes: Int
        /// Bytes of the previous chunks not yet decided: a magic cut by the chunk's end.
        private var carry = Data()
        /// The offset in the executable of `carry`'s first byte.
        private var carryOffset = 0
        /// The plist being collected, and how many bytes it still lacks.
        private var plist: [UInt8] = []
        private var missing = 0
        private var found: Data?
        /// The most bytes held at once (the undecided bytes, a chunk, the plist collected).
        private(set) var peakHeldBytes = 0

        init(totalBytes: Int, maximumPlistBytes: Int) {
            self.totalBytes = totalBytes
            self.maximumPlistBytes = maximumPlistBytes
        }

        /// Hands over the next chunk.
        ///
        /// - Returns: `false` once the blob is found whole: the rest need not be read.
        mutating func feed(_ chunk: Data) -> Bool {
            guard found == nil else { return false }
            if missing > 0 {
                let taken = min(missing, chunk.count)
                plist += chunk.prefix(taken)
                missing -= taken
                peakHeldBytes = max(peakHeldBytes, plist.count + chunk.count)
                if missing == 0 { found = Data(plist) }
                return found == nil
            }
            var buffer = carry
            buffer.append(chunk)
            peakHeldBytes = max(peakHeldBytes, buffer.count)
            search(buffer, atEnd: false)
            return found == nil
        }

        /// Ends the search at the end of the executable.
        ///
        /// - Returns: The plist, or `nil` when none was found whole.
        mutating func finish() -> Data? {
            if found == nil, missing == 0, !carry.isEmpty {
                search(carry, atEnd: true)
            }
            return found
        }

        /// Looks for a blob in `buffer` (indexed from 0, its first byte at `carryOffset` in the
        /// executable); keeps what cannot be decided yet in `carry`.
        private mutating func search(_ buffer: Data, atEnd: Bool) {
            let magic = EmbeddedEntitlements.blobMagic
            var index = 0
            // Foundation's search, as fast as the whole executable's was, chunk by chunk.
            while let match = buffer.range(of: magic, in: index..<buffer.count) {
                let candidate = match.lowerBound
                index = candidate + 1
                let available = buffer.count - candidate
                if available < Self.decisionBytes && !atEnd {
                    keep(buffer, from: candidate)
                    return
                }
                guard available >= 8 else { return }
                let length = buffer[(candidate + 4)..<(candidate + 8)].reduce(0) { $0 << 8 | Int($1) }
                let start = carryOffset + candidate
                guard length > 8, length <= totalBytes - start, length - 8 <= maximumPlistBytes else { continue }
                let head = buffer[(candidate + 8)..<min(candidate + length, buffer.count)]
                guard head.starts(with: Data("<?xml".utf8)) || head.starts(with: Data("<plist".utf8)) else { continue }
                plist = Array(head)
                missing = length - 8 - head.count
                if missing == 0 { found = Data(plist) }
                carry = Data()
                return
            }
            // No magic left whole: keep a magic the chunk's end may have cut.
            keep(buffer, from: max(0, buffer.count - (magic.count - 1)))
        }

        private mutating func keep(_ buffer: Data, from start: Int) {
            carry = buffer.subdata(in: start..<buffer.count)
            carryOffset += start
        }
    }

    /// The team and application identifier from a provisioning profile (a CMS envelope around an
    /// XML plist). Its associated domains are wildcards, so only the identity is taken.
    ///
    /// - Returns: `com.apple.developer.team-identifier` and `application-identifier` entries, or
    ///   `nil` when the profile holds no readable plist.
    static func identityFromProfile(_ data: Data) -> [String: PropertyListValue]? {
        let data = Data(data)
        guard let start = data.range(of: Data("<?xml".utf8)),
            let end = data.range(of: Data("</plist>".utf8), in: start.lowerBound..<data.endIndex)
        else { return nil }
        let plist = data.subdata(in: start.lowerBound..<end.upperBound)
        guard let profile = try? PropertyListValue.decodeDictionary(plist, path: "embedded.mobileprovision") else { return nil }
        var identity: [String: PropertyListValue] = [:]
        let entitlements = profile["Entitlements"]
        if let team = entitlements?["com.apple.developer.team-identifier"] ?? profile["TeamIdentifier"]?.arrayValue?.first {
            identity["com.apple.developer.team-identifier"] = team
        }
        if let applicationID = entitlements?["application-identifier"], applicationID.stringValue?.contains("*") == false {
            identity["application-identifier"] = applicationID
        }
        return identity.isEmpty ? nil : identity
    }
}
