import PropertyBased
import Testing

@testable import Roundtrip

/// The vector scans of the incoming path against the plain byte-by-byte rules they speed up: the
/// URL's character check (RFC 3986 section 2: allowed characters, and `%` followed by two hex
/// digits) and the "decodes to itself" test of a component. Inputs are long enough to span
/// several 16-byte blocks, and dense in `%`, so the block that holds only escapes, a bad escape
/// and an escape cut by a block's end all occur.
@Suite("Byte scans: the vector paths agree with the byte-by-byte rules")
struct ByteScanPropertyTests {
    /// Bytes a URL holds, and bytes it may not: hex digits, `%`, `&`, plain letters, space, a
    /// control character, DEL, `"` and a non-ASCII byte.
    static let alphabet: [UInt8] = Array("%%%4aF9&gz=/?~".utf8) + [0x20, 0x0A, 0x7F, 0x22, 0xC3]
    static let texts = Gen<UInt8?>.element(of: alphabet).map { $0 ?? 0x61 }.array(of: 0...80)

    /// The rule, one byte at a time: the offset of the first refused byte (`nil` when none) and
    /// the number of `&`s before it.
    static func reference(_ bytes: [UInt8]) -> (refusedAt: Int?, ampersands: Int) {
        var index = 0
        var ampersands = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x25 {
                guard index + 2 < bytes.count, URLSplit.hexValue(bytes[index + 1]) != nil, URLSplit.hexValue(bytes[index + 2]) != nil else {
                    return (index, ampersands)
                }
                index += 3
                continue
            }
            guard URLSplit.isAllowed(byte) else { return (index, ampersands) }
            if byte == 0x26 { ampersands += 1 }
            index += 1
        }
        return (nil, ampersands)
    }

    @Test("The URL check refuses the same first byte and counts the same '&'s")
    func characterCheckAgrees() async {
        await propertyCheck(count: 3_000, input: Self.texts) { bytes in
            let expected = Self.reference(bytes)
            let result = bytes.withUnsafeBufferPointer { URLSplit.checkBytes($0, from: 0) }
            switch (result, expected.refusedAt) {
            case (.success(let ampersands), nil):
                #expect(ampersands == expected.ampersands, "\(bytes)")
            case (.failure(let error), let offset?):
                #expect(error.message.contains("at offset \(offset)"), "\(bytes): \(error.message)")
            default:
                Issue.record("\(bytes): the scan says \(result), the rule says refused at \(String(describing: expected.refusedAt))")
            }
        }
    }

    @Test("The verbatim prefix ends at the first '%', control, space or non-ASCII byte")
    func verbatimPrefixAgrees() async {
        await propertyCheck(count: 3_000, input: Self.texts) { bytes in
            let expected = bytes.firstIndex { $0 == 0x25 || $0 < 0x20 || $0 >= 0x7F } ?? bytes.count
            let length = bytes.withUnsafeBufferPointer { PercentDecoding.verbatimPrefixLength($0) }
            #expect(length == expected, "\(bytes)")
        }
    }
}
