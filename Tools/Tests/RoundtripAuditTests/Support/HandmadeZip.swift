import Foundation

/// Writes a one-entry zip by hand, with compressed bytes chosen by the test (ZIPFoundation always
/// compresses correctly, so it cannot make a deflate stream that never ends).
enum HandmadeZip {
    static func archive(name: String, deflated: Data, crc32: UInt32, uncompressedSize: UInt32) -> Data {
        let nameBytes = Data(name.utf8)
        var local = Data([0x50, 0x4B, 0x03, 0x04])
        local += le16(20) + le16(0) + le16(8) + le16(0) + le16(0)
        local += le32(crc32) + le32(UInt32(deflated.count)) + le32(uncompressedSize)
        local += le16(UInt16(nameBytes.count)) + le16(0) + nameBytes + deflated
        var central = Data([0x50, 0x4B, 0x01, 0x02])
        central += le16(20) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0)
        central += le32(crc32) + le32(UInt32(deflated.count)) + le32(uncompressedSize)
        central += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0)
        central += le32(0o100644 << 16) + le32(0) + nameBytes
        var end = Data([0x50, 0x4B, 0x05, 0x06])
        end += le16(0) + le16(0) + le16(1) + le16(1)
        end += le32(UInt32(central.count)) + le32(UInt32(local.count)) + le16(0)
        return local + central + end
    }

    private static func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private static func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
}
