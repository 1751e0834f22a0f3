import Foundation
import Testing

@testable import RoundtripServer

/// Known-answer vectors from an independent encoder (python qrcode 8.2), made by `Scripts/qr-vectors.py`.
struct QRVector: Decodable, Sendable, CustomTestStringConvertible {
    let payloadHex: String
    let version: Int
    let mask: Int
    let referenceChoseVersion: Bool
    let rows: [String]

    enum CodingKeys: String, CodingKey {
        case payloadHex = "payload_hex"
        case version, mask
        case referenceChoseVersion = "reference_chose_version"
        case rows
    }

    var payload: [UInt8] {
        var bytes: [UInt8] = []
        var index = payloadHex.startIndex
        while index < payloadHex.endIndex {
            let next = payloadHex.index(index, offsetBy: 2)
            bytes.append(UInt8(payloadHex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    var testDescription: String { "\(payload.count) bytes, version \(version), mask \(mask)" }

    static let all: [QRVector] = {
        struct File: Decodable { let vectors: [QRVector] }
        guard let url = Bundle.module.url(forResource: "qr-vectors", withExtension: "json", subdirectory: "Vectors"),
            let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data)
        else { return [] }
        return file.vectors
    }()
}

@Suite("QR code encoder")
struct QRCodeTests {
    @Test("the vectors are there")
    func vectorsLoad() {
        #expect(QRVector.all.count >= 90)
        #expect(Set(QRVector.all.map(\.version)) == Set(1...10))
        #expect(Set(QRVector.all.map(\.mask)) == Set(0...7))
    }

    @Test("matches the reference module for module with the same version and mask", arguments: QRVector.all)
    func matchesVector(vector: QRVector) throws {
        let code = try QRCode(bytes: vector.payload, version: vector.version, mask: vector.mask)
        let rows = code.modules.map { row in String(row.map { $0 ? "1" : "0" }) }
        #expect(code.size == vector.rows.count)
        #expect(rows == vector.rows)
    }

    @Test("picks the smallest version that fits, as the reference does")
    func smallestVersion() throws {
        for vector in QRVector.all where vector.referenceChoseVersion {
            #expect(try QRCode(bytes: vector.payload).version == vector.version)
        }
    }

    @Test("the automatic mask has the lowest penalty of the eight")
    func automaticMask() throws {
        let payload = Array("https://terminal.example.com/logout?ulc-success=x".utf8)
        let chosen = try QRCode(bytes: payload)
        let codewords = QRCode.codewords(for: payload, version: QRVersion.all[chosen.version - 1])
        var penalties: [Int] = []
        for mask in 0..<8 {
            var grid = QRGrid(version: QRVersion.all[chosen.version - 1])
            grid.drawFunctionPatterns()
            grid.drawCodewords(codewords)
            grid.applyMask(mask)
            grid.drawFormatBits(mask: mask)
            penalties.append(grid.penalty())
        }
        #expect(penalties[chosen.mask] == penalties.min())
    }

    @Test("capacities per version at level M")
    func capacities() {
        #expect(QRVersion.all.map(\.byteCapacity) == [14, 26, 42, 62, 84, 106, 122, 152, 180, 213])
    }

    @Test("too much data is an error that says the limit")
    func tooLarge() {
        #expect(throws: QRCodeError(byteCount: 214, capacity: 213)) { try QRCode(bytes: Array(repeating: 0x41, count: 214)) }
        #expect(throws: QRCodeError(byteCount: 15, capacity: 14)) { try QRCode(bytes: Array(repeating: 0x41, count: 15), version: 1) }
        #expect(QRCodeError(byteCount: 214, capacity: 213).description.contains("at most 213"))
    }

    @Test("Reed–Solomon: the generator and a remainder from ISO/IEC 18004 annex I")
    func reedSolomon() {
        // Annex I: "01234567" numeric at 1-M; its 16 data codewords give these 10 ECC codewords.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(ReedSolomon.remainder(of: data, degree: 10) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
        #expect(ReedSolomon.multiply(0x80, 0x02) == 0x1D)
    }

    @Test("the SVG has a quiet zone, one path, and an escaped label")
    func svg() throws {
        let code = try QRCode(bytes: Array("hello".utf8))
        let svg = code.svg(pixels: 200, title: "<x>")
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("viewBox=\"0 0 29 29\""))
        #expect(svg.contains("aria-label=\"&lt;x&gt;\""))
        #expect(svg.components(separatedBy: "h1v1h-1z").count - 1 == code.modules.joined().filter { $0 }.count)
    }
}
