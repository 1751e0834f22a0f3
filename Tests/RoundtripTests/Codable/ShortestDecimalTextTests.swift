import Foundation
import PropertyBased
import Roundtrip
import Testing

/// Floating-point values are written as the shortest plain decimal that reads back as the same
/// number, the same on every platform.
struct ShortestDecimalTextTests {
    @Test(arguments: [
        (0.1, "0.1"), (12.5, "12.5"), (5.0, "5"), (-0.0, "0"), (0.0, "0"), (-3.25, "-3.25"),
        (1e-7, "0.0000001"), (1.5e-7, "0.00000015"), (1e20, "100000000000000000000"),
        (1.2345e21, "1234500000000000000000"), (123456.789, "123456.789"), (0.30000000000000004, "0.30000000000000004"),
    ])
    func writesTheShortestPlainDecimal(_ value: Double, _ expected: String) {
        #expect(ShortestDecimalText.text(value.description) == expected)
    }

    @Test func floatsUseTheirOwnShortestDigits() throws {
        struct Tip: Encodable { var tip: Float }
        #expect(try URLQueryEncoder().encode(Tip(tip: 0.1)).map(\.value) == ["0.1"])
    }

    @Test func everyDoubleReadsBackAsItself() async {
        await propertyCheck(count: 2_000, input: Gen.uint64()) { bits in
            let value = Double(bitPattern: bits)
            guard value.isFinite else { return }
            let text = ShortestDecimalText.text(value.description)
            #expect(!text.contains("e") && !text.contains("E"), "\(text)")
            #expect(Double(text) == value, "\(value) was written \(text)")
        }
    }
}
