/// A QR code in byte mode at error-correction level M, versions 1–10 (ISO/IEC 18004:2015).
///
/// Small and dependency-free so pages can show a link as an inline SVG with no external assets:
///
/// ```swift
/// let code = try QRCode(bytes: Array(link.utf8))
/// let svg = code.svg()
/// ```
///
/// The smallest version that holds the bytes is used; the mask is the one with the lowest
/// penalty score (section 7.8.3) unless one is given.
package struct QRCode: Sendable, Hashable {
    /// The version, 1…10.
    package let version: Int
    /// The mask pattern, 0…7.
    package let mask: Int
    /// Modules per side (21 for version 1, 4 more for each version).
    package var size: Int { modules.count }
    /// Rows of modules, `true` for dark, without the quiet zone.
    package let modules: [[Bool]]

    /// Encodes bytes.
    ///
    /// - Parameters:
    ///   - bytes: The payload (UTF-8 text for a link).
    ///   - version: A fixed version, or `nil` for the smallest that fits.
    ///   - mask: A fixed mask, or `nil` for the lowest penalty.
    /// - Throws: ``QRCodeError`` when the bytes do not fit in the version (or in version 10).
    /// - Complexity: O(*s*²) for *s* modules per side, times eight for the mask choice.
    package init(bytes: [UInt8], version: Int? = nil, mask: Int? = nil) throws(QRCodeError) {
        let capacity = QRVersion.all.last?.byteCapacity ?? 0
        let candidates = QRVersion.all.filter { version == nil || $0.number == version }
        guard let chosen = candidates.first(where: { $0.byteCapacity >= bytes.count }) else {
            throw QRCodeError(byteCount: bytes.count, capacity: candidates.last?.byteCapacity ?? capacity)
        }
        let codewords = Self.codewords(for: bytes, version: chosen)
        var grid = QRGrid(version: chosen)
        grid.drawFunctionPatterns()
        grid.drawCodewords(codewords)
        let masks = mask.map { [min(max($0, 0), 7)] } ?? Array(0..<8)
        var best: (mask: Int, penalty: Int, grid: QRGrid)?
        for candidate in masks {
            var masked = grid
            masked.applyMask(candidate)
            masked.drawFormatBits(mask: candidate)
            let penalty = masked.penalty()
            if best == nil || penalty < best?.penalty ?? .max { best = (candidate, penalty, masked) }
        }
        // `masks` is never empty, so `best` is set.
        self.version = chosen.number
        self.mask = best?.mask ?? 0
        self.modules = best?.grid.modules ?? grid.modules
    }

    /// Data and error-correction codewords, interleaved as the symbol holds them (section 7.6).
    static func codewords(for bytes: [UInt8], version: QRVersion) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)  // byte mode
        bits.append(bytes.count, count: version.countBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacityBits = version.dataCapacity * 8
        bits.append(0, count: min(4, capacityBits - bits.count))  // terminator
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < version.dataCapacity {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        var blocks: [[UInt8]] = []
        var eccBlocks: [[UInt8]] = []
        var offset = 0
        for length in version.blockDataLengths {
            let block = Array(data[offset..<(offset + length)])
            offset += length
            blocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(of: block, degree: version.eccPerBlock))
        }
        var result: [UInt8] = []
        let longest = version.blockDataLengths.max() ?? 0
        for index in 0..<longest {
            for block in blocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<version.eccPerBlock {
            for block in eccBlocks { result.append(block[index]) }
        }
        return result
    }
}
