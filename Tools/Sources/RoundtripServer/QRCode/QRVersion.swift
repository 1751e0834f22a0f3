/// The block structure of QR code versions 1–10 at error-correction level M (ISO/IEC 18004:2015,
/// table 9), which is all the tester's links need: version 10-M holds 213 bytes.
struct QRVersion: Sendable, Hashable {
    /// 1…10.
    let number: Int
    /// Error-correction codewords per block.
    let eccPerBlock: Int
    /// Data codewords of each block, short blocks first.
    let blockDataLengths: [Int]
    /// Centres of the alignment patterns on each axis (ISO/IEC 18004 annex E).
    let alignmentCentres: [Int]

    /// Modules per side.
    var size: Int { 17 + 4 * number }
    /// Data codewords in all blocks.
    var dataCapacity: Int { blockDataLengths.reduce(0, +) }
    /// Bits of the byte-mode character count indicator.
    var countBits: Int { number < 10 ? 8 : 16 }
    /// The most bytes byte mode can hold in this version.
    var byteCapacity: Int { (dataCapacity * 8 - 4 - countBits) / 8 }

    /// Versions 1…10 at level M.
    static let all: [QRVersion] = [
        QRVersion(number: 1, eccPerBlock: 10, blockDataLengths: [16], alignmentCentres: []),
        QRVersion(number: 2, eccPerBlock: 16, blockDataLengths: [28], alignmentCentres: [6, 18]),
        QRVersion(number: 3, eccPerBlock: 26, blockDataLengths: [44], alignmentCentres: [6, 22]),
        QRVersion(number: 4, eccPerBlock: 18, blockDataLengths: [32, 32], alignmentCentres: [6, 26]),
        QRVersion(number: 5, eccPerBlock: 24, blockDataLengths: [43, 43], alignmentCentres: [6, 30]),
        QRVersion(number: 6, eccPerBlock: 16, blockDataLengths: [27, 27, 27, 27], alignmentCentres: [6, 34]),
        QRVersion(number: 7, eccPerBlock: 18, blockDataLengths: [31, 31, 31, 31], alignmentCentres: [6, 22, 38]),
        QRVersion(number: 8, eccPerBlock: 22, blockDataLengths: [38, 38, 39, 39], alignmentCentres: [6, 24, 42]),
        QRVersion(number: 9, eccPerBlock: 22, blockDataLengths: [36, 36, 36, 37, 37], alignmentCentres: [6, 26, 46]),
        QRVersion(number: 10, eccPerBlock: 26, blockDataLengths: [43, 43, 43, 43, 44], alignmentCentres: [6, 28, 50]),
    ]
}
